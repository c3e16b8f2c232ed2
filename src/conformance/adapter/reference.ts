/**
 * Bundled adapter: this package's own `ToolSearchProcessor`, driven in process
 * with its injectable `clock` option.
 *
 * @module
 */
import { ToolSearchProcessor } from '../../index.js';
import { ALL_FEATURES } from '../case/features.js';
import { packageVersion } from '../paths.js';
import type { Adapter } from './types.js';
import { processorAdapter, type ProcessorClass } from './processor-adapter.js';

/** Creates the adapter for this package's `ToolSearchProcessor`. */
export function createAdapter(): Adapter {
  return processorAdapter({
    implementation: { name: 'tool-search-reference', version: packageVersion() },
    processor: ToolSearchProcessor as unknown as ProcessorClass,
    features: ALL_FEATURES,
    clock: { kind: 'option', options: (now, timers) => ({ clock: now, timers }) },
  });
}

export default createAdapter;

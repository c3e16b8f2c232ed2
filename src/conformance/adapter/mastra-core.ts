/**
 * Bundled adapter: `@mastra/core`'s own `ToolSearchProcessor`, driven in process.
 * Mastra's processor reads `Date.now`, so the driver pins `Date.now` to the
 * simulated clock while it works.
 *
 * @module
 */
import { createRequire } from 'node:module';
import { ToolSearchProcessor } from '@mastra/core/processors';
import { ALL_FEATURES } from '../case/features.js';
import type { Adapter } from './types.js';
import { processorAdapter, type ProcessorClass } from './processor-adapter.js';

const require = createRequire(import.meta.url);

/** The installed `@mastra/core` version. */
export function mastraCoreVersion(): string {
  return (require('@mastra/core/package.json') as { version: string }).version;
}

/** Creates the adapter for `@mastra/core`'s `ToolSearchProcessor`. */
export function createAdapter(): Adapter {
  return processorAdapter({
    implementation: { name: '@mastra/core', version: mastraCoreVersion() },
    processor: ToolSearchProcessor as unknown as ProcessorClass,
    // Mastra's processor reports no events (r[processor.events.listener]), and it reads every message at every
    // step, reusing nothing (r[store.context.derive.incremental]).
    features: ALL_FEATURES.filter((f) => f !== 'events' && f !== 'incremental-derivation'),
    clock: { kind: 'date-now' },
  });
}

export default createAdapter;

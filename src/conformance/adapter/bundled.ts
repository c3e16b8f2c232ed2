/**
 * The adapters that ship with the suite, each with its expectation file.
 *
 * Implements r[conformance.adapter.bundled]. Both drive `@mastra/core`, so they are imported
 * lazily: the conformance entry loads without peers, and `create()` names a missing peer.
 *
 * @module
 */
import { importWithPeers } from '../peer.js';
import type { Adapter } from './types.js';

/** A bundled adapter: a name, how to make it, and its expectation file in `conformance/expectations/`. */
export interface BundledAdapter {
  /** Name accepted by `--adapter`. */
  name: string;
  /** Creates the adapter. */
  create(): Promise<Adapter>;
  /** Expectation file name, derived from the implementation's version. */
  expectationsFile(adapter: Adapter): string;
}

/** Every bundled adapter, in the order the runner runs them. */
export const BUNDLED_ADAPTERS: BundledAdapter[] = [
  {
    name: 'reference',
    create: async () => (await importWithPeers('the reference adapter', () => import('./reference.js'))).createAdapter(),
    expectationsFile: () => 'reference.txt',
  },
  {
    name: 'mastra-core',
    create: async () => (await importWithPeers('the mastra-core adapter', () => import('./mastra-core.js'))).createAdapter(),
    expectationsFile: (a) => `mastra-core-${a.implementation.version}.txt`,
  },
];

/**
 * The editor adapters that ship with the suite, each with its expectation file
 * in `conformance/expectations/`. Adapters are imported lazily, so that the
 * reference one runs without any peer installed; the `mastra-editor` one names a
 * missing peer (`@mastra/core`, `@mastra/editor`, `@modelcontextprotocol/sdk`).
 *
 * @module
 */
import { importWithPeers } from '../../peer.js';
import type { EditorAdapter } from './types.js';

/** A bundled editor adapter: a name, how to make it, and its expectation file. */
export interface BundledEditorAdapter {
  /** Name accepted on the command line. */
  name: 'reference' | 'mastra-editor';
  /** Creates the adapter; call `close()` on it when done. */
  create(): Promise<EditorAdapter>;
  /** Expectation file name, derived from the implementation's version. */
  expectationsFile(adapter: EditorAdapter): string;
}

/** Every bundled editor adapter, in the order the runner runs them. */
export const BUNDLED_EDITOR_ADAPTERS: readonly BundledEditorAdapter[] = [
  {
    name: 'reference',
    create: async () => (await import('./reference.js')).referenceEditorAdapter(),
    expectationsFile: () => 'reference-editor.txt',
  },
  {
    name: 'mastra-editor',
    create: async () => (await importWithPeers('the mastra-editor adapter', () => import('./mastra-editor.js'))).mastraEditorAdapter(),
    expectationsFile: (a) => `mastra-editor-${a.implementation.version}.txt`,
  },
];

/**
 * In-memory stores made by a test file, each disposed after its test (its sweep timer cleared),
 * with real timers restored.
 */
import { afterEach, vi } from 'vitest';
import { createInMemoryStore, type LoadedToolStore } from '../../../src/stores/index.js';

/** Options of `createInMemoryStore`. */
type InMemoryOptions = NonNullable<Parameters<typeof createInMemoryStore>[0]>;

/**
 * Registers the after-each clean-up and returns the store factory the file's tests use.
 *
 * @returns `make(options)`: a new in-memory store, disposed after the current test
 */
export function inMemoryStores(): (options?: InMemoryOptions) => LoadedToolStore {
  const stores: LoadedToolStore[] = [];
  afterEach(() => {
    for (const s of stores.splice(0)) s.dispose();
    vi.useRealTimers();
  });
  return (options = {}) => {
    const store = createInMemoryStore(options);
    stores.push(store);
    return store;
  };
}

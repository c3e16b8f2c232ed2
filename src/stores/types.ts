/**
 * The interface every loaded-tool store implements, and what it sees of one
 * processor step. See `spec/stores.md`.
 *
 * @module
 */

/**
 * Where loaded-tool state lives, in the order the spec names them: the processor's `storage`
 * option and a store's `kind`.
 *
 * @see r[store.kinds]
 */
export const STORAGE_MODES = Object.freeze(['in-memory', 'context'] as const);

/** One of {@link STORAGE_MODES}: the type of the `storage` option, of a store's `kind` and of the lifecycle's `storage` input. */
export type StorageMode = (typeof STORAGE_MODES)[number];

/**
 * What a store sees of one processor step.
 *
 * @see r[store.step.read-once]
 */
export interface StoreStepInput {
  /** Thread id of the request, or `undefined` for an anonymous request. */
  threadId: string | undefined;
  /**
   * The step's conversation messages (Mastra's `MastraDBMessage[]`, content
   * format 2). Only the context store reads them.
   */
  messages: readonly unknown[];
  /**
   * Whether a name (a canonical name or a record key) resolves to a tool of THIS
   * request's catalog (static + request-resolved); never through a prototype.
   */
  isKnownTool: (name: string) => boolean;
  /**
   * The tools the processor prefetched for this step (r[processor.prefetch.storage]) and the index,
   * in `messages`, of the user message they were prefetched for: the context store holds them as if
   * activated at that message (r[store.context.prefetched]); the in-memory store ignores them (the
   * processor activates them instead).
   */
  prefetched?: { readonly names: readonly string[]; readonly at: number } | undefined;
}

/** What {@link LoadedToolStore.getStateStats} reports. */
export interface StateStats {
  /** Number of thread entries held in memory. */
  threadCount: number;
  /** Smallest last-access time over those entries, or `null` when there are none. */
  oldestAccessTime: number | null;
  /**
   * Thread entries a bound has dropped since the store was created: the in-memory store's
   * threads evicted beyond `maxThreads` (r[store.memory.stats], r[store.memory.evict-lru]), the
   * context store's bridges (r[store.context.state-methods]). Both stores report it.
   */
  evictions?: number;
}

/**
 * Where the loaded-tool state of a thread lives.
 *
 * @see r[store.kinds]
 */
export interface LoadedToolStore {
  /** `'in-memory'` (the default) or `'context'`. */
  readonly kind: StorageMode;
  /**
   * Names of loaded tools for this step as they were activated (canonical names or
   * record keys), in first-activation order (no duplicate names, only known tools).
   * Call it once per step.
   *
   * @see r[store.loaded.shape]
   */
  loaded(input: StoreStepInput): string[];
  /**
   * Records that these tools were activated in this step (successful
   * `load_tool`, or `search_tools` under `autoLoad`).
   */
  activate(input: StoreStepInput, names: readonly string[]): void;
  /** Forgets the loaded tools of one thread (default `'default'`). */
  clearState(threadId?: string): void;
  /** Forgets the loaded tools of every thread. */
  clearAllState(): void;
  /** Counts the thread entries held in memory and the evictions so far. */
  getStateStats(): StateStats;
  /** Removes the entries idle for longer than the TTL now; returns how many. */
  cleanupNow(): number;
  /** Stops the sweep timer, if any. */
  dispose(): void;
}

/** The thread key requests without a thread id share. */
export const DEFAULT_THREAD_ID = 'default';

/**
 * Whether a step belongs to an anonymous request.
 *
 * @see r[store.thread.anonymous]
 */
export function isAnonymous(threadId: string | undefined): threadId is undefined | '' {
  return threadId === undefined || threadId === '';
}

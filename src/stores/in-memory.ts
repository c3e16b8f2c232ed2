/**
 * The `'in-memory'` store (the default): loaded tools per thread id in a map,
 * with expiry after `ttl` milliseconds of inactivity and at most `maxThreads`
 * threads, the least recently used evicted beyond.
 *
 * @see r[store.memory.per-thread]
 * @module
 */
import { sweepPeriod } from './sweep-period.js';
import { DEFAULT_THREAD_ID, isAnonymous } from './types.js';
import type { LoadedToolStore, StateStats, StoreStepInput } from './types.js';

/** Options of {@link createInMemoryStore}. */
export interface InMemoryStoreOptions {
  /** Idle time in milliseconds after which a thread's state expires. Default 3 600 000 (one hour); 0 disables expiry. */
  ttl?: number;
  /** Clock in milliseconds. Default `Date.now`. */
  clock?: () => number;
  /** Period of the memory-reclaiming sweep. Default `max(ttl / 2, 60 000)`, at most 2 147 483 647 (Node's timer limit). */
  sweepIntervalMs?: number;
  /**
   * How many threads the store holds; beyond, the least recently used thread is evicted.
   * A positive integer. Default {@link DEFAULT_MAX_THREADS}.
   */
  maxThreads?: number;
  /** Told each time a thread's loaded tools are dropped, and why (r[store.memory.unload]). Its failures are ignored. */
  onUnload?: (unload: StoreUnload) => void;
}

/** A thread's loaded tools, dropped by the store. @see r[store.memory.unload] */
export interface StoreUnload {
  /** The thread, or `undefined` for the entry anonymous requests share. */
  readonly threadId: string | undefined;
  /** Its loaded names, in first-activation order. */
  readonly names: readonly string[];
  /** `ttl`: the thread expired; `cleared`: `clearState` or `clearAllState`; `evicted`: `maxThreads` made room for another thread. */
  readonly reason: 'ttl' | 'cleared' | 'evicted';
}

/** Default `ttl`: one hour. */
export const DEFAULT_TTL_MS = 3_600_000;

/**
 * Default `maxThreads`: 10 000 threads. A thread costs about 300 bytes with one loaded tool
 * (entry, set, map slot, a 36-character id) and about 25 bytes more per further tool
 * (measured by `npm run reliability`), so the default holds about 3 MB with one tool per
 * thread and about 15 MB with 50.
 *
 * @see r[store.memory.max-threads]
 */
export const DEFAULT_MAX_THREADS = 10_000;

interface ThreadEntry {
  /** Loaded tool names in first-activation order. */
  tools: Set<string>;
  lastAccess: number;
}

function checkDuration(name: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new TypeError(`${name} must be a finite number of milliseconds >= 0, got ${String(value)}; pass 0 to disable expiry.`);
  }
}

/**
 * Checks a `maxThreads` option.
 *
 * @see r[store.memory.max-threads]
 */
export function checkMaxThreads(value: unknown, name = 'maxThreads'): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new TypeError(`${name} must be a positive integer (a number of threads), got ${typeof value === 'string' ? JSON.stringify(value.slice(0, 64)) : String(value)}; the default is ${DEFAULT_MAX_THREADS}.`);
  }
  return value;
}

/**
 * Creates an `'in-memory'` store.
 *
 * @see r[store.memory.per-thread]
 * @see r[store.memory.ttl.from-last-access]
 * @see r[store.memory.ttl.exact]
 * @see r[store.memory.ttl.disabled]
 * @see r[store.memory.ttl.default]
 * @see r[store.memory.ttl.invalid]
 * @see r[store.memory.sweep.unref]
 * @see r[store.memory.sweep.timer-limit]
 * @see r[store.memory.read-creates-nothing]
 * @see r[store.memory.max-threads]
 * @see r[store.memory.evict-lru]
 */
export function createInMemoryStore(options: InMemoryStoreOptions = {}): LoadedToolStore {
  const ttl = options.ttl ?? DEFAULT_TTL_MS;
  // Unlike @mastra/core 1.71.0 (r[store.memory.ttl.invalid]): Mastra accepts any ttl, and a negative or NaN one
  // silently disables expiry.
  checkDuration('ttl', ttl);
  if (options.sweepIntervalMs !== undefined) checkDuration('sweepIntervalMs', options.sweepIntervalMs);
  const maxThreads = options.maxThreads === undefined ? DEFAULT_MAX_THREADS : checkMaxThreads(options.maxThreads);
  const clock = options.clock ?? Date.now;
  /** Thread entries, least recently accessed first (every access moves an entry to the end). */
  const threads = new Map<string, ThreadEntry>();
  let evictions = 0;
  const onUnload = options.onUnload;

  /** Drops an entry and says so (r[store.memory.unload]). */
  const drop = (key: string, entry: ThreadEntry, reason: StoreUnload['reason']): void => {
    threads.delete(key);
    if (onUnload === undefined || entry.tools.size === 0) return;
    try {
      onUnload({ threadId: key === DEFAULT_THREAD_ID ? undefined : key, names: [...entry.tools], reason });
    } catch {
      // The listener's failure is its own.
    }
  };

  const keyOf = (threadId: string | undefined): string => (isAnonymous(threadId) ? DEFAULT_THREAD_ID : threadId);
  const expired = (entry: ThreadEntry, now: number): boolean => ttl > 0 && now - entry.lastAccess > ttl;

  /** The live entry of a thread at `now`, dropping it first when it expired. */
  // Unlike @mastra/core 1.71.0 (r[store.memory.ttl.exact]): Mastra expires threads only in its periodic sweep; here
  // every access drops an expired entry first.
  const live = (key: string, now: number): ThreadEntry | undefined => {
    const entry = threads.get(key);
    if (entry && expired(entry, now)) {
      drop(key, entry, 'ttl');
      return undefined;
    }
    return entry;
  };

  /** Records an access: the entry becomes the most recently used. */
  const touch = (key: string, entry: ThreadEntry, now: number): void => {
    entry.lastAccess = now;
    threads.delete(key);
    threads.set(key, entry);
  };

  /**
   * Makes room for one more entry: evicts least recently used entries while the store is full.
   * An entry that had already expired is removed, not counted as an eviction.
   */
  const makeRoom = (now: number): void => {
    while (threads.size >= maxThreads) {
      const [key, entry] = threads.entries().next().value as [string, ThreadEntry];
      if (expired(entry, now)) drop(key, entry, 'ttl');
      else {
        drop(key, entry, 'evicted');
        evictions++;
      }
    }
  };

  const cleanupNow = (): number => {
    if (ttl === 0) return 0;
    const now = clock();
    let cleaned = 0;
    for (const [key, entry] of threads) {
      if (expired(entry, now)) {
        drop(key, entry, 'ttl');
        cleaned++;
      }
    }
    return cleaned;
  };

  let timer: ReturnType<typeof setInterval> | undefined;
  const period = sweepPeriod(ttl, options.sweepIntervalMs);
  // ttl 0 disables expiry, and sweepIntervalMs 0 disables the periodic sweep (r[store.memory.sweep.reclaim]).
  if (period !== undefined) {
    timer = setInterval(cleanupNow, period);
    timer.unref?.();
  }

  return {
    kind: 'in-memory',

    loaded(input: StoreStepInput): string[] {
      // Anonymous requests share the 'default' entry.
      const now = clock();
      const key = keyOf(input.threadId);
      const entry = live(key, now);
      // A thread without an entry has nothing loaded; reading creates no entry.
      // Unlike @mastra/core 1.71.0 (r[store.memory.read-creates-nothing]): Mastra's read creates an empty entry for
      // every thread it sees.
      if (!entry) return [];
      // Reading is an access.
      touch(key, entry, now);
      // Only tools known to this request's catalog, in first-activation order.
      return [...entry.tools].filter((name) => input.isKnownTool(name));
    },

    activate(input: StoreStepInput, names: readonly string[]): void {
      const now = clock();
      const key = keyOf(input.threadId);
      // An expired entry is gone before anything is added.
      let entry = live(key, now);
      // Writing is an access, even of nothing new.
      const known = names.filter((name) => input.isKnownTool(name));
      if (known.length === 0) {
        if (entry) touch(key, entry, now);
        return;
      }
      // Create the entry only when there is a tool to hold, evicting the least recently used beyond maxThreads.
      // Unlike @mastra/core 1.71.0 (r[store.memory.max-threads]): Mastra holds every thread until the TTL sweep.
      if (!entry) {
        makeRoom(now);
        entry = { tools: new Set(), lastAccess: now };
      }
      for (const name of known) entry.tools.add(name);
      touch(key, entry, now);
    },

    clearState(threadId: string = DEFAULT_THREAD_ID): void {
      const key = keyOf(threadId);
      const entry = threads.get(key);
      if (entry !== undefined) drop(key, entry, 'cleared');
    },

    clearAllState(): void {
      for (const [key, entry] of [...threads]) drop(key, entry, 'cleared');
    },

    getStateStats(): StateStats {
      let oldest: number | null = null;
      for (const entry of threads.values()) {
        if (oldest === null || entry.lastAccess < oldest) oldest = entry.lastAccess;
      }
      // Unlike @mastra/core 1.71.0 (r[store.memory.stats]): evictions is an addition to Mastra's shape.
      return { threadCount: threads.size, oldestAccessTime: oldest, evictions };
    },

    cleanupNow,

    dispose(): void {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    },
  };
}

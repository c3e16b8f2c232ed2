/**
 * The `'in-memory'` store (the default): loaded tools per thread id in a map,
 * with expiry after `ttl` milliseconds of inactivity.
 *
 * @see r[store.memory.per-thread]
 * @module
 */
import { DEFAULT_THREAD_ID, isAnonymous } from './types.js';
import type { LoadedToolStore, StateStats, StoreStepInput } from './types.js';

/** Options of {@link createInMemoryStore}. */
export interface InMemoryStoreOptions {
  /** Idle time in milliseconds after which a thread's state expires. Default 3 600 000 (one hour); 0 disables expiry. */
  ttl?: number;
  /** Clock in milliseconds. Default `Date.now`. */
  clock?: () => number;
  /** Period of the memory-reclaiming sweep. Default `max(ttl / 2, 60 000)`. */
  sweepIntervalMs?: number;
}

/** Default `ttl`: one hour. */
export const DEFAULT_TTL_MS = 3_600_000;

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
 * Creates an `'in-memory'` store.
 *
 * @see r[store.memory.per-thread]
 * @see r[store.memory.ttl.from-last-access]
 * @see r[store.memory.ttl.exact]
 * @see r[store.memory.ttl.disabled]
 * @see r[store.memory.ttl.default]
 * @see r[store.memory.ttl.invalid]
 * @see r[store.memory.sweep.unref]
 * @see r[store.memory.read-creates-nothing]
 */
export function createInMemoryStore(options: InMemoryStoreOptions = {}): LoadedToolStore {
  const ttl = options.ttl ?? DEFAULT_TTL_MS;
  // Unlike @mastra/core 1.71.0 (r[store.memory.ttl.invalid]): Mastra accepts any ttl, and a negative or NaN one
  // silently disables expiry.
  checkDuration('ttl', ttl);
  if (options.sweepIntervalMs !== undefined) checkDuration('sweepIntervalMs', options.sweepIntervalMs);
  const clock = options.clock ?? Date.now;
  const threads = new Map<string, ThreadEntry>();

  const keyOf = (threadId: string | undefined): string => (isAnonymous(threadId) ? DEFAULT_THREAD_ID : threadId);
  const expired = (entry: ThreadEntry, now: number): boolean => ttl > 0 && now - entry.lastAccess > ttl;

  /** The live entry of a thread at `now`, dropping it first when it expired. */
  // Unlike @mastra/core 1.71.0 (r[store.memory.ttl.exact]): Mastra expires threads only in its periodic sweep; here
  // every access drops an expired entry first.
  const live = (key: string, now: number): ThreadEntry | undefined => {
    const entry = threads.get(key);
    if (entry && expired(entry, now)) {
      threads.delete(key);
      return undefined;
    }
    return entry;
  };

  const cleanupNow = (): number => {
    if (ttl === 0) return 0;
    const now = clock();
    let cleaned = 0;
    for (const [key, entry] of threads) {
      if (expired(entry, now)) {
        threads.delete(key);
        cleaned++;
      }
    }
    return cleaned;
  };

  let timer: ReturnType<typeof setInterval> | undefined;
  const period = options.sweepIntervalMs ?? Math.max(ttl / 2, 60_000);
  // ttl 0 disables expiry, and sweepIntervalMs 0 disables the periodic sweep (r[store.memory.sweep.reclaim]).
  if (ttl > 0 && period > 0) {
    timer = setInterval(cleanupNow, period);
    timer.unref?.();
  }

  return {
    kind: 'in-memory',

    loaded(input: StoreStepInput): string[] {
      // Anonymous requests share the 'default' entry.
      const now = clock();
      const entry = live(keyOf(input.threadId), now);
      // A thread without an entry has nothing loaded; reading creates no entry.
      // Unlike @mastra/core 1.71.0 (r[store.memory.read-creates-nothing]): Mastra's read creates an empty entry for
      // every thread it sees.
      if (!entry) return [];
      // Reading is an access.
      entry.lastAccess = now;
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
        if (entry) entry.lastAccess = now;
        return;
      }
      // Create the entry only when there is a tool to hold.
      if (!entry) {
        entry = { tools: new Set(), lastAccess: now };
        threads.set(key, entry);
      }
      for (const name of known) entry.tools.add(name);
      entry.lastAccess = now;
    },

    clearState(threadId: string = DEFAULT_THREAD_ID): void {
      threads.delete(keyOf(threadId));
    },

    clearAllState(): void {
      threads.clear();
    },

    getStateStats(): StateStats {
      let oldest: number | null = null;
      for (const entry of threads.values()) {
        if (oldest === null || entry.lastAccess < oldest) oldest = entry.lastAccess;
      }
      return { threadCount: threads.size, oldestAccessTime: oldest };
    },

    cleanupNow,

    dispose(): void {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    },
  };
}

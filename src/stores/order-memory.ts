/**
 * The context store's per-thread order memory: the order in which a thread's loaded tools were
 * exposed at its latest step, so that a tool keeps its position while it stays loaded, even when
 * the result that first activated it leaves the messages or the tool is missing from one
 * request's catalog. Pure: no timers, no I/O; bounded by a number of threads.
 *
 * The in-memory store needs no such memory: it only ever adds names to a thread and removes
 * whole threads, so its first-activation order is already stable.
 *
 * @see r[store.context.order] r[store.context.order-memory] r[store.context.max-threads]
 * @module
 */

/** Options of {@link createOrderMemory}. */
export interface OrderMemoryOptions {
  /** How many threads to remember; beyond, the least recently stepped thread is forgotten. A positive integer. */
  maxThreads: number;
  /**
   * Told, at a thread's step, of the remembered names the thread no longer holds (r[store.context.unload]).
   * Its failures are ignored.
   */
  onDropped?: ((threadId: string, names: readonly string[]) => void) | undefined;
}

/** What an {@link OrderMemory} holds, for statistics and tests. */
export interface OrderMemoryStats {
  /** Threads remembered. */
  threadCount: number;
  /** Names remembered, over every thread. */
  nameCount: number;
  /** Threads forgotten because `maxThreads` threads were remembered. */
  evictions: number;
}

/** A per-thread order memory; see {@link createOrderMemory}. */
export interface OrderMemory {
  /**
   * The stable order of a thread's loaded tools at this step, remembered for the next.
   *
   * @param threadId - the thread (never anonymous: anonymous requests have no memory)
   * @param held - every name the thread holds as loaded at this step, whatever this request's
   *   catalog, in first-activation order
   * @param isKnownTool - membership in this request's catalog
   * @returns the names of `held` known to this request, in stable order
   */
  order(threadId: string, held: readonly string[], isKnownTool: (name: string) => boolean): string[];
  /**
   * The order remembered at the thread's latest step, restricted to `isKnownTool`, or
   * `undefined` when the thread is not remembered. Counts as a use of the thread.
   */
  latest(threadId: string, isKnownTool: (name: string) => boolean): string[] | undefined;
  /** Counts what is remembered. */
  stats(): OrderMemoryStats;
}

/** Whether two name lists hold the same names in the same order. */
function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Creates an order memory.
 *
 * `order(threadId, held, isKnownTool)`:
 * 1. The previously remembered names of the thread that are still held keep their relative
 *    order, whether or not this request's catalog knows them (a tool missing from one request
 *    comes back at its place).
 * 2. Held names new since the previous step follow, in first-activation order; only names this
 *    request knows are added, so the memory never holds a name no catalog ever had.
 * 3. The result is remembered, the thread becomes the most recently used, and the least recently
 *    used threads beyond `maxThreads` are forgotten.
 * 4. The names this request knows are returned.
 *
 * @see r[store.context.order] r[store.context.order-memory] r[store.context.max-threads]
 */
export function createOrderMemory(options: OrderMemoryOptions): OrderMemory {
  const maxThreads = options.maxThreads;
  if (typeof maxThreads !== 'number' || !Number.isSafeInteger(maxThreads) || maxThreads < 1) {
    throw new TypeError(`createOrderMemory: maxThreads must be a positive integer, got ${String(maxThreads)}.`);
  }
  /** Thread → remembered order; least recently used first. */
  const threads = new Map<string, readonly string[]>();
  let evictions = 0;
  let nameCount = 0;

  /** The most recently used thread (the last of `threads`), if it is remembered. */
  let latest: string | undefined;

  const remember = (threadId: string, names: readonly string[]): void => {
    const before = threads.get(threadId);
    if (before !== undefined) {
      nameCount -= before.length;
      // Already the most recently used: its names are replaced where they are (a Map keeps a key's place).
      if (threadId !== latest) threads.delete(threadId);
    }
    threads.set(threadId, names);
    latest = threadId;
    nameCount += names.length;
    while (threads.size > maxThreads) {
      const [oldest, oldNames] = threads.entries().next().value as [string, readonly string[]];
      threads.delete(oldest);
      nameCount -= oldNames.length;
      evictions++;
      if (oldest === latest) latest = undefined;
    }
  };

  return {
    order(threadId, held, isKnownTool) {
      const previous = threads.get(threadId) ?? [];
      // The names the previous step remembered, held again in that order: nothing moves, nothing drops.
      if (sameNames(previous, held)) {
        remember(threadId, previous);
        return previous.filter((name) => isKnownTool(name));
      }
      const heldSet = new Set(held);
      // Unlike @mastra/core 1.71.0 (r[processor.order.stable]): in 'context' mode Mastra orders loaded tools by the
      // first result still present, so a tool can move behind later ones.
      // Remembered names still held, in their remembered order.
      const ordered = previous.filter((name) => heldSet.has(name));
      if (options.onDropped !== undefined && ordered.length < previous.length) {
        const dropped = previous.filter((name) => !heldSet.has(name));
        try {
          options.onDropped(threadId, dropped);
        } catch {
          // The listener's failure is its own.
        }
      }
      // Then held names new since the previous step, known to this request.
      const keptSet = new Set(ordered);
      for (const name of heldSet) if (!keptSet.has(name) && isKnownTool(name)) ordered.push(name);
      // Remember; the least recently used beyond maxThreads are forgotten.
      remember(threadId, ordered);
      // This request's view.
      return ordered.filter((name) => isKnownTool(name));
    },

    latest(threadId, isKnownTool) {
      const names = threads.get(threadId);
      if (names === undefined) return undefined;
      remember(threadId, names);
      return names.filter((name) => isKnownTool(name));
    },

    stats() {
      return { threadCount: threads.size, nameCount, evictions };
    },
  };
}

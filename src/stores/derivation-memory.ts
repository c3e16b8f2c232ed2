/**
 * The context store's memory of what it read at each thread's previous step, so that a step
 * reads only what may have changed. Two ways to find what is unchanged:
 *
 * - the **kept history** (constant work): the step's array is the very array the previous step
 *   read, no shorter, with the previous last message and every watched message (a meta-tool
 *   part, or a call without its result yet) still at their places; then only those messages and
 *   the appended ones are read;
 * - otherwise the **alignment** (one pointer comparison per message): the messages that are the
 *   same objects as the previous step's, position by position, after any number dropped from the
 *   front, are unchanged but for the same messages; the rest is read.
 *
 * Pure: no timers, no I/O; bounded by the number of messages it refers to.
 *
 * @see r[store.context.derive.incremental]
 * @see r[store.context.derive.kept]
 * @module
 */
import type { MessageRead } from './messages.js';

/** How many message references the memory holds over every thread, unless told otherwise. See r[store.context.derive.incremental]. */
export const DEFAULT_MAX_REMEMBERED_MESSAGES = 200_000;

/** What a {@link DerivationMemory} holds and did, for statistics and tests. */
export interface DerivationMemoryStats {
  /** Threads remembered. */
  threadCount: number;
  /** Message references held, over every thread (at most the bound). */
  messageCount: number;
  /** Messages read (once per message per step that read it) since the memory was created. */
  reads: number;
  /**
   * Message identities compared with the previous step's (the alignment's pointer comparisons and
   * the kept-history checks) since the memory was created.
   */
  comparisons: number;
  /** Steps that found their thread's history kept (r[store.context.derive.kept]) since the memory was created. */
  keptSteps: number;
  /** Threads forgotten to stay within the bound. */
  evictions: number;
}

/**
 * What one reading of a step's messages found: the names of every watched message (a meta-tool
 * part, or a call without its result yet), by position.
 */
export interface DerivedReading {
  /** Every name the messages hold as loaded (whatever this request's catalog), in first-activation order. */
  readonly names: readonly string[];
  /**
   * The names held by the messages before position `end` only (the messages before a prefetch's
   * user message, r[store.context.prefetched]), in first-activation order.
   */
  namesBefore(end: number): string[];
}

/** A per-thread derivation memory; see {@link createDerivationMemory}. */
export interface DerivationMemory {
  /**
   * Every name the messages hold as loaded (whatever this request's catalog), in first-activation
   * order, reading each message with `read` only where the previous step's reading may not hold.
   *
   * @param threadId - the thread (never anonymous)
   * @param messages - the step's messages
   * @param read - what one message contributes
   */
  held(threadId: string, messages: readonly unknown[], read: (message: unknown) => MessageRead): string[];
  /**
   * As {@link DerivationMemory.held}, with the names by position (for a prefetch's place).
   *
   * @param threadId - the thread (never anonymous)
   * @param messages - the step's messages
   * @param read - what one message contributes
   */
  reading(threadId: string, messages: readonly unknown[], read: (message: unknown) => MessageRead): DerivedReading;
  /** Forgets every thread. */
  clear(): void;
  /** Counts what is held and read. */
  stats(): DerivationMemoryStats;
}

/** What one thread's previous step read. */
interface Remembered {
  /** The array the previous step got (the caller's own, compared by identity only; weakly held, so the memory keeps no array alive). */
  source: WeakRef<readonly unknown[]>;
  /** The previous step's messages (the memory's own copy of the array, not of the messages). */
  refs: unknown[];
  /** Positions in `refs` of the watched messages (a meta-tool part, or a call without its result yet), ascending. */
  relevant: readonly number[];
}

/**
 * How many messages from the start of `messages` are the very objects at `offset` onwards in
 * `refs` (at most `max`): one pointer comparison each, in a loop of its own so that it stays
 * optimised whatever the rest of a step does.
 */
function identicalRun(messages: readonly unknown[], refs: readonly unknown[], offset: number, max: number): number {
  let run = 0;
  while (run < max && messages[run] === refs[offset + run]) run++;
  return run;
}

/** The distinct names of a short list, each at its first place (as `[...new Set(names)]`). */
function distinct(names: readonly string[]): string[] {
  const out: string[] = [];
  outer: for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    for (let j = 0; j < out.length; j++) if (out[j] === name) continue outer;
    out.push(name);
  }
  return out;
}

/** The names of `contributed` (ascending positions), each once, in order, up to position `end` (exclusive). */
function namesUpTo(positions: readonly number[], contributed: ReadonlyArray<readonly string[]>, end: number): string[] {
  // One contributing message (the common case): its names, each once (a few are compared, more go through a set).
  if (positions.length === 1 && positions[0]! < end) {
    const only = contributed[0]!;
    return only.length <= 1 ? [...only] : only.length <= 32 ? distinct(only) : [...new Set(only)];
  }
  const seen = new Set<string>();
  for (let k = 0; k < positions.length && positions[k]! < end; k++) for (const name of contributed[k]!) seen.add(name);
  return [...seen];
}

/** The watched messages of a step, by ascending position, with what each contributes. */
class Contributions implements DerivedReading {
  /** Positions, ascending. */
  readonly positions: number[] = [];
  /** What the message at each of `positions` contributes. */
  readonly contributed: Array<readonly string[]> = [];
  #names: readonly string[] | undefined;

  /** Reads the message at `position`; returns 1 (one message read). */
  take(messages: readonly unknown[], position: number, read: (message: unknown) => MessageRead): number {
    const r = read(messages[position]);
    if (r.relevant) {
      this.positions.push(position);
      this.contributed.push(r.names);
    }
    return 1;
  }

  get names(): readonly string[] {
    return (this.#names ??= namesUpTo(this.positions, this.contributed, Infinity));
  }

  namesBefore(end: number): string[] {
    return namesUpTo(this.positions, this.contributed, end);
  }
}

/**
 * Creates a derivation memory.
 *
 * `reading(threadId, messages, read)`: the run of unchanged messages is the whole previous
 * history when it is kept (r[store.context.derive.kept]: the same array, at least as long, its
 * previous last message and each watched message — a meta-tool part, or a call without its
 * result yet — the very objects at their previous positions); otherwise the alignment finds it
 * (the previous position of the first message, then the longest run of the very same objects).
 * In the run, the watched messages and the previous last message are read again (their parts
 * may have changed in place), and every message after the run is read. The loaded names are
 * those of the messages read, in message order, each once. The step's array (weakly), its
 * messages and which of them are watched are remembered; the least recently stepped threads
 * beyond the bound are forgotten, and a history longer than the bound is not remembered.
 *
 * @param options - `maxMessages`: references held at most over every thread (0 remembers nothing)
 * @see r[store.context.derive.incremental]
 * @see r[store.context.derive.kept]
 */
export function createDerivationMemory(options: { maxMessages: number }): DerivationMemory {
  const maxMessages = options.maxMessages;
  /** Thread → what its previous step read; least recently stepped first. */
  const threads = new Map<string, Remembered>();
  let messageCount = 0;
  let reads = 0;
  let comparisons = 0;
  let keptSteps = 0;
  let evictions = 0;
  /** The most recently stepped thread (the last of `threads`), if it is remembered. */
  let latest: string | undefined;

  const forget = (threadId: string): void => {
    const entry = threads.get(threadId);
    if (entry === undefined) return;
    threads.delete(threadId);
    messageCount -= entry.refs.length;
    if (threadId === latest) latest = undefined;
  };

  /** Whether `messages` is the previous step's history, kept; counts its comparisons. */
  const kept = (previous: Remembered, messages: readonly unknown[]): boolean => {
    const refs = previous.refs;
    const last = refs.length - 1;
    if (messages.length < refs.length || last < 0 || previous.source.deref() !== messages) return false;
    comparisons++;
    if (messages[last] !== refs[last]) return false;
    for (const p of previous.relevant) {
      comparisons++;
      if (messages[p] !== refs[p]) return false;
    }
    return true;
  };

  const reading = (threadId: string, messages: readonly unknown[], read: (message: unknown) => MessageRead): DerivedReading => {
    const previous = threads.get(threadId);
    const n = messages.length;
    // The run of unchanged messages: the whole previous history when kept, else the alignment.
    let offset = 0;
    let run = 0;
    if (previous !== undefined && n > 0) {
      const refs = previous.refs;
      if (kept(previous, messages)) {
        // Unlike @mastra/core 1.71.0 (r[store.context.derive.incremental]): Mastra reads every message at every
        // step; here a message replaced at its place in the kept array, or changed in place, that held no
        // meta-tool part or call without a result and was not the last, is not read again.
        keptSteps++;
        run = refs.length;
      } else {
        offset = messages[0] === refs[0] ? 0 : refs.indexOf(messages[0]);
        comparisons += offset < 0 ? refs.length : offset + 1;
        if (offset < 0) offset = 0;
        else {
          run = identicalRun(messages, refs, offset, Math.min(n, refs.length - offset));
          comparisons += run;
        }
      }
    }
    // Read what may have changed; the rest contributes nothing (no meta-tool part, no call without a result).
    const out = new Contributions();
    if (previous !== undefined && run > 0) {
      const last = previous.refs.length - 1 - offset;
      for (const p of previous.relevant) {
        const position = p - offset;
        if (position >= 0 && position < run && position !== last) reads += out.take(messages, position, read);
      }
      // The previous last message is the run's last when the whole previous tail was kept.
      if (last >= 0 && last < run) reads += out.take(messages, last, read);
    }
    for (let position = run; position < n; position++) reads += out.take(messages, position, read);
    // Remember this step (most recently stepped last), within the bound.
    if (n > 0 && n <= maxMessages) {
      const before = previous === undefined ? 0 : previous.refs.length;
      // The previous copy is kept and extended when the step only appended to it, so an
      // unchanged or appended history costs no copy.
      let refs: unknown[];
      if (previous !== undefined && offset === 0 && run === previous.refs.length) {
        refs = previous.refs;
        for (let position = run; position < n; position++) refs.push(messages[position]);
      } else refs = messages.slice();
      const source = previous !== undefined && previous.source.deref() === messages ? previous.source : new WeakRef(messages);
      if (previous !== undefined && threadId === latest) {
        // Already the most recently stepped: updated in place.
        previous.source = source;
        previous.refs = refs;
        previous.relevant = out.positions;
      } else {
        if (previous !== undefined) threads.delete(threadId);
        threads.set(threadId, { source, refs, relevant: out.positions });
        latest = threadId;
      }
      messageCount += n - before;
      while (messageCount > maxMessages) {
        forget(threads.keys().next().value as string);
        evictions++;
      }
    } else forget(threadId);
    // Names in message order, each once.
    return out;
  };

  return {
    reading,

    held(threadId, messages, read) {
      return [...reading(threadId, messages, read).names];
    },

    clear() {
      threads.clear();
      messageCount = 0;
      latest = undefined;
    },

    stats() {
      return { threadCount: threads.size, messageCount, reads, comparisons, keptSteps, evictions };
    },
  };
}

/**
 * A full reading of `messages` (every message read once), in the shape of {@link DerivationMemory.reading}:
 * for anonymous requests, which have no memory.
 *
 * @param messages - the step's messages
 * @param read - what one message contributes
 * @see r[store.context.derive]
 */
export function fullReading(messages: readonly unknown[], read: (message: unknown) => MessageRead): DerivedReading {
  const out = new Contributions();
  for (let position = 0; position < messages.length; position++) out.take(messages, position, read);
  return out;
}

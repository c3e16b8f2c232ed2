/**
 * The context store's memory of what it read at each thread's previous step, so that a step
 * reads only what may have changed: the messages that differ from the previous step's (by
 * identity, position by position, after any number of messages dropped from the front), the
 * messages that hold a meta-tool part, and the previous step's last message. Everything else is
 * one pointer comparison per message. Pure: no timers, no I/O; bounded by the number of messages
 * it refers to.
 *
 * @see r[store.context.derive.incremental]
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
  /** Threads forgotten to stay within the bound. */
  evictions: number;
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
  /** Forgets every thread. */
  clear(): void;
  /** Counts what is held and read. */
  stats(): DerivationMemoryStats;
}

/** What one thread's previous step read. */
interface Remembered {
  /** The previous step's messages (the memory's own copy of the array, not of the messages). */
  readonly refs: unknown[];
  /** Positions in `refs` of the messages that hold a meta-tool part, ascending. */
  readonly relevant: readonly number[];
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

/**
 * Creates a derivation memory.
 *
 * `held(threadId, messages, read)`:
 * 1. Align the step's messages with the thread's previous ones: the previous position of the
 *    first message (0, or further when messages were dropped from the front), then the longest
 *    run of messages that are the very same objects, position by position.
 * 2. Read again, in that run, the messages that held a meta-tool part and the previous step's
 *    last message (its parts may have grown in place); read every message after the run.
 * 3. The loaded names are those of the messages read, in message order, each once.
 * 4. Remember this step's messages and which of them hold a meta-tool part; the least recently
 *    stepped threads beyond the bound are forgotten, and a history longer than the bound is not
 *    remembered.
 *
 * @param options - `maxMessages`: references held at most over every thread (0 remembers nothing)
 * @see r[store.context.derive.incremental]
 */
export function createDerivationMemory(options: { maxMessages: number }): DerivationMemory {
  const maxMessages = options.maxMessages;
  /** Thread → what its previous step read; least recently stepped first. */
  const threads = new Map<string, Remembered>();
  let messageCount = 0;
  let reads = 0;
  let evictions = 0;

  const forget = (threadId: string): void => {
    const entry = threads.get(threadId);
    if (entry === undefined) return;
    threads.delete(threadId);
    messageCount -= entry.refs.length;
  };

  return {
    held(threadId, messages, read) {
      const previous = threads.get(threadId);
      const n = messages.length;
      // Align: the first message's previous position, then the run of identical messages.
      let offset = 0;
      let run = 0;
      if (previous !== undefined && n > 0) {
        const refs = previous.refs;
        offset = messages[0] === refs[0] ? 0 : refs.indexOf(messages[0]);
        if (offset < 0) offset = 0;
        else run = identicalRun(messages, refs, offset, Math.min(n, refs.length - offset));
      }
      // Read what may have changed; the rest contributes nothing (it held no meta-tool part).
      const relevant: number[] = [];
      const contributed: Array<readonly string[]> = [];
      const take = (position: number): void => {
        reads++;
        const r = read(messages[position]);
        if (!r.relevant) return;
        relevant.push(position);
        contributed.push(r.names);
      };
      if (previous !== undefined && run > 0) {
        const last = previous.refs.length - 1 - offset;
        for (const p of previous.relevant) {
          const position = p - offset;
          if (position >= 0 && position < run && position !== last) take(position);
        }
        // The previous last message is the run's last when the whole previous tail was kept.
        if (last >= 0 && last < run) take(last);
      }
      for (let position = run; position < n; position++) take(position);
      // Names in message order, each once.
      const seen = new Set<string>();
      for (const names of contributed) for (const name of names) seen.add(name);
      // Remember this step (most recently stepped last), within the bound.
      forget(threadId);
      if (n > 0 && n <= maxMessages) {
        // The previous copy is kept and extended when the step only appended to it, so an
        // unchanged or appended history costs its comparisons, not a copy.
        let refs: unknown[];
        if (previous !== undefined && offset === 0 && run === previous.refs.length) {
          refs = previous.refs;
          for (let position = run; position < n; position++) refs.push(messages[position]);
        } else refs = messages.slice();
        threads.set(threadId, { refs, relevant });
        messageCount += n;
        while (messageCount > maxMessages) {
          forget(threads.keys().next().value as string);
          evictions++;
        }
      }
      return [...seen];
    },

    clear() {
      threads.clear();
      messageCount = 0;
    },

    stats() {
      return { threadCount: threads.size, messageCount, reads, evictions };
    },
  };
}

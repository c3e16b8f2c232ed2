/**
 * The `'context'` store: the loaded set is derived from the conversation
 * messages at every step, plus a same-process bridge that covers the one step
 * between an activation and its result reaching the messages.
 *
 * @see r[store.context.derive]
 * @module
 */
import { checkMaxThreads, DEFAULT_MAX_THREADS } from './in-memory.js';
import { createDerivationMemory, DEFAULT_MAX_REMEMBERED_MESSAGES, fullReading, type DerivationMemoryStats, type DerivedReading } from './derivation-memory.js';
import { readMessage, type MessageRead, type MessageReading } from './messages.js';
import { createOrderMemory } from './order-memory.js';
import { createReceiptKeys, type ReceiptKeys, type ReceiptSecret } from './receipts.js';
import { isAnonymous } from './types.js';
import type { LoadedToolStore, StateStats, StoreStepInput } from './types.js';

/** How many threads the bridge holds names for, unless `maxBridgedThreads` says otherwise. @see r[store.context.bridge.bounded] */
export const DEFAULT_MAX_BRIDGED_THREADS = 10_000;

/** Options of {@link createContextStore}. */
export interface ContextStoreOptions {
  /** Whether the processor runs with `search.autoLoad`; only then do `search_tools` results activate. */
  autoLoad: boolean;
  /**
   * With a secret, only results whose signed receipt verifies count (r[store.receipts.verify]).
   * A string of at least 32 UTF-8 bytes, a `Uint8Array` of at least 32 bytes, or several (the first signs).
   */
  receiptSecret?: ReceiptSecret | undefined;
  /** Most threads the bridge holds names for; 0 keeps no bridge. Default {@link DEFAULT_MAX_BRIDGED_THREADS}. */
  maxBridgedThreads?: number | undefined;
  /** Time source of the bridge's activation times in `getStateStats()`. Default `Date.now`. */
  clock?: (() => number) | undefined;
  /**
   * How many threads the order memory remembers (least recently stepped forgotten beyond).
   * A positive integer. Default {@link DEFAULT_MAX_THREADS}.
   */
  maxThreads?: number | undefined;
  /**
   * Told, at a thread's step, of the names its previous step held that neither its messages nor
   * its bridge hold any more (r[store.context.unload]). Its failures are ignored.
   */
  onTruncated?: ((threadId: string, names: readonly string[]) => void) | undefined;
  /**
   * How many message references the store remembers over every thread, to read at each step only
   * what may have changed since the thread's previous one (r[store.context.derive.incremental]).
   * A non-negative safe integer; 0 reads every message at every step. Default
   * {@link DEFAULT_MAX_REMEMBERED_MESSAGES}.
   */
  maxRememberedMessages?: number | undefined;
}

/** The context store: a {@link LoadedToolStore} that can also be read without consuming its bridge. */
export interface ContextStore extends LoadedToolStore {
  /** Always `'context'`. */
  readonly kind: 'context';
  /** Whether a receipt secret is configured (then every name `loaded` returns is trusted). */
  readonly verifiesReceipts: boolean;
  /**
   * What the messages and the bridge hold for this input, in the order of first activation in
   * the messages, without consuming the bridge or touching the order memory (the resume path).
   */
  peek(input: StoreStepInput): string[];
  /**
   * The loaded names of the thread's latest step in this process, in the order that step
   * returned them, restricted to `input.isKnownTool`; empty for an anonymous or forgotten thread.
   * Reads no messages and consumes no bridge.
   *
   * @see r[processor.resume.loaded-tools] r[store.context.order-memory]
   */
  latestLoaded(input: StoreStepInput): string[];
  /** What the memory of previous steps' messages holds, and how many messages were read so far (r[store.context.derive.incremental]). */
  derivationStats(): DerivationMemoryStats;
}

/** A reader of messages with these options. */
function readerFor(options: MessageReading): (message: unknown) => MessageRead {
  return (message) => readMessage(message, options);
}

/** One thread's bridge: names activated since its last read, and when the latest was. */
interface BridgeEntry {
  names: Set<string>;
  at: number;
}

function checkOptions(options: ContextStoreOptions): { max: number; clock: () => number; keys: ReceiptKeys | undefined; remembered: number } {
  if (typeof options?.autoLoad !== 'boolean') {
    throw new TypeError(
      `createContextStore: options.autoLoad must be a boolean (the processor's search.autoLoad), got ${String(options?.autoLoad)}.`,
    );
  }
  const max = options.maxBridgedThreads ?? DEFAULT_MAX_BRIDGED_THREADS;
  if (typeof max !== 'number' || !Number.isSafeInteger(max) || max < 0) {
    throw new RangeError(
      `createContextStore: options.maxBridgedThreads must be a non-negative safe integer (0 keeps no bridge), got ${typeof max === 'number' ? String(max) : typeof max}.`,
    );
  }
  const clock = options.clock ?? Date.now;
  if (typeof clock !== 'function') throw new TypeError(`createContextStore: options.clock must be a function returning milliseconds, got ${typeof clock}.`);
  const keys = options.receiptSecret === undefined ? undefined : createReceiptKeys(options.receiptSecret, 'receiptSecret');
  const remembered = options.maxRememberedMessages ?? DEFAULT_MAX_REMEMBERED_MESSAGES;
  if (typeof remembered !== 'number' || !Number.isSafeInteger(remembered) || remembered < 0) {
    throw new RangeError(
      `createContextStore: options.maxRememberedMessages must be a non-negative safe integer (0 reads every message at every step), got ${typeof remembered === 'number' ? String(remembered) : typeof remembered}.`,
    );
  }
  return { max, clock, keys, remembered };
}

/**
 * Creates a `'context'` store.
 *
 * @see r[store.context.derive]
 * @see r[store.context.bridge.visible]
 * @see r[store.context.bridge.next-step]
 * @see r[store.context.bridge.anonymous]
 * @see r[store.context.bridge.restart]
 * @see r[store.context.bridge.bounded]
 * @see r[store.context.bridge.options]
 * @see r[store.context.state-methods]
 * @see r[store.receipts.verify]
 * @see r[store.context.order-memory]
 * @see r[store.context.max-threads]
 * @see r[store.context.derive.incremental]
 * @see r[store.context.derive.kept]
 */
export function createContextStore(options: ContextStoreOptions): ContextStore {
  const { max, clock, keys, remembered } = checkOptions(options);
  const autoLoad = options.autoLoad;
  const maxThreads = options.maxThreads === undefined ? DEFAULT_MAX_THREADS : checkMaxThreads(options.maxThreads, 'createContextStore: options.maxThreads');
  /** The order each thread's latest step returned (r[store.context.order-memory]). */
  const memory = createOrderMemory({ maxThreads, onDropped: options.onTruncated });
  /** Activations not yet read back, per thread, least recently activated first. Additive only. */
  const bridge = new Map<string, BridgeEntry>();
  let evictions = 0;
  /** What each thread's previous step read (r[store.context.derive.incremental]). */
  const derivations = createDerivationMemory({ maxMessages: remembered });

  const reading = (threadId: string | undefined): MessageReading =>
    keys === undefined ? { autoLoad } : { autoLoad, receipts: { keys, threadId } };
  /** Without receipts, one reader serves every thread. */
  const unsigned: MessageReading = { autoLoad };
  const readUnsigned = (message: unknown): MessageRead => readMessage(message, unsigned);

  /**
   * What the messages hold, by position: for a thread, only what may have changed since its
   * previous step is read (r[store.context.derive.incremental], r[store.context.derive.kept]).
   */
  const fromMessages = (input: StoreStepInput): DerivedReading => {
    const messages = Array.isArray(input.messages) ? input.messages : [];
    const read = keys === undefined ? readUnsigned : readerFor(reading(input.threadId));
    return isAnonymous(input.threadId) ? fullReading(messages, read) : derivations.reading(input.threadId, messages, read);
  };

  /**
   * Every name the messages and the bridge hold, whatever this request's catalog: message-derived
   * names in first-activation order, then the bridged names the messages do not hold.
   */
  const held = (input: StoreStepInput, bridged: BridgeEntry | undefined): string[] => {
    // The messages decide: every tool an activating result names, in first-activation order
    //    (the order memory keeps the place of a tool missing from this request's catalog).
    const derived = fromMessages(input);
    const prefetched = input.prefetched;
    // (The reading's names are a fresh array of this step's, which nothing else holds: no copy.)
    if (bridged === undefined && (prefetched === undefined || prefetched.names.length === 0)) return derived.names as string[];
    // A prefetch counts as activated at the user message it was made for (r[store.context.prefetched]):
    // after what the messages before it activated, before what the later ones did; so the order
    // derived from the messages alone, after a restart, is the order the steps had.
    const out = new Set<string>();
    if (prefetched !== undefined && prefetched.names.length > 0) {
      for (const name of derived.namesBefore(Math.max(0, prefetched.at))) out.add(name);
      for (const name of prefetched.names) out.add(name);
    }
    for (const name of derived.names) out.add(name);
    // Bridged names the messages do not hold yet come after the others.
    for (const name of bridged?.names ?? []) out.add(name);
    return [...out];
  };
  const known = (input: StoreStepInput, names: readonly string[]): string[] => names.filter((name) => input.isKnownTool(name));

  return {
    kind: 'context',
    verifiesReceipts: keys !== undefined,

    loaded(input: StoreStepInput): string[] {
      // Anonymous requests have no bridge and no order memory.
      if (isAnonymous(input.threadId)) return known(input, held(input, undefined));
      // A thread's bridge is served by this read and dropped by it.
      const bridged = bridge.get(input.threadId);
      // Unlike @mastra/core 1.71.0 (r[store.context.bridge.next-step]): Mastra drops a bridged name only once the
      // messages confirm it; here the first read drops it.
      bridge.delete(input.threadId);
      // Names still held keep the place the thread's previous step gave them; known ones are returned.
      return memory.order(input.threadId, held(input, bridged), input.isKnownTool);
    },

    peek(input: StoreStepInput): string[] {
      return known(input, held(input, isAnonymous(input.threadId) ? undefined : bridge.get(input.threadId)));
    },

    latestLoaded(input: StoreStepInput): string[] {
      if (isAnonymous(input.threadId)) return [];
      return memory.latest(input.threadId, input.isKnownTool) ?? [];
    },

    activate(input: StoreStepInput, names: readonly string[]): void {
      if (isAnonymous(input.threadId) || max === 0) return;
      const known = names.filter((name) => input.isKnownTool(name));
      if (known.length === 0) return;
      // The thread moves to the most recently activated end.
      const entry = bridge.get(input.threadId) ?? { names: new Set<string>(), at: 0 };
      bridge.delete(input.threadId);
      entry.at = clock();
      for (const name of known) entry.names.add(name);
      // Unlike @mastra/core 1.71.0 (r[store.context.bridge.bounded]): the bridge is bounded;
      // the least recently activated thread's bridge is dropped, and counted.
      while (bridge.size >= max) {
        bridge.delete(bridge.keys().next().value as string);
        evictions++;
      }
      bridge.set(input.threadId, entry);
    },

    // The loaded state is the messages' (r[lifecycle.storage.context]): clearing changes nothing.
    clearState(): void {},
    clearAllState(): void {},
    getStateStats(): StateStats {
      // Unlike @mastra/core 1.71.0 (r[store.context.state-methods]): the bridge is visible.
      let oldest: number | null = null;
      for (const { at } of bridge.values()) if (oldest === null || at < oldest) oldest = at;
      return { threadCount: bridge.size, oldestAccessTime: oldest, evictions };
    },
    cleanupNow(): number {
      return 0;
    },
    derivationStats() {
      return derivations.stats();
    },
    dispose(): void {
      bridge.clear();
      derivations.clear();
    },
  };
}

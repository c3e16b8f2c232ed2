/**
 * The `'context'` store: the loaded set is derived from the conversation
 * messages at every step, plus a same-process bridge that covers the one step
 * between an activation and its result reaching the messages.
 *
 * @see r[store.context.derive]
 * @module
 */
import { loadedFromMessages } from './messages.js';
import { isAnonymous } from './types.js';
import type { LoadedToolStore, StateStats, StoreStepInput } from './types.js';

/** Options of {@link createContextStore}. */
export interface ContextStoreOptions {
  /** Whether the processor runs with `search.autoLoad`; only then do `search_tools` results activate. */
  autoLoad: boolean;
}

/**
 * Creates a `'context'` store.
 *
 * @see r[store.context.derive]
 * @see r[store.context.bridge.visible]
 * @see r[store.context.bridge.next-step]
 * @see r[store.context.bridge.anonymous]
 * @see r[store.context.bridge.restart]
 * @see r[store.context.state-methods]
 */
export function createContextStore(options: ContextStoreOptions): LoadedToolStore {
  if (typeof options?.autoLoad !== 'boolean') {
    throw new TypeError(
      `createContextStore: options.autoLoad must be a boolean (the processor's search.autoLoad), got ${String(options?.autoLoad)}.`,
    );
  }
  const autoLoad = options.autoLoad;
  /** Activations of the current step per thread, not yet read back. Additive only. */
  const bridge = new Map<string, Set<string>>();

  return {
    kind: 'context',

    loaded(input: StoreStepInput): string[] {
      // 1. The messages decide: every known tool an activating result names, in first-activation order.
      const fromMessages = loadedFromMessages(input.messages, input.isKnownTool, { autoLoad });
      // 2. Anonymous requests have no bridge.
      if (isAnonymous(input.threadId)) return fromMessages;
      // 3. The bridge of this thread is served by this read and dropped by it.
      const bridged = bridge.get(input.threadId);
      bridge.delete(input.threadId);
      if (!bridged) return fromMessages;
      // 4. Bridged names the messages do not hold yet come after the others.
      const out = new Set(fromMessages);
      for (const name of bridged) if (input.isKnownTool(name)) out.add(name);
      return [...out];
    },

    activate(input: StoreStepInput, names: readonly string[]): void {
      if (isAnonymous(input.threadId)) return;
      const known = names.filter((name) => input.isKnownTool(name));
      if (known.length === 0) return;
      let set = bridge.get(input.threadId);
      if (!set) {
        set = new Set();
        bridge.set(input.threadId, set);
      }
      for (const name of known) set.add(name);
    },

    clearState(): void {},
    clearAllState(): void {},
    getStateStats(): StateStats {
      return { threadCount: 0, oldestAccessTime: null };
    },
    cleanupNow(): number {
      return 0;
    },
    dispose(): void {},
  };
}

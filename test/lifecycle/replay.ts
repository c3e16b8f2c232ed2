/**
 * Replays lifecycle paths against a system under test, with the machine as the
 * model, checking agreement after every event.
 *
 * ```ts
 * replayLifecycle(
 *   input: LifecycleInput,                 // { storage, autoLoad }
 *   events: readonly LifecycleEvent[],     // e.g. the events of an xstate/graph path
 *   createSystem: LifecycleSystemFactory,  // (input) => LifecycleSystem, fresh per path
 * ): Promise<ReplayStep[]>                 // the machine state after each event
 * ```
 *
 * A {@link LifecycleSystem} models ONE tool (named `tool`) in ONE thread. For
 * each event, `replayLifecycle`:
 *   1. computes the machine's next state with XState's pure `transition`;
 *   2. calls `system.apply(event, { before, after })` — `before`/`after` are the
 *      machine states, given only so the system can build realistic inputs
 *      (e.g. a "loaded" vs "already loaded" `load_tool` result); a system must
 *      never copy them into its observation;
 *   3. calls `system.observe()` (which is the next processor step) and checks
 *      `held === isHeld(after)` (r[lifecycle.observe.held]) and, when the
 *      system reports it, `offered === isOffered(after)`.
 * It throws an `Error` naming the path, the step and both answers at the first
 * disagreement. `system.dispose?.()` runs at the end either way.
 *
 * The store systems are {@link storeSystem}; the processor can add its own
 * `LifecycleSystem` (observing `offered` too) and reuse `replayLifecycle` and
 * the graph-derived paths of `paths.ts` unchanged.
 */
import { initialTransition, transition } from 'xstate';
import {
  activatedNames,
  createContextStore,
  createInMemoryStore,
  isHeld,
  isOffered,
  toolLifecycleMachine,
  type LifecycleEvent,
  type LifecycleInput,
  type LifecycleState,
  type LoadedToolStore,
  type StoreStepInput,
} from '../../src/lifecycle/index.js';
import { knownTools, loadSingleMessage, searchMessage, userMessage } from '../stores/support/messages.js';

/** The name of the tool a lifecycle system models. */
export const TOOL = 'tool';

/** What a system under test reports after an event. */
export interface LifecycleObservation {
  /** The store holds the tool as loaded for the thread. */
  held: boolean;
  /** The tool is offered to the model (only a processor can tell). */
  offered?: boolean;
}

/** A system under test driven by lifecycle events. */
export interface LifecycleSystem {
  /** Performs the event, as the real world would. */
  apply(event: LifecycleEvent, states: { before: LifecycleState; after: LifecycleState }): void | Promise<void>;
  /** Runs the next step and reports what it sees. */
  observe(): LifecycleObservation | Promise<LifecycleObservation>;
  /** Releases timers and the like. */
  dispose?(): void | Promise<void>;
}

/** Creates a fresh system for one path. */
export type LifecycleSystemFactory = (input: LifecycleInput) => LifecycleSystem | Promise<LifecycleSystem>;

/** One replayed event and the machine state after it. */
export interface ReplayStep {
  /** The event. */
  event: LifecycleEvent;
  /** The machine state after it. */
  state: LifecycleState;
}

const describeEvents = (events: readonly LifecycleEvent[]) => events.map((e) => e.type).join(' → ') || '(empty path)';

/** Replays `events` against a fresh system and the machine; see the file header. */
export async function replayLifecycle(
  input: LifecycleInput,
  events: readonly LifecycleEvent[],
  createSystem: LifecycleSystemFactory,
): Promise<ReplayStep[]> {
  const system = await createSystem(input);
  const where = `${input.storage}, autoLoad ${input.autoLoad}: ${describeEvents(events)}`;
  try {
    let [snapshot] = initialTransition(toolLifecycleMachine, input);
    const check = async (state: LifecycleState, at: string) => {
      const seen = await system.observe();
      if (seen.held !== isHeld(state)) {
        throw new Error(`[${where}] ${at}: machine is ${state} (held ${isHeld(state)}), system reports held ${seen.held}`);
      }
      if (seen.offered !== undefined && seen.offered !== isOffered(state)) {
        throw new Error(`[${where}] ${at}: machine is ${state} (offered ${isOffered(state)}), system reports offered ${seen.offered}`);
      }
    };
    await check(snapshot.value as LifecycleState, 'start');
    const steps: ReplayStep[] = [];
    for (const [i, event] of events.entries()) {
      const before = snapshot.value as LifecycleState;
      [snapshot] = transition(toolLifecycleMachine, snapshot, event);
      const after = snapshot.value as LifecycleState;
      await system.apply(event, { before, after });
      await check(after, `after event ${i + 1} (${event.type})`);
      steps.push({ event, state: after });
    }
    return steps;
  } finally {
    await system.dispose?.();
  }
}

/** Options of {@link storeSystem}. */
export interface StoreSystemOptions {
  /** Thread id of the requests; `undefined` for anonymous ones. Default `'thread-1'`. */
  threadId?: string | undefined;
  /** The in-memory store's ttl. Default 1 000 ms. */
  ttl?: number;
}

/** The in-memory store's `maxThreads` in a store system: one, so that one other thread evicts the modelled one. */
const MAX_THREADS = 1;

/**
 * A {@link LifecycleSystemFactory} over the real store of `input.storage`,
 * fed with synthetic Mastra-format messages and an injected clock. Each event
 * is the meta-tool work of one step; its result joins the messages, and
 * `observe()` is the next step's single `loaded` read.
 */
export function storeSystem(options: StoreSystemOptions = {}): LifecycleSystemFactory {
  return (input) => {
    const threadId = 'threadId' in options ? options.threadId : 'thread-1';
    const ttl = options.ttl ?? 1_000;
    let now = 0;
    const clock = () => now;
    const make = (): LoadedToolStore =>
      input.storage === 'in-memory' ? createInMemoryStore({ ttl, clock, maxThreads: MAX_THREADS }) : createContextStore({ autoLoad: input.autoLoad });
    let store = make();
    let messages: unknown[] = [userMessage('start')];
    let clears = 0;
    let evictions = 0;
    const step = (): StoreStepInput => ({ threadId, messages, isKnownTool: knownTools([TOOL, 'other']) });
    const activatesTool = (message: unknown) =>
      (((message as { content?: { parts?: unknown[] } }).content?.parts ?? []) as { toolInvocation?: { toolName: string; result: unknown } }[]).some(
        (part) => part.toolInvocation !== undefined && activatedNames(part.toolInvocation.toolName, part.toolInvocation.result, input).includes(TOOL),
      );
    return {
      apply(event, { before }) {
        switch (event.type) {
          case 'SEARCH_RESULT':
            if (input.autoLoad) store.activate(step(), [TOOL]);
            messages = [...messages, searchMessage([TOOL, 'other'].slice(0, input.autoLoad ? 1 : 2), input.autoLoad)];
            break;
          case 'LOAD':
            if (input.autoLoad) break; // Under autoLoad the model has no load_tool.
            store.activate(step(), [TOOL]);
            messages = [...messages, loadSingleMessage(TOOL, isHeld(before))];
            break;
          case 'ACTIVE_DENIED':
          case 'ACTIVE_ALLOWED':
            break; // The store does not see the filter.
          case 'TTL_EXPIRED':
            now += ttl + 1;
            break;
          case 'CLEAR_STATE':
            // Alternate the two ways of clearing.
            if (clears++ % 2 === 0) store.clearState(threadId);
            else store.clearAllState();
            break;
          case 'EVICTED':
            // Another thread (a new one each time) loads a tool in a store that holds one thread.
            store.activate({ threadId: `evictor-${evictions++}`, messages: [], isKnownTool: knownTools([TOOL, 'other']) }, ['other']);
            break;
          case 'RESULT_DROPPED': {
            // Truncate the oldest messages up to the last one that activated the tool.
            let last = -1;
            messages.forEach((message, i) => {
              if (activatesTool(message)) last = i;
            });
            messages = messages.slice(last + 1);
            break;
          }
          case 'RESTART':
            store.dispose();
            store = make();
            break;
        }
      },
      observe() {
        return { held: store.loaded(step()).includes(TOOL) };
      },
      dispose() {
        store.dispose();
      },
    };
  };
}

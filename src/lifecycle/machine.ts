/**
 * The life of one tool in one thread, as an XState v5 machine. Evaluate it
 * with XState's pure `transition` / `initialTransition`; no actor is needed.
 *
 * @see r[lifecycle.machine]
 * @module
 */
import { and, assign, not, setup } from 'xstate';
import type { EventObject, MetaObject, NonReducibleUnknown, StateMachine, StateSchema } from 'xstate';
import type { LifecycleContext, LifecycleEvent, LifecycleInput, LifecycleState } from './types.js';

/**
 * Transitions shared by the three states in which the tool is not loaded
 * (`unknown`, `found`, `unloaded`); `found` differs only in its own target.
 */
const activation = {
  SEARCH_RESULT: [
    { guard: and(['autoLoad', 'activeAllowed']), target: 'loaded' },
    { guard: 'autoLoad', target: 'hidden' },
    { target: 'found' },
  ],
  LOAD: [
    { guard: and([not('autoLoad'), 'activeAllowed']), target: 'loaded' },
    { guard: not('autoLoad'), target: 'hidden' },
  ],
} as const;

/** Ways a held tool (loaded or hidden) becomes unloaded. */
const unloading = {
  TTL_EXPIRED: { guard: 'inMemory', target: 'unloaded' },
  CLEAR_STATE: { guard: 'inMemory', target: 'unloaded' },
  EVICTED: { guard: 'inMemory', target: 'unloaded' },
  RESULT_DROPPED: { guard: 'contextStorage', target: 'unloaded' },
  RESTART: { guard: 'inMemory', target: 'unloaded' },
} as const;

/** The machine as XState infers it; exported below with a documented type. */
const machine = setup({
  types: {
    context: {} as LifecycleContext,
    events: {} as LifecycleEvent,
    input: {} as LifecycleInput,
  },
  guards: {
    autoLoad: ({ context }) => context.autoLoad,
    activeAllowed: ({ context }) => context.activeAllowed,
    inMemory: ({ context }) => context.storage === 'in-memory',
    contextStorage: ({ context }) => context.storage === 'context',
  },
  actions: {
    allow: assign({ activeAllowed: true }),
    deny: assign({ activeAllowed: false }),
  },
}).createMachine({
  id: 'toolLifecycle',
  initial: 'unknown',
  context: ({ input }) => ({ storage: input.storage, autoLoad: input.autoLoad, activeAllowed: true }),
  on: {
    // The `active` verdict is remembered in every state.
    ACTIVE_DENIED: { actions: 'deny' },
    ACTIVE_ALLOWED: { actions: 'allow' },
  },
  states: {
    unknown: { on: { ...activation } },
    found: { on: { ...activation } },
    unloaded: { on: { ...activation } },
    loaded: {
      on: {
        ACTIVE_DENIED: { target: 'hidden', actions: 'deny' },
        ...unloading,
      },
    },
    hidden: {
      on: {
        ACTIVE_ALLOWED: { target: 'loaded', actions: 'allow' },
        ...unloading,
      },
    },
  },
});

/** An action of the machine: records the `active` verdict. */
export interface LifecycleActionObject {
  /** `'allow'` or `'deny'`. */
  type: 'allow' | 'deny';
  /** Unused. */
  params: NonReducibleUnknown;
}

/** A guard of the machine. */
export interface LifecycleGuardObject {
  /** `'autoLoad'`, `'activeAllowed'`, `'inMemory'` (storage) or `'contextStorage'` (storage). */
  type: 'autoLoad' | 'activeAllowed' | 'inMemory' | 'contextStorage';
  /** Unused. */
  params: unknown;
}

/**
 * The type of {@link toolLifecycleMachine}, spelled out so that the
 * documentation shows a type rather than the machine's whole configuration.
 * It is XState's inferred type with the state schema widened; the
 * assignment of {@link toolLifecycleMachine} stops compiling if they drift.
 */
export type ToolLifecycleMachine = StateMachine<
  LifecycleContext,
  LifecycleEvent,
  {},
  never,
  LifecycleActionObject,
  LifecycleGuardObject,
  never,
  LifecycleState,
  string,
  LifecycleInput,
  unknown,
  EventObject,
  MetaObject,
  StateSchema,
  MetaObject
>;

/**
 * The tool lifecycle machine: states `unknown`, `found`, `loaded`, `hidden`,
 * `unloaded`; input `{ storage, autoLoad }`; evaluate it with XState's pure
 * `initialTransition` / `transition`.
 *
 * @see r[lifecycle.machine]
 * @see r[lifecycle.states]
 * @see r[lifecycle.initial]
 * @see r[lifecycle.table]
 * @see r[lifecycle.unlisted]
 * @see r[lifecycle.filter.remembered]
 */
export const toolLifecycleMachine: ToolLifecycleMachine = machine;

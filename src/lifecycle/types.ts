/**
 * Names of the lifecycle's states, events and conditions, as `spec/lifecycle.md`
 * spells them.
 *
 * @module
 */
import type { StorageMode } from '../stores/types.js';

/**
 * The states of one tool in one thread.
 *
 * @see r[lifecycle.states]
 */
export const LIFECYCLE_STATES = ['unknown', 'found', 'loaded', 'hidden', 'unloaded'] as const;

/** One state of the lifecycle. */
export type LifecycleState = (typeof LIFECYCLE_STATES)[number];

/**
 * The events that move a tool through its lifecycle.
 *
 * @see r[lifecycle.events]
 */
export const LIFECYCLE_EVENTS = [
  'SEARCH_RESULT',
  'LOAD',
  'ACTIVE_DENIED',
  'ACTIVE_ALLOWED',
  'TTL_EXPIRED',
  'CLEAR_STATE',
  'EVICTED',
  'RESULT_DROPPED',
  'RESTART',
] as const;

/** The type of one lifecycle event. */
export type LifecycleEventType = (typeof LIFECYCLE_EVENTS)[number];

/** A lifecycle event object. */
export interface LifecycleEvent {
  /** The event's name. */
  type: LifecycleEventType;
}

export type { StorageMode } from '../stores/types.js';

/** The machine's input: the processor configuration it runs under. */
export interface LifecycleInput {
  /** The `storage` option. */
  storage: StorageMode;
  /** The `search.autoLoad` option. */
  autoLoad: boolean;
}

/** The machine's context: its input plus the remembered `active`-phase verdict. */
export interface LifecycleContext extends LifecycleInput {
  /** Whether the filter's `active` phase currently allows the tool. */
  activeAllowed: boolean;
}

/** The states in which the store holds the tool as loaded. */
export const HELD_STATES: ReadonlySet<LifecycleState> = new Set<LifecycleState>(['loaded', 'hidden']);

/**
 * Whether the store holds the tool as loaded in this state.
 *
 * @see r[lifecycle.observe.held]
 */
export function isHeld(state: LifecycleState): boolean {
  return HELD_STATES.has(state);
}

/**
 * Whether the processor offers the tool to the model in this state
 * (`loaded` only; `hidden` tools are held but withheld).
 */
export function isOffered(state: LifecycleState): boolean {
  return state === 'loaded';
}

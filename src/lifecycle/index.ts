/**
 * The tool lifecycle (`spec/lifecycle.md`) and the loaded-tool stores that
 * hold it (`spec/stores.md`).
 *
 * @module
 */
export { toolLifecycleMachine } from './machine.js';
export type { LifecycleActionObject, LifecycleGuardObject, ToolLifecycleMachine } from './machine.js';
export { lifecycleTransitionTable, nextStateFromTable, conditionHolds } from './table.js';
export type { LifecycleCondition, LifecycleTransitionRow } from './table.js';
export { LIFECYCLE_EVENTS, LIFECYCLE_STATES, HELD_STATES, isHeld, isOffered } from './types.js';
export type {
  LifecycleContext,
  LifecycleEvent,
  LifecycleEventType,
  LifecycleInput,
  LifecycleState,
  StorageMode,
} from './types.js';
export * from '../stores/index.js';

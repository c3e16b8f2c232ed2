/**
 * The transition table of `spec/lifecycle.md`, as data. A test parses the
 * table from the spec and checks it equals this, and that
 * {@link toolLifecycleMachine} agrees with both.
 *
 * @see r[lifecycle.table]
 * @module
 */
import type { LifecycleContext, LifecycleEventType, LifecycleState, StorageMode } from './types.js';

/**
 * A condition of a table row. `autoLoad` / `not autoLoad` test the option,
 * `in-memory` / `context` the storage mode, `allowed` / `denied` the remembered
 * `active`-phase verdict.
 */
export type LifecycleCondition = 'autoLoad' | 'not autoLoad' | StorageMode | 'allowed' | 'denied';

/** One row: in `state`, on `event`, when every condition holds, go to `next`. */
export interface LifecycleTransitionRow {
  /** Source state. */
  state: LifecycleState;
  /** Event type. */
  event: LifecycleEventType;
  /** Conditions that must all hold; empty means always. */
  when: readonly LifecycleCondition[];
  /** Target state. */
  next: LifecycleState;
}

const notLoaded = ['unknown', 'found', 'unloaded'] as const;
const held = ['loaded', 'hidden'] as const;

/**
 * Every state-changing transition. A (state, event, context) that no row
 * matches leaves the state unchanged.
 *
 * @see r[lifecycle.table]
 * @see r[lifecycle.unlisted]
 */
export const lifecycleTransitionTable: readonly LifecycleTransitionRow[] = [
  ...notLoaded.flatMap((state): LifecycleTransitionRow[] => [
    { state, event: 'SEARCH_RESULT', when: ['autoLoad', 'allowed'], next: 'loaded' },
    { state, event: 'SEARCH_RESULT', when: ['autoLoad', 'denied'], next: 'hidden' },
    // Unlike @mastra/core 1.71.0 (r[lifecycle.table]): Mastra's context store counts a plain search_tools result as a
    // load, so a found tool is loaded without autoLoad.
    ...(state === 'found' ? [] : [{ state, event: 'SEARCH_RESULT', when: ['not autoLoad'], next: 'found' } as const]),
    { state, event: 'LOAD', when: ['not autoLoad', 'allowed'], next: 'loaded' },
    { state, event: 'LOAD', when: ['not autoLoad', 'denied'], next: 'hidden' },
  ]),
  { state: 'loaded', event: 'ACTIVE_DENIED', when: [], next: 'hidden' },
  { state: 'hidden', event: 'ACTIVE_ALLOWED', when: [], next: 'loaded' },
  ...held.flatMap((state): LifecycleTransitionRow[] => [
    { state, event: 'TTL_EXPIRED', when: ['in-memory'], next: 'unloaded' },
    { state, event: 'CLEAR_STATE', when: ['in-memory'], next: 'unloaded' },
    { state, event: 'EVICTED', when: ['in-memory'], next: 'unloaded' },
    { state, event: 'RESULT_DROPPED', when: ['context'], next: 'unloaded' },
    { state, event: 'RESTART', when: ['in-memory'], next: 'unloaded' },
  ]),
];

/** Whether a condition holds in a context. */
export function conditionHolds(condition: LifecycleCondition, context: LifecycleContext): boolean {
  switch (condition) {
    case 'autoLoad':
      return context.autoLoad;
    case 'not autoLoad':
      return !context.autoLoad;
    case 'in-memory':
      return context.storage === 'in-memory';
    case 'context':
      return context.storage === 'context';
    case 'allowed':
      return context.activeAllowed;
    case 'denied':
      return !context.activeAllowed;
  }
}

/**
 * The state the table gives for (state, event) in a context: the target of
 * the matching row, or `state` itself when no row matches.
 *
 * @see r[lifecycle.unlisted]
 */
export function nextStateFromTable(
  table: readonly LifecycleTransitionRow[],
  state: LifecycleState,
  event: LifecycleEventType,
  context: LifecycleContext,
): LifecycleState {
  const rows = table.filter(
    (row) => row.state === state && row.event === event && row.when.every((c) => conditionHolds(c, context)),
  );
  if (rows.length > 1) {
    throw new Error(`lifecycle table is ambiguous: ${rows.length} rows match ${state} × ${event} in ${JSON.stringify(context)}`);
  }
  return rows[0]?.next ?? state;
}

import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import {
  LIFECYCLE_EVENTS,
  LIFECYCLE_STATES,
  lifecycleTransitionTable,
  nextStateFromTable,
  toolLifecycleMachine,
  type LifecycleContext,
  type LifecycleEventType,
  type LifecycleState,
} from '../../src/lifecycle/index.js';
import { specTransitionTable } from './spec-table.js';

const contexts: LifecycleContext[] = [];
for (const storage of ['in-memory', 'context'] as const)
  for (const autoLoad of [false, true])
    for (const activeAllowed of [true, false]) contexts.push({ storage, autoLoad, activeAllowed });

/** The machine's answer for (state, context) × event, evaluated with the pure transition function. */
function machineStep(state: LifecycleState, context: LifecycleContext, event: LifecycleEventType) {
  const snapshot = toolLifecycleMachine.resolveState({ value: state, context });
  const [next] = transition(toolLifecycleMachine, snapshot, { type: event });
  return { state: next.value as LifecycleState, context: next.context };
}

const describeContext = (c: LifecycleContext) => `${c.storage}, ${c.autoLoad ? 'autoLoad' : 'no autoLoad'}, ${c.activeAllowed ? 'allowed' : 'denied'}`;

describe('the transition table', () => {
  const spec = specTransitionTable();

  it('[lifecycle.table] the table in spec/lifecycle.md is the exported lifecycleTransitionTable', () => {
    expect(spec.length).toBeGreaterThan(0);
    const key = (r: { state: string; event: string; when: readonly string[]; next: string }) =>
      `${r.state} ${r.event} [${[...r.when].sort().join(',')}] ${r.next}`;
    expect(spec.map(key).sort()).toEqual(lifecycleTransitionTable.map(key).sort());
  });

  it('[lifecycle.table] [lifecycle.unlisted] the machine moves as the spec table says in every state, for every event, in every context', () => {
    const disagreements: string[] = [];
    let checked = 0;
    for (const state of LIFECYCLE_STATES)
      for (const event of LIFECYCLE_EVENTS)
        for (const context of contexts) {
          const expected = nextStateFromTable(spec, state, event, context);
          const actual = machineStep(state, context, event).state;
          checked++;
          if (actual !== expected) disagreements.push(`${state} × ${event} (${describeContext(context)}): spec ${expected}, machine ${actual}`);
        }
    expect(disagreements).toEqual([]);
    expect(checked).toBe(5 * 9 * 8); // states × events × contexts
  });

  it('[lifecycle.unlisted] no two spec rows apply to the same state, event and context', () => {
    for (const state of LIFECYCLE_STATES)
      for (const event of LIFECYCLE_EVENTS)
        for (const context of contexts) expect(() => nextStateFromTable(spec, state, event, context)).not.toThrow();
  });

  it('[lifecycle.filter.remembered] ACTIVE_DENIED and ACTIVE_ALLOWED record the verdict in every state; no other event changes the context', () => {
    for (const state of LIFECYCLE_STATES)
      for (const context of contexts)
        for (const event of LIFECYCLE_EVENTS) {
          const next = machineStep(state, context, event).context;
          const activeAllowed = event === 'ACTIVE_DENIED' ? false : event === 'ACTIVE_ALLOWED' ? true : context.activeAllowed;
          expect(next).toEqual({ ...context, activeAllowed });
        }
    // A tool loaded while denied is hidden, and comes back when allowed.
    const denied = machineStep('found', { storage: 'in-memory', autoLoad: false, activeAllowed: true }, 'ACTIVE_DENIED');
    const loaded = machineStep(denied.state, denied.context, 'LOAD');
    expect(loaded.state).toBe('hidden');
    expect(machineStep(loaded.state, loaded.context, 'ACTIVE_ALLOWED').state).toBe('loaded');
  });

  it('[lifecycle.machine] [lifecycle.initial] the machine starts in unknown with its input as context, through the pure initialTransition', () => {
    for (const storage of ['in-memory', 'context'] as const)
      for (const autoLoad of [false, true]) {
        const [snapshot, actions] = initialTransition(toolLifecycleMachine, { storage, autoLoad });
        expect(snapshot.value).toBe('unknown');
        expect(snapshot.context).toEqual({ storage, autoLoad, activeAllowed: true });
        expect(actions).toEqual([]);
      }
  });

  it('[lifecycle.states] the machine has exactly the five states of the spec', () => {
    expect(Object.keys(toolLifecycleMachine.root.states).sort()).toEqual([...LIFECYCLE_STATES].sort());
    expect([...LIFECYCLE_STATES].sort()).toEqual(['found', 'hidden', 'loaded', 'unknown', 'unloaded']);
  });

  it('[lifecycle.events] the machine handles exactly the events of the spec', () => {
    const handled = new Set(toolLifecycleMachine.events);
    expect([...handled].sort()).toEqual([...LIFECYCLE_EVENTS].sort());
  });

  it('[lifecycle.storage.memory] in-memory: only TTL, clearing, eviction and restart unload; message loss does not', () => {
    for (const autoLoad of [false, true])
      for (const activeAllowed of [true, false])
        for (const state of ['loaded', 'hidden'] as const) {
          const context: LifecycleContext = { storage: 'in-memory', autoLoad, activeAllowed };
          for (const event of ['TTL_EXPIRED', 'CLEAR_STATE', 'EVICTED', 'RESTART'] as const) expect(machineStep(state, context, event).state).toBe('unloaded');
          expect(machineStep(state, context, 'RESULT_DROPPED').state).toBe(state);
        }
  });

  it('[lifecycle.storage.context] context: only losing the results unloads; restart, TTL, clearing and eviction do not', () => {
    for (const autoLoad of [false, true])
      for (const activeAllowed of [true, false])
        for (const state of ['loaded', 'hidden'] as const) {
          const context: LifecycleContext = { storage: 'context', autoLoad, activeAllowed };
          expect(machineStep(state, context, 'RESULT_DROPPED').state).toBe('unloaded');
          for (const event of ['TTL_EXPIRED', 'CLEAR_STATE', 'EVICTED', 'RESTART'] as const) expect(machineStep(state, context, event).state).toBe(state);
        }
  });

  it('[lifecycle.autoload] a search activates only under autoLoad; LOAD does nothing under autoLoad', () => {
    for (const storage of ['in-memory', 'context'] as const)
      for (const state of ['unknown', 'found', 'unloaded'] as const) {
        const on = { storage, autoLoad: true, activeAllowed: true };
        const off = { storage, autoLoad: false, activeAllowed: true };
        expect(machineStep(state, on, 'SEARCH_RESULT').state).toBe('loaded');
        expect(machineStep(state, off, 'SEARCH_RESULT').state).toBe('found');
        expect(machineStep(state, on, 'LOAD').state).toBe(state);
        expect(machineStep(state, off, 'LOAD').state).toBe('loaded');
      }
  });
});

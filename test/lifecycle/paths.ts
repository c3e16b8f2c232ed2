/**
 * Graph-derived lifecycle paths, reusable by any replay (stores here, the
 * processor later):
 *
 * ```ts
 * LIFECYCLE_COMBOS: LifecycleInput[]                    // the 4 storage × autoLoad combinations
 * edgeCoveringPaths(input): { paths: GraphPath[]; vertices: number; reached: Set<LifecycleState> }
 * simplePathsTo(input, state): LifecycleEvent[][]     // every simple path from unknown to `state`
 * ```
 */
import { getAdjacencyMap, getShortestPaths, getSimplePaths } from 'xstate/graph';
import {
  LIFECYCLE_EVENTS,
  toolLifecycleMachine,
  type LifecycleEvent,
  type LifecycleInput,
  type LifecycleState,
} from '../../src/lifecycle/index.js';

/** Every event, as the traversal's event list. */
export const LIFECYCLE_EVENT_OBJECTS: LifecycleEvent[] = LIFECYCLE_EVENTS.map((type) => ({ type }));
const events = LIFECYCLE_EVENT_OBJECTS;

/** The four combinations of storage mode and autoLoad. */
export const LIFECYCLE_COMBOS: LifecycleInput[] = [
  { storage: 'in-memory', autoLoad: false },
  { storage: 'in-memory', autoLoad: true },
  { storage: 'context', autoLoad: false },
  { storage: 'context', autoLoad: true },
];

/** One path and the (state, event, next state) of its last step. */
export interface GraphPath {
  /** The events from the initial state. */
  events: LifecycleEvent[];
  /** The last step, for transition coverage. */
  edge: { from: LifecycleState; event: LifecycleEvent['type']; to: LifecycleState; activeAllowed: boolean };
}

/**
 * Paths that take every (vertex, event) pair of the machine's graph: the
 * shortest path to each vertex, extended by each event. A vertex is a state
 * with its context (the remembered `active` verdict).
 */
export function edgeCoveringPaths(input: LifecycleInput): { paths: GraphPath[]; vertices: number; reached: Set<LifecycleState> } {
  const adjacency = getAdjacencyMap(toolLifecycleMachine, { input, events });
  const shortest = getShortestPaths(toolLifecycleMachine, { input, events });
  const toVertex = new Map<string, LifecycleEvent[]>();
  for (const path of shortest) {
    toVertex.set(JSON.stringify({ value: path.state.value, context: path.state.context }), path.steps.slice(1).map((s) => s.event));
  }
  const paths: GraphPath[] = [];
  const reached = new Set<LifecycleState>();
  for (const vertex of Object.values(adjacency)) {
    const key = JSON.stringify({ value: vertex.state.value, context: vertex.state.context });
    const prefix = toVertex.get(key);
    if (!prefix) throw new Error(`no shortest path to ${key}`);
    reached.add(vertex.state.value as LifecycleState);
    for (const { event, state } of Object.values(vertex.transitions) as { event: LifecycleEvent; state: typeof vertex.state }[]) {
      paths.push({
        events: [...prefix, event],
        edge: {
          from: vertex.state.value as LifecycleState,
          event: event.type,
          to: state.value as LifecycleState,
          activeAllowed: vertex.state.context.activeAllowed,
        },
      });
    }
  }
  return { paths, vertices: Object.keys(adjacency).length, reached };
}

/** The events of every simple path from the initial state to `target`. */
export function simplePathsTo(input: LifecycleInput, target: LifecycleState): LifecycleEvent[][] {
  return getSimplePaths(toolLifecycleMachine, { input, events, toState: (s) => s.value === target }).map((p) =>
    p.steps.slice(1).map((s) => s.event),
  );
}

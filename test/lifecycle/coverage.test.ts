import { describe, expect, it } from 'vitest';
import { conditionHolds, LIFECYCLE_STATES, lifecycleTransitionTable, type LifecycleInput } from '../../src/lifecycle/index.js';
import { edgeCoveringPaths, LIFECYCLE_COMBOS, LIFECYCLE_EVENT_OBJECTS, simplePathsTo } from './paths.js';
import { replayLifecycle, storeSystem } from './replay.js';

const events = LIFECYCLE_EVENT_OBJECTS;
const combos = LIFECYCLE_COMBOS;

describe('graph-derived lifecycle paths against the real stores', () => {
  for (const input of combos) {
    const label = `${input.storage}, autoLoad ${input.autoLoad}`;

    it(`[lifecycle.coverage] [lifecycle.observe.held] every state and every (state, event) pair, replayed against the store (${label})`, async () => {
      const { paths, vertices, reached } = edgeCoveringPaths(input);
      // 1. Every state is reached (found cannot be under autoLoad, r[lifecycle.autoload]).
      const expectedStates = LIFECYCLE_STATES.filter((s) => !(input.autoLoad && s === 'found'));
      expect([...reached].sort()).toEqual([...expectedStates].sort());
      // 2. Every (vertex, event) pair is the last step of one path.
      expect(paths.length).toBe(vertices * events.length);
      // 3. Every state-changing row of the table that can apply in this mode is taken.
      const taken = new Set(paths.filter((p) => p.edge.from !== p.edge.to).map((p) => `${p.edge.from} ${p.edge.event} ${p.edge.to}`));
      const applicable = lifecycleTransitionTable.filter(
        (row) =>
          reached.has(row.state) &&
          [true, false].some((activeAllowed) => row.when.every((c) => conditionHolds(c, { ...input, activeAllowed }))),
      );
      expect(applicable.length).toBeGreaterThan(0);
      for (const row of applicable) expect(taken).toContain(`${row.state} ${row.event} ${row.next}`);
      // 4. Replay each path against the real store, checking agreement after every event.
      for (const path of paths) {
        const steps = await replayLifecycle(input, path.events, storeSystem());
        expect(steps.at(-1)?.state).toBe(path.edge.to);
      }
    });

    it(`[lifecycle.coverage] [store.memory.default-thread] [store.context.bridge.anonymous] the same paths hold for an anonymous thread (${label})`, async () => {
      const { paths } = edgeCoveringPaths(input);
      for (const path of paths) await replayLifecycle(input, path.events, storeSystem({ threadId: undefined }));
    });

    it(`[lifecycle.coverage] every simple path to unloaded replays against the store (${label})`, async () => {
      // Simple paths vary the routes the shortest paths take (4 to 36 per mode, all replayed).
      const simple = simplePathsTo(input, 'unloaded');
      expect(simple.length).toBeGreaterThan(0);
      for (const path of simple) {
        const steps = await replayLifecycle(input, path, storeSystem());
        expect(steps.at(-1)?.state).toBe('unloaded');
      }
    });
  }

  it('[lifecycle.observe.held] the replay driver reports a disagreement with the path and both answers', async () => {
    const input: LifecycleInput = { storage: 'in-memory', autoLoad: false };
    const liar = () => ({ apply() {}, observe: () => ({ held: false }) });
    await expect(replayLifecycle(input, [{ type: 'LOAD' }], liar)).rejects.toThrow(
      /in-memory, autoLoad false: LOAD\] after event 1 \(LOAD\): machine is loaded \(held true\), system reports held false/,
    );
  });
});

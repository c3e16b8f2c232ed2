import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { activatedNames, LIFECYCLE_EVENTS, toolLifecycleMachine, type LifecycleEvent, type LifecycleInput } from '../../src/lifecycle/index.js';
import { ToolSearchProcessor } from '../../src/index.js';
import { replayLifecycle, TOOL, type LifecycleSystemFactory } from '../lifecycle/replay.js';
import { Conversation, makeTool, requestContext } from './support/harness.js';

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const INPUTS: LifecycleInput[] = [
  { storage: 'in-memory', autoLoad: false },
  { storage: 'in-memory', autoLoad: true },
  { storage: 'context', autoLoad: false },
  { storage: 'context', autoLoad: true },
];

/**
 * The processor as a lifecycle system: one tool named `tool` (and a bystander) in one thread.
 * `held` is observed as "the filter was asked about `tool` in phase active" (it is asked exactly
 * for loaded tools); `offered` as "`tool` is among the step's tools".
 */
const processorSystem: LifecycleSystemFactory = (input) => {
  const ttl = 1_000;
  let now = 0;
  let activeAllowed = true;
  let askedActive = false;
  let clears = 0;
  let evictions = 0;
  const tools = { [TOOL]: makeTool(undefined, 'widget tool'), other: makeTool(undefined, 'unrelated gadget') };
  const make = () =>
    new ToolSearchProcessor({
      tools,
      storage: input.storage,
      ttl,
      maxThreads: 1,
      clock: () => now,
      search: { autoLoad: input.autoLoad, topK: 1 },
      filter: ({ toolName, phase }) => {
        if (phase !== 'active' || toolName !== TOOL) return true;
        askedActive = true;
        return activeAllowed;
      },
    });
  let conversation = new Conversation(make(), requestContext('thread-1'));
  const activates = (m: Any) =>
    (m.content?.parts ?? []).some((p: Any) => p.toolInvocation && activatedNames(p.toolInvocation.toolName, p.toolInvocation.result, input).includes(TOOL));
  return {
    async apply(event: LifecycleEvent) {
      switch (event.type) {
        case 'SEARCH_RESULT':
          await conversation.call('search_tools', { query: 'widget' });
          break;
        case 'LOAD':
          if (!input.autoLoad) await conversation.call('load_tool', { toolName: TOOL });
          break;
        case 'ACTIVE_DENIED':
          activeAllowed = false;
          break;
        case 'ACTIVE_ALLOWED':
          activeAllowed = true;
          break;
        case 'TTL_EXPIRED':
          now += ttl + 1;
          break;
        case 'CLEAR_STATE':
          if (clears++ % 2 === 0) conversation.processor.clearState('thread-1');
          else conversation.processor.clearAllState();
          break;
        case 'EVICTED': {
          // Another thread (a new one each time) loads a tool; the processor holds one thread.
          const evictor = new Conversation(conversation.processor, requestContext(`evictor-${evictions++}`));
          await evictor.step();
          if (input.autoLoad) await evictor.call('search_tools', { query: 'gadget' });
          else await evictor.call('load_tool', { toolName: 'other' });
          break;
        }
        case 'RESULT_DROPPED': {
          let last = -1;
          conversation.messages.forEach((m, i) => {
            if (activates(m)) last = i;
          });
          conversation.messages.splice(1, Math.max(0, last));
          break;
        }
        case 'RESTART': {
          const messages = conversation.messages.slice(1);
          conversation.processor.dispose();
          conversation = new Conversation(make(), requestContext('thread-1'));
          conversation.messages.push(...messages);
          break;
        }
      }
    },
    async observe() {
      askedActive = false;
      const step = await conversation.step();
      return { held: askedActive, offered: step.keys.includes(TOOL) };
    },
    dispose() {
      conversation.processor.dispose();
    },
  };
};

describe('agreement with the lifecycle machine', () => {
  it('[processor.filter.active] [processor.store.select] [processor.state.methods] generated event sequences: held and offered agree after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...INPUTS), fc.array(fc.constantFrom(...LIFECYCLE_EVENTS), { maxLength: 12 }), async (input, types) => {
        await replayLifecycle(input, types.map((type) => ({ type })), processorSystem);
      }),
    );
  });

  it('[processor.search.autoload] [processor.load.results] every edge of the machine graph replays on the processor', async () => {
    const events = LIFECYCLE_EVENTS.map((type) => ({ type }));
    for (const input of INPUTS) {
      // The shortest path to each vertex (state + remembered active verdict), extended by each event.
      const toVertex = new Map<string, LifecycleEvent[]>();
      for (const path of getShortestPaths(toolLifecycleMachine, { input, events })) {
        toVertex.set(JSON.stringify([path.state.value, path.state.context]), path.steps.slice(1).map((s) => s.event as LifecycleEvent));
      }
      let edges = 0;
      for (const vertex of Object.values(getAdjacencyMap(toolLifecycleMachine, { input, events }))) {
        const prefix = toVertex.get(JSON.stringify([vertex.state.value, vertex.state.context]))!;
        for (const { event } of Object.values(vertex.transitions) as Array<{ event: LifecycleEvent }>) {
          await replayLifecycle(input, [...prefix, event], processorSystem);
          edges++;
        }
      }
      expect(edges).toBeGreaterThan(10);
    }
  });
});

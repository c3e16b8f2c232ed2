/**
 * The event stream (spec/processor.md, "Events"): its schema, its context fields, each event
 * type, delivery that never touches a step, confidentiality, queries and tracing spans. Time is
 * simulated where a duration is checked; no test reads the wall clock.
 */
import { describe, expect, it } from 'vitest';
import { TOOL_SEARCH_EVENT_VERSION, ToolSearchProcessor, toolSearchEventSchema, type ToolSearchEvent, type ToolSearchFilterArgs } from '../../src/index.js';
import { SimulatedTime } from '../../src/conformance/adapter/sim-time.js';
import { Conversation, delivered, makeTool, requestContext } from './support/harness.js';

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Lets queued event deliveries run (r[processor.events.delivery]). */

const catalog = () => ({
  weather: makeTool('get_weather', 'Get the current weather forecast for a city'),
  email: makeTool('send_email', 'Send an email message to a recipient'),
  issue: makeTool('create_issue', 'Create a new issue in a GitHub repository'),
  forecast: makeTool('marine_forecast', 'Marine weather forecast for sailors'),
});

/** A span that records the event spans made on it. */
function recordingSpan() {
  const made: Array<{ type: string; name: string; metadata: Record<string, unknown> }> = [];
  return { made, span: { createEventSpan: (options: Any) => void made.push(options) } };
}

describe('schema and context', () => {
  it('[processor.events.schema] [processor.events.listener] every event validates against the exported schema, at version 1; extra fields do not', async () => {
    const seen: ToolSearchEvent[] = [];
    const p = new ToolSearchProcessor({ tools: catalog(), onEvent: (e) => void seen.push(e), filter: ({ toolName }) => toolName !== 'marine_forecast' });
    const c = new Conversation(p, requestContext('t'));
    await c.step();
    await c.call('search_tools', { query: 'weather forecast' });
    await c.call('load_tool', { toolNames: ['get_weather', 'nope'] });
    await delivered();
    expect(seen.map((e) => e.type)).toEqual(['deny', 'search', 'load']);
    for (const event of seen) {
      expect(toolSearchEventSchema.parse(event)).toEqual(event);
      expect(event.version).toBe(TOOL_SEARCH_EVENT_VERSION);
      expect(Object.isFrozen(event)).toBe(true);
      expect(toolSearchEventSchema.safeParse({ ...event, requestContext: {} }).success).toBe(false);
    }
    expect(TOOL_SEARCH_EVENT_VERSION).toBe(1);
  });

  it("[processor.events.context] thread, request and step number; meta-tool events carry their step's; null when absent", async () => {
    const time = new SimulatedTime(1_000);
    const seen: ToolSearchEvent[] = [];
    const p = new ToolSearchProcessor({ tools: catalog(), clock: time.now, onEvent: (e) => void seen.push(e) });
    // 1. A runId is the request id.
    const c = new Conversation(p, requestContext('thread-1'));
    c.stepArgs = { runId: 'run-42' };
    await c.step();
    await c.call('search_tools', { query: 'weather' });
    // 2. Without one, the id is made once and kept in the request's state, which every step of the request shares.
    const state: Record<string, unknown> = {};
    const anonymous = new Conversation(p, undefined);
    anonymous.stepArgs = { state };
    await anonymous.step();
    await anonymous.call('load_tool', { toolName: 'send_email' });
    await anonymous.step();
    await anonymous.call('load_tool', { toolName: 'send_email' });
    // 3. Without a state either: null.
    const bare = new Conversation(p, requestContext('thread-2'));
    bare.stepArgs = { state: undefined, stepNumber: -1 };
    await bare.step();
    await bare.call('search_tools', { query: 'email' });
    await delivered();
    const made = state.toolSearchRequestId;
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.map((e) => [e.type, e.threadId, e.requestId, e.stepNumber, e.at])).toEqual([
      ['search', 'thread-1', 'run-42', 0, 1_000],
      ['load', null, made, 0, 1_000],
      ['load', null, made, 1, 1_000],
      ['search', 'thread-2', null, null, 1_000],
    ]);
  });
});

describe('each event type', () => {
  it('[processor.events.search] a search reports its results, counts and duration by the clock; a bad input reports nothing', async () => {
    // (The clock does not start at 0, so that a duration is the difference of two readings.)
    const time = new SimulatedTime(5_000);
    const seen: ToolSearchEvent[] = [];
    const filter = ({ toolName }: ToolSearchFilterArgs) => time.delay(30).then(() => toolName !== 'marine_forecast');
    const p = new ToolSearchProcessor({ tools: catalog(), filter, clock: time.now, timers: time.timers, onEvent: (e) => void seen.push(e) });
    const c = new Conversation(p, requestContext('t'));
    await time.settle(c.step(), 'step');
    const result = (await time.settle(c.call('search_tools', { query: 'weather forecast' }), 'search')) as Any;
    await time.settle(c.call('search_tools', { query: 42 }), 'bad search');
    await delivered();
    const search = seen.find((e) => e.type === 'search')!;
    expect(search).toMatchObject({
      source: 'search_tools',
      toolCallId: 'c1',
      queryLength: 16,
      candidateCount: 4,
      matchCount: 2,
      results: result.results.map((r: Any) => ({ name: r.name, score: r.score })),
      durationMs: 30,
    });
    expect(search).not.toHaveProperty('query');
    expect(seen.filter((e) => e.type === 'search')).toHaveLength(1);
  });

  it('[processor.events.load] each name asked for, with its outcome: loaded, already-loaded, denied, unknown', async () => {
    const seen: ToolSearchEvent[] = [];
    const p = new ToolSearchProcessor({
      tools: catalog(),
      filter: ({ toolName, phase }) => !(toolName === 'create_issue' && phase === 'load'),
      onEvent: (e) => void seen.push(e),
    });
    const c = new Conversation(p, requestContext('t'));
    await c.step();
    await c.call('load_tool', { toolName: 'weather' });
    await c.step();
    await c.call('load_tool', { toolNames: ['send_email', 'get_weather', 'create_issue', 'nope', 'email'] });
    await delivered();
    const loads = seen.filter((e) => e.type === 'load');
    expect(loads.map((e) => [e.source, e.toolCallId, e.tools])).toEqual([
      ['load_tool', 'c1', [{ name: 'weather', outcome: 'loaded' }]],
      [
        'load_tool',
        'c2',
        [
          { name: 'send_email', outcome: 'loaded' },
          { name: 'weather', outcome: 'already-loaded' },
          { name: 'create_issue', outcome: 'denied' },
          { name: 'nope', outcome: 'unknown' },
          { name: 'send_email', outcome: 'already-loaded' },
        ],
      ],
    ]);
    expect(seen.filter((e) => e.type === 'deny').map((e) => [e.toolName, e.phase, e.reason])).toEqual([['create_issue', 'load', 'not-true']]);
  });

  it('[processor.events.load] under autoLoad a search that returns results reports its activations', async () => {
    const seen: ToolSearchEvent[] = [];
    const p = new ToolSearchProcessor({ tools: catalog(), search: { autoLoad: true, topK: 2 }, onEvent: (e) => void seen.push(e) });
    const c = new Conversation(p, requestContext('t'));
    await c.step();
    await c.call('search_tools', { query: 'weather forecast' });
    await c.step();
    await c.call('search_tools', { query: 'weather forecast' });
    await c.call('search_tools', { query: 'zzz' });
    await delivered();
    expect(seen.filter((e) => e.type === 'load').map((e) => [e.source, e.tools.map((t) => `${t.outcome}:${t.name}`)])).toEqual([
      ['search_tools', ['loaded:marine_forecast', 'loaded:get_weather']],
      ['search_tools', ['already-loaded:marine_forecast', 'already-loaded:get_weather']],
    ]);
  });

  it('[processor.events.deny] [processor.filter.once-per-step] a verdict is reported once per step, by the operation that asked first', async () => {
    const seen: ToolSearchEvent[] = [];
    const p = new ToolSearchProcessor({
      tools: catalog(),
      injectCatalog: true,
      filter: ({ toolName }) => toolName !== 'get_weather',
      onEvent: (e) => void seen.push(e),
    });
    const c = new Conversation(p, requestContext('t'));
    await c.step();
    await c.call('search_tools', { query: 'weather' });
    await c.call('search_tools', { query: 'weather forecast' });
    await c.step();
    await delivered();
    expect(seen.filter((e) => e.type === 'deny').map((e) => [e.toolName, e.phase, e.operation, e.stepNumber])).toEqual([
      ['get_weather', 'search', 'step', 0],
      ['get_weather', 'search', 'step', 1],
    ]);
  });
});

describe('delivery', () => {
  it('[processor.events.delivery] the listener runs after the synchronous work that emitted an event, in emission order', async () => {
    const order: string[] = [];
    const p = new ToolSearchProcessor({
      tools: catalog(),
      includeResolvedTools: true,
      onEvent: (e) => void order.push(`event:${e.type === 'tool-skipped' ? e.toolKey : e.type}`),
    });
    const pending = p.processInputStep({ messages: [], tools: { a: null, b: 42 }, requestContext: requestContext('t'), stepNumber: 0 } as never);
    // Both skips were emitted inside the call; neither has been delivered yet.
    order.push('returned');
    await pending;
    await delivered();
    expect(order).toEqual(['returned', 'event:a', 'event:b']);
  });

  it('[processor.events.delivery] a listener that throws, rejects, never settles or is slow changes nothing', async () => {
    const run = async (listener: ((e: ToolSearchEvent) => unknown) | undefined) => {
      const p = new ToolSearchProcessor({ tools: catalog(), filter: ({ toolName }) => toolName !== 'send_email', search: { autoLoad: true }, onEvent: listener });
      const c = new Conversation(p, requestContext('t'));
      const out: unknown[] = [(await c.step()).keys];
      out.push(await c.call('search_tools', { query: 'weather email' }));
      out.push((await c.step()).keys);
      await delivered();
      return out;
    };
    const plain = await run(undefined);
    let calls = 0;
    const listeners = [
      () => {
        calls++;
        throw new Error('listener throws');
      },
      () => (calls++, Promise.reject(new Error('listener rejects'))),
      () => (calls++, new Promise(() => {})),
      async () => {
        calls++;
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
      () => {
        calls++;
        return { then: () => { throw new Error('a thenable whose then throws'); } };
      },
    ];
    for (const listener of listeners) expect(await run(listener)).toEqual(plain);
    expect(calls).toBeGreaterThanOrEqual(listeners.length * 3);
  });
});

describe('queries and tracing', () => {
  it('[processor.events.queries] the query is in search events only with includeQueriesInEvents, cut to 1 000 code points', async () => {
    for (const includeQueriesInEvents of [false, true]) {
      const seen: ToolSearchEvent[] = [];
      const p = new ToolSearchProcessor({ tools: catalog(), includeQueriesInEvents, onEvent: (e) => void seen.push(e) });
      const c = new Conversation(p, requestContext('t'));
      await c.step();
      await c.call('search_tools', { query: 'weather 😀' });
      await delivered();
      const search = seen.find((e) => e.type === 'search')!;
      if (includeQueriesInEvents) expect(search).toMatchObject({ query: 'weather 😀', queryLength: 9 });
      else expect(search).not.toHaveProperty('query');
    }
    const { eventQuery } = await import('../../src/processor/events.js');
    expect(Array.from(eventQuery('😀'.repeat(1_200)))).toHaveLength(1_000);
  });

  it('[processor.events.tracing] events become event spans of the step\'s span and of each call\'s span; a span that throws changes nothing', async () => {
    const step = recordingSpan();
    const call = recordingSpan();
    const p = new ToolSearchProcessor({ tools: catalog(), includeResolvedTools: true, filter: ({ toolName }) => toolName !== 'marine_forecast' });
    const c = new Conversation(p, requestContext('t'), { broken: null });
    c.stepArgs = { runId: 'r1', tracingContext: { currentSpan: step.span } };
    c.callContext = { tracingContext: { currentSpan: call.span } };
    await c.step();
    await c.call('search_tools', { query: 'weather forecast' });
    expect(step.made.map((s) => [s.type, s.name])).toEqual([['generic', 'tool_search.tool-skipped']]);
    expect(step.made[0]!.metadata).toMatchObject({ toolKey: 'broken', reason: 'not-a-tool', threadId: 't', requestId: 'r1', stepNumber: 0 });
    expect(step.made[0]!.metadata).not.toHaveProperty('version');
    expect(call.made.map((s) => s.name)).toEqual(['tool_search.deny', 'tool_search.search']);
    // A span whose createEventSpan throws, or a tracing context whose getter throws.
    const throwing = { createEventSpan: () => { throw new Error('exporter down'); } };
    const hostile = Object.defineProperty({}, 'currentSpan', { get: () => { throw new Error('getter'); } });
    for (const tracingContext of [{ currentSpan: throwing }, hostile]) {
      const d = new Conversation(p, requestContext('t2'), { broken: null });
      d.stepArgs = { tracingContext };
      d.callContext = { tracingContext };
      expect((await d.step()).keys).toEqual(['search_tools', 'load_tool']);
      expect(((await d.call('search_tools', { query: 'weather' })) as Any).results.length).toBeGreaterThan(0);
    }
  });
});

describe('unload', () => {
  it('[processor.events.unload] [store.memory.unload] the in-memory store reports expiry (found by a step or by cleanupNow) and clearing', async () => {
    const time = new SimulatedTime(0);
    const seen: ToolSearchEvent[] = [];
    const p = new ToolSearchProcessor({ tools: catalog(), ttl: 1_000, clock: time.now, onEvent: (e) => void seen.push(e) });
    const a = new Conversation(p, requestContext('a'));
    const b = new Conversation(p, requestContext('b'));
    const anon = new Conversation(p, undefined);
    for (const c of [a, b, anon]) {
      await c.step();
      await c.call('load_tool', { toolNames: ['get_weather', 'send_email'] });
    }
    time.advance(1_001);
    a.stepArgs = { runId: 'run-a' };
    await a.step();
    expect(p.cleanupNow()).toBe(2);
    await a.call('load_tool', { toolName: 'create_issue' });
    p.clearState('a');
    p.clearState('a');
    p.clearAllState();
    await delivered();
    const unloads = seen.filter((e) => e.type === 'unload').map((e) => [e.threadId, e.requestId, e.stepNumber, e.reason, e.tools]);
    expect(unloads).toEqual([
      ['a', 'run-a', 1, 'ttl', ['get_weather', 'send_email']],
      ['b', null, null, 'ttl', ['get_weather', 'send_email']],
      [null, null, null, 'ttl', ['get_weather', 'send_email']],
      ['a', null, null, 'cleared', ['create_issue']],
    ]);
  });

  it('[processor.events.unload] [store.context.unload] with the context store, a tool whose results left the messages is reported truncated; a tool hidden by active is not', async () => {
    const seen: ToolSearchEvent[] = [];
    let hide = false;
    const p = new ToolSearchProcessor({
      tools: catalog(),
      storage: 'context',
      filter: ({ toolName, phase }) => !(hide && phase === 'active' && toolName === 'send_email'),
      onEvent: (e) => void seen.push(e),
    });
    const c = new Conversation(p, requestContext('t'));
    await c.step();
    await c.call('load_tool', { toolName: 'get_weather' });
    await c.call('load_tool', { toolName: 'send_email' });
    await c.step();
    hide = true;
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'get_weather']);
    c.forget((m) => m.content.parts.some((part) => (part.toolInvocation?.result as Any)?.toolName === 'get_weather'));
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool']);
    await delivered();
    expect(seen.filter((e) => e.type === 'unload').map((e) => [e.reason, e.tools, e.stepNumber])).toEqual([['truncated', ['get_weather'], 3]]);
  });
});

describe('unload by a bound', () => {
  it('[processor.events.unload] [store.memory.unload] a thread the in-memory store evicts for maxThreads is reported evicted', async () => {
    const seen: ToolSearchEvent[] = [];
    const p = new ToolSearchProcessor({ tools: catalog(), maxThreads: 2, onEvent: (e) => void seen.push(e) });
    for (const thread of ['a', 'b', 'c']) {
      const c = new Conversation(p, requestContext(thread));
      await c.step();
      await c.call('load_tool', { toolName: 'get_weather' });
    }
    await delivered();
    expect(seen.filter((e) => e.type === 'unload').map((e) => [e.threadId, e.reason, e.tools])).toEqual([['a', 'evicted', ['get_weather']]]);
    // Found by thread c's load_tool, but it concerns thread a: no request or step of its own.
    expect(seen.filter((e) => e.type === 'unload').map((e) => [e.requestId, e.stepNumber])).toEqual([[null, null]]);
    expect(seen.filter((e) => e.type === 'load').every((e) => e.requestId !== null)).toBe(true);
  });
});

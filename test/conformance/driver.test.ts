import { MessageList } from '@mastra/core/agent';
import { RequestContext } from '@mastra/core/request-context';
import { createTool } from '@mastra/core/tools';
import { describe, expect, it } from 'vitest';
import type { Feature } from '../../src/conformance/case/schema.js';
import { CLOCK_EPOCH, processorAdapter, requestContextEntries, type ProcessorClass, type StepObservation, type StepRequest, type StepSkip } from '../../src/conformance/index.js';

interface Seen {
  options?: Record<string, unknown>;
  args: Array<Record<string, unknown>>;
  executeContexts: unknown[];
  nowInStep: number[];
}

/** A Mastra-shaped processor that records what the driver gives it. */
function spyProcessor(seen: Seen): ProcessorClass {
  return class Spy {
    constructor(options: Record<string, unknown>) {
      seen.options = options;
      if ((options.tools as Record<string, unknown>).broken) throw new Error('broken tool');
    }
    async processInputStep(args: Record<string, unknown>) {
      seen.args.push(args);
      seen.nowInStep.push(Date.now());
      const filter = seen.options!.filter as ((a: unknown) => unknown) | undefined;
      await filter?.({ toolName: 'get_weather', tool: {}, phase: 'active', requestContext: args.requestContext });
      const search = createTool({
        id: 'search_tools',
        description: 'search',
        execute: async (input: unknown, context: unknown) => {
          seen.executeContexts.push(context);
          if ((input as { query?: string }).query === 'boom') throw new Error('boom');
          return { results: [], message: 'none' };
        },
      });
      return { tools: { search_tools: search, ...(args.tools as Record<string, unknown>) } };
    }
  } as unknown as ProcessorClass;
}

const begin = (over: Partial<Extract<StepRequest, { op: 'begin' }>> = {}): StepRequest => ({
  op: 'begin',
  requestContext: requestContextEntries({}, 't1', 'memory'),
  resolvedTools: [],
  messages: [],
  stepNumber: 0,
  ...over,
});
const observed = (answer: StepObservation | StepSkip): StepObservation => {
  if ('skipped' in answer) throw new Error(`skipped: ${answer.skipped}`);
  return answer;
};
const at = '2026-01-01T00:00:01.000Z';

const setup = { id: 'x', catalog: [{ name: 'weather', id: 'get_weather', description: 'Get the weather' }], options: {}, features: [] as Feature[] };

describe('in-process driver', () => {
  it('[conformance.adapter.agent-args] processInputStep gets a MessageList, a RequestContext with the memory thread, and format-2 tool results', async () => {
    const seen: Seen = { args: [], executeContexts: [], nowInStep: [] };
    const adapter = processorAdapter({ implementation: { name: 'spy', version: '0' }, processor: spyProcessor(seen), features: [], clock: { kind: 'date-now' } });
    const session = await adapter.open({ ...setup, options: { search: { topK: 3 }, storage: 'context' } });
    expect(Object.keys(seen.options!.tools as object)).toEqual(['weather']);
    expect((seen.options!.tools as Record<string, { id: string }>).weather!.id).toBe('get_weather');
    expect(seen.options).toMatchObject({ search: { topK: 3 }, storage: 'context' });
    await session.step(
      begin({
        stepNumber: 4,
        requestContext: requestContextEntries({ plan: 'pro' }, 't1', 'memory'),
        messages: [
          { id: 'm1', role: 'user', createdAt: at, threadId: 't1', resourceId: 'conformance-resource', content: { format: 2, parts: [{ type: 'text', text: 'hi' }] } },
          {
            id: 'm2',
            role: 'assistant',
            createdAt: '2026-01-01T00:00:02.000Z',
            threadId: 't1',
            resourceId: 'conformance-resource',
            content: {
              format: 2,
              parts: [{ type: 'tool-invocation', toolInvocation: { toolCallId: 'c1', toolName: 'load_tool', args: { toolName: 'get_weather' }, result: { success: true }, state: 'result' } }],
            },
          },
        ],
      }),
    );
    const args = seen.args[0]!;
    expect(args.messageList).toBeInstanceOf(MessageList);
    expect(args.requestContext).toBeInstanceOf(RequestContext);
    const rc = args.requestContext as RequestContext;
    expect(rc.get('plan')).toBe('pro');
    expect((rc.get('MastraMemory') as { thread: { id: string } }).thread.id).toBe('t1');
    expect(rc.get('mastra__threadId')).toBeUndefined();
    expect(args.stepNumber).toBe(4);
    const messages = args.messages as Array<{ id: string; role: string; createdAt: Date; content: { format: number; parts: Array<Record<string, unknown>> } }>;
    expect(messages.map((m) => [m.id, m.role, m.content.format])).toEqual([
      ['m1', 'user', 2],
      ['m2', 'assistant', 2],
    ]);
    expect(messages[0]!.createdAt).toEqual(new Date(at));
    expect(messages[1]!.content.parts[0]).toMatchObject({
      type: 'tool-invocation',
      toolInvocation: { state: 'result', toolCallId: 'c1', toolName: 'load_tool', args: { toolName: 'get_weather' }, result: { success: true } },
    });
    const obs = await session.step({ op: 'call', tool: 'search_tools', input: { query: 'weather' }, toolCallId: 'call-9' });
    expect(obs).toMatchObject({ outcome: 'result', result: { results: [] } });
    // Mastra's tool wrapper files an Agent execution's context under `agent`, as it does inside the Agent.
    expect(seen.executeContexts[0]).toMatchObject({ agent: { toolCallId: 'call-9', threadId: 't1' } });
    expect((seen.executeContexts[0] as { requestContext: unknown }).requestContext).toBe(rc);
    await session.step(begin({ requestContext: requestContextEntries({}, 't1', 'reserved-key') }));
    expect((seen.args[1]!.requestContext as RequestContext).get('mastra__threadId')).toBe('t1');
    await session.step(begin({ requestContext: requestContextEntries({}, null, 'memory') }));
    expect((seen.args[2]!.requestContext as RequestContext).get('MastraMemory')).toBeUndefined();
  });

  it('[conformance.adapter.clock] time is the clock option when there is one, else a pinned Date.now, starting at 2026-01-01', async () => {
    const realDateNow = Date.now;
    const seen: Seen = { args: [], executeContexts: [], nowInStep: [] };
    const viaOption = processorAdapter({
      implementation: { name: 'spy', version: '0' },
      processor: spyProcessor(seen),
      features: [],
      clock: { kind: 'option', options: (now) => ({ clock: now }) },
    });
    const a = await viaOption.open(setup);
    const clock = seen.options!.clock as () => number;
    expect(clock()).toBe(CLOCK_EPOCH);
    expect(CLOCK_EPOCH).toBe(Date.parse('2026-01-01T00:00:00Z'));
    await a.step({ op: 'advanceClock', ms: 1500 });
    expect(clock()).toBe(CLOCK_EPOCH + 1500);

    const pinned = processorAdapter({ implementation: { name: 'spy', version: '0' }, processor: spyProcessor(seen), features: [], clock: { kind: 'date-now' } });
    const b = await pinned.open(setup);
    await b.step(begin());
    await b.step({ op: 'advanceClock', ms: 42 });
    await b.step(begin());
    expect(seen.nowInStep).toEqual([CLOCK_EPOCH, CLOCK_EPOCH + 42]);
    // Outside a step, Date.now is the real one again (the very function, not a copy that reads a clock).
    expect(Date.now).toBe(realDateNow);
  });

  it('[conformance.adapter.interface] observations: exposed keys and origins, filter calls per step, outcomes, construction errors', async () => {
    const seen: Seen = { args: [], executeContexts: [], nowInStep: [] };
    const adapter = processorAdapter({ implementation: { name: 'spy', version: '0' }, processor: spyProcessor(seen), features: [], clock: { kind: 'date-now' } });
    const session = await adapter.open({ ...setup, options: { filter: { default: 'allow', rules: [] } } });
    expect(session.constructionError).toBeUndefined();
    const obs = observed(await session.step(begin({ resolvedTools: [{ name: 'calc', description: 'Calculate', instance: 'req' }] })));
    expect(obs.exposed).toEqual(['search_tools', 'calc']);
    expect(obs.origins).toEqual({ search_tools: 'meta', calc: 'req' });
    expect(obs.filterCalls).toEqual([{ toolName: 'get_weather', phase: 'active' }]);
    expect(observed(await session.step({ op: 'call', tool: 'search_tools', input: { query: 'x' }, toolCallId: 'c' })).filterCalls).toEqual([]);
    expect(await session.step({ op: 'call', tool: 'load_tool', input: {}, toolCallId: 'c' })).toMatchObject({ outcome: 'not-exposed' });
    expect(await session.step({ op: 'call', tool: 'search_tools', input: { query: 'boom' }, toolCallId: 'c' })).toMatchObject({ outcome: 'threw', result: 'boom' });
    await expect(session.step({ op: 'stateStats' })).rejects.toThrow(/no getStateStats\(\) method/);
    const broken = await adapter.open({ ...setup, catalog: [{ name: 'broken', description: 'x' }] });
    expect(broken.constructionError).toBe('broken tool');
  });

  it('[conformance.adapter.stall] a step waiting on a verdict that never settles is an adapter error, not a wait', async () => {
    const seen: Seen = { args: [], executeContexts: [], nowInStep: [] };
    const adapter = processorAdapter({ implementation: { name: 'spy', version: '0' }, processor: spyProcessor(seen), features: [], clock: { kind: 'date-now' } });
    const session = await adapter.open({ ...setup, options: { filter: { default: 'hang', rules: [] } } });
    await expect(session.step(begin())).rejects.toThrow(/the begin step did not settle/);
  });

  it('[conformance.adapter.clock] [conformance.adapter.interface] filter delays and the timers option run on simulated time; elapsed time and calls in flight are observed', async () => {
    const seen: Seen = { args: [], executeContexts: [], nowInStep: [] };
    const adapter = processorAdapter({
      implementation: { name: 'spy', version: '0' },
      processor: spyProcessor(seen),
      features: [],
      clock: { kind: 'option', options: (now, timers) => ({ clock: now, timers }) },
    });
    const session = await adapter.open({ ...setup, options: { filter: { default: { after: 250, settle: 'allow' }, rules: [] }, filterTimeoutMs: 900, filterConcurrency: 3 } });
    expect(seen.options).toMatchObject({ filterTimeoutMs: 900, filterConcurrency: 3 });
    const obs = observed(await session.step(begin()));
    expect(obs.elapsedMs).toBe(250);
    expect(obs.maxFilterCallsInFlight).toBe(1);
    // The processor's timers fire when simulated time reaches them.
    const timers = seen.options!.timers as { setTimeout(cb: () => void, ms: number): unknown };
    let fired = 0;
    timers.setTimeout(() => fired++, 100);
    await session.step({ op: 'advanceClock', ms: 99 });
    expect(fired).toBe(0);
    await session.step({ op: 'advanceClock', ms: 1 });
    expect(fired).toBe(1);
  });

  it('[conformance.case.format] a numeric thread id and faulty tools reach the processor as the case says', async () => {
    const seen: Seen = { args: [], executeContexts: [], nowInStep: [] };
    const adapter = processorAdapter({ implementation: { name: 'spy', version: '0' }, processor: spyProcessor(seen), features: [], clock: { kind: 'date-now' } });
    const session = await adapter.open(setup);
    await session.step(
      begin({
        requestContext: requestContextEntries({}, '42', 'reserved-key-number'),
        resolvedTools: [
          { name: 'n', description: 'x', fault: 'null' },
          { name: 'k', description: 'x', fault: 'number' },
          { name: 's', description: 'text', fault: 'string' },
          { name: 'a', description: 'x', fault: 'array' },
          { name: 'g', id: 'g_tool', description: 'x', fault: 'throwing-id' },
        ],
      }),
    );
    const args = seen.args[0]!;
    expect((args.requestContext as RequestContext).get('mastra__threadId')).toBe(42);
    const tools = args.tools as Record<string, unknown>;
    expect([tools.n, tools.k, tools.s]).toEqual([null, 42, 'text']);
    expect(Array.isArray(tools.a)).toBe(true);
    expect(() => (tools.g as { id: string }).id).toThrow(/getter throws/);
  });
});

describe('in-process driver: the protocol duties', () => {
  const make = (seen: Seen, clock: 'option' | 'date-now' = 'date-now') =>
    processorAdapter({
      implementation: { name: 'spy', version: '0' },
      processor: spyProcessor(seen),
      features: [],
      clock: clock === 'option' ? { kind: 'option', options: (now) => ({ clock: now }) } : { kind: 'date-now' },
    });

  it('[conformance.protocol.raw] raw merges a JSON object over the built option, key by key, and replaces anything else', async () => {
    const seen: Seen = { args: [], executeContexts: [], nowInStep: [] };
    await make(seen).open({ ...setup, options: { search: { topK: 3, autoLoad: false }, ttl: 10, raw: { search: { topK: 0 }, storage: 'redis', ttl: [1] } } });
    expect(seen.options).toMatchObject({ search: { topK: 0, autoLoad: false }, storage: 'redis', ttl: [1] });
  });

  it('[conformance.protocol.filter] the first matching rule decides; when needs every entry equal as a string; each call is recorded', async () => {
    const seen: Seen = { args: [], executeContexts: [], nowInStep: [] };
    const session = await make(seen).open({
      ...setup,
      options: {
        filter: {
          default: 'allow',
          rules: [
            { tool: 'a', phase: 'search', verdict: 'deny' },
            { tool: 'a', verdict: { returns: 'yes' } },
            { when: { plan: 'free' }, verdict: 'deny-async' },
            { tool: 'b', verdict: 'throw' },
            { tool: 'c', verdict: 'reject' },
          ],
        },
      },
    });
    const filter = seen.options!.filter as (a: { toolName: string; phase: string; requestContext?: RequestContext }) => unknown;
    const rc = (entries: Record<string, unknown>) => {
      const c = new RequestContext();
      for (const [k, v] of Object.entries(entries)) c.set(k, v);
      return c;
    };
    expect(filter({ toolName: 'a', phase: 'search' })).toBe(false);
    expect(filter({ toolName: 'a', phase: 'load' })).toBe('yes');
    await expect(filter({ toolName: 'x', phase: 'load', requestContext: rc({ plan: 'free' }) })).resolves.toBe(false);
    expect(filter({ toolName: 'x', phase: 'load', requestContext: rc({ plan: 'pro' }) })).toBe(true);
    // A missing entry or one that is not that string does not match.
    expect(filter({ toolName: 'x', phase: 'load', requestContext: rc({}) })).toBe(true);
    expect(filter({ toolName: 'x', phase: 'load', requestContext: rc({ plan: { free: true } }) })).toBe(true);
    expect(() => filter({ toolName: 'b', phase: 'active' })).toThrow(/throws by policy/);
    await expect(filter({ toolName: 'c', phase: 'active' })).rejects.toThrow(/rejects by policy/);
    // The step sees its own calls: those made while it ran (the spy's begin asks about get_weather at phase active).
    const obs = observed(await session.step(begin()));
    expect(obs.filterCalls).toEqual([{ toolName: 'get_weather', phase: 'active' }]);
  });

  it('[conformance.protocol.origins] origin labels: meta, the instance label, static and resolved, unknown', async () => {
    class Labelled {
      constructor(private readonly options: { tools: Record<string, unknown> }) {}
      async processInputStep(args: { tools: Record<string, unknown> }) {
        return { tools: { search_tools: {}, stranger: {}, ...this.options.tools, ...args.tools } };
      }
    }
    const adapter = processorAdapter({ implementation: { name: 'l', version: '0' }, processor: Labelled as unknown as ProcessorClass, features: [], clock: { kind: 'date-now' } });
    const session = await adapter.open({ id: 'x', catalog: [{ name: 'plain', description: 'd' }, { name: 'named', description: 'd', instance: 'alice' }], options: {}, features: [] });
    const obs = observed(await session.step(begin({ resolvedTools: [{ name: 'req', description: 'd' }, { name: 'bob', description: 'd', instance: 'bob' }] })));
    expect(obs.origins).toEqual({ search_tools: 'meta', stranger: 'unknown', plain: 'static', named: 'alice', req: 'resolved', bob: 'bob' });
  });

  it('[conformance.protocol.clock] [conformance.protocol.restart] restart builds a new processor from the same setup; the clock and the filter-call list carry on', async () => {
    const seen: Seen = { args: [], executeContexts: [], nowInStep: [] };
    const session = await make(seen, 'option').open({ ...setup, options: { filter: { default: 'allow', rules: [] }, ttl: 5 } });
    const first = seen.options!;
    await session.step({ op: 'advanceClock', ms: 250 });
    await session.step({ op: 'restart' });
    const second = seen.options!;
    expect(second).not.toBe(first);
    expect(second).toMatchObject({ ttl: 5 });
    expect((second.clock as () => number)()).toBe(CLOCK_EPOCH + 250);
    expect(observed(await session.step(begin())).filterCalls).toEqual([{ toolName: 'get_weather', phase: 'active' }]);
    // A call needs a begin after the restart.
    await session.step({ op: 'restart' });
    await expect(session.step({ op: 'call', tool: 'search_tools', input: {}, toolCallId: 'c' })).rejects.toThrow(/needs a begin step/);
  });
});

describe('in-process driver: steps of one request', () => {
  const msg = (id: string, n: number, parts: unknown[], role: 'user' | 'assistant' = 'assistant') =>
    ({ id, role, createdAt: `2026-01-01T00:00:0${n}.000Z`, threadId: 't1', resourceId: 'conformance-resource', content: { format: 2, parts } }) as never;
  const text = (t: string) => [{ type: 'text', text: t }];
  const call = (state: 'call' | 'result') => [
    { type: 'tool-invocation', toolInvocation: { state, toolCallId: 'c1', toolName: 'load_tool', args: {}, ...(state === 'result' ? { result: { success: true, toolName: 'weather' } } : {}) } },
  ];

  it('[conformance.protocol.same-request] [conformance.adapter.agent-args] a sameRequest begin passes the same array and MessageList, kept messages the same objects changed in place', async () => {
    const seen: Seen = { args: [], executeContexts: [], nowInStep: [] };
    const adapter = processorAdapter({ implementation: { name: 'spy', version: '0' }, processor: spyProcessor(seen), features: [], clock: { kind: 'date-now' } });
    const session = await adapter.open(setup);
    await session.step(begin({ messages: [msg('m1', 1, text('hi'), 'user'), msg('m2', 2, call('call'))] }));
    const first = seen.args[0]!.messages as Array<{ id: string; content: { parts: Array<{ toolInvocation?: { state: string } }> } }>;
    const [m1, m2] = first;
    const parts = m2!.content.parts;
    // Another thread's begin in between does not change what t1's next step continues.
    await session.step(begin({ requestContext: requestContextEntries({}, 't2', 'memory'), messages: [] }));
    await session.step(begin({ sameRequest: true, messages: [msg('m1', 1, text('hi'), 'user'), msg('m2', 2, call('result')), msg('m3', 3, text('more'), 'user')] }));
    const second = seen.args[2]!;
    expect(second.messages).toBe(first);
    expect(second.messageList).toBe(seen.args[0]!.messageList);
    expect(first.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
    expect(first[0]).toBe(m1);
    expect(first[1]).toBe(m2);
    // Completed in place: the same parts array, now holding the result.
    expect(m2!.content.parts).toBe(parts);
    expect(parts[0]!.toolInvocation!.state).toBe('result');
    // Dropped from the front: the same array, shorter, the kept messages the same objects.
    await session.step(begin({ sameRequest: true, messages: [msg('m2', 2, call('result')), msg('m3', 3, text('more'), 'user')] }));
    expect(seen.args[3]!.messages).toBe(first);
    expect(first.map((m) => m.id)).toEqual(['m2', 'm3']);
    expect(first[0]).toBe(m2);
    // Without sameRequest: a new request, a new array of new objects.
    await session.step(begin({ messages: [msg('m2', 2, call('result'))] }));
    const fresh = seen.args[4]!.messages as unknown[];
    expect(fresh).not.toBe(first);
    expect(fresh[0]).not.toBe(m2);
    expect(seen.args[4]!.messageList).not.toBe(seen.args[0]!.messageList);
  });

  it('[conformance.protocol.same-request] a sameRequest begin with no begin of its thread since the restart is an adapter error', async () => {
    const seen: Seen = { args: [], executeContexts: [], nowInStep: [] };
    const adapter = processorAdapter({ implementation: { name: 'spy', version: '0' }, processor: spyProcessor(seen), features: [], clock: { kind: 'date-now' } });
    const session = await adapter.open(setup);
    await expect(session.step(begin({ sameRequest: true }))).rejects.toThrow(/needs a begin of its thread/);
    await session.step(begin());
    await session.step({ op: 'restart' });
    await expect(session.step(begin({ sameRequest: true }))).rejects.toThrow(/needs a begin of its thread/);
    expect(seen.args).toHaveLength(1);
  });
});

import { MessageList } from '@mastra/core/agent';
import { RequestContext } from '@mastra/core/request-context';
import { createTool } from '@mastra/core/tools';
import { describe, expect, it } from 'vitest';
import { CLOCK_EPOCH, processorAdapter, type ProcessorClass, type StepRequest } from '../../src/conformance/index.js';

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
  thread: 't1',
  threadVia: 'memory',
  resolvedTools: [],
  requestContext: {},
  messages: [],
  stepNumber: 0,
  ...over,
});

const setup = { id: 'x', catalog: [{ name: 'weather', id: 'get_weather', description: 'Get the weather' }], options: {} };

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
        requestContext: { plan: 'pro' },
        messages: [
          { id: 'm1', role: 'user', text: 'hi' },
          { id: 'm2', role: 'assistant', toolResults: [{ toolCallId: 'c1', toolName: 'load_tool', args: { toolName: 'get_weather' }, result: { success: true }, state: 'result' }] },
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
    const messages = args.messages as Array<{ id: string; role: string; content: { format: number; parts: Array<Record<string, unknown>> } }>;
    expect(messages.map((m) => [m.id, m.role, m.content.format])).toEqual([
      ['m1', 'user', 2],
      ['m2', 'assistant', 2],
    ]);
    expect(messages[1]!.content.parts[0]).toMatchObject({
      type: 'tool-invocation',
      toolInvocation: { state: 'result', toolCallId: 'c1', toolName: 'load_tool', args: { toolName: 'get_weather' }, result: { success: true } },
    });
    const obs = await session.step({ op: 'call', tool: 'search_tools', input: { query: 'weather' }, toolCallId: 'call-9' });
    expect(obs).toMatchObject({ outcome: 'result', result: { results: [] } });
    // Mastra's tool wrapper files an Agent execution's context under `agent`, as it does inside the Agent.
    expect(seen.executeContexts[0]).toMatchObject({ agent: { toolCallId: 'call-9', threadId: 't1' } });
    expect((seen.executeContexts[0] as { requestContext: unknown }).requestContext).toBe(rc);
    await session.step(begin({ threadVia: 'reserved-key' }));
    expect((seen.args[1]!.requestContext as RequestContext).get('mastra__threadId')).toBe('t1');
    await session.step(begin({ thread: null }));
    expect((seen.args[2]!.requestContext as RequestContext).get('MastraMemory')).toBeUndefined();
  });

  it('[conformance.adapter.clock] time is the clock option when there is one, else a pinned Date.now, starting at 2026-01-01', async () => {
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
    expect(Math.abs(Date.now() - new Date().getTime())).toBeLessThan(1000);
    expect(Date.now()).toBeGreaterThan(Date.parse('2020-01-01'));
  });

  it('[conformance.adapter.interface] observations: exposed keys and origins, filter calls per step, outcomes, construction errors', async () => {
    const seen: Seen = { args: [], executeContexts: [], nowInStep: [] };
    const adapter = processorAdapter({ implementation: { name: 'spy', version: '0' }, processor: spyProcessor(seen), features: [], clock: { kind: 'date-now' } });
    const session = await adapter.open({ ...setup, options: { filter: { default: 'allow', rules: [] } } });
    expect(session.constructionError).toBeUndefined();
    const obs = await session.step(begin({ resolvedTools: [{ name: 'calc', description: 'Calculate', instance: 'req' }] }));
    expect(obs.exposed).toEqual(['search_tools', 'calc']);
    expect(obs.origins).toEqual({ search_tools: 'meta', calc: 'req' });
    expect(obs.filterCalls).toEqual([{ toolName: 'get_weather', phase: 'active' }]);
    expect((await session.step({ op: 'call', tool: 'search_tools', input: { query: 'x' }, toolCallId: 'c' })).filterCalls).toEqual([]);
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
    const obs = await session.step(begin());
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
        thread: '42',
        threadVia: 'reserved-key-number',
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

/**
 * r[processor.events.confidential]: no caller secret ever appears in an event. Every event type
 * is produced with secrets planted in each place a caller or an application puts them — the
 * request context, tool descriptions, the receipt secret (and the MACs it makes), what a filter
 * and a tool getter throw, the query — and every serialized event, and every span made from one,
 * is scanned for them.
 */
import { describe, expect, it } from 'vitest';
import { ToolSearchProcessor, type ToolSearchEvent, type ToolSearchFilterArgs } from '../../src/index.js';
import { SimulatedTime } from '../../src/conformance/adapter/sim-time.js';
import { Conversation, makeTool, requestContext } from './support/harness.js';

const SECRETS = {
  requestContext: 'rc-secret-7f3a9c1e2b',
  memory: 'memory-secret-55aa0f',
  description: 'desc-secret-b81f00d',
  receipt: 'receipt-secret-0123456789abcdef0123456789',
  filterError: 'filter-secret-9e8d7c',
  getterError: 'getter-secret-c0ffee',
  query: 'query-secret-4242',
};

/** Every event a scenario produced, and every span metadata made from one. */
function collector() {
  const events: ToolSearchEvent[] = [];
  const spans: unknown[] = [];
  const span = { createEventSpan: (options: unknown) => void spans.push(options) };
  return { events, spans, span, onEvent: (e: ToolSearchEvent) => void events.push(e) };
}

describe('events carry no caller secret', () => {
  it('[processor.events.confidential] every event type, with secrets planted everywhere, holds none of them', async () => {
    const time = new SimulatedTime(0);
    const seen = collector();
    const tools = {
      weather: makeTool('get_weather', `Get the weather forecast (token ${SECRETS.description})`),
      email: makeTool('send_email', `Send an email with key ${SECRETS.description}`),
      slow: makeTool('slow_report', `A weather report that is slow to vet ${SECRETS.description}`),
      stuck: makeTool('stuck_report', `A weather report that is never vetted ${SECRETS.description}`),
      refused: makeTool('plain_report', `A weather report the policy refuses ${SECRETS.description}`),
    };
    const filter = ({ toolName, requestContext: rc }: ToolSearchFilterArgs) => {
      void rc?.get('apiToken');
      if (toolName === 'send_email') throw new Error(`policy down: ${SECRETS.filterError}`);
      if (toolName === 'slow_report') return time.delay(5_000).then(() => true);
      if (toolName === 'stuck_report') return new Promise<boolean>(() => {});
      return toolName === 'get_weather';
    };
    const p = new ToolSearchProcessor({
      tools,
      includeResolvedTools: true,
      filter,
      filterTimeoutMs: 1_000,
      filterBudgetMs: 1_500,
      filterConcurrency: 1,
      timers: time.timers,
      clock: time.now,
      receiptSecret: SECRETS.receipt,
      onEvent: seen.onEvent,
    });
    const rc = requestContext('thread-visible', {
      apiToken: SECRETS.requestContext,
      MastraMemory: { thread: { id: 'thread-visible', metadata: { secret: SECRETS.memory } }, resourceId: SECRETS.memory },
    });
    const getterThrows = Object.defineProperty({ description: 'x' }, 'id', {
      get() {
        throw new Error(SECRETS.getterError);
      },
    });
    const c = new Conversation(p, rc, { broken: getterThrows });
    c.stepArgs = { runId: 'run-visible', tracingContext: { currentSpan: seen.span } };
    c.callContext = { tracingContext: { currentSpan: seen.span } };
    const results: unknown[] = [];
    await time.settle(c.step(), 'step');
    // search: a threw, a timed-out, a budget-exhausted and a not-true denial; the query holds a secret.
    results.push(await time.settle(c.call('search_tools', { query: `weather email report ${SECRETS.query}` }), 'search'));
    // load: loaded, denied, unknown; a signed result (its MAC must not leak).
    results.push(await time.settle(c.call('load_tool', { toolNames: ['get_weather', 'send_email', 'plain_report', 'no_such_tool'] }), 'load'));
    await time.settle(c.step(), 'step 2');
    // unload: the thread's tools are cleared.
    p.clearAllState();
    await new Promise<void>((resolve) => setImmediate(resolve));

    const types = new Set(seen.events.map((e) => e.type));
    for (const type of ['search', 'load', 'deny', 'budget-exhausted', 'unload', 'tool-skipped'] as const) expect(types, type).toContain(type);
    expect(new Set(seen.events.flatMap((e) => (e.type === 'deny' ? [e.reason] : [])))).toEqual(new Set(['threw', 'timed-out', 'budget-exhausted', 'not-true']));
    // The receipts were written, so there are MACs to look for.
    const macs = JSON.stringify(results).match(/"mac":"([^"]+)"/g) ?? [];
    expect(macs.length).toBeGreaterThan(0);

    const haystack = JSON.stringify([seen.events, seen.spans]);
    // A positive control: what events are made of is there.
    expect(haystack).toContain('thread-visible');
    expect(haystack).toContain('run-visible');
    expect(haystack).toContain('get_weather');
    for (const [where, secret] of Object.entries(SECRETS)) expect(haystack, where).not.toContain(secret);
    for (const mac of macs) expect(haystack).not.toContain(mac.slice('"mac":"'.length, -1));
    expect(haystack).not.toContain('activation');
    // Every event of a step or a call is also a span (the unload of clearAllState belongs to no step).
    expect(seen.spans.length).toBe(seen.events.filter((e) => e.type !== 'unload').length);
  });

  it('[processor.events.confidential] [processor.events.queries] the query appears only when the application opts in', async () => {
    for (const includeQueriesInEvents of [false, true]) {
      const seen = collector();
      const p = new ToolSearchProcessor({ tools: { weather: makeTool('get_weather', 'weather') }, includeQueriesInEvents, onEvent: seen.onEvent });
      const c = new Conversation(p, requestContext('t'));
      await c.step();
      await c.call('search_tools', { query: `weather ${SECRETS.query}` });
      await new Promise<void>((resolve) => setImmediate(resolve));
      expect(JSON.stringify(seen.events).includes(SECRETS.query)).toBe(includeQueriesInEvents);
    }
  });
});

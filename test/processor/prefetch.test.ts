/**
 * First-turn prefetch (spec/processor.md, "First-turn prefetch"): the option, the query, the
 * selection through the filter, exposure at the first step, what each store keeps, the budget,
 * and the events.
 */
import { describe, expect, it } from 'vitest';
import { ToolSearchProcessor, type ToolSearchEvent, type ToolSearchFilterArgs } from '../../src/index.js';
import { prefetchQuery } from '../../src/processor/prefetch.js';
import { SimulatedTime } from '../../src/conformance/adapter/sim-time.js';
import { Conversation, delivered, makeTool, requestContext } from './support/harness.js';

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any


const catalog = () => ({
  weather: makeTool('get_weather', 'Get the current weather forecast for a city'),
  marine: makeTool('marine_forecast', 'Marine weather forecast for sailors'),
  email: makeTool('send_email', 'Send an email message to a recipient'),
  issue: makeTool('create_issue', 'Create a new issue in a GitHub repository'),
});

const user = (text: unknown, id = 'u') => ({ id, role: 'user', content: { format: 2, parts: [{ type: 'text', text }] } });

/** A conversation whose first user message is `text`. */
function asking(p: ToolSearchProcessor, text: string, thread = 't') {
  const c = new Conversation(p, requestContext(thread));
  c.messages.length = 0;
  c.messages.push(user(text, 'u0'));
  return c;
}

describe('the prefetch option', () => {
  it('[processor.prefetch.option] [processor.options.validate] prefetch is an object of a positive integer maxTools and a minScore in [0, 1]', () => {
    const bad: Array<[unknown, string]> = [
      [true, 'prefetch'],
      [{ maxTools: 0 }, 'prefetch.maxTools'],
      [{ maxTools: 1.5 }, 'prefetch.maxTools'],
      [{ maxTools: '3' }, 'prefetch.maxTools'],
      [{ minScore: -0.1 }, 'prefetch.minScore'],
      [{ minScore: 2 }, 'prefetch.minScore'],
    ];
    for (const [prefetch, option] of bad) {
      let error: Any;
      try {
        new ToolSearchProcessor({ tools: catalog(), prefetch } as never);
      } catch (e) {
        error = e;
      }
      expect(error?.option, JSON.stringify(prefetch)).toBe(option);
    }
  });

  it('[processor.prefetch.option] [processor.prefetch.first-step] off by default; at most 3 tools by default, never more than topK', async () => {
    const text = 'weather forecast for sailors, email the issue';
    expect((await asking(new ToolSearchProcessor({ tools: catalog() }), text).step()).keys).toEqual(['search_tools', 'load_tool']);
    expect((await asking(new ToolSearchProcessor({ tools: catalog(), prefetch: {} }), text).step()).keys).toHaveLength(2 + 3);
    expect((await asking(new ToolSearchProcessor({ tools: catalog(), prefetch: { maxTools: 5 }, search: { topK: 2 } }), text).step()).keys).toHaveLength(2 + 2);
    expect((await asking(new ToolSearchProcessor({ tools: catalog(), prefetch: { maxTools: 1 } }), text).step()).keys).toHaveLength(2 + 1);
  });
});

describe('the prefetch query', () => {
  it('[processor.prefetch.query] the latest user message, text parts joined by a line feed, else its content string, cut to 1 000 code points', () => {
    const assistant = { role: 'assistant', content: { format: 2, parts: [{ type: 'text', text: 'sure' }] } };
    expect(prefetchQuery([user('first'), assistant, user('second')])).toBe('second');
    expect(prefetchQuery([user('the only one'), assistant])).toBe('the only one');
    expect(prefetchQuery([{ role: 'user', content: { format: 2, parts: [{ type: 'text', text: 'a' }, { type: 'image' }, { type: 'text', text: 'b' }] } }])).toBe('a\nb');
    expect(prefetchQuery([{ role: 'user', content: 'plain string' }])).toBe('plain string');
    expect(prefetchQuery([{ role: 'user', content: { format: 2, parts: [], content: 'flat' } }])).toBe('flat');
    expect(prefetchQuery([user('   '), assistant])).toBeUndefined();
    expect(prefetchQuery([assistant])).toBeUndefined();
    expect(prefetchQuery([])).toBeUndefined();
    expect(Array.from(prefetchQuery([user('😀'.repeat(5_000))])!)).toHaveLength(1_000);
    // Unreadable messages are no query, never a throw.
    const hostile = Object.defineProperty({}, 'role', { get: () => { throw new Error('getter'); } });
    expect(prefetchQuery([hostile, user(42), null, 'x'])).toBeUndefined();
  });
});

describe('at the first step', () => {
  it('[processor.prefetch.first-step] [processor.prefetch.storage] in-memory: the best matches are exposed in step 0, after the loaded tools, and stay loaded', async () => {
    const p = new ToolSearchProcessor({ tools: catalog(), prefetch: { maxTools: 2 } });
    const c = asking(p, 'weather forecast');
    const first = await c.step();
    expect(first.keys).toEqual(['search_tools', 'load_tool', 'marine_forecast', 'get_weather']);
    await c.call('load_tool', { toolName: 'create_issue' });
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'marine_forecast', 'get_weather', 'create_issue']);
    // A new request of the thread prefetches for its own message; what was loaded stays first.
    c.newRequest('send an email message');
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'marine_forecast', 'get_weather', 'create_issue', 'send_email']);
    expect(p.getStateStats().threadCount).toBe(1);
  });

  it('[processor.prefetch.first-step] only at stepNumber 0: later steps of a request prefetch nothing new (in-memory)', async () => {
    const p = new ToolSearchProcessor({ tools: catalog(), prefetch: {} });
    const c = asking(p, 'hello there');
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool']);
    // The user message changes mid-request (another processor rewrote it): no prefetch at step 1.
    c.messages.push(user('weather forecast', 'u9'));
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool']);
  });

  it('[processor.prefetch.select] [processor.filter.start-order] through phases search then load, pinned tools left out unasked, before the catalog is asked', async () => {
    const calls: string[] = [];
    const filter = ({ toolName, phase }: ToolSearchFilterArgs) => (calls.push(`${phase}:${toolName}`), !(phase === 'load' && toolName === 'get_weather'));
    const p = new ToolSearchProcessor({ tools: catalog(), prefetch: { maxTools: 1 }, pinnedTools: ['marine_forecast'], injectCatalog: true, filter });
    const c = asking(p, 'current weather forecast in a city, or an email');
    const step = await c.step();
    // get_weather is denied at load; marine_forecast is pinned; the next best is send_email.
    expect(step.keys).toEqual(['search_tools', 'load_tool', 'marine_forecast', 'send_email']);
    const prefetchCalls = calls.slice(0, calls.indexOf('search:create_issue'));
    // A batch at search then at load: [get_weather], then (marine_forecast pinned, not asked) [send_email].
    expect(prefetchCalls).toEqual(['search:get_weather', 'load:get_weather', 'search:send_email', 'load:send_email']);
    expect(calls).not.toContain('search:marine_forecast');
  });

  it('[processor.prefetch.first-step] [processor.filter.budget] the prefetch shares the step budget: a filter that never answers costs the step one budget', async () => {
    const time = new SimulatedTime(0);
    const p = new ToolSearchProcessor({ tools: catalog(), prefetch: {}, injectCatalog: true, filter: () => new Promise<boolean>(() => {}), filterBudgetMs: 700, timers: time.timers });
    const c = asking(p, 'weather forecast');
    const started = time.now();
    const step = await time.settle(c.step(), 'step');
    expect(step.keys).toEqual(['search_tools', 'load_tool']);
    expect(time.now() - started).toBe(700);
  });
});

describe('with the context store', () => {
  it('[processor.prefetch.storage] [store.context.prefetched] derived again at every step: kept for the request in place, across a restart, and nothing is written', async () => {
    const options = { tools: catalog(), storage: 'context' as const, prefetch: { maxTools: 1 } };
    const p = new ToolSearchProcessor(options);
    const c = asking(p, 'current weather in a city');
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'get_weather']);
    const before = c.messages.length;
    await c.call('load_tool', { toolName: 'create_issue' });
    expect(c.messages.length).toBe(before + 1);
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'get_weather', 'create_issue']);
    // Another instance (a restart, another replica) continues the request with the same tools.
    const other = new Conversation(new ToolSearchProcessor(options), requestContext('t'));
    other.messages.push(...c.messages.splice(0));
    expect((await other.step()).keys).toEqual(['search_tools', 'load_tool', 'get_weather', 'create_issue']);
  });

  it('[processor.prefetch.storage] [processor.events.unload] a new user message brings its own prefetch; the old one is unloaded unless the model loaded it', async () => {
    const seen: ToolSearchEvent[] = [];
    const p = new ToolSearchProcessor({ tools: catalog(), storage: 'context', prefetch: { maxTools: 1 }, onEvent: (e) => void seen.push(e) });
    const c = asking(p, 'current weather in a city');
    await c.step();
    c.newRequest('create a github issue');
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'create_issue']);
    await delivered();
    expect(seen.filter((e) => e.type === 'unload').map((e) => [e.reason, e.tools])).toEqual([['truncated', ['get_weather']]]);
    // Loaded by the model, it stays.
    const d = asking(new ToolSearchProcessor({ tools: catalog(), storage: 'context', prefetch: { maxTools: 1 } }), 'current weather in a city', 'u');
    await d.step();
    await d.call('load_tool', { toolName: 'get_weather' });
    d.newRequest('create a github issue');
    expect((await d.step()).keys).toEqual(['search_tools', 'load_tool', 'get_weather', 'create_issue']);
  });

  it('[processor.prefetch.storage] [processor.resume.persisted] the resume path finds a prefetched tool in the persisted messages, after a restart', async () => {
    const options = { tools: catalog(), storage: 'context' as const, prefetch: { maxTools: 1 } };
    const c = asking(new ToolSearchProcessor(options), 'current weather in a city');
    await c.step();
    const restarted = new ToolSearchProcessor(options);
    const tools = await restarted.getLoadedToolsForRequestContext({ requestContext: requestContext('t'), messages: c.messages });
    expect(Object.keys(tools)).toEqual(['get_weather']);
  });
});

describe('events', () => {
  it('[processor.prefetch.events] one search and one load event at the first step, none when the context store derives it again', async () => {
    for (const storage of ['in-memory', 'context'] as const) {
      const seen: ToolSearchEvent[] = [];
      const p = new ToolSearchProcessor({ tools: catalog(), storage, prefetch: { maxTools: 2 }, onEvent: (e) => void seen.push(e) });
      const c = asking(p, 'weather forecast');
      await c.step();
      await c.step();
      c.newRequest('marine forecast and an email');
      await c.step();
      await delivered();
      const summary = seen.map((e) =>
        e.type === 'search' ? `search ${e.source} ${e.toolCallId} ${e.results.map((r) => r.name)} ${'query' in e}` : e.type === 'load' ? `load ${e.source} ${e.tools.map((t) => `${t.name}:${t.outcome}`)}` : e.type,
      );
      const unload = storage === 'context' ? ['unload'] : [];
      expect(summary, storage).toEqual([
        'search prefetch null marine_forecast,get_weather false',
        'load prefetch marine_forecast:loaded,get_weather:loaded',
        ...unload,
        'search prefetch null marine_forecast,send_email false',
        'load prefetch marine_forecast:already-loaded,send_email:loaded',
      ]);
    }
  });
});

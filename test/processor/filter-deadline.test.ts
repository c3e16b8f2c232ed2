/**
 * Filters that cannot stall an agent: deadlines, bounded concurrency, start order, one verdict
 * per (tool, phase) per step, and searches that ask in bounded batches. Every deadline runs on
 * simulated time (the `timers` option); no test waits, none measures the wall clock.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTER_CONCURRENCY, DEFAULT_FILTER_TIMEOUT_MS, ToolSearchProcessor, type ToolSearchFilterArgs } from '../../src/index.js';
import { buildSearchIndex, rankCandidates } from '../../src/scoring/index.js';
import type { ToolSearchEvent } from '../../src/index.js';
import { SimulatedTime } from '../../src/conformance/adapter/sim-time.js';
import { Conversation, makeTool, requestContext } from './support/harness.js';

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
type Verdict = boolean | 'hang' | { after: number; value: unknown } | 'throw';

/** A filter on simulated time that records every call and the calls in flight. */
function recordingFilter(time: SimulatedTime, decide: (args: ToolSearchFilterArgs) => Verdict) {
  const calls: Array<{ toolName: string; phase: string; at: number }> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const filter = (args: ToolSearchFilterArgs): boolean | Promise<boolean> => {
    calls.push({ toolName: args.toolName, phase: args.phase, at: time.now() });
    const verdict = decide(args);
    if (verdict === 'throw') throw new Error('policy service down');
    if (typeof verdict === 'boolean') return verdict;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    if (verdict === 'hang') return new Promise<boolean>(() => {});
    return time.delay(verdict.after).then(() => {
      inFlight--;
      return verdict.value as boolean;
    });
  };
  return {
    filter,
    calls,
    get maxInFlight() {
      return maxInFlight;
    },
    count: (phase: string, toolName?: string) => calls.filter((c) => c.phase === phase && (toolName === undefined || c.toolName === toolName)).length,
  };
}

const catalog = () => ({
  weather: makeTool('get_weather', 'Get the current weather forecast for a city'),
  email: makeTool('send_email', 'Send an email message to a recipient'),
  issue: makeTool('create_issue', 'Create a new issue in a GitHub repository'),
  forecast: makeTool('marine_forecast', 'Marine weather forecast for sailors'),
});

/** `n` plain tools `<word>_<i>` (the processor accepts any object with an id and a description). */
const many = (n: number, word = 'report') =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`${word}${i}`, { id: `${word}_${i}`, description: `${word} number ${i}` }])) as Record<
    string,
    Any
  >;

/** A conversation whose steps and calls run on simulated time. */
function simulated(processor: ToolSearchProcessor, time: SimulatedTime, thread = 't') {
  const c = new Conversation(processor, requestContext(thread));
  return {
    c,
    step: () => time.settle(c.step(), 'processInputStep'),
    call: (tool: string, input: unknown) => time.settle(c.call(tool, input), tool) as Promise<Any>,
  };
}

describe('filter options', () => {
  it('[processor.options.validate] [processor.options.defaults] filterTimeoutMs, filterConcurrency, timers, onEvent and includeQueriesInEvents are validated and named in errors', () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ filterTimeoutMs: 0 }, 'filterTimeoutMs'],
      [{ filterTimeoutMs: 2 ** 31 }, 'filterTimeoutMs'],
      [{ filterTimeoutMs: 1.5 }, 'filterTimeoutMs'],
      [{ filterTimeoutMs: '2000' }, 'filterTimeoutMs'],
      [{ filterConcurrency: 0 }, 'filterConcurrency'],
      [{ filterConcurrency: 2.5 }, 'filterConcurrency'],
      [{ filterConcurrency: Number.POSITIVE_INFINITY }, 'filterConcurrency'],
      [{ timers: {} }, 'timers.setTimeout'],
      [{ timers: { setTimeout: () => 0 } }, 'timers.clearTimeout'],
      [{ onEvent: 'log' }, 'onEvent'],
      [{ includeQueriesInEvents: 'yes' }, 'includeQueriesInEvents'],
    ];
    for (const [options, option] of bad) {
      let error: Any;
      try {
        new ToolSearchProcessor({ tools: catalog(), ...options } as never);
      } catch (e) {
        error = e;
      }
      expect(error?.option, JSON.stringify(options)).toBe(option);
      expect(error.message).toContain(`"${option}"`);
    }
    for (const ok of [{ filterTimeoutMs: 1 }, { filterTimeoutMs: 2 ** 31 - 1 }, { filterConcurrency: 1 }, { timers: { setTimeout, clearTimeout } }]) {
      new ToolSearchProcessor({ tools: catalog(), ...ok } as never).dispose();
    }
    expect(DEFAULT_FILTER_TIMEOUT_MS).toBe(2_000);
    expect(DEFAULT_FILTER_CONCURRENCY).toBe(32);
  });
});

describe('filter deadlines', () => {
  it('[processor.filter.deadline] a verdict that never settles denies after filterTimeoutMs; the step goes on', async () => {
    const time = new SimulatedTime(0);
    const f = recordingFilter(time, ({ toolName }) => (toolName === 'get_weather' ? 'hang' : true));
    const p = new ToolSearchProcessor({ tools: catalog(), filter: f.filter, filterTimeoutMs: 500, timers: time.timers });
    const s = simulated(p, time);
    await s.step();
    const result = await s.call('search_tools', { query: 'weather forecast' });
    expect(result.results.map((r: Any) => r.name)).toEqual(['marine_forecast']);
    // Exactly one deadline passed, on simulated time.
    expect(time.now()).toBe(500);
    expect(time.pending).toBe(0);
  });

  it('[processor.filter.deadline] the default deadline is 2 000 ms; a verdict that settles in time counts, a late one is ignored', async () => {
    const time = new SimulatedTime(0);
    const f = recordingFilter(time, ({ toolName }) =>
      toolName === 'get_weather' ? { after: 1_999, value: true } : toolName === 'marine_forecast' ? { after: 2_001, value: true } : true,
    );
    const p = new ToolSearchProcessor({ tools: catalog(), filter: f.filter, timers: time.timers });
    const s = simulated(p, time);
    await s.step();
    const result = await s.call('search_tools', { query: 'weather forecast' });
    expect(result.results.map((r: Any) => r.name)).toEqual(['get_weather']);
    expect(time.now()).toBe(2_000);
    // The late verdict resolves afterwards and changes nothing.
    time.advance(10);
    expect(result.results.map((r: Any) => r.name)).toEqual(['get_weather']);
  });

  it('[processor.filter.deadline] [processor.filter.budget] [processor.options.timers] a synchronous verdict schedules no timer; an async one schedules one and clears it, and its operation one budget', async () => {
    const time = new SimulatedTime(0);
    let scheduled = 0;
    let cleared = 0;
    const timers = {
      setTimeout: (cb: () => void, ms: number) => (scheduled++, time.timers.setTimeout(cb, ms)),
      clearTimeout: (h: unknown) => (cleared++, time.timers.clearTimeout(h)),
    };
    const sync = new ToolSearchProcessor({ tools: catalog(), filter: () => true, timers });
    const a = simulated(sync, time);
    await a.step();
    await a.call('search_tools', { query: 'weather' });
    expect(scheduled).toBe(0);
    const async = new ToolSearchProcessor({ tools: catalog(), filter: async () => true, timers });
    const b = simulated(async, time);
    await b.step();
    await b.call('search_tools', { query: 'weather forecast' });
    // Two deadlines, and the search's budget (the step had nothing to ask); all cleared.
    expect(scheduled).toBe(3);
    expect(cleared).toBe(3);
    expect(time.pending).toBe(0);
  });

  it('[processor.filter.timeout-as-denial] a timed-out tool looks to the model exactly like a denied one', async () => {
    const run = async (verdict: Verdict) => {
      const time = new SimulatedTime(0);
      const f = recordingFilter(time, ({ toolName }) => (toolName === 'get_weather' ? verdict : true));
      const p = new ToolSearchProcessor({ tools: catalog(), filter: f.filter, filterTimeoutMs: 100, timers: time.timers, injectCatalog: true });
      const s = simulated(p, time);
      const first = await s.step();
      const search = await s.call('search_tools', { query: 'weather forecast' });
      const load = await s.call('load_tool', { toolName: 'get_weather' });
      const loadMany = await s.call('load_tool', { toolNames: ['get_weather', 'send_email'] });
      const next = await s.step();
      return { systems: first.systems, search, load, loadMany, keys: next.keys };
    };
    const denied = await run(false);
    for (const verdict of ['hang', { after: 150, value: true }, 'throw'] as const) expect(await run(verdict)).toEqual(denied);
    expect(denied.load).toMatchObject({ success: false });
  });

  it('[processor.filter.timeout-as-denial] [processor.events.deny] the reason is kept: each denial is an event with its reason', async () => {
    const time = new SimulatedTime(0);
    const seen: ToolSearchEvent[] = [];
    const f = recordingFilter(time, ({ toolName }) => (toolName === 'get_weather' ? 'hang' : toolName === 'marine_forecast' ? 'throw' : false));
    const p = new ToolSearchProcessor({
      tools: catalog(),
      filter: f.filter,
      filterTimeoutMs: 100,
      timers: time.timers,
      onEvent: (e) => {
        seen.push(e);
        throw new Error('a listener that throws changes nothing');
      },
    });
    const s = simulated(p, time);
    await s.step();
    const result = await s.call('search_tools', { query: 'weather forecast' });
    expect(result.results).toEqual([]);
    const denials = seen.filter((e) => e.type === 'deny');
    expect(denials.map((e) => [e.toolName, e.phase, e.reason, e.operation])).toEqual([
      ['marine_forecast', 'search', 'threw', 'search_tools'],
      ['get_weather', 'search', 'timed-out', 'search_tools'],
    ]);
    // r[processor.events.confidential]: the thrown message is not part of the event.
    expect(JSON.stringify(seen)).not.toContain('policy service down');
  });
});

describe('filter concurrency and order', () => {
  it('[processor.filter.concurrency] [processor.filter.start-order] injectCatalog asks every entry, at most filterConcurrency at once, in catalog order', async () => {
    const time = new SimulatedTime(0);
    const f = recordingFilter(time, () => ({ after: 100, value: true }));
    const tools = many(20);
    const p = new ToolSearchProcessor({ tools, filter: f.filter, filterConcurrency: 4, injectCatalog: true, timers: time.timers });
    const s = simulated(p, time);
    const view = await s.step();
    expect(f.calls.map((c) => c.toolName)).toEqual(Object.values(tools).map((t) => t.id));
    expect(f.maxInFlight).toBe(4);
    // 20 verdicts, 4 at a time, 100 ms each: five rounds.
    expect(time.now()).toBe(500);
    expect(f.calls.map((c) => c.at)).toEqual(Array.from({ length: 20 }, (_, i) => Math.floor(i / 4) * 100));
    expect(view.systems.join('\n')).toContain('- `report_19`: report number 19');
  });

  it('[processor.filter.start-order] [processor.filter.concurrency] a step asks about its catalog, then its loaded tools, all at once', async () => {
    const time = new SimulatedTime(0);
    const f = recordingFilter(time, () => ({ after: 100, value: true }));
    const p = new ToolSearchProcessor({ tools: catalog(), filter: f.filter, injectCatalog: true, timers: time.timers });
    const s = simulated(p, time);
    await s.step();
    await s.call('load_tool', { toolName: 'send_email' });
    f.calls.length = 0;
    const start = time.now();
    const view = await s.step();
    expect(view.keys).toContain('send_email');
    expect(f.calls.map((c) => `${c.phase}:${c.toolName}@${c.at - start}`)).toEqual([
      'search:get_weather@0',
      'search:send_email@0',
      'search:create_issue@0',
      'search:marine_forecast@0',
      'active:send_email@0',
    ]);
    expect(time.now() - start).toBe(100);
  });

  it('[processor.filter.concurrency] the bound holds across meta-tool calls running in parallel within one step', async () => {
    const time = new SimulatedTime(0);
    const f = recordingFilter(time, () => ({ after: 10, value: false }));
    const p = new ToolSearchProcessor({ tools: { ...many(30, 'report'), ...many(30, 'ledger') }, filter: f.filter, filterConcurrency: 3, timers: time.timers });
    const s = simulated(p, time);
    await s.step();
    const both = Promise.all([s.c.call('search_tools', { query: 'report' }), s.c.call('search_tools', { query: 'ledger' })]);
    await time.settle(both, 'two searches');
    expect(f.maxInFlight).toBe(3);
    expect(f.count('search')).toBe(60);
  });

  it('[processor.filter.start-order] catalog before active at the start of a step; load_tool in request order; autoLoad asks a batch at search, then at load', async () => {
    const time = new SimulatedTime(0);
    const f = recordingFilter(time, () => true);
    const p = new ToolSearchProcessor({ tools: catalog(), filter: f.filter, injectCatalog: true, timers: time.timers });
    const s = simulated(p, time);
    await s.step();
    await s.call('load_tool', { toolNames: ['send_email', 'get_weather'], toolName: 'create_issue' });
    expect(f.calls.slice(4).map((c) => `${c.phase}:${c.toolName}`)).toEqual(['load:send_email', 'load:get_weather', 'load:create_issue']);
    f.calls.length = 0;
    await s.step();
    expect(f.calls.map((c) => `${c.phase}:${c.toolName}`)).toEqual([
      'search:get_weather',
      'search:send_email',
      'search:create_issue',
      'search:marine_forecast',
      'active:send_email',
      'active:get_weather',
      'active:create_issue',
    ]);

    const ranked = rankCandidates(buildSearchIndex(Object.values(catalog()).map((t) => ({ name: t.id, description: t.description }))), 'weather forecast').map((h) => h.name);
    expect([...ranked].sort()).toEqual(['get_weather', 'marine_forecast']);
    const [first, second] = ranked as [string, string];
    const auto = recordingFilter(time, ({ toolName, phase }) => !(phase === 'search' && toolName === first));
    const q = new ToolSearchProcessor({ tools: catalog(), filter: auto.filter, search: { autoLoad: true, topK: 3 }, timers: time.timers });
    const a = simulated(q, time);
    await a.step();
    const found = await a.call('search_tools', { query: 'weather forecast' });
    expect(found.results.map((r: Any) => r.name)).toEqual([second]);
    expect(auto.calls.map((c) => `${c.phase}:${c.toolName}`)).toEqual([`search:${first}`, `search:${second}`, `load:${second}`]);
  });

  it('[processor.filter.once-per-step] each (tool, phase) is asked once per step, across catalog, searches, loads and suggestions', async () => {
    const time = new SimulatedTime(0);
    const f = recordingFilter(time, ({ toolName, phase }) => !(toolName === 'get_weather' && phase === 'load'));
    const p = new ToolSearchProcessor({ tools: catalog(), filter: f.filter, injectCatalog: true, timers: time.timers });
    const s = simulated(p, time);
    await s.step();
    await s.call('search_tools', { query: 'weather forecast' });
    await s.call('search_tools', { query: 'weather' });
    await s.call('load_tool', { toolName: 'get_weather' });
    await s.call('load_tool', { toolName: 'weather' });
    await s.call('load_tool', { toolNames: ['send_email', 'get_weather'] });
    const keys = f.calls.map((c) => `${c.phase}:${c.toolName}`);
    expect(keys.length).toBe(new Set(keys).size);
    expect(f.count('search', 'get_weather')).toBe(1);
    expect(f.count('load', 'get_weather')).toBe(1);
    // A new step asks again.
    f.calls.length = 0;
    await s.step();
    expect(f.count('search', 'get_weather')).toBe(1);
    expect(f.count('active', 'send_email')).toBe(1);
  });

  it('[processor.filter.once-per-step] each getLoadedToolsForRequestContext call is a step of its own', async () => {
    const time = new SimulatedTime(0);
    const f = recordingFilter(time, () => true);
    const p = new ToolSearchProcessor({ tools: catalog(), filter: f.filter, timers: time.timers });
    const s = simulated(p, time);
    await s.step();
    await s.call('load_tool', { toolName: 'get_weather' });
    f.calls.length = 0;
    const rc = requestContext('t');
    const first = await time.settle(p.getLoadedToolsForRequestContext({ requestContext: rc }), 'resume');
    const second = await time.settle(p.getLoadedToolsForRequestContext({ requestContext: rc }), 'resume');
    expect(Object.keys(first)).toEqual(['get_weather']);
    expect(Object.keys(second)).toEqual(['get_weather']);
    expect(f.calls.map((c) => `${c.phase}:${c.toolName}`)).toEqual(['active:get_weather', 'active:get_weather']);
  });
});

describe('searching with a filter asks in bounded batches', () => {
  it('[processor.filter.search-batches] a 10 000-tool catalog whose best candidates are allowed: exactly topK verdicts', async () => {
    const time = new SimulatedTime(0);
    const f = recordingFilter(time, () => ({ after: 5, value: true }));
    const p = new ToolSearchProcessor({ tools: many(10_000), filter: f.filter, search: { topK: 5 }, timers: time.timers });
    const s = simulated(p, time);
    await s.step();
    const result = await s.call('search_tools', { query: 'report' });
    expect(result.results).toHaveLength(5);
    expect(f.count('search')).toBe(5);
    expect(time.now()).toBe(5);
  });

  it('[processor.filter.search-batches] [processor.filter.concurrency] 1 000 candidates denied by a 50 ms filter take 34 rounds, not 1 000', async () => {
    const time = new SimulatedTime(0);
    const allowed = new Set(['report_997', 'report_998', 'report_999']);
    const f = recordingFilter(time, ({ toolName }) => ({ after: 50, value: allowed.has(toolName) }));
    const p = new ToolSearchProcessor({ tools: many(1_000), filter: f.filter, timers: time.timers });
    const s = simulated(p, time);
    await s.step();
    const result = await s.call('search_tools', { query: 'report' });
    expect(result.results.map((r: Any) => r.name).sort()).toEqual([...allowed].sort());
    expect(f.count('search')).toBe(1_000);
    expect(time.now()).toBe(34 * 50);
    expect(f.maxInFlight).toBe(32);
  });

  it('[processor.filter.search-batches] the results equal asking every candidate one by one, and calls start in ranked order', async () => {
    const time = new SimulatedTime(0);
    const tools = many(200);
    const ranked = rankCandidates(buildSearchIndex(Object.values(tools).map((t) => ({ name: t.id, description: t.description }))), 'report').map((h) => h.name);
    const allowed = (name: string) => Number(name.split('_')[1]) % 7 === 3;
    const f = recordingFilter(time, ({ toolName }) => ({ after: 3, value: allowed(toolName) }));
    const p = new ToolSearchProcessor({ tools, filter: f.filter, search: { topK: 6 }, filterConcurrency: 8, timers: time.timers });
    const s = simulated(p, time);
    await s.step();
    const result = await s.call('search_tools', { query: 'report' });
    expect(result.results.map((r: Any) => r.name)).toEqual(ranked.filter(allowed).slice(0, 6));
    const asked = f.calls.map((c) => c.toolName);
    expect(asked).toEqual(ranked.slice(0, asked.length));
    const lastNeeded = ranked.indexOf(result.results[5].name) + 1;
    expect(asked.length).toBeGreaterThanOrEqual(lastNeeded);
    expect(asked.length).toBeLessThanOrEqual(lastNeeded + 8 - 1);
  });

  it('[processor.filter.search-batches] suggestions are asked like a search: matching names in catalog order, at most three kept', async () => {
    const time = new SimulatedTime(0);
    const f = recordingFilter(time, ({ toolName }) => toolName !== 'report_0');
    const p = new ToolSearchProcessor({ tools: many(50), filter: f.filter, timers: time.timers });
    const s = simulated(p, time);
    await s.step();
    const result = await s.call('load_tool', { toolName: 'report' });
    expect(result.success).toBe(false);
    // Suggestions name the record key when it resolves to the tool (r[processor.names.suggestions]).
    expect(result.message).toContain('report1, report2, report3');
    // Phase load for the requested name; then, for suggestions, phase search for a batch of three
    // and phase load for those it allowed; the first batch denied one, so the next one is twice as big.
    const batch = (from: number, to: number, phase: string, skip?: number) =>
      Array.from({ length: to - from }, (_, i) => from + i)
        .filter((i) => i !== skip)
        .map((i) => `${phase}:report_${i}`);
    expect(f.calls.map((c) => `${c.phase}:${c.toolName}`)).toEqual([
      ...batch(0, 3, 'search'),
      ...batch(0, 3, 'load', 0),
      ...batch(3, 9, 'search'),
      ...batch(3, 9, 'load'),
    ]);
  });
});

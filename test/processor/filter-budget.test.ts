/**
 * One budget per operation (r[processor.filter.budget]): a step's own verdicts, one
 * `search_tools` call, one `load_tool` call, one `getLoadedToolsForRequestContext` call never wait
 * on the filter longer than `filterBudgetMs` in total. Everything runs on simulated time (the
 * `timers` option): no test waits, none reads the wall clock.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTER_BUDGET_MS, ToolSearchProcessor, type ToolSearchFilterArgs } from '../../src/index.js';
import type { ToolSearchEvent } from '../../src/index.js';
import { SimulatedTime } from '../../src/conformance/adapter/sim-time.js';
import { Conversation, requestContext } from './support/harness.js';

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
type Verdict = boolean | 'hang' | { after: number; value: boolean };

/** `n` plain tools `report_<i>`, all matching the query `report`. */
const reports = (n: number) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`report${i}`, { id: `report_${i}`, description: `report number ${i}` }])) as Record<string, Any>;

/** A filter on simulated time that records each call. */
function filterOn(time: SimulatedTime, decide: (args: ToolSearchFilterArgs) => Verdict) {
  const calls: Array<{ toolName: string; phase: string; at: number }> = [];
  const filter = (args: ToolSearchFilterArgs): boolean | Promise<boolean> => {
    calls.push({ toolName: args.toolName, phase: args.phase, at: time.now() });
    const verdict = decide(args);
    if (typeof verdict === 'boolean') return verdict;
    if (verdict === 'hang') return new Promise<boolean>(() => {});
    return time.delay(verdict.after).then(() => verdict.value);
  };
  return { filter, calls };
}

/** A conversation whose steps and calls run on simulated time, each measured. */
function simulated(processor: ToolSearchProcessor, time: SimulatedTime, thread = 't') {
  const c = new Conversation(processor, requestContext(thread));
  const timed = async <T>(run: () => Promise<T>, what: string): Promise<{ value: T; ms: number }> => {
    const start = time.now();
    const value = await time.settle(run(), what);
    return { value, ms: time.now() - start };
  };
  return {
    c,
    step: () => timed(() => c.step(), 'processInputStep'),
    call: (tool: string, input: unknown) => timed(() => c.call(tool, input) as Promise<Any>, tool),
  };
}

describe('filterBudgetMs', () => {
  it('[processor.options.validate] [processor.options.defaults] filterBudgetMs is an integer from 1 to 2^31 - 1, default 5 000', () => {
    for (const bad of [0, -1, 1.5, 2 ** 31, '5000', Number.NaN]) {
      let error: Any;
      try {
        new ToolSearchProcessor({ tools: reports(1), filterBudgetMs: bad } as never);
      } catch (e) {
        error = e;
      }
      expect(error?.option, String(bad)).toBe('filterBudgetMs');
      expect(error.message).toContain('"filterBudgetMs"');
      expect(error.message).toContain('milliseconds one operation may wait on the filter');
    }
    for (const ok of [1, 2 ** 31 - 1]) new ToolSearchProcessor({ tools: reports(1), filterBudgetMs: ok }).dispose();
    expect(DEFAULT_FILTER_BUDGET_MS).toBe(5_000);
  });
});

describe('one budget per operation', () => {
  it('[processor.filter.budget] a search over 1 000 candidates with a filter that never answers takes exactly the default budget', async () => {
    const time = new SimulatedTime(0);
    const f = filterOn(time, () => 'hang');
    const p = new ToolSearchProcessor({ tools: reports(1_000), filter: f.filter, timers: time.timers });
    const s = simulated(p, time);
    await s.step();
    const search = await s.call('search_tools', { query: 'report' });
    expect(search.value.results).toEqual([]);
    expect(search.ms).toBe(5_000);
    // Batches of 5, 10 and 20 (topK, then doubling while denied) start at 0, 2 000 and 4 000 ms
    // (deadlines of 2 000 ms); the budget cuts the third, and no further batch is asked.
    expect(f.calls.map((c) => c.at)).toEqual([...Array(5).fill(0), ...Array(10).fill(2_000), ...Array(20).fill(4_000)]);
  });

  it('[processor.filter.budget] [processor.filter.concurrency] a call waiting for a slot that nobody waits for any more is never started', async () => {
    const time = new SimulatedTime(0);
    const f = filterOn(time, () => 'hang');
    const p = new ToolSearchProcessor({
      tools: reports(3),
      filter: f.filter,
      injectCatalog: true,
      filterConcurrency: 1,
      filterTimeoutMs: 1_000,
      filterBudgetMs: 100,
      timers: time.timers,
    });
    const s = simulated(p, time);
    const step = await s.step();
    expect(step.ms).toBe(100);
    expect(step.value.systems.join('\n')).not.toContain('report_');
    // The first call goes on to its deadline; the two queued ones never start.
    time.advance(5_000);
    await Promise.resolve();
    expect(f.calls.map((c) => `${c.phase}:${c.toolName}`)).toEqual(['search:report_0']);
    expect(time.pending).toBe(0);
  });

  it('[processor.filter.budget] [processor.filter.once-per-step] settled verdicts outlive a spent budget; a call in flight serves a later operation of the step', async () => {
    const time = new SimulatedTime(0);
    // report_0 answers (allowed) after 10 ms, report_1 never answers, report_2 answers after 300 ms.
    const f = filterOn(time, ({ toolName }) =>
      toolName === 'report_0' ? { after: 10, value: true } : toolName === 'report_1' ? 'hang' : { after: 300, value: true },
    );
    const p = new ToolSearchProcessor({ tools: reports(3), filter: f.filter, filterBudgetMs: 50, filterTimeoutMs: 1_000, timers: time.timers });
    const s = simulated(p, time);
    await s.step();
    const first = await s.call('search_tools', { query: 'report' });
    expect(first.ms).toBe(50);
    expect(first.value.results.map((r: Any) => r.name)).toEqual(['report_0']);
    // The second search asks nothing new: report_0 is known, report_1 and report_2 are still in flight.
    const second = await s.call('search_tools', { query: 'report' });
    expect(second.ms).toBe(50);
    expect(second.value.results.map((r: Any) => r.name)).toEqual(['report_0']);
    // After their answers (report_2 at 300 ms) and deadline (report_1 at 1 000 ms), the verdicts are kept.
    await time.settle(time.delay(2_000), 'waiting');
    const third = await s.call('search_tools', { query: 'report' });
    expect(third.ms).toBe(0);
    expect(third.value.results.map((r: Any) => r.name)).toEqual(['report_0', 'report_2']);
    expect(f.calls.length).toBe(3);
  });

  it('[processor.filter.budget] a call withdrawn by a spent budget is asked afresh by a later operation', async () => {
    const time = new SimulatedTime(0);
    const f = filterOn(time, ({ toolName }) => (toolName === 'report_0' ? 'hang' : { after: 10, value: true }));
    const p = new ToolSearchProcessor({
      tools: reports(2),
      filter: f.filter,
      filterConcurrency: 1,
      filterBudgetMs: 300,
      filterTimeoutMs: 500,
      timers: time.timers,
    });
    const s = simulated(p, time);
    await s.step();
    // report_1 waits behind report_0's slot; the budget (at 300 ms) withdraws it before it starts.
    const first = await s.call('search_tools', { query: 'report' });
    expect(first.value.results).toEqual([]);
    expect(f.calls.map((c) => c.toolName)).toEqual(['report_0']);
    // The next search asks report_1 afresh; it starts when report_0's deadline frees the slot (500 ms).
    const second = await s.call('search_tools', { query: 'report' });
    expect(second.value.results.map((r: Any) => r.name)).toEqual(['report_1']);
    expect(f.calls.map((c) => `${c.phase}:${c.toolName}@${c.at}`)).toEqual(['search:report_0@0', 'search:report_1@500']);
    expect(second.ms).toBe(500 + 10 - 300);
  });

  it("[processor.filter.budget] a step's own verdicts (injected catalog and loaded tools) share one budget", async () => {
    const time = new SimulatedTime(0);
    let hang = false;
    const f = filterOn(time, () => (hang ? 'hang' : true));
    const p = new ToolSearchProcessor({ tools: reports(100), filter: f.filter, injectCatalog: true, timers: time.timers });
    const s = simulated(p, time);
    await s.step();
    await s.call('load_tool', { toolNames: ['report_0', 'report_1'] });
    hang = true;
    // 100 catalog verdicts and 2 active verdicts, 32 at a time with deadlines of 2 000 ms: 8 000 ms by deadlines alone.
    const next = await s.step();
    expect(next.ms).toBe(5_000);
    expect(next.value.keys).toEqual(['search_tools', 'load_tool']);
    expect(next.value.systems.join('\n')).not.toContain('report_');
  });

  it('[processor.filter.budget] load_tool, its suggestions included, and getLoadedToolsForRequestContext each wait at most the budget', async () => {
    const time = new SimulatedTime(0);
    let hang = false;
    const f = filterOn(time, () => (hang ? 'hang' : true));
    const p = new ToolSearchProcessor({
      tools: reports(200),
      filter: f.filter,
      filterBudgetMs: 3_000,
      filterTimeoutMs: 60_000,
      filterConcurrency: 4,
      timers: time.timers,
    });
    const s = simulated(p, time);
    await s.step();
    await s.call('load_tool', { toolName: 'report_7' });
    hang = true;
    // A name that is not found: its load verdict, then suggestions over every matching name, all hanging.
    const load = await s.call('load_tool', { toolName: 'report' });
    expect(load.ms).toBe(3_000);
    expect(load.value.success).toBe(false);
    const start = time.now();
    const resumed = await time.settle(p.getLoadedToolsForRequestContext({ requestContext: requestContext('t') }), 'resume');
    expect(resumed).toEqual({});
    expect(time.now() - start).toBe(3_000);
  });

  it('[processor.filter.budget] [processor.options.timers] an operation whose verdicts settle in time cancels its budget', async () => {
    const time = new SimulatedTime(0);
    const f = filterOn(time, () => ({ after: 5, value: true }));
    const p = new ToolSearchProcessor({ tools: reports(10), filter: f.filter, timers: time.timers });
    const s = simulated(p, time);
    await s.step();
    const search = await s.call('search_tools', { query: 'report' });
    expect(search.value.results).toHaveLength(5);
    expect(time.pending).toBe(0);
  });

  it('[processor.filter.budget] [processor.filter.timeout-as-denial] [processor.events.deny] [processor.events.budget] a verdict the budget cuts is a denial to the model and an event to the application', async () => {
    const run = async (verdict: Verdict, budget: number) => {
      const time = new SimulatedTime(0);
      const seen: ToolSearchEvent[] = [];
      const f = filterOn(time, ({ toolName }) => (toolName === 'report_1' ? verdict : true));
      const p = new ToolSearchProcessor({
        tools: reports(3),
        filter: f.filter,
        filterBudgetMs: budget,
        timers: time.timers,
        onEvent: (e) => void seen.push(e),
      });
      const s = simulated(p, time);
      await s.step();
      const search = (await s.call('search_tools', { query: 'report' })).value;
      const load = (await s.call('load_tool', { toolName: 'report_1' })).value;
      return { search, load, seen };
    };
    const denied = await run(false, 5_000);
    const cut = await run('hang', 100);
    expect(cut.search).toEqual(denied.search);
    expect(cut.load).toEqual(denied.load);
    const summary = (seen: ToolSearchEvent[]) =>
      seen.flatMap((e): unknown[][] =>
        e.type === 'deny' ? [[e.type, e.toolName, e.phase, e.reason]] : e.type === 'budget-exhausted' ? [[e.type, e.operation, e.pending, e.unasked]] : [],
      );
    expect(summary(denied.seen)).toEqual([
      ['deny', 'report_1', 'search', 'not-true'],
      ['deny', 'report_1', 'load', 'not-true'],
    ]);
    expect(summary(cut.seen)).toEqual([
      ['deny', 'report_1', 'search', 'budget-exhausted'],
      ['budget-exhausted', 'search_tools', 1, 0],
      ['deny', 'report_1', 'load', 'budget-exhausted'],
      ['budget-exhausted', 'load_tool', 1, 0],
    ]);
  });

  it('[processor.filter.budget] whatever the verdicts, no operation waits longer than the budget (property)', async () => {
    const verdict = fc.oneof(
      fc.boolean(),
      fc.constant('hang' as const),
      fc.record({ after: fc.integer({ min: 0, max: 3_000 }), value: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(verdict, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 4_000 }),
        fc.integer({ min: 1, max: 2_500 }),
        fc.integer({ min: 1, max: 8 }),
        fc.boolean(),
        async (verdicts, budget, timeout, concurrency, injectCatalog) => {
          const time = new SimulatedTime(0);
          let phaseOne = true;
          const f = filterOn(time, ({ toolName }) => (phaseOne ? true : verdicts[Number(toolName.slice('report_'.length))]!));
          const p = new ToolSearchProcessor({
            tools: reports(verdicts.length),
            filter: f.filter,
            filterBudgetMs: budget,
            filterTimeoutMs: timeout,
            filterConcurrency: concurrency,
            injectCatalog,
            timers: time.timers,
          });
          const s = simulated(p, time);
          await s.step();
          await s.call('load_tool', { toolNames: ['report_0'] });
          phaseOne = false;
          const operations = [
            (await s.step()).ms,
            (await s.call('search_tools', { query: 'report' })).ms,
            (await s.call('load_tool', { toolNames: verdicts.map((_, i) => `report_${i}`).slice(0, 20) })).ms,
            (await s.call('load_tool', { toolName: 'report' })).ms,
          ];
          for (const ms of operations) expect(ms).toBeLessThanOrEqual(budget);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('the order of one call’s events', () => {
  /** Each event's type, with the tool or operation it concerns, in delivery order. */
  const brief = (e: ToolSearchEvent): string =>
    e.type === 'deny' ? `deny:${e.toolName}:${e.phase}:${e.reason}` : e.type === 'budget-exhausted' ? `budget:${e.operation}:${e.pending}+${e.unasked}` : e.type === 'load' ? `load:${e.source}` : e.type;

  it('[processor.events.order] [processor.events.deny] search_tools: denials, then budget-exhausted (verdicts left unasked are counted, not reported), then search', async () => {
    const time = new SimulatedTime(0);
    const seen: ToolSearchEvent[] = [];
    // report_0 is allowed at phase search, report_1 denied at once, report_2 hangs until the budget runs
    // out; report_0's phase load is then left unasked, so nothing is found.
    const f = filterOn(time, ({ toolName }) => (toolName === 'report_0' ? true : toolName === 'report_1' ? false : 'hang'));
    const p = new ToolSearchProcessor({ tools: reports(3), filter: f.filter, timers: time.timers, filterBudgetMs: 100, filterTimeoutMs: 1_000, search: { autoLoad: true }, onEvent: (e) => void seen.push(e) });
    const s = simulated(p, time);
    await s.step();
    seen.length = 0;
    const r = await s.call('search_tools', { query: 'report' });
    await time.settle(new Promise<void>((resolve) => setImmediate(resolve)), 'delivery');
    expect(r.value.results).toEqual([]);
    expect(f.calls.map((c) => `${c.toolName}:${c.phase}`)).toEqual(['report_0:search', 'report_1:search', 'report_2:search']);
    expect(seen.map(brief)).toEqual(['deny:report_1:search:not-true', 'deny:report_2:search:budget-exhausted', 'budget:search_tools:1+1', 'search']);
  });

  it('[processor.events.order] search_tools under autoLoad: denials, then search, then load', async () => {
    const time = new SimulatedTime(0);
    const seen: ToolSearchEvent[] = [];
    const f = filterOn(time, ({ toolName }) => toolName !== 'report_1');
    const p = new ToolSearchProcessor({ tools: reports(3), filter: f.filter, timers: time.timers, search: { autoLoad: true }, onEvent: (e) => void seen.push(e) });
    const s = simulated(p, time);
    await s.step();
    seen.length = 0;
    await s.call('search_tools', { query: 'report' });
    await time.settle(new Promise<void>((resolve) => setImmediate(resolve)), 'delivery');
    expect(seen.map(brief)).toEqual(['deny:report_1:search:not-true', 'search', 'load:search_tools']);
  });

  it('[processor.events.order] load_tool: denials of phase load, then load, then the suggestions’ denials, then budget-exhausted', async () => {
    const time = new SimulatedTime(0);
    const seen: ToolSearchEvent[] = [];
    // Phase load denies report_1 at once; the verdicts of its suggestions (report_1, report_10, report_11 at phase search) hang.
    const f = filterOn(time, ({ phase }) => (phase === 'load' ? false : 'hang'));
    const tools = Object.fromEntries(['report_1', 'report_10', 'report_11'].map((name) => [name, { id: name, description: `report ${name}` }])) as Record<string, Any>;
    const p = new ToolSearchProcessor({ tools, filter: f.filter, timers: time.timers, filterBudgetMs: 100, filterTimeoutMs: 1_000, onEvent: (e) => void seen.push(e) });
    const s = simulated(p, time);
    await s.step();
    seen.length = 0;
    await s.call('load_tool', { toolName: 'report_1' });
    await time.settle(new Promise<void>((resolve) => setImmediate(resolve)), 'delivery');
    const kinds = seen.map(brief);
    expect(kinds[0]).toBe('deny:report_1:load:not-true');
    expect(kinds[1]).toBe('load:load_tool');
    expect(kinds.at(-1)).toMatch(/^budget:load_tool:/);
    // Between them, only the suggestions' verdicts, which the spent budget denied.
    expect(kinds.slice(2, -1).length).toBeGreaterThan(0);
    for (const k of kinds.slice(2, -1)) expect(k).toMatch(/^deny:report_1\d?:search:budget-exhausted$/);
  });
});

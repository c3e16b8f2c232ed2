/**
 * Large versions of the filter-deadline checks (issue 10), outside `npm test`:
 * `npx tsx test/bench/slow-filter.ts [--quick]`.
 *
 * A "slow filter" answers after 50 ms, the latency of a network policy check; a "hanging filter"
 * never answers. Both run on simulated time (`SimulatedTime` of the conformance driver), so the
 * figures are what the wall clock would show with that latency, without waiting for it, and they
 * are the same on every machine. This package's `ToolSearchProcessor` and @mastra/core 1.71.0's
 * get the same tools, filter and step arguments; the table reports the simulated time of the
 * operation, the filter calls made and the most calls in flight at once. A stall is an operation
 * that can never finish (Mastra awaits a hanging verdict forever).
 *
 * Prints a Markdown table (for `docs/reliability.md`).
 */
import { ToolSearchProcessor as MastraToolSearchProcessor } from '@mastra/core/processors';
import { MAX_TIMER_DELAY_MS, ToolSearchProcessor } from '../../src/index.js';
import { SimulatedTime, StalledError } from '../../src/conformance/adapter/sim-time.js';
import { requestContext } from '../processor/support/harness.js';

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
/** `unbudgeted`: ours with `filterBudgetMs` at its maximum, so that only the per-verdict deadlines bound an operation. */
type Impl = 'ours' | 'unbudgeted' | 'mastra';
type Verdict = (name: string, phase: string) => boolean | 'hang';

const quick = process.argv.includes('--quick');
const LATENCY_MS = 50;

/** `n` tools that all match the query `report`, in catalog order `report_0` … . */
const reports = (n: number) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`report_${i}`, { id: `report_${i}`, description: `report number ${i}` }]));

interface Counters {
  calls: number;
  inFlight: number;
  maxInFlight: number;
}

function filterOn(time: SimulatedTime, verdict: Verdict, counters: Counters) {
  return ({ toolName, phase }: { toolName: string; phase: string }) => {
    counters.calls++;
    const v = verdict(toolName, phase);
    counters.inFlight++;
    counters.maxInFlight = Math.max(counters.maxInFlight, counters.inFlight);
    if (v === 'hang') return new Promise<boolean>(() => {});
    return time.delay(LATENCY_MS).then(() => {
      counters.inFlight--;
      return v;
    });
  };
}

function make(impl: Impl, options: Record<string, unknown>, time: SimulatedTime): Any {
  if (impl === 'ours') return new ToolSearchProcessor({ ...options, timers: time.timers } as never);
  if (impl === 'unbudgeted') return new ToolSearchProcessor({ ...options, filterBudgetMs: MAX_TIMER_DELAY_MS, timers: time.timers } as never);
  return new MastraToolSearchProcessor(options as never);
}

async function step(processor: Any, thread: string, messages: unknown[] = []) {
  const systems: string[] = [];
  const out = await processor.processInputStep({
    messages,
    messageList: { addSystem: (m: unknown) => void systems.push(String(m)) },
    tools: {},
    requestContext: requestContext(thread),
    stepNumber: 0,
    steps: [],
    systemMessages: [],
    state: {},
    retryCount: 0,
  });
  return { tools: out.tools as Record<string, { execute: (input: unknown, ctx: unknown) => Promise<unknown> }>, systems };
}

interface Row {
  scenario: string;
  impl: Impl;
  ms: number | 'stalls';
  calls: number;
  maxInFlight: number;
  result: string;
}

/** Runs `operation` on simulated time and measures it; a stall is reported, not waited for. */
async function measure(scenario: string, impl: Impl, time: SimulatedTime, counters: Counters, operation: () => Promise<string>): Promise<Row> {
  const start = time.now();
  const callsBefore = counters.calls;
  counters.maxInFlight = counters.inFlight;
  try {
    const result = await time.settle(operation(), scenario);
    return { scenario, impl, ms: time.now() - start, calls: counters.calls - callsBefore, maxInFlight: counters.maxInFlight, result };
  } catch (error) {
    if (!(error instanceof StalledError)) throw error;
    return { scenario, impl, ms: 'stalls', calls: counters.calls - callsBefore, maxInFlight: counters.maxInFlight, result: '—' };
  }
}

/** One search over `n` matching tools with the given verdicts. */
async function searchScenario(scenario: string, impl: Impl, n: number, verdict: Verdict): Promise<Row> {
  const time = new SimulatedTime(0);
  const counters: Counters = { calls: 0, inFlight: 0, maxInFlight: 0 };
  const processor = make(impl, { tools: reports(n), filter: filterOn(time, verdict, counters) }, time);
  const { tools } = await time.settle(step(processor, 't'), 'step');
  return measure(scenario, impl, time, counters, async () => {
    const out = (await tools.search_tools!.execute({ query: 'report' }, { toolCallId: 'c', messages: [] })) as Any;
    return `${out.results.length} results`;
  });
}

/** One step with `injectCatalog` over `n` tools. */
async function catalogScenario(scenario: string, impl: Impl, n: number, verdict: Verdict): Promise<Row> {
  const time = new SimulatedTime(0);
  const counters: Counters = { calls: 0, inFlight: 0, maxInFlight: 0 };
  const processor = make(impl, { tools: reports(n), injectCatalog: true, filter: filterOn(time, verdict, counters) }, time);
  return measure(scenario, impl, time, counters, async () => {
    const { systems } = await step(processor, 't');
    const lines = systems.join('\n').split('\n').filter((l) => l.startsWith('- `')).length;
    return `${lines} catalog lines`;
  });
}

/** A step of a thread with `k` loaded tools (phase `active`). */
async function activeScenario(scenario: string, impl: Impl, k: number, verdict: Verdict): Promise<Row> {
  const time = new SimulatedTime(0);
  const counters: Counters = { calls: 0, inFlight: 0, maxInFlight: 0 };
  const names = Array.from({ length: k }, (_, i) => `report_${i}`);
  const allowAll = filterOn(time, () => true, counters);
  const policy = filterOn(time, verdict, counters);
  let loading = true;
  const processor = make(impl, { tools: reports(k), filter: (a: Any) => (loading ? allowAll(a) : policy(a)) }, time);
  const { tools } = await time.settle(step(processor, 't'), 'step');
  await time.settle(tools.load_tool!.execute({ toolNames: names }, { toolCallId: 'c', messages: [] }), 'load');
  loading = false;
  return measure(scenario, impl, time, counters, async () => {
    const next = await step(processor, 't');
    return `${Object.keys(next.tools).length - 2} exposed`;
  });
}

const sizes = quick ? [1_000] : [1_000, 5_000, 10_000];
const rows: Row[] = [];
for (const impl of ['ours', 'unbudgeted', 'mastra'] as const) {
  for (const n of sizes) {
    const last = new Set([`report_${n - 3}`, `report_${n - 2}`, `report_${n - 1}`]);
    rows.push(await searchScenario(`search, ${n} candidates, all but the last 3 denied`, impl, n, (name) => last.has(name)));
  }
  rows.push(await searchScenario(`search, ${sizes.at(-1)} candidates, the best 5 allowed`, impl, sizes.at(-1)!, () => true));
  rows.push(await searchScenario('search, 1000 candidates, filter never answers', impl, 1_000, () => 'hang'));
  rows.push(await searchScenario('search, 1000 candidates, one verdict (the best) never answers', impl, 1_000, (name) => (name === 'report_0' ? 'hang' : true)));
  for (const n of quick ? [100] : [100, 1_000]) rows.push(await catalogScenario(`injectCatalog step, ${n} tools`, impl, n, () => true));
  rows.push(await catalogScenario('injectCatalog step, 100 tools, filter never answers', impl, 100, () => 'hang'));
  rows.push(await activeScenario('step with 50 loaded tools (phase active)', impl, 50, () => true));
  rows.push(await activeScenario('step with 50 loaded tools, active never answers', impl, 50, () => 'hang'));
}

const scenarios = [...new Set(rows.map((r) => r.scenario))];
const hangs = (scenario: string) => scenario.includes('never answers');
const cell = (r: Row | undefined) => {
  if (r === undefined) return '—';
  if (r.ms === 'stalls') return `**stalls** (waits forever after ${r.calls} call${r.calls === 1 ? '' : 's'})`;
  // A call that never answers stays in flight for the filter forever, so "at once" is only shown for answering filters.
  const atOnce = hangs(r.scenario) ? '' : `, ${r.maxInFlight} at once`;
  return `${r.ms.toLocaleString('en')} ms, ${r.calls} calls${atOnce}, ${r.result}`;
};
const lines = [
  `Simulated time of each operation with a ${LATENCY_MS} ms filter (defaults: filterTimeoutMs 2 000, filterConcurrency 32, filterBudgetMs 5 000, topK 5).`,
  'The middle column is tool-search-reference with the budget lifted (filterBudgetMs 2 147 483 647): deadlines alone.',
  'Command: `npx tsx test/bench/slow-filter.ts`.',
  '',
  '| scenario | tool-search-reference | without a budget | @mastra/core 1.71.0 |',
  '| --- | --- | --- | --- |',
  ...scenarios.map(
    (s) => `| ${s} | ${(['ours', 'unbudgeted', 'mastra'] as const).map((impl) => cell(rows.find((r) => r.scenario === s && r.impl === impl))).join(' | ')} |`,
  ),
];
console.log(lines.join('\n'));
process.exit(0);

/**
 * Performance benchmark: `npm run bench` (= `npx tsx test/bench/perf.ts`). Not part of `npm test`.
 *
 * Measures, in one process run and interleaved, this package's `ToolSearchProcessor` and scorer
 * against @mastra/core 1.71.0's, and against a typed-array postings kernel (the physical
 * reference), on every workload of issue 13: construction, `search_tools` p50/p99, the scorers
 * alone, `includeResolvedTools` steps, context-storage steps over long histories, heap per tool
 * and per thread (and, beyond the issue, steps with N loaded tools and a word-analysis
 * diagnostic). Ratios are Mastra's time / ours: above 1 we are faster.
 *
 * A full run writes `docs/benchmarks.md` and its charts `docs/benchmarks/*.svg`, and prints the
 * document; `--quick` and runs narrowed by options only print (unless `--write`). A progress
 * line runs on stderr. `npm run bench -- --help` lists the options.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs, USAGE, type BenchArgs } from './perf/args.js';
import { Bench } from './perf/bench.js';
import { charts } from './perf/charts.js';
import { tokenizationShare, type Diagnostic } from './perf/diagnostics.js';
import { renderDocument } from './perf/document.js';
import { catalogOf, forgetCatalogs } from './perf/families.js';
import { Progress, type LoadSummary } from './perf/progress.js';
import { Results, type SavedResults } from './perf/results.js';
import { release } from './perf/subjects.js';
import { construction, heapPerTool, toolsOf, type Kept } from './perf/workloads/construction.js';
import { contextSteps } from './perf/workloads/context.js';
import { resolvedSteps, RESOLVED_VARIANTS } from './perf/workloads/resolved.js';
import { searchLatency } from './perf/workloads/search.js';
import { stepCost, STEP_LOADED, STEP_STORAGES } from './perf/workloads/steps.js';
import { heapPerThread } from './perf/workloads/threads.js';
import { warmUp } from './perf/workloads/warmup.js';

const CHART_DIR = 'benchmarks';

/** How many progress stages a run has. */
function stageCount(args: BenchArgs): number {
  const has = (w: string) => args.workloads.includes(w as never);
  const perCatalog = (has('construction') ? 1 : 0) + (has('heap') ? 1 : 0) + (has('search') ? 1 : 0);
  return (
    (needsWarmUp(args) ? 1 : 0) +
    perCatalog * args.families.length * args.sizes.length +
    (has('resolved') ? Object.keys(RESOLVED_VARIANTS).length * args.sizes.length : 0) +
    (has('context') ? 2 * args.histories.length : 0) +
    (has('threads') ? 2 : 0) +
    (has('steps') ? STEP_STORAGES.length * STEP_LOADED.length : 0) +
    (has('diagnostics') ? 1 : 0)
  );
}

/** Whether the run measures catalogs (and so warms both implementations up first). */
function needsWarmUp(args: BenchArgs): boolean {
  return ['construction', 'heap', 'search', 'resolved'].some((w) => args.workloads.includes(w as never));
}

/** Runs the selected workloads. */
async function run(bench: Bench): Promise<Diagnostic[]> {
  const { args, progress } = bench;
  const has = (w: string) => args.workloads.includes(w as never);
  // 0. Untimed warm-up of both implementations.
  if (needsWarmUp(args)) {
    progress.stage('warm-up (untimed): both processors on 1k-tool catalogs');
    await warmUp(args.families);
    forgetCatalogs();
  }
  // 1. Per catalog: construction, heap per tool, search (sharing the processors built).
  if (has('construction') || has('heap') || has('search')) {
    for (const family of args.families) {
      for (const size of args.sizes) {
        const c = catalogOf(family, size);
        const tools = toolsOf(c);
        const kept: Kept = new Map();
        const where = `${family} ${size.toLocaleString('en-US')}`;
        if (has('construction')) {
          progress.stage(`construction: ${where}`);
          await construction(bench, c, tools, kept);
        }
        if (has('heap')) {
          progress.stage(`heap per tool: ${where}`);
          heapPerTool(bench, c);
        }
        if (has('search')) {
          progress.stage(`search_tools, the scorers and the kernel: ${where}`);
          await searchLatency(bench, c, tools, kept);
        }
        kept.forEach(release);
        forgetCatalogs();
      }
    }
  }
  // 2. includeResolvedTools steps on the MetaTool-like family.
  if (has('resolved')) {
    for (const size of args.sizes) {
      await resolvedSteps(bench, catalogOf('metatool', size));
      forgetCatalogs();
    }
  }
  // 3. Context storage over long histories; heap per thread; steps with N loaded tools.
  if (has('context')) for (const length of args.histories) await contextSteps(bench, length);
  if (has('threads')) await heapPerThread(bench, args.threads);
  if (has('steps')) await stepCost(bench);
  if (has('diagnostics')) {
    progress.stage('diagnostics: word analysis on 1k MetaTool-like tools');
    return tokenizationShare(catalogOf('metatool', 1_000).docs);
  }
  return [];
}

/** What a run measured, and how (kept by `--save`). */
interface SavedRun<R = Results> {
  args: BenchArgs;
  command: string;
  started: string;
  seconds: number;
  load: LoadSummary;
  results: R;
  diagnostics: Diagnostic[];
}

/** Runs the workloads the options select. */
async function measureAll(args: BenchArgs): Promise<SavedRun> {
  const started = new Date().toISOString();
  const progress = new Progress(stageCount(args));
  const bench = new Bench(args, new Results(), progress);
  progress.log(`workloads ${args.workloads.join(', ')}; sizes ${args.sizes.join(', ')}; families ${args.families.join(', ')}${args.quick ? ' (quick)' : ''}`);
  const diagnostics = await run(bench);
  const seconds = progress.seconds;
  const load = progress.finish();
  const extra = process.argv
    .slice(2)
    .filter((a) => !a.startsWith('--save='))
    .join(' ');
  return { args, command: extra === '' ? 'npm run bench' : `npm run bench -- ${extra}`, started, seconds, load, results: bench.results, diagnostics };
}

async function main() {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 2;
    return;
  }
  if (parsed === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  // 1. Measure (or read the figures of an earlier run).
  let run: SavedRun;
  if (parsed.render !== undefined) {
    const saved = JSON.parse(readFileSync(parsed.render, 'utf8')) as SavedRun<SavedResults>;
    run = { ...saved, args: { ...saved.args, write: parsed.write }, results: Results.fromJSON(saved.results) };
  } else {
    run = await measureAll(parsed);
    if (parsed.save !== undefined) writeFileSync(parsed.save, JSON.stringify({ ...run, results: run.results.toJSON() }));
  }
  // 2. Charts and the document.
  const { args } = run;
  const drawn = charts({ results: run.results, sizes: args.sizes, families: args.families, histories: args.histories });
  const doc = renderDocument({ ...run, started: new Date(run.started), charts: drawn, chartDir: CHART_DIR });
  process.stdout.write(doc);
  if (args.write) {
    const docs = join(new URL('../../', import.meta.url).pathname, 'docs');
    mkdirSync(join(docs, CHART_DIR), { recursive: true });
    for (const c of drawn) writeFileSync(join(docs, CHART_DIR, c.file), `${c.svg}\n`);
    writeFileSync(join(docs, 'benchmarks.md'), doc);
    process.stderr.write(`wrote ${join(docs, 'benchmarks.md')} and ${drawn.length} charts in ${join(docs, CHART_DIR)}\n`);
  }
  process.stderr.write(`done in ${run.seconds.toFixed(0)} s\n`);
}

await main();

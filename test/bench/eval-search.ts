/**
 * Search-quality benchmark: `npm run eval:search` (= `npx tsx test/bench/eval-search.ts`).
 * Not part of `npm test`.
 *
 * Runs, in one process and on the same data with the same `topK` (5) and `minScore` (0), over
 * every development set that `test/bench/data.ts` finds:
 * - this package's scorer (`src/scoring`, spec/search.md);
 * - @mastra/core 1.71.0's `ToolSearchProcessor`, through its real `search_tools` meta-tool;
 * - a textbook BM25 baseline (`eval/bm25-baseline.ts`: Lucene-style, k1 0.9, b 0.4, Porter
 *   stemming, Lucene's English stopwords).
 * It prints per set Recall@1, Recall@5, MRR@5 and nDCG@5 (`eval/metrics.ts`) and the mean time
 * per query of each system (the three are timed interleaved, query by query, over three rounds;
 * the median round counts), and writes `docs/search-quality.md` with the table and
 * `docs/search-quality.svg`, the chart of Recall@5 per set and system.
 *
 * The scorer of the filing baseline (commit e4245f1, `eval/baseline.ts`, loaded from the
 * repository's history) runs in the same loop, interleaved with the others, so that the ratio of
 * this scorer's time per query to the baseline's is measured in the same run on the same load.
 *
 * `--no-write` prints without writing the files. `--cross-validate` runs instead the
 * leave-one-set-out choice of the scoring constants (`eval/cross-validate.ts`) and writes
 * `docs/search-tuning.md`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSearchIndex, search, type SearchDocument } from '../../src/scoring/index.js';
import { DATA_ENV, loadDataSets, type DataSet } from './data.js';
import { BASELINE_COMMIT, loadBaselineScorer, type BaselineScorer } from './eval/baseline.js';
import { bm25Baseline } from './eval/bm25-baseline.js';
import { barChartSvg } from './eval/chart.js';
import { crossValidate, PREVIOUS_RECALL_AT_1, PREVIOUS_RECALL_AT_5 } from './eval/cross-validate.js';
import { mastraSearcher } from './eval/mastra.js';
import { DEPTH, evaluateRuns, type Metrics } from './eval/metrics.js';
import { duration, table } from './perf/report.js';

const TOP_K = DEPTH;
const MIN_SCORE = 0;
const ROUNDS = 3;
const COMMAND = 'npm run eval:search   # = npx tsx test/bench/eval-search.ts';
const repoRoot = new URL('../../', import.meta.url).pathname;

type Searcher = (query: string) => string[] | Promise<string[]>;

/** The systems compared, in table order (the chart's). */
const SYSTEMS = ['tool-search-reference', '@mastra/core 1.71.0', 'BM25 baseline'] as const;

/** The filing baseline's scorer, when it loads: timed with the others, in the table's last row of each set. */
const BASELINE_SYSTEM = `tool-search-reference at ${BASELINE_COMMIT}`;

async function searchersFor(catalog: readonly SearchDocument[], baseline: BaselineScorer | undefined): Promise<Searcher[]> {
  const index = buildSearchIndex(catalog);
  const ours: Searcher = (query) => search(index, query, { topK: TOP_K, minScore: MIN_SCORE }).map((hit) => hit.name);
  const bm25 = bm25Baseline(catalog);
  const before = baseline?.(catalog);
  return [
    ours,
    await mastraSearcher(catalog, TOP_K, MIN_SCORE),
    (query) => bm25(query, TOP_K),
    ...(before ? [(query: string) => before(query, TOP_K, MIN_SCORE)] : []),
  ];
}

interface SetResult {
  set: DataSet;
  metrics: Metrics[];
  /** Per system: metrics of each subset (query file or `subset` field), by name. */
  subsets: Array<Map<string, Metrics>>;
  /** Per system: mean nanoseconds per query (median of the rounds). */
  nsPerQuery: number[];
}

/** Runs every system on every query of a set: results from the first round, time from all rounds. */
async function runSet(set: DataSet, baseline: BaselineScorer | undefined): Promise<SetResult> {
  const searchers = await searchersFor(set.catalog, baseline);
  const runs: string[][][] = searchers.map(() => []);
  const rounds: number[][] = searchers.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    const totals = searchers.map(() => 0);
    for (const [qi, { query }] of set.queries.entries()) {
      // Interleaved, in an order that rotates with the query, so load changes weigh on all.
      for (let k = 0; k < searchers.length; k++) {
        const s = (qi + k) % searchers.length;
        const start = process.hrtime.bigint();
        const names = await searchers[s]!(query);
        totals[s]! += Number(process.hrtime.bigint() - start);
        if (round === 0) runs[s]!.push(names);
      }
    }
    totals.forEach((t, s) => rounds[s]!.push(t / set.queries.length));
  }
  const subsetNames = [...new Set(set.queries.map((q) => q.subset))];
  return {
    set,
    metrics: runs.map((r) => evaluateRuns(set.queries, r)),
    subsets: runs.map((r) => {
      const bySubset = new Map<string, Metrics>();
      for (const name of subsetNames) {
        const idx = set.queries.flatMap((q, i) => (q.subset === name ? [i] : []));
        bySubset.set(name, evaluateRuns(idx.map((i) => set.queries[i]!), idx.map((i) => r[i]!)));
      }
      return bySubset;
    }),
    nsPerQuery: rounds.map((r) => [...r].sort((a, b) => a - b)[Math.floor(r.length / 2)]!),
  };
}

const f3 = (x: number) => x.toFixed(3);
const metricCells = (m: Metrics) => [f3(m.recallAt1), f3(m.recallAt5), f3(m.mrrAt5), f3(m.ndcgAt5)];

function describeSet(r: SetResult): string {
  const multi = r.set.queries.filter((q) => q.gold.length > 1).length;
  return `${r.set.title} (${r.set.language}): ${r.set.catalog.length} tools, ${r.set.queries.length} queries (${multi} with several gold tools)`;
}

function report(results: readonly SetResult[], missing: string | undefined, baselineMissing: string | undefined): string {
  const withBaseline = baselineMissing === undefined;
  const systems = withBaseline ? [...SYSTEMS, BASELINE_SYSTEM] : SYSTEMS;
  const main = table(
    ['data set', 'system', 'Recall@1', 'Recall@5', 'MRR@5', 'nDCG@5', 'time / query'],
    results.flatMap((r) => systems.map((name, s) => [r.set.title, name, ...metricCells(r.metrics[s]!), duration(r.nsPerQuery[s]!)])),
  );
  const ratio = (r: SetResult, s: number) => (r.nsPerQuery[0]! / r.nsPerQuery[s]!).toFixed(2);
  const speed = table(
    ['data set', 'ours / @mastra/core', 'ours / BM25 baseline', ...(withBaseline ? [`ours / ${BASELINE_COMMIT}`] : [])],
    results.map((r) => [r.set.title, ratio(r, 1), ratio(r, 2), ...(withBaseline ? [ratio(r, 3)] : [])]),
  );
  const change = table(
    ['data set', 'Recall@1 before', 'Recall@1 now', 'Recall@5 before', 'Recall@5 now', 'Δ Recall@5'],
    results
      .filter((r) => PREVIOUS_RECALL_AT_5[r.set.id] !== undefined)
      .map((r) => {
        const before = PREVIOUS_RECALL_AT_5[r.set.id]!;
        const now = r.metrics[0]!.recallAt5;
        return [r.set.title, f3(PREVIOUS_RECALL_AT_1[r.set.id]!), f3(r.metrics[0]!.recallAt1), f3(before), f3(now), `${now >= before ? '+' : ''}${(now - before).toFixed(3)}`];
      }),
  );
  const subsetRows = results.flatMap((r) =>
    r.subsets[0]!.size < 2 ? [] : [...r.subsets[0]!.keys()].flatMap((subset) => SYSTEMS.map((name, s) => [`${r.set.title} ${subset}`, name, ...metricCells(r.subsets[s]!.get(subset)!)])),
  );
  return [
    ...results.map((r) => `- ${describeSet(r)}.`),
    ...(missing ? ['', `Not run (missing data):`, '', '```', missing, '```'] : []),
    '',
    main,
    '',
    `Time per query is the mean over the set’s queries, the systems timed interleaved (median of three rounds); the ratios${withBaseline ? ` (the last: this scorer against the filing baseline's, commit ${BASELINE_COMMIT}, loaded from the repository's history by \`test/bench/eval/baseline.ts\`; below 1 is faster)` : ''}:`,
    '',
    speed,
    ...(withBaseline ? [] : ['', `Not timed against commit ${BASELINE_COMMIT}: ${baselineMissing}.`]),
    '',
    'This scorer against the previous release (commit e4245f1: trigram approximate matching, CJK character pairs across the whole run, constants tuned on MetaTool alone), whose figures were measured with this same script:',
    '',
    change,
    ...(subsetRows.length > 0 ? ['', 'By query file:', '', table(['subset', 'system', 'Recall@1', 'Recall@5', 'MRR@5', 'nDCG@5'], subsetRows)] : []),
  ].join('\n');
}

function markdown(body: string): string {
  return `# Search quality

How well \`search_tools\` finds the right tool, on every development set, for this package's
scorer (\`src/scoring\`, specified in [spec/search.md](../spec/search.md)), for \`@mastra/core\`
1.71.0's \`ToolSearchProcessor\` and for a textbook BM25 baseline, in the same run, on the same
data, with the same \`topK\` (5) and \`minScore\` (0). The scorer of the filing baseline
(commit ${BASELINE_COMMIT}, when issue 12 was filed) runs in the same loop, so that this scorer's time per
query is compared with it under the same load. This file and the chart are written by the
benchmark itself; do not edit them by hand.

Reproduce with:

\`\`\`sh
npm ci && ${COMMAND}
\`\`\`

The data is read from \`$${DATA_ENV}\` when set, else from the workspace copy \`shared/data\` beside
the repository or one of its parents (\`test/bench/data.ts\`); the script says what it needs when
a set is missing.

## Results

${body}

![Recall@5 per data set and system](search-quality.svg)

## What the figures mean

For each query, the ranked list is what the system returns (at most 5 tools).

- **Recall@k**: the fraction of the query's gold tools found among the first \`k\` results,
  averaged over the queries. For a single-tool query this is 1 when the gold tool is among the
  first \`k\`, else 0; for a query with several gold tools it is the *fraction* found (so
  Recall@1 cannot exceed 1/n for n gold tools).
- **MRR@5**: \`1 / rank\` of the first gold tool among the first 5 results, 0 when none is there.
- **nDCG@5**: binary-relevance DCG of the first 5 results divided by that of an ideal ranking.

Mastra's \`search_tools\` is called the way an agent calls it: one \`processInputStep\` of a
\`ToolSearchProcessor\` built over tools made with \`createTool\` (id = catalog name,
description = catalog description), then the returned \`search_tools\` tool's
\`execute({ query })\` for every query. The BM25 baseline (\`test/bench/eval/bm25-baseline.ts\`)
indexes \`"<name> <description>"\` as one field with Lucene's \`BM25Similarity\` formula (k1 0.9,
b 0.4), lower-cased letter-and-digit words (each CJK or Thai character a token of its own, as
Lucene's \`StandardTokenizer\` emits ideographs), Lucene's 33 English stopwords and the Porter
stemmer.

## How the constants were chosen

The scorer's constants (\`k1\`, the field weights and length normalisation, the idf exponent)
were chosen by leave-one-set-out cross-validation over the three development sets; the
procedure, the grid and the per-set figures are in [search-tuning.md](search-tuning.md)
(\`${COMMAND} -- --cross-validate\`). Nothing in the scorer refers to a data set's tool names or
queries: every element is a rule of \`spec/search.md\`, its word lists are \`spec/data/\`.

## Caveats

- The development sets are also the tuning sets; catalogs kept back elsewhere check that the
  gains carry over. Figures on these sets are optimistic for unseen catalogs.
- Many MetaTool queries share no word at all with their gold tool's name or description, which
  bounds what any lexical scorer reaches there well below 1.
- Times come from a shared machine; the ratios, measured interleaved, are the figures to read.
`;
}

async function main(): Promise<void> {
  const write = !process.argv.includes('--no-write');
  const { root, sets, missing } = loadDataSets();
  process.stderr.write(`[eval:search] data from ${root}\n`);
  if (missing) process.stderr.write(`[eval:search] some sets are missing:\n${missing}\n`);
  if (process.argv.includes('--cross-validate')) {
    const tuning = crossValidate(sets, (line) => process.stderr.write(`[eval:search] ${line}\n`));
    console.log(tuning);
    if (write) writeFileSync(join(repoRoot, 'docs', 'search-tuning.md'), tuning);
    return;
  }
  const baseline = await loadBaselineScorer(repoRoot);
  const baselineMissing = 'missing' in baseline ? baseline.missing : undefined;
  if (baselineMissing) process.stderr.write(`[eval:search] ${baselineMissing}\n`);
  const results: SetResult[] = [];
  for (const set of sets) {
    process.stderr.write(`[eval:search] ${set.title}: ${set.catalog.length} tools, ${set.queries.length} queries\n`);
    results.push(await runSet(set, 'scorer' in baseline ? baseline.scorer : undefined));
  }
  const body = report(results, missing, baselineMissing);
  console.log(body);
  if (write) {
    writeFileSync(join(repoRoot, 'docs', 'search-quality.md'), markdown(body));
    const svg = barChartSvg(
      'Recall@5 per development set (topK 5, minScore 0)',
      SYSTEMS,
      results.map((r) => ({ label: r.set.title, values: r.metrics.slice(0, SYSTEMS.length).map((m) => m.recallAt5) })),
    );
    writeFileSync(join(repoRoot, 'docs', 'search-quality.svg'), svg);
    process.stderr.write('[eval:search] wrote docs/search-quality.md and docs/search-quality.svg\n');
  }
}

await main();

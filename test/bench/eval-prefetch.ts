/**
 * First-turn prefetch benchmark: `npm run eval:prefetch` (= `npx tsx test/bench/eval-prefetch.ts`).
 * Not part of `npm test`.
 *
 * For every development set `test/bench/data.ts` finds, each query is taken as the latest user
 * message of a request's first step, and the processor's own prefetch (`src/processor/prefetch.ts`:
 * the query cut as r[processor.prefetch.query] says, ranked by the scorer, at or above
 * `prefetch.minScore`, the first `min(maxTools, topK)` kept) is run over the set's catalog with no
 * filter. It reports, for `topK` (= `maxTools`) 1, 3 and 5 and for several `minScore`s:
 * - **gold prefetched**: the fraction of queries with at least one gold tool among the prefetched
 *   tools, so the first model call can answer without a search;
 * - **all gold**: the fraction with every gold tool prefetched (differs for multi-tool queries);
 * - **tools / request**: the mean number of tools prefetched (what the first call carries);
 * - **precision**: the fraction of prefetched tools that are gold;
 * - **nothing**: the fraction of queries for which nothing reaches `minScore`.
 * It writes the section "First-turn prefetch" of `docs/prefetch.md`; `--no-write` only prints.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { staticCatalog, type StepCatalog } from '../../src/processor/catalog.js';
import { DEFAULT_PREFETCH_MAX_TOOLS, prefetchMatches, prefetchPolicy, prefetchQuery } from '../../src/processor/prefetch.js';
import { DEFAULT_MIN_SCORE } from '../../src/scoring/index.js';
import { StepVerdicts } from '../../src/processor/verdicts.js';
import { systemTimers } from '../../src/processor/timers.js';
import { DATA_ENV, loadDataSets, type DataSet } from './data.js';
import { table } from './perf/report.js';

const COMMAND = 'npm run eval:prefetch   # = npx tsx test/bench/eval-prefetch.ts';
const TOP_KS = [1, 3, 5] as const;
const MIN_SCORES = [0, 0.05, 0.1, 0.15] as const;
const repoRoot = new URL('../../', import.meta.url).pathname;
const NO_PINS: ReadonlySet<string> = new Set();

interface Figures {
  goldPrefetched: number;
  allGold: number;
  toolsPerRequest: number;
  precision: number;
  nothing: number;
}

/** The step's messages as the Agent passes them: the user message, in Mastra's stored format. */
const userMessage = (text: string) => [{ id: 'u', role: 'user', content: { format: 2, parts: [{ type: 'text', text }] } }];

async function measure(set: DataSet, catalog: StepCatalog<unknown>, topK: number, minScore: number): Promise<Figures> {
  const policy = prefetchPolicy({ maxTools: topK, minScore }, { topK, minScore: DEFAULT_MIN_SCORE })!;
  let anyGold = 0;
  let everyGold = 0;
  let prefetched = 0;
  let golds = 0;
  let empty = 0;
  for (const q of set.queries) {
    const query = prefetchQuery(userMessage(q.query));
    let names: string[] = [];
    if (query !== undefined) {
      const verdicts = new StepVerdicts({ filter: undefined, timeoutMs: 1, concurrency: 32, budgetMs: 1, timers: systemTimers }, undefined).operation('step');
      names = (await prefetchMatches(catalog, verdicts, query, policy, NO_PINS)).hits.map((h) => h.name);
      verdicts.end();
    }
    const gold = new Set(q.gold);
    const hits = names.filter((n) => gold.has(n)).length;
    if (hits > 0) anyGold++;
    if (hits === gold.size) everyGold++;
    if (names.length === 0) empty++;
    prefetched += names.length;
    golds += hits;
  }
  const n = set.queries.length;
  return { goldPrefetched: anyGold / n, allGold: everyGold / n, toolsPerRequest: prefetched / n, precision: prefetched === 0 ? 0 : golds / prefetched, nothing: empty / n };
}

const f3 = (x: number) => x.toFixed(3);
const f2 = (x: number) => x.toFixed(2);

async function main(): Promise<void> {
  const write = !process.argv.includes('--no-write');
  const { root, sets, missing } = loadDataSets();
  const rows: string[][] = [];
  const sweep: string[][] = [];
  for (const set of sets) {
    const catalog = staticCatalog(set.catalog.map((t) => ({ name: t.name, key: t.name, tool: t, description: t.description })));
    for (const topK of TOP_KS) {
      const f = await measure(set, catalog, topK, DEFAULT_MIN_SCORE);
      rows.push([set.title, String(topK), f3(f.goldPrefetched), f3(f.allGold), f2(f.toolsPerRequest), f3(f.precision), f3(f.nothing)]);
      for (const minScore of MIN_SCORES) {
        const g = await measure(set, catalog, topK, minScore);
        sweep.push([set.title, String(topK), String(minScore), f3(g.goldPrefetched), f2(g.toolsPerRequest), f3(g.precision)]);
      }
    }
    process.stderr.write(`${set.title}: ${set.queries.length} queries\n`);
  }
  const body = [
    ...sets.map((s) => `- ${s.title} (${s.language}): ${s.catalog.length} tools, ${s.queries.length} queries (${s.queries.filter((q) => q.gold.length > 1).length} with several gold tools).`),
    ...(missing ? ['', 'Not run (missing data):', '', '```', missing, '```'] : []),
    '',
    `With the default \`prefetch.minScore\` (\`search.minScore\`, ${DEFAULT_MIN_SCORE}), \`maxTools\` = \`topK\`:`,
    '',
    table(['data set', 'topK', 'gold prefetched', 'all gold', 'tools / request', 'precision', 'nothing'], rows),
    '',
    'The same for other `minScore`s:',
    '',
    table(['data set', 'topK', 'minScore', 'gold prefetched', 'tools / request', 'precision'], sweep),
  ].join('\n');
  const text = markdown(body, root);
  process.stdout.write(`${body}\n`);
  if (write) writeFileSync(join(repoRoot, 'docs', 'prefetch.md'), text);
}

function markdown(body: string, root: string): string {
  void root;
  return `# First-turn prefetch

With \`prefetch\` set, the first step of a request searches the latest user message and loads its
best allowed matches at once (r[processor.prefetch.first-step]), so the first model call can use
the right tool without a \`search_tools\` round trip. This page measures how often that works on
the development sets. It is written by the benchmark itself; do not edit it by hand.

Reproduce with:

\`\`\`sh
npm ci && ${COMMAND}
\`\`\`

The data is read from \`$${DATA_ENV}\` when set, else from the workspace copy \`shared/data\`
(\`test/bench/data.ts\`). Each query is the whole user message; no filter; no pinned tools.

## Results

${body}

## What the figures mean

- **gold prefetched**: the fraction of requests whose first model call already carries a tool
  that answers it (at least one gold tool among the prefetched ones). For a single-tool query
  at \`topK\` 5 and \`minScore\` 0 this is the scorer's Recall@5 (docs/search-quality.md), since
  the prefetch query is the user's message.
- **all gold**: every gold tool prefetched; below *gold prefetched* only for multi-tool queries.
- **tools / request**: how many tool definitions the prefetch adds to the first call (a
  prompt-cost figure: each one is a tool definition in every later call of the thread, in
  \`'in-memory'\` mode).
- **precision**: the fraction of prefetched tools that are gold: the rest is noise in the prompt.
- **nothing**: the fraction of requests for which no tool reaches \`minScore\`, so nothing is
  prefetched and the model searches as without prefetch.

## Why the defaults

\`prefetch.maxTools\` defaults to ${DEFAULT_PREFETCH_MAX_TOOLS}: going from 1 to 3 tools raises *gold
prefetched* on every set by far more than going from 3 to 5 does, while each step adds as many
tool definitions, most of them not gold. \`prefetch.minScore\` defaults to \`search.minScore\`: a
score is the weighted share of the query's terms a tool holds (spec/search.md), so a long user
message gives every tool a low score, and the sweep shows that no threshold separates the gold
tools from the others without losing most of the hits. A request with no scored term (a
greeting made of stopwords) prefetches nothing whatever the threshold; an application that
prefers fewer, surer prefetches raises \`prefetch.minScore\` and reads the sweep for the price.
`;
}

await main();

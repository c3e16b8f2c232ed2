/**
 * Writes `conformance/cases/search/mutation-pruning-paths.json`: cases for paths of the pruned
 * top-k search (r[search.rank.pruning]) that `mutation-pruning.json` does not reach, each
 * expecting what scoring every candidate gives (`setPruningPolicy('never')`: the plain steps of
 * r[search.score.formula] and r[search.rank.order]).
 *
 * - `search.rank.pruning/exhaustive-top-seventeen`: 2 300 tools whose descriptions hold seven words with
 *   fixed frequencies (in 95 %, 42 %, 38 %, 15 %, 5 %, 2 % and 1 % of the tools, some repeated)
 *   and filler words, asked for its top 17. So pruning meets queries whose essential terms touch
 *   fewer than 17 tools (the pruned path must give up), a θ heap of more than 16 partial sums
 *   (the heap grows past its first size and sifts to its last child), and queries of only common
 *   words, whose weights sum to less than 1 (a bound divided by that sum, not multiplied).
 * - `processor.events.search/equal-min-score-counted`: the searched event's matchCount counts a
 *   candidate whose score equals minScore (r[search.threshold.min-score]), as the hits keep it.
 *
 * Run: `npx tsx test/conformance/generate/pruning-paths-case.ts` (rewrites the file; the case lint
 * and `npm run conformance` check it like any other).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSearchIndex, type SearchDocument } from '../../../src/scoring/index.js';
import { setPruningPolicy } from '../../../src/scoring/rank.js';
import { prng } from '../../bench/perf/catalog.js';
import { pseudoWord } from '../../bench/perf/zipf.js';
import { exhaustiveSearchSteps } from './rounding-nudge.js';
import { formatJson } from './format-json.js';
import { isOwnTerm, searchProbes } from './pruning-probes.js';

const TOOLS = 2_300;
const TOP_K = 17;
const rand = prng(20261205);
const vocabulary: string[] = [];
for (let rank = 0; vocabulary.length < 700; rank++) {
  const w = pseudoWord(rank);
  if (isOwnTerm(w)) vocabulary.push(w);
}
/** The seven words of fixed frequency, and the share of tools holding each. */
const KEYS = vocabulary.slice(0, 7);
const SHARES = [0.95, 0.42, 0.38, 0.15, 0.05, 0.02, 0.01];
const FILLER = vocabulary.slice(60);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

const docs: SearchDocument[] = [];
for (let i = 0; i < TOOLS; i++) {
  const words: string[] = [];
  KEYS.forEach((w, k) => {
    if (rand() < SHARES[k]!) for (let n = pick([1, 1, 1, 2, 3]); n > 0; n--) words.push(w);
  });
  for (let n = pick([0, 0, 1, 2, 4, 8, 12]); n > 0; n--) words.push(pick(FILLER));
  if (words.length === 0) words.push(pick(FILLER));
  // (A fixed shuffle: the order of words does not change a score, only how the text reads.)
  for (let j = words.length - 1; j > 0; j--) {
    const r = Math.floor(rand() * (j + 1));
    [words[j], words[r]] = [words[r]!, words[j]!];
  }
  // Names are words of their own (never in a description), so the name field does not interfere.
  docs.push({ name: `n${i.toString(36)}`, description: words.join(' ') });
}

// The queries (chosen by mutating the pruned path and keeping queries that tell each mutant from
// the exhaustive top 17): every one of them prunes, or reaches the pruned path and gives up there.
const queries = ['beba bebe', 'beba bebi', 'beba bufe', 'bebi beba difa', 'beba bebo', 'beba bebu', 'beba beda'];
for (const q of queries) {
  for (const w of q.split(' ')) if (!docs.some((d) => d.description.split(' ').includes(w))) throw new Error(`no tool holds ${w}: the catalog changed, choose the queries again`);
}

const index = buildSearchIndex(docs);
const { top, pruned: prunedOf } = searchProbes(index, TOP_K);
const { steps, unpinned } = await exhaustiveSearchSteps(queries, top, setPruningPolicy);
const pruned = prunedOf(queries);

const file = [
  {
    id: 'search.rank.pruning/exhaustive-top-seventeen',
    rules: ['search.rank.pruning', 'search.rank.order', 'search.threshold.top-k', 'search.score.formula', 'search.score.rounding'],
    description: 'words of fixed frequencies: the top 17 of scoring every tool',
    catalog: docs,
    options: { search: { topK: TOP_K, minScore: 0 } },
    steps,
  },
  {
    id: 'processor.events.search/equal-min-score-counted',
    rules: ['processor.events.search', 'search.threshold.min-score', 'search.name.exact'],
    description: 'matchCount counts a candidate whose score equals minScore',
    features: ['events'],
    catalog: [
      { name: 'get_weather', description: 'Get the current weather forecast for a city' },
      { name: 'city_guide', description: 'Guide to a city' },
    ],
    options: { search: { minScore: 1 } },
    steps: [
      { op: 'begin', thread: 't1' },
      {
        op: 'call',
        tool: 'search_tools',
        input: { query: 'get_weather' },
        expect: { names: ['get_weather'], events: [{ type: 'search', source: 'search_tools', matchCount: 1, candidateCount: 2 }] },
      },
    ],
  },
];
const out = join(new URL('.', import.meta.url).pathname, '..', '..', '..', 'conformance', 'cases', 'search', 'mutation-pruning-paths.json');
writeFileSync(out, `${formatJson(file)}\n`);
console.log(`wrote ${out}: ${docs.length} tools, ${queries.length} queries (${unpinned} without pinned scores), ${pruned} of them pruned by the reference`);

/**
 * Writes `conformance/cases/search/mutation-pruning.json`: a catalog large enough for
 * r[search.rank.pruning] to skip postings (more than 2 048 postings over a query's scored terms),
 * and queries that mix very common words with rarer ones, each expecting the top 5 that scoring
 * every candidate gives (`setPruningPolicy('never')`: the plain steps of r[search.score.formula]
 * and r[search.rank.order]). Pruning may skip postings only when the results stay exactly these,
 * so a pruning that skips too much, or ranks its survivors otherwise, fails the case.
 *
 * The catalog is pseudo-random but fixed (seeded): 2 600 tools whose descriptions draw 3 to 7
 * words from a 700-word Zipf vocabulary, a tenth of them short and repeating common words (tools
 * that only the commonest terms bring in, with high strengths: the ones an unsafe skip loses),
 * and ten probe groups (below) where the top 5 holds such tools or just does not.
 *
 * Run: `npx tsx test/conformance/generate/pruning-case.ts` (rewrites the file; the case lint and
 * `npm run conformance` check it like any other).
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

const TOOLS = 2_600;
const VOCABULARY = 700;
const rand = prng(20261202);
// The vocabulary: pseudo-words that are terms of their own, as they are, in queries and in
// descriptions (no stopword, filler, stem or split changes them), so the case observes the ranking
// alone and an implementation that leaves out a rule of analysis still agrees on it.
const vocabulary: string[] = [];
for (let rank = 0; vocabulary.length < VOCABULARY; rank++) {
  const w = pseudoWord(rank);
  if (isOwnTerm(w)) vocabulary.push(w);
}
const cdf: number[] = [];
let total = 0;
for (let r = 0; r < VOCABULARY; r++) cdf.push((total += 1 / (r + 1)));
const word = (): string => {
  const x = rand() * total;
  let lo = 0;
  while (cdf[lo]! < x) lo++;
  return vocabulary[lo]!;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

const docs: SearchDocument[] = [];
for (let i = 0; i < TOOLS; i++) {
  const dense = i % 10 === 3;
  const words = dense
    ? Array.from({ length: 2 + Math.floor(rand() * 2) }, () => vocabulary[Math.floor(rand() * 3)]!)
    : Array.from({ length: 3 + Math.floor(rand() * 5) }, word);
  // Names are words of their own (never in a description), so the name field does not interfere.
  docs.push({ name: `t${i.toString(36)}`, description: words.join(' ') });
}

// Probe groups, one a word of its own: one tool holds it in a short description, five in long
// ones (longer from group to group, so weaker), beside the commonest words' short dense tools. A
// query of common words and the probe word prunes only while the five weak tools' partial sums
// keep the common-only tools out of the top 5; past that, the top 5 holds common-only tools, and a
// pruning that skipped the common words' postings regardless would lose them.
const probes: string[] = [];
for (let rank = 0; probes.length < 10; rank++) {
  const w = pseudoWord(10_000 + rank);
  if (isOwnTerm(w)) probes.push(w);
}
probes.forEach((probe, g) => {
  docs.push({ name: `p${g}s`, description: `${probe} ${vocabulary[0]}` });
  for (let k = 0; k < 5; k++) {
    const filler = Array.from({ length: 8 + 14 * g + k }, () => vocabulary[40 + Math.floor(rand() * (VOCABULARY - 40))]!);
    docs.push({ name: `p${g}w${k}`, description: [probe, ...filler].join(' ') });
  }
});

const index = buildSearchIndex(docs);
const { stats, top, pruned: prunedOf } = searchProbes(index, 5);
const common = vocabulary.slice(0, 4);
// Rarer words: those of the catalog (a word no tool holds would be matched approximately).
const held = [...new Set(docs.flatMap((d) => d.description.split(' ')))].filter((w) => !common.includes(w)).sort();
const queries: string[] = [];
const seen = new Set<string>();
for (let attempt = 0; attempt < 4_000 && queries.length < 60; attempt++) {
  const rare = pick(held);
  const parts = [pick(common), rare];
  if (rand() < 0.5) parts.push(pick(common));
  if (rand() < 0.3) parts.push(vocabulary[4 + Math.floor(rand() * 40)]!);
  const q = parts.join(' ');
  if (seen.has(q)) continue;
  seen.add(q);
  // Keep the queries that prune, and a few that come close without pruning.
  if ((stats(q).postingsSkipped ?? 0) > 0 || (queries.length % 6 === 5 && rand() < 0.2)) queries.push(q);
}

for (const probe of probes) queries.push(`${common[0]} ${common[1]} ${probe}`, `${common[0]} ${probe}`, `${probe} ${common[2]}`);

const { steps, unpinned } = await exhaustiveSearchSteps(queries, top, setPruningPolicy);
const pruned = prunedOf(queries);

const file = [
  {
    id: 'search.rank.pruning/exhaustive-top-five',
    rules: ['search.rank.pruning', 'search.rank.order', 'search.threshold.top-k', 'search.score.formula', 'search.score.rounding'],
    description: 'common words with rare ones: the top 5 of scoring every tool',
    catalog: docs,
    options: { search: { topK: 5, minScore: 0 } },
    steps,
  },
];
const out = join(new URL('.', import.meta.url).pathname, '..', '..', '..', 'conformance', 'cases', 'search', 'mutation-pruning.json');
writeFileSync(out, `${formatJson(file)}\n`);
console.log(`wrote ${out}: ${docs.length} tools, ${queries.length} queries (${unpinned} without pinned scores), ${pruned} of them pruned by the reference`);

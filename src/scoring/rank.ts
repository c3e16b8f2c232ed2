/**
 * Scoring, ranking and thresholds of one query against one index.
 *
 * @see r[search.score.formula]
 * @see r[search.rank.order]
 * @see r[search.threshold.min-score]
 */
import { resolveMinScore } from './options.js';
import { MAX_FUZZY_TERMS, MAX_QUERY_TERMS, SCORING_PARAMETERS } from './parameters.js';
import { ToolIndex, type Postings } from './search-index.js';
import { tokenizeQuery } from './tokenize.js';
import { dice, trigramsOf } from './trigrams.js';
import type { QueryStats, RankOptions, SearchHit, SearchIndex } from './types.js';

const SCALE = 10 ** SCORING_PARAMETERS.scoreDecimals;

/** One scored query term: an index term, its postings, and its weight in the query. */
export interface QueryTerm {
  /** The index term. */
  readonly term: string;
  /** Its postings. */
  readonly postings: Postings;
  /** 1 for a term the query contains; the trigram similarity for an approximate match. */
  readonly similarity: number;
  /** `(similarity · idf) ^ idfExponent`. */
  readonly weight: number;
}

function asToolIndex(index: SearchIndex): ToolIndex {
  if (!(index instanceof ToolIndex)) {
    throw new TypeError('index must be a SearchIndex returned by buildSearchIndex(); build one from the catalog first.');
  }
  return index;
}

/** Code-unit order, the same in every locale. */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * The index term closest to an unknown query term by trigram similarity, if
 * any reaches `fuzzyMinSimilarity`; ties go to the term first in code-unit order.
 *
 * Implements r[search.query.fuzzy].
 */
function closestTerm(index: ToolIndex, unknown: string, stats: QueryStats | undefined): [string, number] | undefined {
  const grams = trigramsOf(unknown);
  const shared = new Map<string, number>();
  for (const g of grams) {
    const terms = index.termsByTrigram.get(g) ?? [];
    if (stats) stats.trigramPostingsVisited += terms.length;
    for (const t of terms) shared.set(t, (shared.get(t) ?? 0) + 1);
  }
  let best: [string, number] | undefined;
  for (const [t, count] of shared) {
    const sim = dice(count, grams.size, index.trigramCount.get(t) ?? 0);
    if (sim < SCORING_PARAMETERS.fuzzyMinSimilarity) continue;
    if (!best || sim > best[1] || (sim === best[1] && t < best[0])) best = [t, sim];
  }
  return best;
}

/**
 * The query terms that are scored, in code-unit order (so sums never depend
 * on the order the query wrote its words in).
 *
 * Implements r[search.query.terms], r[search.query.fuzzy] and r[search.query.term-cap].
 */
export function selectQueryTerms(index: SearchIndex, query: string, stats?: QueryStats): QueryTerm[] {
  const toolIndex = asToolIndex(index);
  const { idfExponent, fuzzyMinLength, fuzzyMaxLength } = SCORING_PARAMETERS;
  // The distinct terms of the query.
  const distinct = new Set(tokenizeQuery(query));
  // Terms the index contains match with similarity 1.
  const similarity = new Map<string, number>();
  const unknown: string[] = [];
  for (const term of distinct) {
    if (toolIndex.postings.has(term)) similarity.set(term, 1);
    else {
      const length = codePointLength(term);
      if (length >= fuzzyMinLength && length <= fuzzyMaxLength) unknown.push(term);
    }
  }
  // Up to MAX_FUZZY_TERMS unknown terms (first in code-unit order) stand for
  // their closest index term, with that similarity (the highest one wins).
  // Unlike @mastra/core 1.71.0 (r[search.query.fuzzy]): Mastra has no approximate matching.
  for (const term of unknown.sort(byCodeUnits).slice(0, MAX_FUZZY_TERMS)) {
    const closest = closestTerm(toolIndex, term, stats);
    if (closest && closest[1] > (similarity.get(closest[0]) ?? 0)) similarity.set(closest[0], closest[1]);
  }
  // Weights; keep the MAX_QUERY_TERMS heaviest (ties in code-unit order).
  let selected: QueryTerm[] = [...similarity].map(([term, sim]) => {
    const postings = toolIndex.postings.get(term)!;
    return { term, postings, similarity: sim, weight: (sim * postings.idf) ** idfExponent };
  });
  // Unlike @mastra/core 1.71.0 (r[search.query.term-cap]): Mastra scores every query term.
  if (selected.length > MAX_QUERY_TERMS) {
    selected.sort((a, b) => b.weight - a.weight || byCodeUnits(a.term, b.term));
    selected = selected.slice(0, MAX_QUERY_TERMS);
  }
  // Code-unit order.
  return selected.sort((a, b) => byCodeUnits(a.term, b.term));
}

/**
 * Every candidate whose score is at least `minScore`, ranked by score
 * descending, then catalog order.
 *
 * Implements r[search.candidates], r[search.score.formula],
 * r[search.score.rounding], r[search.rank.order], r[search.threshold.min-score].
 */
export function rankCandidates(index: SearchIndex, query: string, options: RankOptions = {}): SearchHit[] {
  const minScore = resolveMinScore(options.minScore);
  const { tools, descriptions } = asToolIndex(index);
  const { stats } = options;
  // The scored query terms; none → no results.
  const terms = selectQueryTerms(index, query, stats);
  if (stats) stats.termsLookedUp += terms.length;
  // Unlike @mastra/core 1.71.0 (r[search.robust.empty-query]): Mastra has no stopwords, so a query of stopwords
  // matches tools there.
  if (terms.length === 0) return [];
  // The best score the query could reach in this index: Σ weight(t).
  let reachable = 0;
  for (const t of terms) reachable += t.weight;
  // Candidates: the tools in the postings of the terms, with Σ weight(t) · strength(t, tool).
  const sums = new Map<number, number>();
  for (const { postings, weight } of terms) {
    if (stats) stats.postingsVisited += postings.slots.length;
    for (let i = 0; i < postings.slots.length; i++) {
      const slot = postings.slots[i]!;
      sums.set(slot, (sums.get(slot) ?? 0) + weight * postings.strengths[i]!);
    }
  }
  // Normalise, round, and keep the candidates with score ≥ minScore.
  const ranked: Array<{ slot: number; score: number }> = [];
  for (const [slot, sum] of sums) {
    // Unlike @mastra/core 1.71.0 (r[search.score.formula]): Mastra's score is the unbounded BM25 sum plus its name
    // boosts, so its minScore cannot mean the seeds' "0–1".
    // Unlike @mastra/core 1.71.0 (r[search.score.range]): Mastra's scores are unbounded; this one is at most 1.
    // Unlike @mastra/core 1.71.0 (r[search.score.rounding]): Mastra compares the unrounded score and reports it
    // rounded to 2 decimals.
    const score = Math.min(1, Math.round((sum / reachable) * SCALE) / SCALE);
    // Unlike @mastra/core 1.71.0 (r[search.threshold.min-score]): Mastra drops a result whose score is less than or
    // equal to minScore.
    if (score >= minScore) ranked.push({ slot, score });
  }
  // Score descending, then catalog order.
  // Unlike @mastra/core 1.71.0 (r[search.rank.order]): Mastra's ties keep the order in which tools were first scored,
  // not catalog order.
  ranked.sort((a, b) => b.score - a.score || a.slot - b.slot);
  // Each result carries the description cut when the index was built.
  return ranked.map(({ slot, score }) => ({ name: tools[slot]!.name, description: descriptions[slot]!, score }));
}

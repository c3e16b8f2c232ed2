/**
 * Scoring, ranking and thresholds of one query against one index.
 *
 * @see r[search.score.formula]
 * @see r[search.rank.order]
 * @see r[search.threshold.min-score]
 */
import { nameKey } from './name-key.js';
import { resolveMinScore } from './options.js';
import { MAX_APPROXIMATE_TERMS, MAX_QUERY_TERMS } from './parameters.js';
import { oneDeletions, ToolIndex, type Postings } from './search-index.js';
import { tokenizeQuery } from './tokenize.js';
import type { QueryStats, RankOptions, SearchHit, SearchIndex } from './types.js';

/** One scored query term: an index term, its postings, and its weight in the query. */
export interface QueryTerm {
  /** The index term. */
  readonly term: string;
  /** Its postings. */
  readonly postings: Postings;
  /** `idf ^ idfExponent`. */
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

/** A term that may be matched by a prefix: letters and marks only. */
const LETTERS = /^[\p{L}\p{M}]+$/u;

/**
 * The index term that stands for an unknown query term: its longest proper prefix, of at least
 * `prefixMinLength` code points, that is an index term (`rental` → `rent`, `repositori` → `repo`).
 *
 * Implements r[search.query.prefix].
 */
function prefixTerm(index: ToolIndex, unknown: string, stats: QueryStats | undefined): string | undefined {
  const cps = [...unknown];
  for (let length = cps.length - 1; length >= index.parameters.prefixMinLength; length--) {
    if (stats) stats.approximateLookups++;
    const prefix = cps.slice(0, length).join('');
    if (index.postings.has(prefix)) return prefix;
  }
  return undefined;
}

/**
 * The index term that stands for an unknown query term of `typoMinLength` to `typoMaxLength`
 * code points with one typo: among the index terms of such a length that become equal to it when
 * at most one code point is deleted from each, the first in code-unit order.
 *
 * Implements r[search.query.typo].
 */
function typoTerm(index: ToolIndex, unknown: string, stats: QueryStats | undefined): string | undefined {
  const cps = [...unknown];
  const { typoMinLength, typoMaxLength } = index.parameters;
  if (cps.length < typoMinLength || cps.length > typoMaxLength) return undefined;
  let best: string | undefined;
  const consider = (term: string | undefined) => {
    if (term !== undefined && (best === undefined || term < best)) best = term;
  };
  const look = (key: string) => {
    if (stats) stats.approximateLookups++;
    for (const term of index.deletions.get(key) ?? []) consider(term);
  };
  // An index term with one code point more (deleting it gives the query term).
  look(unknown);
  for (const deleted of oneDeletions(cps)) {
    // An index term with one code point less.
    if (stats) stats.approximateLookups++;
    if (cps.length - 1 >= typoMinLength && index.postings.has(deleted)) consider(deleted);
    // An index term of the same length, one code point different (or two adjacent swapped).
    look(deleted);
  }
  return best;
}

/**
 * The query terms that are scored, in code-unit order (so sums never depend
 * on the order the query wrote its words in).
 *
 * Implements r[search.query.terms], r[search.query.prefix], r[search.query.typo] and
 * r[search.query.term-cap].
 */
export function selectQueryTerms(index: SearchIndex, query: string, stats?: QueryStats): QueryTerm[] {
  const toolIndex = asToolIndex(index);
  const { idfExponent } = toolIndex.parameters;
  // The distinct terms of the query, in query order.
  const chosen = new Set<string>();
  let approximated = 0;
  for (const term of new Set(tokenizeQuery(query))) {
    // At most MAX_QUERY_TERMS terms: the first ones in query order.
    // Unlike @mastra/core 1.71.0 (r[search.query.term-cap]): Mastra scores every term.
    if (chosen.size === MAX_QUERY_TERMS) break;
    // A term the index contains stands for itself.
    if (toolIndex.postings.has(term)) {
      chosen.add(term);
      continue;
    }
    // Up to MAX_APPROXIMATE_TERMS unknown terms (the first ones) stand for their longest
    // known prefix, or else for a known term one typo away.
    // Unlike @mastra/core 1.71.0 (r[search.query.prefix], r[search.query.typo]): Mastra has
    // no approximate matching.
    if (approximated === MAX_APPROXIMATE_TERMS || !LETTERS.test(term)) continue;
    approximated++;
    if (codePointLength(term) > toolIndex.parameters.approximateMaxLength) continue;
    const match = prefixTerm(toolIndex, term, stats) ?? typoTerm(toolIndex, term, stats);
    if (match !== undefined) chosen.add(match);
  }
  // Weights, in code-unit order.
  return [...chosen].sort(byCodeUnits).map((term) => {
    const postings = toolIndex.postings.get(term)!;
    return { term, postings, weight: postings.idf ** idfExponent };
  });
}

/**
 * Rounds a score in [0, 1] to 4 decimals: the integer nearest to `q · 10⁴`
 * (ties upward), divided by 10⁴, at most 1.
 *
 * Implements r[search.score.rounding].
 */
export function roundScore(q: number): number {
  // Math.round: the nearest integer, ties toward +∞ (round half up on non-negative numbers).
  return Math.min(1, Math.round(q * 1e4) / 1e4);
}

/**
 * Every candidate whose score is at least `minScore`, ranked by score
 * descending, then catalog order; a tool whose name the query is comes first
 * with score 1.
 *
 * Implements r[search.candidates], r[search.score.formula], r[search.name.exact],
 * r[search.score.rounding], r[search.rank.order], r[search.threshold.min-score].
 */
export function rankCandidates(index: SearchIndex, query: string, options: RankOptions = {}): SearchHit[] {
  const minScore = resolveMinScore(options.minScore);
  const toolIndex = asToolIndex(index);
  const { tools, descriptions } = toolIndex;
  const { stats } = options;
  // The scored query terms, and the tools whose name the query is.
  const terms = selectQueryTerms(index, query, stats);
  if (stats) stats.termsLookedUp += terms.length;
  const exact = toolIndex.nameKeys.get(nameKey(query)) ?? [];
  // Unlike @mastra/core 1.71.0 (r[search.robust.empty-query]): Mastra has no stopwords, so a query of stopwords
  // matches tools there.
  if (terms.length === 0 && exact.length === 0) return [];
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
  // Normalise and round; a tool whose name the query is scores 1; keep the candidates with
  // score ≥ minScore.
  // Unlike @mastra/core 1.71.0 (r[search.name.exact]): Mastra's whole-name boost never
  // matches a name with separators.
  const isExact = new Set(exact);
  for (const slot of exact) if (!sums.has(slot)) sums.set(slot, 0);
  const ranked: Array<{ slot: number; score: number; exact: boolean }> = [];
  for (const [slot, sum] of sums) {
    const named = isExact.has(slot);
    // Unlike @mastra/core 1.71.0 (r[search.score.formula]): Mastra's score is the unbounded BM25 sum plus its name
    // boosts, so its minScore cannot mean the seeds' "0–1".
    // Unlike @mastra/core 1.71.0 (r[search.score.range]): Mastra's scores are unbounded; this one is at most 1.
    // Unlike @mastra/core 1.71.0 (r[search.score.rounding]): Mastra compares the unrounded score and reports it
    // rounded to 2 decimals.
    const score = named ? 1 : roundScore(sum / reachable);
    // Unlike @mastra/core 1.71.0 (r[search.threshold.min-score]): Mastra drops a result whose score is less than or
    // equal to minScore.
    if (score >= minScore) ranked.push({ slot, score, exact: named });
  }
  // Score descending, then exact names first, then catalog order.
  // Unlike @mastra/core 1.71.0 (r[search.rank.order]): Mastra's ties keep the order in which tools were first scored,
  // not catalog order.
  ranked.sort((a, b) => b.score - a.score || Number(b.exact) - Number(a.exact) || a.slot - b.slot);
  // Each result carries the description cut when the index was built.
  return ranked.map(({ slot, score }) => ({ name: tools[slot]!.name, description: descriptions[slot]!, score }));
}

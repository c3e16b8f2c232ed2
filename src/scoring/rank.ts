/**
 * Scoring, ranking and thresholds of one query against one index.
 *
 * Scores are summed term by term into a dense accumulator shared by every query of the process
 * (queries are synchronous, so one at a time uses it), as long as the largest index searched;
 * candidates then go into a bounded heap (the best `topK`) or, when more may be needed (a filter,
 * or every candidate), into a heap that yields them in ranked order on demand. No object is made
 * per candidate, only per result.
 *
 * @see r[search.score.formula]
 * @see r[search.rank.order]
 * @see r[search.rank.coverage]
 * @see r[search.threshold.min-score]
 */
import { analyseQueryTerms } from './analysis.js';
import { coverageOrder } from './coverage.js';
import { nameKey } from './name-key.js';
import { resolveMinScore } from './options.js';
import { MAX_APPROXIMATE_TERMS, MAX_QUERY_TERMS } from './parameters.js';
import { RankedStream, slotOfTie, tieOf, TopK } from './ranked-heap.js';
import { oneDeletions, postingsCursor, strengthIn, ToolIndex, type Postings } from './search-index.js';
import { querySentences } from './sentences.js';
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

export function asToolIndex(index: SearchIndex): ToolIndex {
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
    if (index.termIds.has(prefix)) return prefix;
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
  const deleted = oneDeletions(cps);
  // Before the one-deletion neighbours exist, the first few typo look-ups of an index read its
  // terms instead (r[search.index.build]): an index built for one request then never builds them.
  const scanned = index.takeTypoScan() ? typoByScan(index, unknown, cps.length, deleted) : undefined;
  const deletions = scanned === undefined ? index.deletions : undefined;
  let best: string | undefined;
  const consider = (term: string | undefined) => {
    if (term !== undefined && (best === undefined || term < best)) best = term;
  };
  const look = (key: string) => {
    if (stats) stats.approximateLookups++;
    if (deletions !== undefined) for (const term of deletions.get(key) ?? []) consider(term);
  };
  // An index term with one code point more (deleting it gives the query term).
  look(unknown);
  for (const d of deleted) {
    // An index term with one code point less.
    if (stats) stats.approximateLookups++;
    if (cps.length - 1 >= typoMinLength && index.termIds.has(d)) consider(d);
    // An index term of the same length, one code point different (or two adjacent swapped).
    look(d);
  }
  consider(scanned === null ? undefined : scanned);
  return best;
}

/** Whether a string has no surrogate pair (its code points are its code units). */
function isBmp(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) return false;
  }
  return true;
}

/** Whether `shorter` is `longer` with one code unit deleted (BMP strings, `longer` one unit longer). */
function isOneDeletionOf(longer: string, shorter: string): boolean {
  let p = 0;
  while (p < shorter.length && longer.charCodeAt(p) === shorter.charCodeAt(p)) p++;
  for (let i = p; i < shorter.length; i++) if (longer.charCodeAt(i + 1) !== shorter.charCodeAt(i)) return false;
  return true;
}

/**
 * Whether two different BMP strings of one length become equal when one code unit is deleted
 * from each: past their common prefix and suffix, the middles are one unit long, or one is the
 * other shifted by one unit.
 */
function shareOneDeletion(a: string, b: string): boolean {
  const n = a.length;
  let p = 0;
  while (p < n && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  let s = 0;
  while (s < n - p && a.charCodeAt(n - 1 - s) === b.charCodeAt(n - 1 - s)) s++;
  const m = n - p - s;
  if (m <= 1) return true;
  let ab = true;
  let ba = true;
  for (let i = p; i < p + m - 1 && (ab || ba); i++) {
    if (a.charCodeAt(i + 1) !== b.charCodeAt(i)) ab = false;
    if (b.charCodeAt(i + 1) !== a.charCodeAt(i)) ba = false;
  }
  return ab || ba;
}

/**
 * The first index term, in code-unit order, of `length` or `length + 1` code points within the
 * typo lengths, that shares a one-deletion string with `unknown` (`null` for none): what the
 * one-deletion neighbours give for those lengths, found by reading the terms once.
 *
 * Implements r[search.query.typo] (r[search.index.build]: the neighbours not built).
 */
function typoByScan(index: ToolIndex, unknown: string, length: number, deleted: readonly string[]): string | null {
  const { typoMaxLength } = index.parameters;
  const bmp = isBmp(unknown);
  let ownDeletions: Set<string> | undefined;
  let best: string | null = null;
  for (const term of index.terms) {
    // Cheap length filter in code units first (a code point is one or two units).
    if (term.length < length || term.length > 2 * (length + 1)) continue;
    if (best !== null && term >= best) continue;
    let matches = false;
    if (bmp && isBmp(term)) {
      if (term.length === length) matches = term !== unknown && shareOneDeletion(term, unknown);
      else if (term.length === length + 1) matches = length + 1 <= typoMaxLength && isOneDeletionOf(term, unknown);
    } else {
      const termCps = [...term];
      if (termCps.length === length + 1) matches = length + 1 <= typoMaxLength && oneDeletions(termCps).includes(unknown);
      else if (termCps.length === length && term !== unknown) {
        ownDeletions ??= new Set(deleted);
        matches = oneDeletions(termCps).some((d) => ownDeletions!.has(d));
      }
    }
    if (matches) best = term;
  }
  return best;
}

/**
 * The ids of the scored terms of a query, given its terms (`tokenizeQuery`), in code-unit order
 * of the terms; `standsFor`, when given, receives the id each scored query term stands for.
 *
 * Implements r[search.query.terms], r[search.query.prefix], r[search.query.typo] and
 * r[search.query.term-cap].
 */
function scoredTermIds(index: ToolIndex, queryTerms: readonly string[], stats: QueryStats | undefined, standsFor?: Map<string, number>): number[] {
  // The chosen term ids (each once: `mark[id]` is set while it is chosen), and the distinct
  // query terms seen so far (a process-wide set, emptied before returning).
  const mark = termScratchFor(index.termIdCount);
  const ids: number[] = [];
  const seen = seenTerms;
  // This query's stamp: a term was seen in this query when `seen` maps it to the stamp.
  const stamp = ++seenStamp;
  let approximated = 0;
  try {
    for (let q = 0; q < queryTerms.length; q++) {
      const term = queryTerms[q]!;
      // The distinct terms of the query, in query order.
      if (seen.get(term) === stamp) continue;
      seen.set(term, stamp);
      // At most MAX_QUERY_TERMS terms: the first ones in query order.
      // Unlike @mastra/core 1.71.0 (r[search.query.term-cap]): Mastra scores every term.
      if (ids.length === MAX_QUERY_TERMS) break;
      // A term the index contains stands for itself.
      const id = index.termIds.get(term);
      if (id !== undefined) {
        if (mark[id] === 0) {
          mark[id] = 1;
          ids.push(id);
        }
        standsFor?.set(term, id);
        continue;
      }
      // Up to MAX_APPROXIMATE_TERMS unknown terms (the first ones) stand for their longest
      // known prefix, or else for a known term one typo away.
      // Unlike @mastra/core 1.71.0 (r[search.query.prefix], r[search.query.typo]): Mastra has
      // no approximate matching.
      if (approximated === MAX_APPROXIMATE_TERMS || !LETTERS.test(term)) continue;
      approximated++;
      if (codePointLength(term) > index.parameters.approximateMaxLength) continue;
      const match = prefixTerm(index, term, stats) ?? typoTerm(index, term, stats);
      if (match === undefined) continue;
      const matched = index.termIds.get(match)!;
      if (mark[matched] === 0) {
        mark[matched] = 1;
        ids.push(matched);
      }
      standsFor?.set(term, matched);
    }
  } finally {
    // (Reset even if a look-up threw, so the next query starts clean. The seen terms are not
    // removed, which would reallocate the map's table at every query: a later query has another
    // stamp. The map is emptied once it holds SEEN_TERMS_MAX terms, so it stays bounded.)
    if (seen.size > SEEN_TERMS_MAX) seen.clear();
    for (const id of ids) mark[id] = 0;
  }
  // In code-unit order of the terms (an insertion sort: at most MAX_QUERY_TERMS ids).
  for (let j = 1; j < ids.length; j++) {
    const id = ids[j]!;
    const term = index.termOf(id);
    let i = j;
    while (i > 0 && byCodeUnits(index.termOf(ids[i - 1]!), term) > 0) {
      ids[i] = ids[i - 1]!;
      i--;
    }
    ids[i] = id;
  }
  return ids;
}

// Scratch of the query's term selection and weights, reused by every query (queries are
// synchronous): one entry per term id of the largest vocabulary searched (0 between queries),
// and the terms of recent queries, each with the stamp of the last query that had it (at most
// SEEN_TERMS_MAX between queries: a few hundred kilobytes of strings at most).
let termScratch = new Int32Array(0);
const seenTerms = new Map<string, number>();
let seenStamp = 0;
/** The most terms {@link seenTerms} holds between queries (a query's own terms may add up to 1 000 more). */
const SEEN_TERMS_MAX = 4_096;

/** The per-term-id scratch, at least `n` entries long, all 0. */
function termScratchFor(n: number): Int32Array {
  if (termScratch.length < n) termScratch = new Int32Array(n);
  return termScratch;
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
  const { ids, weights } = analyseQuery(toolIndex, query, stats);
  return ids.map((t, j) => ({ term: toolIndex.termOf(t), postings: toolIndex.postingsOf(t), weight: weights[j]! }));
}

/**
 * The weight of each scored term (`ids`, in code-unit order): `idf ^ idfExponent` times the
 * saturated number of times the query's terms are the term or stand for it,
 * `(k3 + 1) · f / (k3 + f)`.
 *
 * Implements r[search.score.term-weight] and r[search.query.repetition].
 */
function termWeights(index: ToolIndex, ids: readonly number[], queryTerms: readonly string[], standsFor: ReadonlyMap<string, number>): Float64Array {
  const { idfExponent, queryRepetitionSaturation: k3 } = index.parameters;
  // `at[id]`: 1 + the position of a scored term id in `ids` (0: not scored), reset before returning.
  const at = termScratchFor(index.termIdCount);
  for (let j = 0; j < ids.length; j++) at[ids[j]!] = j + 1;
  // First the number of times each scored term is, or is stood for by, a query term; then its weight.
  const weights = new Float64Array(ids.length);
  for (const term of queryTerms) {
    const t = standsFor.get(term);
    const j = t === undefined ? 0 : at[t]!;
    if (j !== 0) weights[j - 1]! += 1;
  }
  for (let j = 0; j < ids.length; j++) {
    const f = weights[j]!;
    at[ids[j]!] = 0;
    weights[j] = index.idfOf(ids[j]!) ** idfExponent * (f > 1 ? ((k3 + 1) * f) / (k3 + f) : 1);
  }
  return weights;
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

// The accumulator: sums by slot (0 = not a candidate yet), and the slots in order of first touch.
let sums = new Float64Array(0);
let touched = new Int32Array(0);

/** The heap of a query's best candidates (reused: queries are synchronous, and each drains it before returning). */
const queryTop = new TopK(16);

/** Where the term being summed has its postings (reused: queries are synchronous). */
const cursor = postingsCursor();

/** Marks, in `sums`, a touched slot that is an exact name (sums are otherwise positive). */
const EXACT_MARK = -1;

/** The scored terms of a query and, for a query of two or more sentences, those of each sentence. */
interface QueryAnalysis {
  /** The scored term ids, in code-unit order of the terms. */
  readonly ids: number[];
  /** `weights[j]`: the weight of `ids[j]` in this query (r[search.score.term-weight]). */
  readonly weights: Float64Array;
  /** The scored term ids of each sentence (r[search.query.sentences]); empty unless two or more have one. */
  readonly sentences: readonly (readonly number[])[];
  /** `sentenceWeights[j][k]`: the weight of `sentences[j][k]` in sentence `j` (r[search.rank.coverage]). */
  readonly sentenceWeights: readonly Float64Array[];
}

/**
 * The scored terms of a query, and of each of its sentences when it has several: each sentence is
 * tokenized once, and the query's terms are those of its sentences in order (the tokenizer never
 * joins text across a sentence break, which is neither a letter, a mark nor a digit).
 *
 * Implements r[search.query.terms] and r[search.query.sentences].
 */
function analyseQuery(index: ToolIndex, query: string, stats: QueryStats | undefined): QueryAnalysis {
  const sentences = querySentences(query);
  const standsFor = new Map<string, number>();
  if (sentences.length < 2) {
    const terms = analyseQueryTerms(query);
    const ids = scoredTermIds(index, terms, stats, standsFor);
    return { ids, weights: termWeights(index, ids, terms, standsFor), sentences: [], sentenceWeights: [] };
  }
  const terms = sentences.map(analyseQueryTerms);
  const all = terms.flat();
  const ids = scoredTermIds(index, all, stats, standsFor);
  const bySentence = sentenceTermIds(index, terms, standsFor);
  return {
    ids,
    weights: termWeights(index, ids, all, standsFor),
    sentences: bySentence.map((s) => s.ids),
    sentenceWeights: bySentence.map((s) => termWeights(index, s.ids, s.terms, standsFor)),
  };
}

/**
 * The scored term ids of each sentence of a query of several sentences (each sentence's query
 * terms, through what they stand for among the query's scored terms), in query order, each in
 * code-unit order of the terms; sentences without a scored term are left out. Empty unless two or
 * more are left.
 *
 * Implements r[search.query.sentences].
 */
function sentenceTermIds(
  index: ToolIndex,
  sentences: readonly (readonly string[])[],
  standsFor: ReadonlyMap<string, number>,
): Array<{ ids: number[]; terms: readonly string[] }> {
  const out: Array<{ ids: number[]; terms: readonly string[] }> = [];
  for (const sentence of sentences) {
    const ids = new Set<number>();
    for (const term of sentence) {
      const t = standsFor.get(term);
      if (t !== undefined) ids.add(t);
    }
    if (ids.size > 0) out.push({ ids: [...ids].sort((a, b) => byCodeUnits(index.termOf(a), index.termOf(b))), terms: sentence });
  }
  return out.length < 2 ? [] : out;
}

/** What scoring a query left in the accumulator. */
interface Accumulated {
  /** Touched slots: `touched[0…count)`, their sums in `sums` (exact names marked). */
  readonly count: number;
  /** Slots of the tools whose name the query is, ascending. */
  readonly exact: readonly number[];
  /** Σ weights: the best sum the query can reach in this index. */
  readonly reachable: number;
  /** The scored term ids of each of its sentences (r[search.query.sentences]); empty unless there are two or more. */
  readonly sentences: readonly (readonly number[])[];
  /** The weights of each sentence's terms in that sentence (r[search.rank.coverage]). */
  readonly sentenceWeights: readonly Float64Array[];
}

/**
 * Sums `weight(t) · strength(t, slot)` over the scored terms, in their code-unit order, into the
 * accumulator, and marks the exact names. `undefined` when the query has no candidate.
 *
 * Implements r[search.candidates], r[search.score.formula], r[search.score.term-weight] and
 * r[search.name.exact].
 */
function accumulate(index: ToolIndex, query: string, stats: QueryStats | undefined): Accumulated | undefined {
  const terms = queryTerms(index, query, stats);
  return terms === undefined ? undefined : accumulateTerms(index, terms, stats);
}

/** A query's scored term ids, the slots of the tools whose name it is, and its sentences' term ids. */
interface QueryTerms {
  /** The scored term ids. */
  readonly ids: readonly number[];
  /** `weights[j]`: the weight of `ids[j]` in this query (r[search.score.term-weight]). */
  readonly weights: Float64Array;
  /** Slots of the tools whose name the query is, ascending. */
  readonly exact: readonly number[];
  /** The scored term ids of each of its sentences (r[search.query.sentences]); empty unless there are two or more. */
  readonly sentences: readonly (readonly number[])[];
  /** The weights of each sentence's terms in that sentence (r[search.rank.coverage]). */
  readonly sentenceWeights: readonly Float64Array[];
}

/**
 * The scored term ids of a query, the slots of the tools whose name it is and the term ids of its
 * sentences; `undefined` when the query has no candidate.
 */
function queryTerms(index: ToolIndex, query: string, stats: QueryStats | undefined): QueryTerms | undefined {
  // The scored query terms, and the tools whose name the query is.
  const { ids, weights, sentences, sentenceWeights } = analyseQuery(index, query, stats);
  if (stats) stats.termsLookedUp += ids.length;
  const exact = index.exactSlots(nameKey(query));
  // Unlike @mastra/core 1.71.0 (r[search.robust.empty-query]): Mastra has no stopwords, so a query of stopwords
  // matches tools there.
  if (ids.length === 0 && exact.length === 0) return undefined;
  return { ids, weights, exact, sentences, sentenceWeights };
}

/** The accumulator, at least `n` slots long. */
function accumulatorFor(n: number): void {
  if (sums.length < n) {
    sums = new Float64Array(n);
    touched = new Int32Array(n);
  }
}

/** {@link accumulate} for chosen terms. */
function accumulateTerms(index: ToolIndex, terms: QueryTerms, stats: QueryStats | undefined): Accumulated {
  const { ids, weights, exact } = terms;
  const n = index.size;
  accumulatorFor(n);
  const acc = sums;
  const order = touched;
  // The best score the query could reach in this index: Σ weight(t), and each tool's Σ weight(t) · strength(t, tool).
  let reachable = 0;
  let count = 0;
  for (let j = 0; j < ids.length; j++) {
    const t = ids[j]!;
    const weight = weights[j]!;
    reachable += weight;
    // (The term's postings where they lie, without views made for them.)
    index.postingsInto(t, cursor);
    const { slots, strengths, from, to } = cursor;
    if (stats) stats.postingsVisited += to - from;
    for (let i = from; i < to; i++) {
      const slot = slots[i]!;
      const before = acc[slot]!;
      // (Every weight and strength is positive, so a sum of 0 is a slot not touched yet.)
      if (before === 0) order[count++] = slot;
      acc[slot] = before + weight * strengths[i]!;
    }
  }
  // A tool whose name the query is: marked, and a candidate even without a term.
  for (const slot of exact) {
    if (acc[slot] === 0) order[count++] = slot;
    acc[slot] = EXACT_MARK;
  }
  return { count, exact, reachable, sentences: terms.sentences, sentenceWeights: terms.sentenceWeights };
}

/**
 * The score of each candidate: 1 for an exact name, else its sum over the best reachable,
 * rounded; the accumulator is reset on the way. Calls `keep(score, tie)` for each candidate whose
 * score is at least `minScore`.
 */
function drainCandidates(a: Accumulated, size: number, minScore: number, keep: (score: number, tie: number) => void): void {
  const acc = sums;
  const order = touched;
  const reachable = a.reachable;
  for (let j = 0; j < a.count; j++) {
    const slot = order[j]!;
    const sum = acc[slot]!;
    acc[slot] = 0;
    const named = sum === EXACT_MARK;
    // Unlike @mastra/core 1.71.0 (r[search.name.exact]): Mastra's whole-name boost never
    // matches a name with separators.
    // Unlike @mastra/core 1.71.0 (r[search.score.formula]): Mastra's score is the unbounded BM25 sum plus its name
    // boosts, so its minScore cannot mean the seeds' "0–1".
    // Unlike @mastra/core 1.71.0 (r[search.score.range]): Mastra's scores are unbounded; this one is at most 1.
    // Unlike @mastra/core 1.71.0 (r[search.score.rounding]): Mastra compares the unrounded score and reports it
    // rounded to 2 decimals.
    const score = named ? 1 : Math.min(1, Math.round((sum / reachable) * 1e4) / 1e4);
    // Unlike @mastra/core 1.71.0 (r[search.threshold.min-score]): Mastra drops a result whose score is less than or
    // equal to minScore.
    if (score >= minScore) keep(score, tieOf(slot, named, size));
  }
}

/** The result for a candidate: the tool's name, its description cut (r[search.result.truncate]), the score. */
function hitOf(index: ToolIndex, slot: number, score: number): SearchHit {
  return { name: index.names[slot]!, description: index.resultDescriptionOf(slot), score };
}

/**
 * The first `topK` candidates in ranked order whose score is at least `minScore` (what
 * `rankCandidates(…).slice(0, topK)` gives), selected with a bounded heap.
 *
 * Implements r[search.candidates], r[search.score.formula], r[search.name.exact],
 * r[search.score.rounding], r[search.rank.order], r[search.threshold.min-score] and
 * r[search.threshold.top-k].
 *
 * @internal
 */
export function topCandidates(
  index: SearchIndex,
  query: string,
  topK: number,
  options: RankOptions & { readonly onRanked?: ((candidates: number) => void) | undefined } = {},
): SearchHit[] {
  const minScore = resolveMinScore(options.minScore);
  const toolIndex = asToolIndex(index);
  const terms = queryTerms(toolIndex, query, options.stats);
  if (terms === undefined) {
    options.onRanked?.(0);
    return [];
  }
  const covered = terms.sentences.length > 0;
  // Where it pays, postings that cannot change the top k are skipped (r[search.rank.pruning]);
  // not when the caller needs the number of candidates, which pruning does not count, nor for a
  // request of several sentences, whose coverage order reads more than the top k.
  if (options.onRanked === undefined && !covered) {
    const pruned = prunedTop(toolIndex, terms.ids, terms.weights, terms.exact, topK, minScore, options.stats);
    if (pruned !== undefined) return hitsOf(toolIndex, pruned, topK, minScore, undefined);
  }
  const a = accumulateTerms(toolIndex, terms, options.stats);
  // Score descending, then exact names first, then catalog order: the best topK.
  // Unlike @mastra/core 1.71.0 (r[search.rank.order]): Mastra's ties keep the order in which tools were first scored,
  // not catalog order.
  // A request of several sentences: the first coverageDepth candidates, in the coverage order of its sentences.
  // (minScore applies after ranking, r[search.threshold.order]: the coverage order is of every
  // candidate, and a candidate of the first coverageDepth below minScore means every later one is.)
  const size = toolIndex.size;
  const kept = covered ? Math.max(topK, toolIndex.parameters.coverageDepth) : topK;
  const top = queryTop.reset(Math.min(kept, a.count));
  // (How many candidates are at or above minScore is counted on the way, for onRanked.)
  let ranked = 0;
  drainCandidates(a, size, covered ? 0 : minScore, (score, tie) => {
    if (score >= minScore) ranked++;
    top.offer(score, tie);
  });
  // (The shared heap is drained before the caller hears of the count, so a search the caller
  // might make then cannot overwrite it.)
  const hits = hitsOf(toolIndex, top, topK, minScore, covered ? a.sentences : undefined, a.sentenceWeights);
  options.onRanked?.(ranked);
  return hits;
}

/**
 * The first `topK` hits at or above `minScore` that a bounded heap holds, best first; for a request
 * of several sentences, its pool in the coverage order of `sentences` first.
 */
function hitsOf(
  toolIndex: ToolIndex,
  top: TopK,
  topK: number,
  minScore: number,
  sentences: readonly (readonly number[])[] | undefined,
  sentenceWeights: readonly Float64Array[] = [],
): SearchHit[] {
  const size = toolIndex.size;
  const { scores, ties, count } = top.drain();
  // Unlike @mastra/core 1.71.0 (r[search.rank.coverage]): Mastra ranks by score alone, so the near-duplicate
  // tools of one part of a request can push the tools of its other parts out of the results.
  if (sentences !== undefined) coverageOrder(toolIndex, scores, ties, count, sentences, sentenceWeights);
  const out: SearchHit[] = [];
  for (let i = 0; i < count && out.length < topK; i++) {
    if (scores[i]! >= minScore) out.push(hitOf(toolIndex, slotOfTie(ties[i]!, size), scores[i]!));
  }
  return out;
}

/**
 * Every candidate whose score is at least `minScore`, in ranked order, produced as far as it is
 * read (`length` is known at once; `slice` reads on, from where the previous one stopped).
 */
export class RankedHits {
  readonly #index: ToolIndex;
  readonly #stream: RankedStream;
  readonly #read: SearchHit[] = [];
  readonly #pair = new Float64Array(2);
  /** Number of candidates. */
  readonly length: number;

  /** The sentences whose coverage orders the first candidates (r[search.rank.coverage]), until they are read. */
  #sentences: readonly (readonly number[])[];
  /** The weights of each sentence's terms in that sentence, for the coverage order. */
  readonly #sentenceWeights: readonly Float64Array[];
  /** With sentences, the stream holds every candidate and this is the least score kept. */
  readonly #minScore: number;

  /**
   * @param length - how many of the stream's candidates have a score of at least `minScore`
   *   (all of them, unless `sentences` has two or more)
   */
  constructor(
    index: ToolIndex,
    stream: RankedStream,
    length = stream.remaining,
    sentences: readonly (readonly number[])[] = [],
    minScore = 0,
    sentenceWeights: readonly Float64Array[] = [],
  ) {
    this.#index = index;
    this.#stream = stream;
    this.#sentences = sentences;
    this.#sentenceWeights = sentenceWeights;
    this.#minScore = minScore;
    this.length = length;
  }

  /** Candidates `start` to `end` (exclusive) in ranked order. */
  slice(start: number, end: number): SearchHit[] {
    if (this.#sentences.length > 0 && end > start) this.#readCovered();
    const stop = Math.min(end, this.length);
    while (this.#read.length < stop && this.#stream.next(this.#pair)) {
      const [score, tie] = this.#pair;
      this.#read.push(hitOf(this.#index, slotOfTie(tie!, this.#index.size), score!));
    }
    return this.#read.slice(start, stop);
  }

  /**
   * Reads the first coverageDepth candidates in the coverage order of the query's sentences, and
   * keeps those with a score of at least minScore (when one is left out, so are all later ones).
   */
  #readCovered(): void {
    const index = this.#index;
    const pool = Math.min(index.parameters.coverageDepth, this.#stream.remaining);
    const scores = new Float64Array(pool);
    const ties = new Int32Array(pool);
    for (let i = 0; i < pool && this.#stream.next(this.#pair); i++) {
      scores[i] = this.#pair[0]!;
      ties[i] = this.#pair[1]!;
    }
    // Unlike @mastra/core 1.71.0 (r[search.rank.coverage]): Mastra ranks by score alone.
    coverageOrder(index, scores, ties, pool, this.#sentences, this.#sentenceWeights);
    for (let i = 0; i < pool; i++) {
      if (scores[i]! >= this.#minScore) this.#read.push(hitOf(index, slotOfTie(ties[i]!, index.size), scores[i]!));
    }
    this.#sentences = [];
  }
}

/**
 * Every candidate whose score is at least `minScore`, ranked, read on demand (see {@link RankedHits}).
 *
 * Implements r[search.candidates], r[search.score.formula], r[search.name.exact],
 * r[search.score.rounding], r[search.rank.order] and r[search.threshold.min-score].
 *
 * @internal
 */
export function rankedHits(index: SearchIndex, query: string, options: RankOptions = {}): RankedHits {
  const minScore = resolveMinScore(options.minScore);
  const toolIndex = asToolIndex(index);
  const a = accumulate(toolIndex, query, options.stats);
  const size = toolIndex.size;
  const scores = new Float64Array(a?.count ?? 0);
  const ties = new Int32Array(a?.count ?? 0);
  // A request of several sentences: every candidate is ranked (its first ones in the coverage
  // order of its sentences), then minScore applies (r[search.threshold.order]).
  const sentences = a?.sentences ?? [];
  const covered = sentences.length > 0;
  let kept = 0;
  let passing = 0;
  if (a !== undefined) {
    drainCandidates(a, size, covered ? 0 : minScore, (score, tie) => {
      if (score >= minScore) passing++;
      scores[kept] = score;
      ties[kept++] = tie;
    });
  }
  const stream = new RankedStream(scores.subarray(0, kept), ties.subarray(0, kept));
  return new RankedHits(toolIndex, stream, passing, sentences, minScore, a?.sentenceWeights);
}

/**
 * Every candidate whose score is at least `minScore`, ranked by score
 * descending, then catalog order; a tool whose name the query is comes first
 * with score 1. For a query of several sentences, the first candidates then
 * follow the coverage order of its sentences.
 *
 * Implements r[search.candidates], r[search.score.formula], r[search.name.exact],
 * r[search.score.rounding], r[search.rank.order], r[search.query.sentences],
 * r[search.rank.coverage], r[search.threshold.min-score].
 */
export function rankCandidates(index: SearchIndex, query: string, options: RankOptions = {}): SearchHit[] {
  const ranked = rankedHits(index, query, options);
  return ranked.slice(0, ranked.length);
}

/** When {@link prunedTop} prunes: where it pays (`'auto'`), whenever it can (`'always'`, for tests), or never. */
export type PruningPolicy = 'auto' | 'always' | 'never';

let pruningPolicy: PruningPolicy = 'auto';

/**
 * Sets when the top-k selection prunes (results never depend on it; tests compare the policies).
 *
 * @internal
 */
export function setPruningPolicy(policy: PruningPolicy): void {
  pruningPolicy = policy;
}

/** Below this many postings over the scored terms, a query is scored exhaustively. */
const PRUNE_MIN_POSTINGS = 2_048;

/** A relative margin far above the rounding error of a sum of at most 64 products. */
const MARGIN = 1e-9;

// Scratch of prunedTop, reused by every query (queries are synchronous): term bounds, the terms
// in order of bound, which terms are essential (MAX_QUERY_TERMS at most), and the min-heap of the
// topK greatest partial sums.
let pruneBounds = new Float64Array(MAX_QUERY_TERMS);
let pruneByBound = new Int32Array(MAX_QUERY_TERMS);
let pruneEssential = new Uint8Array(MAX_QUERY_TERMS);
let pruneHeap = new Float64Array(16);

/** Grows the term scratch of {@link prunedTop} to `m` terms. */
function pruneScratchFor(m: number): void {
  if (pruneBounds.length < m) {
    pruneBounds = new Float64Array(m);
    pruneByBound = new Int32Array(m);
    pruneEssential = new Uint8Array(m);
  }
}

/** Resets the first `count` touched slots of the accumulator; `undefined` (prunedTop gives up). */
function resetTouched(count: number): undefined {
  for (let j = 0; j < count; j++) sums[touched[j]!] = 0;
  return undefined;
}

/** The score of a partial sum, rounded up past any rounding error of its summation. */
function ceilingScore(sum: number, reachable: number): number {
  return roundScore((sum / reachable) * (1 + MARGIN));
}

/**
 * The best `topK` candidates, found without walking the postings of the query's commonest terms
 * when that provably changes nothing (MaxScore style); `undefined` when pruning does not apply or
 * would not pay, and the caller scores exhaustively.
 *
 * 1. Split the terms: the non-essential ones are those with the smallest bounds
 *    (`weight · greatest strength`) whose bounds sum to `R` at most half the greatest bound.
 * 2. Sum the essential terms' postings into the accumulator (partial sums, each a lower bound of
 *    the tool's sum). Let `θ` be the `topK`-th greatest partial sum.
 * 3. A tool no essential term touched sums to at most `R`; when `R`'s score, rounded up, is below
 *    `θ`'s, rounded down, it ranks below `topK` candidates and cannot be in the top k. So is a
 *    touched tool whose partial sum plus `R` scores below `θ`.
 * 4. The remaining tools' sums are computed exactly as the exhaustive scorer does (every scored
 *    term in code-unit order, the term's strength looked up in its postings), scored, rounded and
 *    ranked the same way.
 *
 * Implements r[search.rank.pruning] (and r[search.candidates], r[search.score.formula],
 * r[search.rank.order] and r[search.threshold.top-k] for the tools it keeps).
 */
function prunedTop(
  index: ToolIndex,
  ids: readonly number[],
  weights: Float64Array,
  exact: readonly number[],
  topK: number,
  minScore: number,
  stats: QueryStats | undefined,
): TopK | undefined {
  const m = ids.length;
  if (pruningPolicy === 'never' || exact.length > 0 || m < 2 || topK <= 0) return undefined;
  pruneScratchFor(m);
  const bounds = pruneBounds;
  const byBound = pruneByBound;
  const essential = pruneEssential;
  // How many postings the scored terms have (r[search.index.derived]: a derived index merges a term's when first read).
  let total = 0;
  for (let j = 0; j < m; j++) total += index.postingCount(ids[j]!);
  if (pruningPolicy === 'auto' && total < PRUNE_MIN_POSTINGS) return undefined;
  // Each scored term's postings, and the best each can add.
  const postings = ids.map((t) => index.postingsOf(t));
  let reachable = 0;
  let greatest = 0;
  for (let j = 0; j < m; j++) {
    const t = ids[j]!;
    const weight = weights[j]!;
    // (Summed in code-unit order, as the exhaustive scorer sums it.)
    reachable += weight;
    bounds[j] = weight * index.maxStrengthOf(t);
    if (bounds[j]! > greatest) greatest = bounds[j]!;
  }
  // The non-essential terms: smallest bounds first (ties by position), while their sum stays at
  // most half the greatest. (An insertion sort: m is at most MAX_QUERY_TERMS.)
  for (let j = 0; j < m; j++) {
    let i = j;
    while (i > 0 && bounds[byBound[i - 1]!]! > bounds[j]!) {
      byBound[i] = byBound[i - 1]!;
      i--;
    }
    byBound[i] = j;
    essential[j] = 1;
  }
  let rest = 0;
  let skipped = 0;
  for (let k = 0; k < m; k++) {
    const j = byBound[k]!;
    if (rest + bounds[j]! > greatest / 2) break;
    rest += bounds[j]!;
    essential[j] = 0;
    skipped += postings[j]!.slots.length;
  }
  if (skipped === 0 || (pruningPolicy === 'auto' && skipped < 2 * (total - skipped))) return undefined;
  // The essential terms' partial sums.
  accumulatorFor(index.size);
  const acc = sums;
  const order = touched;
  let count = 0;
  for (let j = 0; j < m; j++) {
    if (essential[j] === 0) continue;
    const weight = weights[j]!;
    const { slots, strengths } = postings[j]!;
    for (let i = 0, to = slots.length; i < to; i++) {
      const slot = slots[i]!;
      const before = acc[slot]!;
      if (before === 0) order[count++] = slot;
      acc[slot] = before + weight * strengths[i]!;
    }
  }
  if (count < topK) return resetTouched(count);
  // θ: the topK-th greatest partial sum (a min-heap of the topK greatest). (topK ≤ count ≤ the
  // index's size here, so the heap, like the accumulator, is at most as long as the largest index.)
  if (pruneHeap.length < topK) pruneHeap = new Float64Array(topK);
  const heap = pruneHeap;
  let held = 0;
  for (let j = 0; j < count; j++) {
    const v = acc[order[j]!]!;
    if (held < topK) {
      let i = held++;
      while (i > 0 && heap[(i - 1) >> 1]! > v) {
        heap[i] = heap[(i - 1) >> 1]!;
        i = (i - 1) >> 1;
      }
      heap[i] = v;
    } else if (v > heap[0]!) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= topK) break;
        const c = l + 1 < topK && heap[l + 1]! < heap[l]! ? l + 1 : l;
        if (heap[c]! >= v) break;
        heap[i] = heap[c]!;
        i = c;
      }
      heap[i] = v;
    }
  }
  const floor = roundScore((heap[0]! / reachable) * (1 - MARGIN));
  // Untouched tools cannot reach the top k; nor can touched ones too far below θ.
  if (!(ceilingScore(rest, reachable) < floor)) return resetTouched(count);
  // The survivors, in order of first touch, replace the touched slots at the front of `order`
  // (survivor k is written at k ≤ j once slot j is read and reset).
  let survivors = 0;
  for (let j = 0; j < count; j++) {
    const slot = order[j]!;
    const keep = ceilingScore(acc[slot]! + rest, reachable) >= floor;
    acc[slot] = 0;
    if (keep) order[survivors++] = slot;
  }
  if (pruningPolicy === 'auto' && survivors * m * Math.log2(2 + total) > skipped) {
    // Looking the survivors up would cost about as much as walking the postings.
    return undefined;
  }
  if (stats) {
    stats.postingsVisited += total - skipped;
    stats.postingsSkipped = (stats.postingsSkipped ?? 0) + skipped;
  }
  // Exact sums, scores and ranks of the survivors, as the exhaustive scorer computes them.
  const size = index.size;
  const top = queryTop.reset(Math.min(topK, survivors));
  for (let k = 0; k < survivors; k++) {
    const slot = order[k]!;
    let sum = 0;
    for (let j = 0; j < m; j++) {
      const { slots, strengths } = postings[j]!;
      const strength = strengthIn(slots, strengths, 0, slots.length, slot);
      if (strength > 0) sum = sum + weights[j]! * strength;
    }
    const score = Math.min(1, Math.round((sum / reachable) * 1e4) / 1e4);
    if (score >= minScore) top.offer(score, tieOf(slot, false, size));
  }
  return top;
}

/**
 * r[search.rank.pruning] as plain steps over the reference index (Maps and arrays, no heap, no
 * shared accumulator): which postings a top-k search skips, or `undefined` when it scores every
 * candidate. The scorer's `QueryStats` must say exactly this, so that a mistake in the fast path's
 * bounds, its split of the terms, its θ heap or its cost tests shows as a different count even
 * where the results happen to be the same.
 */
import { referenceScoredTerms, type ReferenceIndex } from './reference-scorer.js';

/** What a pruned search walks and skips. */
export interface PruningOutcome {
  /** Postings of the non-essential terms, not walked. */
  skipped: number;
  /** Postings of the essential terms, walked. */
  visited: number;
}

/** The spec's margin above floating-point error: relative, far above the error of a sum of 64 products. */
const MARGIN = 1e-9;

/** The fewest postings over the scored terms for which pruning pays (policy `auto`). */
const PRUNE_MIN_POSTINGS = 2_048;

const round4 = (q: number): number => Math.min(1, Math.round(q * 1e4) / 1e4);

/**
 * Whether, and how much, a search for the best `topK` of `query` skips (no filter, no count of
 * candidates asked for). `always`: whenever pruning is provably safe; `auto`: only where it pays,
 * as the spec's paragraph on this implementation says.
 */
export function referencePruning(index: ReferenceIndex, query: string, topK: number, policy: 'always' | 'auto'): PruningOutcome | undefined {
  const { terms, exact, covered } = referenceScoredTerms(index, query);
  // Not for an exact name (its score is 1, no sum), a single term, no result, or a request whose coverage order reads more than the top k.
  if (exact.length > 0 || terms.length < 2 || topK <= 0 || covered) return undefined;
  const postingsOf = (j: number) => terms[j]!.postings.slots.length;
  // 1. Each term's bound: its weight times its greatest strength.
  const bound = terms.map((t) => t.weight * Math.max(...t.postings.strengths));
  const greatest = Math.max(...bound);
  const total = terms.reduce((sum, _, j) => sum + postingsOf(j), 0);
  if (policy === 'auto' && total < PRUNE_MIN_POSTINGS) return undefined;
  // The non-essential terms: the smallest bounds (ties: code-unit order), while they sum to at most half the greatest.
  const byBound = terms.map((_, j) => j).sort((a, b) => bound[a]! - bound[b]! || a - b);
  const nonEssential = new Set<number>();
  let rest = 0;
  for (const j of byBound) {
    if (rest + bound[j]! > greatest / 2) break;
    rest += bound[j]!;
    nonEssential.add(j);
  }
  const skipped = [...nonEssential].reduce((sum, j) => sum + postingsOf(j), 0);
  // Only when the skipped terms hold at least two thirds of the postings.
  if (skipped === 0 || (policy === 'auto' && 3 * skipped < 2 * total)) return undefined;
  // 2. Partial sums over the essential terms, term by term in code-unit order.
  const partial = new Map<number, number>();
  terms.forEach((t, j) => {
    if (nonEssential.has(j)) return;
    t.postings.slots.forEach((slot, i) => partial.set(slot, (partial.get(slot) ?? 0) + t.weight * t.postings.strengths[i]!));
  });
  if (partial.size < topK) return undefined;
  // 3. θ, the topK-th greatest partial sum; a tool whose sum can reach at most R ranks below topK found ones.
  const theta = [...partial.values()].sort((a, b) => b - a)[topK - 1]!;
  const reachable = terms.reduce((sum, t) => sum + t.weight, 0);
  const floor = round4((theta / reachable) * (1 - MARGIN));
  const ceiling = (sum: number) => round4((sum / reachable) * (1 + MARGIN));
  if (!(ceiling(rest) < floor)) return undefined;
  // Only when looking the remaining tools up in every term costs less than walking the skipped postings.
  const remaining = [...partial.values()].filter((p) => ceiling(p + rest) >= floor).length;
  if (policy === 'auto' && remaining * terms.length * Math.log2(2 + total) > skipped) return undefined;
  return { skipped, visited: total - skipped };
}

/**
 * The coverage order: when a request asks for several things, one sentence each, its first
 * candidates are reordered so that the tools answering its other sentences are not pushed below
 * near-duplicates of the tools answering one of them (r[search.rank.coverage]).
 *
 * Works on the (score, tie) pairs of the ranked heaps (r[search.rank.order]); what it allocates is
 * bounded by `coverageDepth` times the number of sentences, never by the number of candidates.
 *
 * @see r[search.rank.coverage]
 * @module
 */
import { slotOfTie } from './ranked-heap.js';
import type { ToolIndex } from './search-index.js';

/** The strength of term `t` in the tool at `slot`, 0 when the tool lacks it. */
export function strengthOf(index: ToolIndex, t: number, slot: number): number {
  return index.strengthAt(t, slot);
}

/**
 * Reorders, in place, the first `min(depth, count)` candidates (`scores[i]`, `ties[i]`, in ranked
 * order) by the coverage of the query's sentences; the others keep their places. `sentences`
 * holds, for each sentence with at least one scored term, in query order, the ids of its scored
 * terms in code-unit order of the terms. With fewer than two sentences nothing changes.
 *
 * Implements r[search.rank.coverage].
 *
 * @param index - the index the candidates come from
 * @param scores - the candidates' rounded scores, in ranked order
 * @param ties - their tie-break keys ({@link tieOf})
 * @param count - how many candidates there are
 * @param sentences - the scored term ids of each sentence
 * @param sentenceWeights - `sentenceWeights[j][k]`: the weight of `sentences[j][k]` in sentence `j` (r[search.score.term-weight])
 */
export function coverageOrder(
  index: ToolIndex,
  scores: Float64Array,
  ties: Int32Array,
  count: number,
  sentences: readonly (readonly number[])[],
  sentenceWeights: readonly Float64Array[],
): void {
  const { coverageWeight: lambda, coverageDepth: depth } = index.parameters;
  const size = index.size;
  const pool = Math.min(depth, count);
  const isExact = (i: number) => ties[i]! < size;
  // The head keeps its places: the exact names, else the first candidate.
  let head = 0;
  while (head < pool && isExact(head)) head++;
  if (head === 0) head = 1;
  const m = sentences.length;
  if (m < 2 || lambda === 0 || pool - head < 2) return;
  // w(t) of each sentence's terms, W_s, and each pool candidate's sentence scores
  // score_s(d) = Σ w(t)·s(t,d) / W_s (row-major).
  // w_j(t): each term's weight in its sentence (r[search.score.term-weight], the sentence's repetitions).
  const weights = sentenceWeights;
  const sentenceWeight = new Float64Array(m);
  for (let s = 0; s < m; s++) for (const w of weights[s]!) sentenceWeight[s]! += w;
  const part = new Float64Array(pool * m);
  for (let s = 0; s < m; s++) {
    const terms = sentences[s]!;
    const w = weights[s]!;
    for (let i = 0; i < pool; i++) {
      const slot = slotOfTie(ties[i]!, size);
      let sum = 0;
      for (let k = 0; k < terms.length; k++) sum += w[k]! * strengthOf(index, terms[k]!, slot);
      part[i * m + s] = sum / sentenceWeight[s]!;
    }
  }
  // m_s, the best sentence score in the pool, and the normaliser Σ W_s · m_s.
  const best = new Float64Array(m);
  for (let i = 0; i < pool; i++) for (let s = 0; s < m; s++) best[s] = Math.max(best[s]!, part[i * m + s]!);
  let reach = 0;
  for (let s = 0; s < m; s++) reach += sentenceWeight[s]! * best[s]!;
  if (reach === 0) return;
  // U_s: how much of sentence s the tools placed so far leave uncovered.
  const uncovered = new Float64Array(m).fill(1);
  const place = (i: number) => {
    for (let s = 0; s < m; s++) if (best[s]! > 0) uncovered[s]! *= 1 - part[i * m + s]! / best[s]!;
  };
  for (let i = 0; i < head; i++) place(i);
  // The relevance part is the score over the best score of a tool that is not an exact name.
  const top = isExact(head - 1) ? scores[head]! : scores[0]!;
  // Each next place: the highest (1 − λ)·score/top + λ·Σ W_s·score_s·U_s / Σ W_s·m_s, ties to the earlier.
  const left = pool - head;
  const taken = new Uint8Array(pool);
  const order = new Int32Array(left);
  for (let k = 0; k < left; k++) {
    let pick = -1;
    let value = -1;
    for (let i = head; i < pool; i++) {
      if (taken[i] === 1) continue;
      let coverage = 0;
      for (let s = 0; s < m; s++) coverage += sentenceWeight[s]! * part[i * m + s]! * uncovered[s]!;
      const v = (1 - lambda) * (top > 0 ? scores[i]! / top : 0) + (lambda * coverage) / reach;
      if (v > value) {
        value = v;
        pick = i;
      }
    }
    taken[pick] = 1;
    place(pick);
    order[k] = pick;
  }
  const newScores = new Float64Array(left);
  const newTies = new Int32Array(left);
  for (let k = 0; k < left; k++) {
    newScores[k] = scores[order[k]!]!;
    newTies[k] = ties[order[k]!]!;
  }
  scores.set(newScores, head);
  ties.set(newTies, head);
}

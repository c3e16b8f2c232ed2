/**
 * The physical reference of the benchmark: a plain typed-array kernel that walks the same
 * postings as our index for the same query terms (`postings-adapter.ts`), accumulates
 * `weight · strength` into a dense `Float64Array`, and keeps the top k in a bounded heap.
 * No allocation per query or per candidate.
 *
 * It ranks as `search(index, query, { minScore: 0 })` does without a filter: score
 * `min(1, round(Σ / Σ weights, 4 decimals))`, score descending, then slot ascending
 * (`kernel.test.ts` checks this), so its time is what walking the postings costs at the least;
 * query analysis (tokenizing, approximate matching) is not part of it.
 */
import { SCORING_PARAMETERS, type SearchIndex } from '../../../src/scoring/index.js';
import { indexPostings, queryTerms, slotNames, type TypedPostings } from './postings-adapter.js';

const SCALE = 10 ** SCORING_PARAMETERS.scoreDecimals;

/** A query prepared for the kernel: its terms' postings and weights, in summation order. */
export interface KernelQuery {
  /** Postings of each scored term. */
  readonly postings: readonly TypedPostings[];
  /** Weight of each scored term. */
  readonly weights: Float64Array;
  /** Σ weights: the best score the query can reach. */
  readonly reachable: number;
  /** Number of postings the query walks. */
  readonly length: number;
}

/** The kernel over one index. */
export class PostingsKernel {
  readonly #postings: Map<string, TypedPostings>;
  readonly #acc: Float64Array;
  readonly #touched: Int32Array;
  readonly #heapScore: Float64Array;
  readonly #heapSlot: Int32Array;
  #count = 0;
  /** Tool names in slot order. */
  readonly names: readonly string[];

  /**
   * @param index - an index from `buildSearchIndex`
   * @param k - how many results to keep (5, as both processors by default)
   */
  constructor(
    readonly index: SearchIndex,
    readonly k = 5,
  ) {
    this.#postings = indexPostings(index);
    this.names = slotNames(index);
    this.#acc = new Float64Array(index.size);
    this.#touched = new Int32Array(index.size);
    this.#heapScore = new Float64Array(k);
    this.#heapSlot = new Int32Array(k);
  }

  /** Bytes of the kernel's postings (slots and strengths). */
  get postingsBytes(): number {
    let n = 0;
    for (const p of this.#postings.values()) n += p.slots.byteLength + p.strengths.byteLength;
    return n;
  }

  /** Prepares a query outside the timed region: our scorer's terms and weights, the kernel's postings. */
  prepare(query: string): KernelQuery {
    const terms = queryTerms(this.index, query);
    const postings = terms.map((t) => this.#postings.get(t.term)!);
    const weights = Float64Array.from(terms, (t) => t.weight);
    let reachable = 0;
    for (const w of weights) reachable += w;
    return { postings, weights, reachable, length: postings.reduce((s, p) => s + p.slots.length, 0) };
  }

  /** `(score, slot)` of `a` ranks below `(score, slot)` of `b`. */
  static #worse(sa: number, ta: number, sb: number, tb: number): boolean {
    return sa < sb || (sa === sb && ta > tb);
  }

  #swap(i: number, j: number): void {
    const score = this.#heapScore;
    const slot = this.#heapSlot;
    const s = score[i]!;
    const t = slot[i]!;
    score[i] = score[j]!;
    slot[i] = slot[j]!;
    score[j] = s;
    slot[j] = t;
  }

  #siftDown(i: number): void {
    const score = this.#heapScore;
    const slot = this.#heapSlot;
    const n = this.#count;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) return;
      const r = l + 1;
      const c = r < n && PostingsKernel.#worse(score[r]!, slot[r]!, score[l]!, slot[l]!) ? r : l;
      if (!PostingsKernel.#worse(score[c]!, slot[c]!, score[i]!, slot[i]!)) return;
      this.#swap(i, c);
      i = c;
    }
  }

  #siftUp(i: number): void {
    const score = this.#heapScore;
    const slot = this.#heapSlot;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!PostingsKernel.#worse(score[i]!, slot[i]!, score[p]!, slot[p]!)) return;
      this.#swap(i, p);
      i = p;
    }
  }

  /**
   * Scores a prepared query: accumulate, select the top k, reset the accumulator.
   *
   * @returns how many results there are (at most k); read them with {@link results}
   */
  run(q: KernelQuery): number {
    const acc = this.#acc;
    const touched = this.#touched;
    let m = 0;
    // 1. Accumulate weight · strength per slot; a slot's first posting records it.
    for (let t = 0; t < q.postings.length; t++) {
      const { slots, strengths } = q.postings[t]!;
      const w = q.weights[t]!;
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i]!;
        const before = acc[slot]!;
        if (before === 0) touched[m++] = slot;
        acc[slot] = before + w * strengths[i]!;
      }
    }
    // 2. Normalise and round each candidate; keep the k best in a heap whose root is the worst.
    this.#count = 0;
    const k = this.k;
    const reachable = q.reachable;
    for (let j = 0; j < m; j++) {
      const slot = touched[j]!;
      const score = Math.min(1, Math.round((acc[slot]! / reachable) * SCALE) / SCALE);
      acc[slot] = 0;
      if (this.#count < k) {
        this.#heapScore[this.#count] = score;
        this.#heapSlot[this.#count] = slot;
        this.#siftUp(this.#count++);
      } else if (k > 0 && PostingsKernel.#worse(this.#heapScore[0]!, this.#heapSlot[0]!, score, slot)) {
        this.#heapScore[0] = score;
        this.#heapSlot[0] = slot;
        this.#siftDown(0);
      }
    }
    return this.#count;
  }

  /** The results of the last {@link run}, best first (allocates; for checking, not for timing). */
  results(): Array<{ name: string; score: number }> {
    const out = Array.from({ length: this.#count }, (_, i) => ({ slot: this.#heapSlot[i]!, score: this.#heapScore[i]! }));
    out.sort((a, b) => b.score - a.score || a.slot - b.slot);
    return out.map(({ slot, score }) => ({ name: this.names[slot]!, score }));
  }
}

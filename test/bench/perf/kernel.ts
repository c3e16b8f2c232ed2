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
import { SCORING_PARAMETERS, search, type QueryStats, type SearchIndex } from '../../../src/scoring/index.js';
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
  /** Each scored term's greatest strength (for {@link PostingsKernel.runPruned}'s bounds). */
  readonly maxStrengths: Float64Array;
  /**
   * Postings our scorer skips for this query (`QueryStats.postingsSkipped` of `search` with
   * `topK` k): {@link PostingsKernel.runPruned} prunes only the queries ours prunes (ours never
   * prunes a query of several sentences, r[search.rank.coverage], nor one naming a tool).
   */
  readonly oursSkipped: number;
}

/** Below this many postings over the scored terms, {@link PostingsKernel.runPruned} walks them all (as our scorer). */
const PRUNE_MIN_POSTINGS = 2_048;
/** The relative margin of the bounds, as our scorer's. */
const MARGIN = 1e-9;

/** The kernel over one index. */
export class PostingsKernel {
  readonly #postings: Map<string, TypedPostings>;
  readonly #acc: Float64Array;
  readonly #touched: Int32Array;
  readonly #heapScore: Float64Array;
  readonly #heapSlot: Int32Array;
  #count = 0;
  // Scratch of runPruned: bounds, terms by bound, essential flags, and the min-heap of partial sums.
  #bounds = new Float64Array(64);
  #byBound = new Int32Array(64);
  #essential = new Uint8Array(64);
  #partial: Float64Array;
  /** Postings {@link runPruned}'s last query left unwalked (0 when it walked them all). */
  skipped = 0;
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
    this.#partial = new Float64Array(k);
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
    const maxStrengths = Float64Array.from(postings, (p) => p.strengths.reduce((a, b) => Math.max(a, b), 0));
    const stats: QueryStats = { termsLookedUp: 0, postingsVisited: 0, approximateLookups: 0 };
    search(this.index, query, { topK: this.k, minScore: 0, stats });
    return { postings, weights, reachable, length: postings.reduce((s, p) => s + p.slots.length, 0), maxStrengths, oursSkipped: stats.postingsSkipped ?? 0 };
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
    // 1. Accumulate weight · strength per slot; a slot's first posting records it.
    const m = this.#accumulate(q, undefined);
    // 2. Normalise and round each candidate; keep the k best in a heap whose root is the worst.
    this.#count = 0;
    const reachable = q.reachable;
    for (let j = 0; j < m; j++) {
      const slot = touched[j]!;
      const score = PostingsKernel.#score(acc[slot]! / reachable);
      acc[slot] = 0;
      this.#offer(score, slot);
    }
    return this.#count;
  }

  /**
   * Adds weight · strength into the accumulator for every posting of the query's terms (only those
   * `essential` marks, when given), recording each slot's first posting in the touched list.
   *
   * @returns how many slots were touched
   */
  #accumulate(q: KernelQuery, essential: Uint8Array | undefined): number {
    const acc = this.#acc;
    const touched = this.#touched;
    let count = 0;
    for (let t = 0; t < q.postings.length; t++) {
      if (essential !== undefined && essential[t] === 0) continue;
      const { slots, strengths } = q.postings[t]!;
      const w = q.weights[t]!;
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i]!;
        const before = acc[slot]!;
        if (before === 0) touched[count++] = slot;
        acc[slot] = before + w * strengths[i]!;
      }
    }
    return count;
  }

  /** Offers `(score, slot)` to the top-k heap. */
  #offer(score: number, slot: number): void {
    if (this.#count < this.k) {
      this.#heapScore[this.#count] = score;
      this.#heapSlot[this.#count] = slot;
      this.#siftUp(this.#count++);
    } else if (this.k > 0 && PostingsKernel.#worse(this.#heapScore[0]!, this.#heapSlot[0]!, score, slot)) {
      this.#heapScore[0] = score;
      this.#heapSlot[0] = slot;
      this.#siftDown(0);
    }
  }

  /** A normalised sum's score: rounded half up to 4 decimals, at most 1. */
  static #score(q: number): number {
    return Math.min(1, Math.round(q * SCALE) / SCALE);
  }

  /** Resets the first `count` touched slots of the accumulator, then walks every posting. */
  #resetThenRun(count: number, q: KernelQuery): number {
    for (let j = 0; j < count; j++) this.#acc[this.#touched[j]!] = 0;
    return this.run(q);
  }

  /** A slot's strength in sorted postings (binary search), 0 when absent. */
  static #strengthIn(slots: Int32Array, strengths: Float64Array, slot: number): number {
    let lo = 0;
    let hi = slots.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (slots[mid]! < slot) lo = mid + 1;
      else hi = mid;
    }
    return lo < slots.length && slots[lo] === slot ? strengths[lo]! : 0;
  }

  /**
   * The kernel that walks the postings our scorer walks when it prunes (r[search.rank.pruning]):
   * the same MaxScore split, with the same conditions under which it pays, on typed arrays and
   * without allocation; otherwise {@link run}. Its results are {@link run}'s, and
   * {@link skipped} is what our scorer reports as `postingsSkipped` (`kernel.test.ts` checks
   * both), so per query it is the least that walking *those* postings costs: the reference the
   * benchmark's normalised tail divides by.
   *
   * @returns how many results there are (at most k); read them with {@link results}
   */
  runPruned(q: KernelQuery): number {
    this.skipped = 0;
    const m = q.postings.length;
    const k = this.k;
    if (q.oursSkipped === 0 || m < 2 || k <= 0 || q.length < PRUNE_MIN_POSTINGS || m > this.#bounds.length) return this.run(q);
    const bounds = this.#bounds;
    const byBound = this.#byBound;
    const essential = this.#essential;
    // 1. Bounds, the terms by bound (insertion sort, ties by position), the non-essential ones.
    let greatest = 0;
    for (let j = 0; j < m; j++) {
      bounds[j] = q.weights[j]! * q.maxStrengths[j]!;
      if (bounds[j]! > greatest) greatest = bounds[j]!;
    }
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
    for (let i = 0; i < m; i++) {
      const j = byBound[i]!;
      if (rest + bounds[j]! > greatest / 2) break;
      rest += bounds[j]!;
      essential[j] = 0;
      skipped += q.postings[j]!.slots.length;
    }
    if (skipped === 0 || skipped < 2 * (q.length - skipped)) return this.run(q);
    // 2. The essential terms' partial sums.
    const acc = this.#acc;
    const touched = this.#touched;
    const count = this.#accumulate(q, essential);
    if (count < k) return this.#resetThenRun(count, q);
    // 3. θ: the k-th greatest partial sum (a min-heap of the k greatest).
    const heap = this.#partial;
    let held = 0;
    for (let j = 0; j < count; j++) {
      const v = acc[touched[j]!]!;
      if (held < k) {
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
          if (l >= k) break;
          const c = l + 1 < k && heap[l + 1]! < heap[l]! ? l + 1 : l;
          if (heap[c]! >= v) break;
          heap[i] = heap[c]!;
          i = c;
        }
        heap[i] = v;
      }
    }
    const reachable = q.reachable;
    const floor = PostingsKernel.#score((heap[0]! / reachable) * (1 - MARGIN));
    if (!(PostingsKernel.#score((rest / reachable) * (1 + MARGIN)) < floor)) return this.#resetThenRun(count, q);
    // 4. The survivors, then their exact sums (every term, in summation order, looked up).
    let survivors = 0;
    for (let j = 0; j < count; j++) {
      const slot = touched[j]!;
      const keep = PostingsKernel.#score(((acc[slot]! + rest) / reachable) * (1 + MARGIN)) >= floor;
      acc[slot] = 0;
      if (keep) touched[survivors++] = slot;
    }
    if (survivors * m * Math.log2(2 + q.length) > skipped) return this.run(q);
    this.skipped = skipped;
    this.#count = 0;
    for (let i = 0; i < survivors; i++) {
      const slot = touched[i]!;
      let sum = 0;
      for (let j = 0; j < m; j++) {
        const { slots, strengths } = q.postings[j]!;
        const strength = PostingsKernel.#strengthIn(slots, strengths, slot);
        if (strength > 0) sum = sum + q.weights[j]! * strength;
      }
      this.#offer(PostingsKernel.#score(sum / reachable), slot);
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

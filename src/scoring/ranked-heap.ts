/**
 * Binary heaps over (score, tie) pairs in typed arrays, for ranking without an object per
 * candidate: a higher score ranks first, then a lower tie (`tie` encodes r[search.rank.order]'s
 * tie-breaks: exact names first, then catalog order).
 *
 * @see r[search.rank.order]
 * @module
 */

/** Whether (sa, ta) ranks before (sb, tb). */
export function ranksBefore(sa: number, ta: number, sb: number, tb: number): boolean {
  return sa > sb || (sa === sb && ta < tb);
}

/**
 * The tie-break key of a candidate: exact names (r[search.name.exact]) before the others, then
 * catalog order. `size` is the number of tools of the index.
 */
export function tieOf(slot: number, exact: boolean, size: number): number {
  return exact ? slot : size + slot;
}

/** The slot a tie-break key stands for. */
export function slotOfTie(tie: number, size: number): number {
  return tie >= size ? tie - size : tie;
}

/**
 * The best `k` of a stream of candidates: a heap whose root is the worst kept one. Offer
 * candidates with {@link TopK.offer}, then read them best first with {@link TopK.drain}.
 */
export class TopK {
  #scores: Float64Array;
  #ties: Int32Array;
  #drainedScores: Float64Array;
  #drainedTies: Int32Array;
  #k: number;
  #count = 0;

  /** @param k - how many to keep (the arrays are at least this long) */
  constructor(k: number) {
    this.#k = k;
    this.#scores = new Float64Array(k);
    this.#ties = new Int32Array(k);
    this.#drainedScores = new Float64Array(k);
    this.#drainedTies = new Int32Array(k);
  }

  /** How many it keeps at most. */
  get k(): number {
    return this.#k;
  }

  /** How many are kept. */
  get count(): number {
    return this.#count;
  }

  /**
   * Empties the heap, to keep at most `k` from now on: one heap serves query after query (its
   * arrays grow when `k` is more than they hold, and are never made again otherwise).
   */
  reset(k: number): this {
    if (this.#scores.length < k) {
      this.#scores = new Float64Array(k);
      this.#ties = new Int32Array(k);
      this.#drainedScores = new Float64Array(k);
      this.#drainedTies = new Int32Array(k);
    }
    this.#k = k;
    this.#count = 0;
    return this;
  }

  /** Offers one candidate. */
  offer(score: number, tie: number): void {
    const scores = this.#scores;
    const ties = this.#ties;
    if (this.#count < this.#k) {
      // Sift the new leaf up while it ranks below its parent (the root is the worst).
      let i = this.#count++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!ranksBefore(scores[parent]!, ties[parent]!, score, tie)) break;
        scores[i] = scores[parent]!;
        ties[i] = ties[parent]!;
        i = parent;
      }
      scores[i] = score;
      ties[i] = tie;
      return;
    }
    // Full: only a candidate that ranks before the worst kept one enters.
    if (this.#k === 0 || !ranksBefore(score, tie, scores[0]!, ties[0]!)) return;
    siftDownWorstFirst(scores, ties, this.#count, 0, score, tie);
  }

  /**
   * The kept candidates, best first, as (score, tie) pairs: the first `count` of `scores` and
   * `ties`, arrays of the heap's own that the next {@link TopK.reset} or drain overwrites. Empties
   * the heap.
   */
  drain(): { scores: Float64Array; ties: Int32Array; count: number } {
    const n = this.#count;
    const scores = this.#drainedScores;
    const ties = this.#drainedTies;
    // Pop the worst into the last free place, so the output ends best first.
    for (let end = n; end > 0; end--) {
      scores[end - 1] = this.#scores[0]!;
      ties[end - 1] = this.#ties[0]!;
      const lastScore = this.#scores[end - 1]!;
      const lastTie = this.#ties[end - 1]!;
      if (end - 1 > 0) siftDownWorstFirst(this.#scores, this.#ties, end - 1, 0, lastScore, lastTie);
    }
    this.#count = 0;
    return { scores, ties, count: n };
  }
}

/** Places (score, tie) at `i` of a heap of `n` whose root is the worst, sifting it down. */
function siftDownWorstFirst(scores: Float64Array, ties: Int32Array, n: number, i: number, score: number, tie: number): void {
  for (;;) {
    const l = 2 * i + 1;
    if (l >= n) break;
    const r = l + 1;
    // The child that ranks lower (the worse one).
    const c = r < n && ranksBefore(scores[l]!, ties[l]!, scores[r]!, ties[r]!) ? r : l;
    if (!ranksBefore(score, tie, scores[c]!, ties[c]!)) break;
    scores[i] = scores[c]!;
    ties[i] = ties[c]!;
    i = c;
  }
  scores[i] = score;
  ties[i] = tie;
}

/**
 * Candidates in ranked order, produced on demand: a heap whose root is the best one, built in
 * linear time, popped as far as a caller reads. The arrays are the caller's (taken over).
 */
export class RankedStream {
  readonly #scores: Float64Array;
  readonly #ties: Int32Array;
  #remaining: number;

  /**
   * @param scores - the candidates' scores (taken over)
   * @param ties - their tie-break keys (taken over)
   */
  constructor(scores: Float64Array, ties: Int32Array) {
    this.#scores = scores;
    this.#ties = ties;
    const n = scores.length;
    this.#remaining = n;
    for (let i = (n >> 1) - 1; i >= 0; i--) siftDownBestFirst(scores, ties, n, i, scores[i]!, ties[i]!);
  }

  /** Candidates not read yet. */
  get remaining(): number {
    return this.#remaining;
  }

  /** Reads the next candidate in ranked order into `out` (index 0: score, 1: tie); false when none is left. */
  next(out: Float64Array): boolean {
    const n = this.#remaining;
    if (n === 0) return false;
    const scores = this.#scores;
    const ties = this.#ties;
    out[0] = scores[0]!;
    out[1] = ties[0]!;
    this.#remaining = n - 1;
    if (n > 1) siftDownBestFirst(scores, ties, n - 1, 0, scores[n - 1]!, ties[n - 1]!);
    return true;
  }
}

/** Places (score, tie) at `i` of a heap of `n` whose root is the best, sifting it down. */
function siftDownBestFirst(scores: Float64Array, ties: Int32Array, n: number, i: number, score: number, tie: number): void {
  for (;;) {
    const l = 2 * i + 1;
    if (l >= n) break;
    const r = l + 1;
    // The child that ranks higher (the better one).
    const c = r < n && ranksBefore(scores[r]!, ties[r]!, scores[l]!, ties[l]!) ? r : l;
    if (!ranksBefore(scores[c]!, ties[c]!, score, tie)) break;
    scores[i] = scores[c]!;
    ties[i] = ties[c]!;
    i = c;
  }
  scores[i] = score;
  ties[i] = tie;
}

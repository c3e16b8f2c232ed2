/**
 * Per-query tail statistics of the search measurement, from samples taken query by query (call `s`
 * asks query `s % queries`, so each query has one sample per repetition):
 *
 * - **normalised latency**: each query's median time over its repetitions, ours, divided by the
 *   kernel's median for the same query; then p99 / p50 of that ratio over the queries. The
 *   kernel walks the same postings for the same terms without allocating, so the ratio takes out
 *   what a query costs by its nature (how many postings it walks, whether it can prune) and leaves
 *   what our code adds on top of it, query by query;
 * - **repetition jitter**: for each query, p99 / p50 of its own repetitions (with fewer than 100,
 *   p99 is their largest); then the median and the largest over the queries: how much one and the
 *   same call varies from one run to the next (collections, deoptimisation, a descheduled call).
 */

/** The value at quantile `q` (nearest rank) of ascending-sorted `sorted`. */
export function nearestRank(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** The median of ascending-sorted `sorted` (the mean of the middle two for an even count). */
function middle(sorted: readonly number[]): number {
  const n = sorted.length;
  return n === 0 ? Number.NaN : n % 2 === 1 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
}

/**
 * Each query's samples, ascending: `out[q]` holds samples `q`, `q + queries`, `q + 2 · queries`, …
 *
 * @param samples - per-call times in call order
 * @param queries - how many queries the calls cycle through
 */
export function samplesByQuery(samples: readonly number[], queries: number): number[][] {
  const out = Array.from({ length: queries }, () => [] as number[]);
  for (let s = 0; s < samples.length; s++) out[s % queries]!.push(samples[s]!);
  for (const own of out) own.sort((a, b) => a - b);
  return out;
}

/** Repetition jitter over the queries. */
export interface Jitter {
  /** Median over the queries of each query's p99 / p50 over its repetitions. */
  median: number;
  /** The largest of those. */
  max: number;
}

/**
 * Repetition jitter: each query's p99 / p50 over its own repetitions, then their median and
 * largest over the queries; `undefined` with fewer than 3 repetitions per query.
 *
 * @param samples - per-call times in call order (call `s` asks query `s % queries`)
 */
export function repetitionJitter(samples: readonly number[], queries: number): Jitter | undefined {
  const ratios: number[] = [];
  for (const own of samplesByQuery(samples, queries)) {
    if (own.length < 3) continue;
    const p50 = middle(own);
    if (p50 > 0) ratios.push(nearestRank(own, 0.99) / p50);
  }
  if (ratios.length === 0) return undefined;
  ratios.sort((a, b) => a - b);
  return { median: middle(ratios), max: ratios[ratios.length - 1]! };
}

/**
 * How far the first measured repetition of each query is above that query's median: the median
 * over the queries of (first repetition / median of its repetitions); `undefined` with fewer than
 * 3 repetitions per query. Near 1 when the calls were timed in a steady state; well above 1 when
 * the first pass still paid for warming up (recompiling after a full collection), which then sets
 * every query's largest repetition and so the repetition jitter.
 *
 * @param samples - per-call times in call order (call `s` asks query `s % queries`)
 */
export function firstRepetition(samples: readonly number[], queries: number): number | undefined {
  if (samples.length < 3 * queries) return undefined;
  const ratios: number[] = [];
  const own = samplesByQuery(samples, queries);
  for (let q = 0; q < queries; q++) {
    const p50 = middle(own[q]!);
    if (p50 > 0) ratios.push(samples[q]! / p50);
  }
  if (ratios.length === 0) return undefined;
  ratios.sort((a, b) => a - b);
  return middle(ratios);
}

/** Our time over the kernel's, query by query. */
export interface Normalised {
  /** Per query: our median over its repetitions / the kernel's. */
  ratios: number[];
  /** p50 over the queries of those ratios. */
  p50: number;
  /** p99 over the queries of those ratios (nearest rank). */
  p99: number;
  /** p99 / p50: what the target is judged on. */
  spread: number;
}

/**
 * Normalised latency: per query, our median time over its repetitions divided by the kernel's
 * median for the same query, then p50 and p99 of that ratio over the queries; `undefined` when
 * some query has no sample on either side.
 *
 * @param ours - our per-call times in call order (call `s` asks query `s % queries`)
 * @param kernel - the kernel's, taken in the same rounds
 */
export function normalisedLatency(ours: readonly number[], kernel: readonly number[], queries: number): Normalised | undefined {
  const o = samplesByQuery(ours, queries);
  const k = samplesByQuery(kernel, queries);
  const ratios: number[] = [];
  for (let q = 0; q < queries; q++) {
    if (o[q]!.length === 0 || k[q]!.length === 0) return undefined;
    const den = middle(k[q]!);
    if (!(den > 0)) return undefined;
    ratios.push(middle(o[q]!) / den);
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  const p50 = middle(sorted);
  const p99 = nearestRank(sorted, 0.99);
  return { ratios, p50, p99, spread: p99 / p50 };
}

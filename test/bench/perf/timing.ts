/**
 * Timing helpers of the performance benchmark: `process.hrtime.bigint()` samples,
 * warm-up, and paired (interleaved) measurement of two implementations so that a
 * change of machine load during the run weighs on both alike.
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/** One operation to time. Awaited whether or not it returns a promise, for both sides alike. */
export type Op = (i: number) => unknown;

/** Summary of per-operation samples, in nanoseconds. */
export interface Stats {
  /** Median. */
  median: number;
  /** 95th percentile (nearest rank). */
  p95: number;
  /** Number of samples. */
  n: number;
}

/** How a paired measurement runs. */
export interface PairPlan {
  /** Untimed calls of each side before sampling (JIT warm-up). */
  warmup: number;
  /** Timed samples of each side. */
  samples: number;
  /** Calls per sample; the sample is the batch's time divided by this. Default 1. */
  batch?: number;
  /** Called before every sample of either side (e.g. `gc`), outside the timed region. */
  between?: () => void;
}

/** The value at quantile `q` (nearest rank) of ascending-sorted `sorted`. */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

/** Median and p95 of samples. */
export function summarize(samples: readonly number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const n = sorted.length;
  const median = n === 0 ? Number.NaN : n % 2 === 1 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
  return { median, p95: quantile(sorted, 0.95), n };
}

async function timeBatch(op: Op, first: number, batch: number): Promise<number> {
  const start = process.hrtime.bigint();
  for (let k = 0; k < batch; k++) await op(first + k);
  return Number(process.hrtime.bigint() - start) / batch;
}

/**
 * Times two implementations of the same operation, interleaved: sample `s` runs `a` then `b`
 * when `s` is even and `b` then `a` when odd. Call `i` of either side receives the same index,
 * so both see the same inputs in the same order.
 *
 * @returns per-call statistics of `a` and of `b`, in nanoseconds
 */
export async function measurePair(a: Op, b: Op, plan: PairPlan): Promise<[Stats, Stats]> {
  const batch = plan.batch ?? 1;
  for (let i = 0; i < plan.warmup; i++) {
    await a(i);
    await b(i);
  }
  const sa: number[] = [];
  const sb: number[] = [];
  for (let s = 0; s < plan.samples; s++) {
    const first = s * batch;
    const order: Array<[Op, number[]]> = s % 2 === 0 ? [[a, sa], [b, sb]] : [[b, sb], [a, sa]];
    for (const [op, into] of order) {
      plan.between?.();
      into.push(await timeBatch(op, first, batch));
    }
  }
  return [summarize(sa), summarize(sb)];
}

/** Times one implementation alone (same sampling as {@link measurePair}). */
export async function measureOne(a: Op, plan: PairPlan): Promise<Stats> {
  const batch = plan.batch ?? 1;
  for (let i = 0; i < plan.warmup; i++) await a(i);
  const sa: number[] = [];
  for (let s = 0; s < plan.samples; s++) {
    plan.between?.();
    sa.push(await timeBatch(a, s * batch, batch));
  }
  return summarize(sa);
}

/** V8's `gc`, exposed at run time so that `tsx test/bench/perf.ts` needs no node flag. */
const gc = (() => {
  v8.setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

/** Runs a full garbage collection (between samples, outside the timed region). */
export function collectGarbage(): void {
  gc();
}

/**
 * Timing helpers of the performance benchmark: `process.hrtime.bigint()` samples, warm-up,
 * and paired (interleaved) measurement of two implementations so that a change of machine
 * load during the run weighs on both alike.
 *
 * A side's sample count is bounded by `samples` and by a time budget: a side that is far
 * slower than the other (Mastra at 100 000 tools) takes fewer samples, never fewer than
 * `minSamples`; every statistic carries its sample count `n` so the report can say so.
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/** One operation to time. Its result is awaited when it is a promise (and only then). */
export type Op = (i: number) => unknown;

/** Summary of per-operation samples, in nanoseconds. */
export interface Stats {
  /** Median. */
  median: number;
  /** 99th percentile (nearest rank): with fewer than 100 samples, the largest or nearly. */
  p99: number;
  /** Mean. */
  mean: number;
  /** Number of samples. */
  n: number;
  /** The samples in the order they were taken (sample `s` is call `s` when the batch is 1). */
  samples: readonly number[];
  /**
   * Median and p99 of the process's CPU time per call (`process.cpuUsage`, user + system, all
   * threads), when the plan asked for it: unlike wall time it does not grow while the process
   * waits for a core on a loaded machine, but it does count garbage collection.
   */
  cpu?: { median: number; p99: number };
  /**
   * Median and p99 of each call's CPU time capped at its wall-clock time, `min(cpu, wall)`, when the
   * plan asked for CPU time: the calling thread cannot run longer than the call lasts, so what
   * `process.cpuUsage` counts beyond that is other threads' work (V8's concurrent compilation and
   * collection) that the kernel's tick accounting folded into this call. Every call counts; the
   * calling thread's own work, its scavenges included, is all kept.
   */
  cpuWithinWall?: { median: number; p99: number };
  /** Calls during which a collection ran (the heap used was smaller after the call than before), when `allocation` was asked. */
  collected?: number;
  /** Median heap retained by the operation's result, in bytes, when the plan asked for it. */
  retained?: number;
  /**
   * Median bytes of V8 heap one call allocated (heap used after it − before it), when the plan
   * asked for `allocation` (a call during which a collection ran counts less).
   */
  allocated?: number;
}

/** How a measurement runs. */
export interface Plan {
  /** Untimed calls of each side before sampling (JIT warm-up). */
  warmup: number;
  /** At most this many timed samples of each side. */
  samples: number;
  /** At least this many samples of each side, whatever the budget. Default 1. */
  minSamples?: number;
  /**
   * Time budget of each side in milliseconds (samples and warm-up): a side takes no further
   * sample once its next one would likely end past the budget. Default: none.
   */
  budgetMs?: number;
  /** Calls per sample; the sample is the batch's time divided by this. Default 1. */
  batch?: number;
  /** Also record the CPU time of each sample (see `Stats.cpu`). */
  cpu?: boolean;
  /** A full GC before every sample (outside the timed region). */
  gc?: boolean;
  /**
   * Also record the V8 heap each call allocated (`Stats.allocated`): heap used after the call −
   * before it, no collection forced (a call during which a collection ran counts less; the median
   * is kept).
   */
  allocation?: boolean;
  /**
   * Measure the heap retained by each call's result: a full GC before the call and one after
   * it (both untimed), `retained` = heap after − heap before. Then `dispose(result)`. Batch 1 only.
   */
  retained?: boolean;
  /**
   * Called with each sample's (last) result after it was measured, and with each warm-up
   * result, with the side's position in `ops` (e.g. to stop a timer the result started).
   */
  dispose?: (result: unknown, side: number) => void;
  /**
   * Prepares the inputs of calls `first … first + count − 1`, outside the timed region. Called
   * once per sample index (both sides then use the same inputs) and once per warm-up call.
   */
  prepare?: (first: number, count: number) => void;
  /**
   * Per-side overrides of `warmup`, `minSamples` and `budgetMs`, by position in `ops` (e.g. one
   * untimed step that fills our cache, none for a side that has no cache and takes a minute).
   */
  sides?: ReadonlyArray<Partial<Pick<Plan, 'warmup' | 'minSamples' | 'budgetMs'>> | undefined>;
  /**
   * Calls per pass over the inputs, when call `s` reads input `s % cycle` (e.g. the number of
   * queries). With an even cycle, alternating the order round by round would give the same input
   * the same order on every pass (the first side always cold, the last always hot, for the same
   * queries): the order then also flips from one pass to the next, so that every input sees every
   * order equally often. Default: none (the order alternates round by round).
   */
  cycle?: number;
  /** Reports progress: samples taken so far (both sides) and the most there can be. */
  onSample?: (done: number, total: number) => void;
}

/** The value at quantile `q` (nearest rank) of ascending-sorted `sorted`. */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

function median(sorted: readonly number[]): number {
  const n = sorted.length;
  return n === 0 ? Number.NaN : n % 2 === 1 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
}

/** Median and p99 of samples (and the median retained heap and CPU-time quantiles, when given). */
export function summarize(
  samples: readonly number[],
  retained: readonly number[] = [],
  cpu: readonly number[] = [],
  allocated: readonly number[] = [],
  cpuWithinWall: readonly number[] = [],
): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  const stats: Stats = { median: median(sorted), p99: quantile(sorted, 0.99), mean, n: sorted.length, samples: [...samples] };
  if (retained.length > 0) stats.retained = median([...retained].sort((a, b) => a - b));
  if (allocated.length > 0) {
    stats.allocated = median([...allocated].sort((a, b) => a - b));
    stats.collected = allocated.filter((a) => a < 0).length;
  }
  if (cpu.length > 0) {
    const c = [...cpu].sort((a, b) => a - b);
    stats.cpu = { median: median(c), p99: quantile(c, 0.99) };
  }
  if (cpuWithinWall.length > 0) {
    const c = [...cpuWithinWall].sort((a, b) => a - b);
    stats.cpuWithinWall = { median: median(c), p99: quantile(c, 0.99) };
  }
  return stats;
}

/** V8's `gc`, exposed at run time so that `tsx test/bench/perf.ts` needs no node flag. */
const v8gc = (() => {
  v8.setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
})();

/**
 * A full garbage collection that frees what is unreachable and also finishes its sweeping before
 * it returns. A plain `gc()` leaves the sweeping of the whole heap to background threads and to
 * the allocations that follow, so a sample taken right after it paid 10–20 ms of CPU time for
 * sweeping a heap it did not make (measured at 1k tools: the first build after `gc()` 8–24 ms of
 * CPU time, the next ones 1 ms); the "last resort" flavour sweeps before it returns. But on Node 20
 * (V8 11.3) `gc` called with options does not free what the calling code dropped (measured: 38 MB
 * of dropped objects, 0 freed by `{ type: 'major', execution: 'sync' }`, 7.6 MB by the last-resort
 * flavour, all by a plain `gc()`), so a plain `gc()` comes first: every heap difference of the
 * benchmark (heap per tool, per thread, retained by a result) rests on it.
 */
function gc(): void {
  v8gc();
  v8gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/** Runs a full garbage collection (between samples, outside the timed region). */
export function collectGarbage(): void {
  gc();
}

/**
 * Memory in use after full garbage collections, in bytes: the V8 heap plus the memory of
 * `ArrayBuffer`s (typed arrays keep their data outside the V8 heap, so `heapUsed` alone would
 * miss a typed-array index).
 */
export function settledHeap(): number {
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** One side's running state. */
class Side {
  readonly times: number[] = [];
  readonly retained: number[] = [];
  readonly cpu: number[] = [];
  readonly allocated: number[] = [];
  readonly cpuWithinWall: number[] = [];
  spent = 0;
  readonly plan: Plan;
  constructor(
    readonly op: Op,
    shared: Plan,
    readonly index: number,
  ) {
    this.plan = { ...shared, ...shared.sides?.[index] };
  }

  /** Whether this side takes another sample. */
  wants(): boolean {
    const n = this.times.length;
    if (n >= this.plan.samples) return false;
    if (n < (this.plan.minSamples ?? 1) || this.plan.budgetMs === undefined) return true;
    const last = this.times[n - 1]! * (this.plan.batch ?? 1);
    return this.spent + last <= this.plan.budgetMs * 1e6;
  }

  async sample(first: number): Promise<void> {
    const { batch = 1, retained, dispose } = this.plan;
    if (this.plan.gc || retained) gc();
    const before = retained ? settledHeap() : 0;
    const heapBefore = this.plan.allocation ? process.memoryUsage().heapUsed : 0;
    let result: unknown;
    const cpu = this.plan.cpu ? process.cpuUsage() : undefined;
    const start = process.hrtime.bigint();
    for (let k = 0; k < batch; k++) {
      result = this.op(first + k);
      if (isThenable(result)) result = await result;
    }
    const ns = Number(process.hrtime.bigint() - start);
    if (cpu !== undefined) {
      const used = process.cpuUsage(cpu);
      const cpuNs = (used.user + used.system) * 1e3;
      this.cpu.push(cpuNs / batch);
      this.cpuWithinWall.push(Math.min(cpuNs, ns) / batch);
    }
    if (this.plan.allocation) this.allocated.push((process.memoryUsage().heapUsed - heapBefore) / batch);
    this.spent += ns;
    this.times.push(ns / batch);
    if (retained) this.retained.push(settledHeap() - before);
    dispose?.(result, this.index);
    result = undefined;
  }
}

/** Only promises are awaited, so a synchronous operation pays no microtask turn. */
function isThenable(x: unknown): x is PromiseLike<unknown> {
  return typeof (x as { then?: unknown } | null)?.then === 'function';
}

async function elapsed(run: () => Promise<void>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start);
}

/**
 * Times the sides of the same operation, interleaved: round `s` runs the sides in order when `s`
 * is even and in reverse when odd (with an even `plan.cycle`, the other way round on odd passes;
 * see {@link reversedRound}). Call `i` of every side receives the same index, so all see the
 * same inputs in the same order. A side leaves the rotation when it has its samples or its budget
 * is spent; the others go on.
 *
 * @returns per-call statistics of each side, in nanoseconds, in the order of `ops`
 */
export async function measure(ops: readonly Op[], plan: Plan): Promise<Stats[]> {
  const batch = plan.batch ?? 1;
  const sides = ops.map((op, k) => new Side(op, plan, k));
  // 1. Warm-up: the same prepared inputs for every side, while the budget allows.
  const warmup = Math.max(...sides.map((side) => side.plan.warmup));
  for (let i = 0; i < warmup; i++) {
    plan.prepare?.(i, 1);
    for (const side of sides) {
      if (i >= side.plan.warmup || (side.plan.budgetMs !== undefined && side.spent >= side.plan.budgetMs * 5e5)) continue;
      side.spent += await elapsed(async () => {
        plan.dispose?.(await side.op(i), side.index);
      });
    }
  }
  for (const side of sides) side.spent = 0;
  // 2. Interleaved rounds until no side wants another sample.
  const total = plan.samples * sides.length;
  for (let s = 0; s < plan.samples; s++) {
    const active = sides.filter((side) => side.wants());
    if (active.length === 0) break;
    const first = s * batch;
    plan.prepare?.(first, batch);
    for (const side of reversedRound(s, plan.cycle) ? [...active].reverse() : active) await side.sample(first);
    plan.onSample?.(
      sides.reduce((sum, side) => sum + side.times.length, 0),
      total,
    );
  }
  return sides.map((side) => summarize(side.times, side.retained, side.cpu, side.allocated, side.cpuWithinWall));
}

/**
 * Whether round `s` runs the sides in reverse: on odd rounds, and with an even `cycle` the other way
 * round on odd passes over the inputs, so that input `s % cycle` is reached both in order and in
 * reverse (an odd cycle already alternates from pass to pass).
 */
export function reversedRound(s: number, cycle?: number): boolean {
  const flip = cycle !== undefined && cycle > 0 && cycle % 2 === 0 && Math.floor(s / cycle) % 2 === 1;
  return (s % 2 === 1) !== flip;
}

/** Times two implementations interleaved; see {@link measure}. */
export async function measurePair(a: Op, b: Op, plan: Plan): Promise<[Stats, Stats]> {
  const [sa, sb] = await measure([a, b], plan);
  return [sa!, sb!];
}

/** Times one implementation alone (same sampling as {@link measure}). */
export async function measureOne(a: Op, plan: Plan): Promise<Stats> {
  return (await measure([a], plan))[0]!;
}

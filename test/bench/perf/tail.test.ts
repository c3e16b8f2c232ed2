/**
 * The benchmark's per-query tail statistics (judged for issue 13's "p99 at most 3× p50"): the
 * normalised latency takes the queries' own cost out, and the repetition jitter compares a query
 * only with itself.
 */
import { describe, expect, it } from 'vitest';
import { firstRepetition, normalisedLatency, repetitionJitter, samplesByQuery } from './tail.js';

/** Samples in call order for `reps` passes over queries whose times are `cost(q, r)`. */
function calls(queries: number, reps: number, cost: (q: number, r: number) => number): number[] {
  const out: number[] = [];
  for (let r = 0; r < reps; r++) for (let q = 0; q < queries; q++) out.push(cost(q, r));
  return out;
}

describe('per-query tail statistics of the benchmark', () => {
  it('groups call s under query s % queries', () => {
    expect(samplesByQuery([5, 1, 3, 2, 4, 0], 2)).toEqual([[3, 4, 5], [0, 1, 2]]);
  });

  it('normalised latency is flat when ours is a constant factor of the kernel, however the queries differ in cost', () => {
    // Query costs spread 100× (as unprunable queries do); ours is 3× the kernel on each.
    const kernel = calls(200, 5, (q) => 1_000 * (1 + (q % 100)));
    const ours = kernel.map((t) => 3 * t);
    const n = normalisedLatency(ours, kernel, 200)!;
    expect(n.p50).toBeCloseTo(3);
    expect(n.spread).toBeCloseTo(1);
  });

  it('normalised latency shows the queries where ours is disproportionately slow', () => {
    const kernel = calls(200, 5, () => 1_000);
    // Three queries of 200 (1.5 %, above the p99 rank) cost ours 10× what the others do.
    const ours = calls(200, 5, (q) => (q < 3 ? 20_000 : 2_000));
    const n = normalisedLatency(ours, kernel, 200)!;
    expect(n.p50).toBe(2);
    expect(n.p99).toBe(20);
    expect(n.spread).toBe(10);
    expect(n.ratios.slice(0, 4)).toEqual([20, 20, 20, 2]);
  });

  it('normalised latency uses each query\'s median, so one slow repetition of a query does not move it', () => {
    const kernel = calls(10, 5, () => 1_000);
    const ours = calls(10, 5, (q, r) => (r === 2 ? 50_000 : 2_000));
    expect(normalisedLatency(ours, kernel, 10)!.spread).toBe(1);
  });

  it('repetition jitter is p99 / p50 of each query over its repetitions: median and largest over the queries', () => {
    // Query q's repetitions: 1, 1, 1, 1, 1 + q (so its p99 / p50 is 1 + q), 5 queries.
    const samples = calls(5, 5, (q, r) => (r === 4 ? 1 + q : 1));
    expect(repetitionJitter(samples, 5)).toEqual({ median: 3, max: 5 });
  });

  it('repetition jitter needs at least 3 repetitions', () => {
    expect(repetitionJitter(calls(4, 2, () => 1), 4)).toBeUndefined();
  });

  it('the first repetition over the median shows a warm-up the untimed passes did not absorb', () => {
    // Every query's first repetition 2.5× its others (a first pass still recompiling): the ratio is 2.5
    // and it alone sets each query's largest repetition, so the jitter reads 2.5 too.
    const cold = calls(200, 20, (q, r) => (r === 0 ? 2_500 : 1_000) * (1 + (q % 7)));
    expect(firstRepetition(cold, 200)).toBe(2.5);
    expect(repetitionJitter(cold, 200)!.median).toBe(2.5);
    // In a steady state the first repetition is like any other.
    const steady = calls(200, 20, (q, r) => (r === 7 ? 2_500 : 1_000) * (1 + (q % 7)));
    expect(firstRepetition(steady, 200)).toBe(1);
    expect(firstRepetition(calls(10, 2, () => 1), 10)).toBeUndefined();
  });
});

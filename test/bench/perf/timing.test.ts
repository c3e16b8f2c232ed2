/**
 * The order in which the benchmark's interleaved sides run: alternating round by round alone gives
 * the inputs of an even-sized pass the same order on every pass (call `s` reads input `s % n`), so
 * the side that runs first, after the others' garbage, would meet the same inputs cold every time;
 * the tail of issue 13 then measured the order, not the code.
 */
import { describe, expect, it } from 'vitest';
import { measure, reversedRound } from './timing.js';

/** For each input of a pass, how many of `passes` passes ran the sides in reverse on it. */
function reversals(cycle: number, passes: number, withCycle: boolean): number[] {
  const counts = new Array<number>(cycle).fill(0);
  for (let s = 0; s < cycle * passes; s++) if (reversedRound(s, withCycle ? cycle : undefined)) counts[s % cycle]! += 1;
  return counts;
}

describe('the order of interleaved sides', () => {
  it('without a cycle, the order alternates round by round', () => {
    expect([0, 1, 2, 3, 4].map((s) => reversedRound(s))).toEqual([false, true, false, true, false]);
  });

  it('with an even cycle, every input runs in order on half the passes and in reverse on the other half', () => {
    // Round by round alone, input 0 of 200 would never be reached in reverse.
    expect(reversals(200, 4, false)[0]).toBe(0);
    expect(new Set(reversals(200, 4, true))).toEqual(new Set([2]));
    expect(new Set(reversals(6, 2, true))).toEqual(new Set([1]));
  });

  it('with an odd cycle, alternating round by round already does that, and the cycle changes nothing', () => {
    expect(new Set(reversals(5, 4, true))).toEqual(new Set([2]));
    for (let s = 0; s < 40; s++) expect(reversedRound(s, 5)).toBe(reversedRound(s));
  });

  it('measure runs the sides in that order', async () => {
    const order: string[] = [];
    const side = (name: string) => (i: number) => {
      order.push(`${name}${i}`);
    };
    await measure([side('a'), side('b')], { warmup: 0, samples: 4, cycle: 2 });
    // Pass 0: input 0 in order, input 1 reversed; pass 1: input 0 reversed, input 1 in order.
    expect(order).toEqual(['a0', 'b0', 'b1', 'a1', 'b2', 'a2', 'a3', 'b3']);
  });
});

/**
 * Runs code with every score's rounding product moved a little: r[conformance.case.pinned-scores]
 * lets a case pin a reported score only where the reference's product `p = q × 10000`
 * (r[search.score.rounding]) lies more than 10⁻⁶ from a half-integer, so that another language's
 * `ln` and `pow`, which may differ from V8's in the last place, cannot change the score. The
 * reference rounds with `Math.round(p)` (src/scoring/rank.ts, the only use of `Math.round` in the
 * processor's code): replacing it by `Math.round(p ± 10⁻⁶)` gives the scores a scorer whose `p`
 * is that far off would report. A pinned score is robust when both nudged runs report it too.
 */

/** How far the product may move: r[conformance.case.pinned-scores]'s 10⁻⁶. */
export const NUDGE = 1e-6;

/** Runs `fn` with `Math.round(x)` read as `Math.round(x + delta)`, then restores it. */
export async function withRoundingNudged<T>(delta: number, fn: () => Promise<T>): Promise<T> {
  const round = Math.round;
  Math.round = (x: number) => round(x + delta);
  try {
    return await fn();
  } finally {
    Math.round = round;
  }
}

/**
 * The `search_tools` steps of a case that checks pruned search against exhaustive scoring
 * (r[search.rank.pruning]): for each query, the names of the top `topK` of scoring every tool
 * (pruning switched off), and their scores where they are robust to the nudge. Returns the steps
 * (after a `begin`) and how many queries had their scores left unpinned.
 */
export async function exhaustiveSearchSteps(
  queries: readonly string[],
  top: (query: string) => Array<[string, number]>,
  setPruning: (policy: 'never' | 'auto') => void,
): Promise<{ steps: unknown[]; unpinned: number }> {
  setPruning('never');
  const steps: unknown[] = [{ op: 'begin', thread: 't1' }];
  let unpinned = 0;
  try {
    for (const query of queries) {
      const scored = top(query);
      // r[conformance.case.pinned-scores]: the scores too, where no product is within 10⁻⁶ of a half-integer.
      const up = await withRoundingNudged(NUDGE, async () => top(query));
      const down = await withRoundingNudged(-NUDGE, async () => top(query));
      const robust = JSON.stringify(up) === JSON.stringify(scored) && JSON.stringify(down) === JSON.stringify(scored);
      if (!robust) unpinned++;
      steps.push({ op: 'call', tool: 'search_tools', input: { query }, expect: robust ? { names: scored.map(([name]) => name), scored } : { names: scored.map(([name]) => name) } });
    }
  } finally {
    setPruning('auto');
  }
  return { steps, unpinned };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_ADAPTERS, casesDir, loadCases, runSuite, type Adapter, type Case } from '../../src/conformance/index.js';
import { pinnedTwinId, UNTWINNED } from './generate/pinned-scores-case.js';
import { NUDGE, withRoundingNudged } from './generate/rounding-nudge.js';

const suite = loadCases(casesDir());
/** Every case that pins a score (r[conformance.case.pinned-scores]). */
const pinning: Case[] = suite.cases
  .map(({ case: c }) => c)
  .filter((c) =>
    c.steps.some((s) => s.op === 'call' && (s.expect?.scored !== undefined || (s.expect?.scores?.min !== undefined && s.expect.scores.min === s.expect.scores.max))),
  );

let adapter: Adapter;
beforeAll(async () => {
  adapter = await BUNDLED_ADAPTERS.find((b) => b.name === 'reference')!.create();
});
afterAll(async () => {
  await adapter?.dispose();
});

/** The IDs of the cases that do not pass against the reference when `Math.round(p)` reads `p + delta`. */
async function failingWith(delta: number, cases: Case[]): Promise<string[]> {
  const run = await withRoundingNudged(delta, () => runSuite(adapter, { cases }));
  return run.results.filter((r) => r.status !== 'passed').map((r) => `${r.id}: ${r.failures.join('; ')}`);
}

describe('pinned scores', () => {
  it('[conformance.case.pinned-scores] the suite pins scores in the twins of pinned-scores.json and in the pruning case', () => {
    expect(pinning.length).toBeGreaterThan(100);
    expect(pinning.some((c) => c.id === 'search.rank.pruning/exhaustive-top-five')).toBe(true);
  });

  it('[conformance.case.pinned-scores] every case expecting a search to find something has its twin in pinned-scores.json (regenerate it with test/conformance/generate/pinned-scores-case.ts)', () => {
    const twins = new Set(suite.cases.map(({ case: c }) => c.id));
    const finds = (c: Case): boolean =>
      c.steps.some(
        (s) =>
          s.op === 'call' &&
          s.tool === 'search_tools' &&
          ((s.expect?.names?.length ?? 0) > 0 || (s.expect?.namesPrefix?.length ?? 0) > 0 || (s.expect?.namesInclude?.length ?? 0) > 0 || (s.expect?.minCount ?? 0) > 0),
      );
    const missing = suite.cases
      .filter(({ case: c, file }) => !UNTWINNED.has(file.split('\\').join('/')) && finds(c))
      .map(({ case: c }) => c.id)
      .filter((id) => !twins.has(pinnedTwinId(id)));
    expect(missing).toEqual([]);
  });

  it('[conformance.case.pinned-scores] every pinned score survives its product moved by 10⁻⁶ either way', async () => {
    expect(await failingWith(NUDGE, pinning)).toEqual([]);
    expect(await failingWith(-NUDGE, pinning)).toEqual([]);
  });

  it('[conformance.case.pinned-scores] the nudge reaches the scores: moved by a half, pinned scores change and cases fail', async () => {
    // Math.round(p + 0.5) rounds up every product whose fraction is below a half: those scores move by 10⁻⁴.
    expect((await failingWith(0.5, pinning)).length).toBeGreaterThan(pinning.length / 3);
  });
});

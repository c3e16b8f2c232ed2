import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, nextBatchSize, rankCandidates, runSelection, search, selectAllowed } from '../../src/scoring/index.js';

/** Drives a selection over `ranked` with the verdicts `allowed`, recording every batch asked. */
function drive(ranked: number[], allowed: (n: number) => boolean, topK: number, limit: number) {
  const batches: number[][] = [];
  const kept = runSelection(selectAllowed(ranked, topK, limit), (batch) => {
    batches.push([...batch]);
    return batch.map(allowed);
  });
  return { kept, batches, asked: batches.flat() };
}

describe('the filter step after ranking', () => {
  it('[search.threshold.filter-batches] batch sizes: min(L, need), then min(L, max(need, 2 × previous))', () => {
    // All denied, topK 5, L 32: 5, 10, 20, then 32 each.
    const ranked = Array.from({ length: 1_000 }, (_, i) => i);
    const { batches, kept } = drive(ranked, () => false, 5, 32);
    expect(kept).toEqual([]);
    expect(batches.slice(0, 5).map((b) => b.length)).toEqual([5, 10, 20, 32, 32]);
    expect(batches).toHaveLength(34);
    expect(batches.flat()).toEqual(ranked);
    expect(nextBatchSize(32, 3, 0, 100)).toBe(3);
    expect(nextBatchSize(32, 3, 10, 100)).toBe(20);
    expect(nextBatchSize(4, 3, 10, 100)).toBe(4);
    expect(nextBatchSize(32, 3, 10, 2)).toBe(2);
  });

  it('[search.threshold.filter-batches] with nothing denied exactly topK candidates are asked, whatever L', () => {
    const ranked = Array.from({ length: 10_000 }, (_, i) => i);
    for (const limit of [1, 2, 5, 32, 1_000]) {
      const { kept, asked } = drive(ranked, () => true, 5, limit);
      expect(kept).toEqual([0, 1, 2, 3, 4]);
      expect(asked).toEqual([0, 1, 2, 3, 4]);
    }
  });

  it('[search.threshold.filter-batches] [search.threshold.order] any verdicts: the kept ones are the first topK allowed; asked is a ranked prefix ending within L of the last one needed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { maxLength: 80 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 40 }),
        (verdicts, topK, limit) => {
          const ranked = verdicts.map((_, i) => i);
          const { kept, asked } = drive(ranked, (n) => verdicts[n]!, topK, limit);
          const expected = ranked.filter((n) => verdicts[n]).slice(0, topK);
          expect(kept).toEqual(expected);
          // A prefix of the ranking, in ranked order.
          expect(asked).toEqual(ranked.slice(0, asked.length));
          // Asking stops within L − 1 of the candidate that completed the result (or at the end).
          const lastNeeded = kept.length === topK && topK > 0 ? kept[kept.length - 1]! + 1 : ranked.length;
          expect(asked.length).toBeGreaterThanOrEqual(topK === 0 ? 0 : lastNeeded);
          expect(asked.length).toBeLessThanOrEqual(Math.min(ranked.length, lastNeeded + limit - 1));
          // L = 1 asks exactly the candidates one at a time would.
          if (limit === 1) expect(asked.length).toBe(topK === 0 ? 0 : lastNeeded);
        },
      ),
    );
  });

  it('[search.threshold.filter-batches] the exported search asks one candidate at a time, in ranked order, and stops at topK', () => {
    const docs = Array.from({ length: 50 }, (_, i) => ({ name: `report_${i}`, description: `report number ${i}` }));
    const index = buildSearchIndex(docs);
    const ranked = rankCandidates(index, 'report').map((h) => h.name);
    const asked: string[] = [];
    const denied = new Set(ranked.slice(0, 3));
    const hits = search(index, 'report', { topK: 2, filter: (name) => (asked.push(name), !denied.has(name)) });
    expect(hits.map((h) => h.name)).toEqual(ranked.slice(3, 5));
    expect(asked).toEqual(ranked.slice(0, 5));
  });
});

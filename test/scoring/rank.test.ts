import { describe, expect, it } from 'vitest';
import {
  buildSearchIndex,
  DEFAULT_MIN_SCORE,
  DEFAULT_TOP_K,
  rankCandidates,
  search,
  selectQueryTerms,
  truncateDescription,
  type QueryStats,
} from '../../src/scoring/index.js';

// Seven tools whose description mentions `report` once, in equally long
// descriptions (equal scores), then one with `report` in its name.
const tied = Array.from({ length: 7 }, (_, i) => ({ name: `t${i}`, description: `report item ${'abcdefg'[i]}x` }));
const catalog = [...tied, { name: 'report', description: 'plain words here' }];

describe('ranking and thresholds', () => {
  const index = buildSearchIndex(catalog);

  it('[search.rank.order] score descending, then catalog order', () => {
    const hits = rankCandidates(index, 'report');
    expect(hits.map((h) => h.name)).toEqual(['report', 't0', 't1', 't2', 't3', 't4', 't5', 't6']);
    expect(new Set(hits.slice(1).map((h) => h.score)).size).toBe(1);
  });

  it('[search.rank.order] word order of the query does not matter', () => {
    expect(rankCandidates(index, 'item report plain')).toEqual(rankCandidates(index, 'plain report item'));
  });

  it('[search.threshold.defaults] topK 5 and minScore 0, as in @mastra/core 1.71.0', () => {
    expect(DEFAULT_TOP_K).toBe(5);
    expect(DEFAULT_MIN_SCORE).toBe(0);
    expect(search(index, 'report')).toHaveLength(5);
    expect(rankCandidates(index, 'report')).toHaveLength(8);
  });

  it('[search.threshold.validate] out-of-range options are refused with a RangeError naming them', () => {
    for (const minScore of [-0.1, 1.5, Number.NaN, 2]) {
      expect(() => search(index, 'report', { minScore })).toThrow(/search\.minScore/);
    }
    for (const topK of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => search(index, 'report', { topK })).toThrow(/search\.topK/);
    }
    expect(() => rankCandidates(index, 'report', { minScore: -1 })).toThrow(RangeError);
    expect(search(index, 'report', { topK: 0 })).toEqual([]);
    // Only the tool named `report` scores 1 (r[search.name.exact]); `reports` names no tool.
    expect(search(index, 'report', { topK: Number.MAX_SAFE_INTEGER, minScore: 1 }).map((h) => h.name)).toEqual(['report']);
    expect(search(index, 'reports', { topK: Number.MAX_SAFE_INTEGER, minScore: 1 })).toEqual([]);
    expect(search(index, 'report', { topK: Number.MAX_SAFE_INTEGER, minScore: 0 })).toHaveLength(8);
  });

  it('[search.threshold.min-score] a score equal to minScore is kept, a lower one is not', () => {
    const all = rankCandidates(index, 'report');
    const low = all[all.length - 1]!.score;
    expect(rankCandidates(index, 'report', { minScore: low })).toHaveLength(8);
    expect(rankCandidates(index, 'report', { minScore: all[0]!.score }).map((h) => h.name)).toEqual(['report']);
    expect(rankCandidates(index, 'reports', { minScore: 1 })).toEqual([]);
    expect(rankCandidates(index, 'report', { minScore: 1 }).map((h) => [h.name, h.score])).toEqual([['report', 1]]);
  });

  it('[search.threshold.filter] the filter only removes tools; a throwing filter removes that tool', () => {
    const keepOdd = (name: string) => name !== 'report' && Number(name.slice(1)) % 2 === 1;
    expect(search(index, 'report', { filter: keepOdd, topK: 10 }).map((h) => h.name)).toEqual(['t1', 't3', 't5']);
    const throwing = (name: string) => {
      if (name === 't0') throw new Error('boom');
      return true;
    };
    expect(search(index, 'report', { filter: throwing, topK: 3 }).map((h) => h.name)).toEqual(['report', 't1', 't2']);
    // Only `true` keeps a tool: truthy values that are not `true` remove it.
    const truthy = (name: string) => (name === 't1' ? true : name === 't2' ? (1 as never) : ('yes' as never));
    expect(search(index, 'report', { filter: truthy, topK: 10 }).map((h) => h.name)).toEqual(['t1']);
  });

  it('[search.threshold.top-k] at most topK results, the first ones in ranked order', () => {
    expect(search(index, 'report', { topK: 2 }).map((h) => h.name)).toEqual(['report', 't0']);
    expect(search(index, 'report', { topK: 100 })).toHaveLength(8);
  });

  it('[search.threshold.order] rank everything, then minScore, then the filter, then topK', () => {
    // The filter removes the two best; topK then takes the next ones from below the cut.
    const hits = search(index, 'report', { topK: 2, filter: (n) => n !== 'report' && n !== 't0' });
    expect(hits.map((h) => h.name)).toEqual(['t1', 't2']);
    // minScore applies before the filter: the filter never sees tools under minScore.
    const seen: string[] = [];
    const best = rankCandidates(index, 'report')[0]!.score;
    search(index, 'report', { minScore: best, filter: (n) => (seen.push(n), true) });
    expect(seen).toEqual(['report']);
  });
});

describe('results', () => {
  it('[search.result.shape] results are { name, description, score } with the catalog name', () => {
    const index = buildSearchIndex([{ name: 'Get-Weather.v2', description: 'Weather for a city' }]);
    const [hit] = search(index, 'weather');
    expect(Object.keys(hit!).sort()).toEqual(['description', 'name', 'score']);
    expect(hit!.name).toBe('Get-Weather.v2');
    expect(hit!.description).toBe('Weather for a city');
    expect(typeof hit!.score).toBe('number');
  });

  it('[search.result.truncate] longer than 150 code points → first 147 + "..."', () => {
    const exact = 'a'.repeat(150);
    expect(truncateDescription(exact)).toBe(exact);
    const long = 'b'.repeat(151);
    expect(truncateDescription(long)).toBe('b'.repeat(147) + '...');
    expect(truncateDescription(long)).toHaveLength(150);
    // Code points, not UTF-16 units: emoji are never cut in half.
    const emoji = '😀'.repeat(150);
    expect(truncateDescription(emoji)).toBe(emoji);
    const cut = truncateDescription('😀'.repeat(151));
    expect(Array.from(cut)).toHaveLength(150);
    expect(cut.endsWith('😀...')).toBe(true);
    const index = buildSearchIndex([{ name: 'long', description: 'weather '.repeat(40) }]);
    expect(search(index, 'weather')[0]!.description).toBe(truncateDescription('weather '.repeat(40)));
  });
});

describe('robustness', () => {
  const index = buildSearchIndex([
    { name: '__proto__', description: 'constructor hasOwnProperty toString valueOf' },
    { name: 'weather', description: 'forecast' },
  ]);

  it('[search.robust.empty-query] no scored term, no results', () => {
    for (const q of ['', '   ', '?!…', 'the and of', 'x', '\uD800']) expect(search(index, q)).toEqual([]);
    expect(search(buildSearchIndex([]), 'weather')).toEqual([]);
  });

  it('[search.robust.no-throw] Object.prototype names are ordinary terms', () => {
    expect(search(index, '__proto__').map((h) => h.name)).toEqual(['__proto__']);
    expect(search(index, 'constructor').map((h) => h.name)).toEqual(['__proto__']);
    expect(search(index, 'hasOwnProperty valueOf').map((h) => h.name)).toEqual(['__proto__']);
    const odd = buildSearchIndex([{ name: '\uDC00constructor\uD800', description: '\uD83D' }]);
    expect(search(odd, 'CONSTRUCTOR')).toHaveLength(1);
  });

  it('[search.robust.bounded] a 1 MB query scores at most 64 terms and matches at most 16 approximately', () => {
    const words = Array.from({ length: 120_000 }, (_, i) => `w${i.toString(36)}z`).join(' ');
    const query = (words + ' weather forecast ').repeat(Math.ceil(1_000_000 / words.length)).slice(0, 1_000_000);
    expect(query.length).toBe(1_000_000);
    const stats: QueryStats = { termsLookedUp: 0, postingsVisited: 0, approximateLookups: 0 };
    const hits = rankCandidates(index, query, { stats });
    expect(hits.map((h) => h.name)).toEqual(['weather']);
    expect(stats.termsLookedUp).toBeLessThanOrEqual(64);
    expect(stats.postingsVisited).toBeLessThanOrEqual(64 * 2);
    expect(stats.approximateLookups).toBeLessThanOrEqual(16 * 2 * 64);
    expect(search(index, 'x'.repeat(1_000_000))).toEqual([]);
    expect(search(index, '天'.repeat(500_000))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { buildSearchIndex, rankCandidates, search, type QueryStats } from '../../src/scoring/index.js';

const freshStats = (): QueryStats => ({ termsLookedUp: 0, postingsVisited: 0, approximateLookups: 0 });

describe('indexing', () => {
  it('[search.index.build] one index answers many queries; size counts distinct tools', () => {
    const index = buildSearchIndex([
      { name: 'get_weather', description: 'Current weather for a city' },
      { name: 'send_email', description: 'Send an email message' },
    ]);
    expect(index.size).toBe(2);
    expect(search(index, 'weather').map((h) => h.name)).toEqual(['get_weather']);
    expect(search(index, 'email').map((h) => h.name)).toEqual(['send_email']);
    expect(buildSearchIndex([]).size).toBe(0);
  });

  it('[search.index.duplicate-names] the last description wins, at the first position', () => {
    const index = buildSearchIndex([
      { name: 'lookup', description: 'old text about penguins' },
      { name: 'finder', description: 'stale records list' },
      { name: 'lookup', description: 'fresh records list' },
    ]);
    expect(index.size).toBe(2);
    expect(search(index, 'penguins')).toEqual([]);
    // Equal scores: the tie goes to catalog order, where `lookup` kept slot 0.
    const hits = search(index, 'records');
    expect(hits.map((h) => h.name)).toEqual(['lookup', 'finder']);
    expect(hits[0]!.score).toBe(hits[1]!.score);
    expect(hits[0]!.description).toBe('fresh records list');
  });

  it('[search.query.complexity] a query touches only the postings of its terms, not every tool', () => {
    const docs = Array.from({ length: 10_000 }, (_, i) => ({ name: `tool_${i}`, description: 'generic helper utility' }));
    docs[7_777] = { name: 'tool_7777', description: 'the only quasar telescope' };
    const index = buildSearchIndex(docs);

    const one = freshStats();
    expect(rankCandidates(index, 'quasar', { stats: one }).map((h) => h.name)).toEqual(['tool_7777']);
    expect(one).toEqual({ termsLookedUp: 1, postingsVisited: 1, approximateLookups: 0 });

    const many = freshStats();
    rankCandidates(index, 'quasar utility', { stats: many });
    expect(many.postingsVisited).toBe(1 + 9_999);

    // An unknown word makes a few index look-ups (prefixes, one-deletion neighbours), in
    // number proportional to its length, and visits no tool postings.
    const unknown = freshStats();
    expect(rankCandidates(index, 'zzzzqqqq', { stats: unknown })).toEqual([]);
    expect(unknown.postingsVisited).toBe(0);
    // 4 prefixes (7 to 4 code points), then the word itself and its 2 distinct deletions twice.
    expect(unknown.approximateLookups).toBe(4 + 1 + 2 * 2);
  });
});

/**
 * The analysis memos' byte estimates count what an entry retains on V8 (r[search.index.analysis-cache]):
 * counting only; what the heap really holds is measured by `test/bench/perf/memo-footprint.ts`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { analyseWord, analysisCacheStats, clearAnalysisCache, configureAnalysisCache, documentAnalysisBytes, wordAnalysisBytes } from '../../src/scoring/analysis.js';
import { BoundedCache, CACHE_ENTRY_BYTES } from '../../src/scoring/bounded-cache.js';
import { exactArrayBytes, pushedArrayBytes, stringBytes, TYPED_ARRAY, typedArrayBytes, typedViewsBytes } from '../../src/scoring/footprint-units.js';
import { buildSearchIndex } from '../../src/scoring/index.js';

afterEach(() => configureAnalysisCache());

describe('analysis memo footprint', () => {
  it('[search.index.analysis-cache] arrays grown by push are counted with the slack V8 gives them, typed arrays with their fixed cost', () => {
    expect(pushedArrayBytes(0)).toBe(exactArrayBytes(0));
    // One pushed element already takes 17 slots; 18 take 18 + 9 + 16 = 43.
    expect(pushedArrayBytes(1)).toBe(exactArrayBytes(17));
    expect(pushedArrayBytes(17)).toBe(exactArrayBytes(17));
    expect(pushedArrayBytes(18)).toBe(exactArrayBytes(43));
    for (let n = 1; n < 200; n++) expect(pushedArrayBytes(n)).toBeGreaterThanOrEqual(exactArrayBytes(n));
    expect(typedArrayBytes(0, 4)).toBe(TYPED_ARRAY);
    expect(typedArrayBytes(3, 4)).toBe(TYPED_ARRAY + 16);
    expect(typedArrayBytes(9, 1)).toBe(TYPED_ARRAY + 16);
  });

  it('[search.index.analysis-cache] a word entry counts its key, a long key\'s copy, its terms and its parts', () => {
    const short = wordAnalysisBytes('send', { terms: ['send'], parts: ['send'] });
    // Parts that are the terms array are not counted twice.
    const terms = ['send'];
    expect(wordAnalysisBytes('send', { terms, parts: terms })).toBeLessThan(short);
    // A term other than the word is a string of its own.
    expect(wordAnalysisBytes('sending', { terms: ['send'], parts: ['sending'] }) - wordAnalysisBytes('sending', { terms: ['sending'], parts: ['sending'] })).toBe(stringBytes('send'));
    // A key long enough to be a slice is a copy under a slice (32 bytes more than its flat size).
    const long = 'a'.repeat(13);
    expect(wordAnalysisBytes(long, { terms, parts: terms }) - wordAnalysisBytes('a'.repeat(12), { terms, parts: terms })).toBe(1 + 32);
    // Case-boundary parts: an array made at its size and a string each.
    const split = wordAnalysisBytes('sendEmail', { terms: ['send', 'email', 'sendemail'], parts: ['send', 'email'] });
    expect(split - wordAnalysisBytes('sendEmail', { terms: ['send', 'email', 'sendemail'], parts: ['send'] })).toBe(8 + stringBytes('email'));
  });

  it('[search.index.analysis-cache] a document entry grows with each of its parts and counts the tool\'s strings and the ids a build gives it', () => {
    const base = documentAnalysisBytes('n', 'd', 1, 1, 1, 'n');
    expect(documentAnalysisBytes('n', 'd'.repeat(101), 1, 1, 1, 'n') - base).toBe(100);
    expect(documentAnalysisBytes('n'.repeat(11), 'd', 1, 1, 1, 'n') - base).toBe(10);
    expect(documentAnalysisBytes('n', 'd', 1, 1, 1, 'n'.repeat(11)) - base).toBe(10);
    // Past a pushed array's 17 slots, each of terms, parts and candidates costs more.
    for (const [t, p, c] of [[30, 1, 1], [1, 30, 1], [1, 1, 30]] as const) expect(documentAnalysisBytes('n', 'd', t, p, c, 'n')).toBeGreaterThan(base);
    // Two buffers of three views each (counts and flags; the ids) at their fixed cost at least.
    expect(base).toBeGreaterThanOrEqual(2 * typedViewsBytes(3, 0) + stringBytes('n') + stringBytes('d'));
    expect(typedViewsBytes(3, 0)).toBeGreaterThan(typedArrayBytes(0, 4));
    expect(typedViewsBytes(3, 0)).toBeLessThan(3 * typedArrayBytes(0, 4));
  });

  it('[search.index.analysis-cache] the cache counts its own per-entry cost and keeps the estimated total within the budget', () => {
    const cache = new BoundedCache<number, string>(10_000);
    cache.set(1, 'x', 100);
    expect(cache.stats().bytes).toBe(100 + CACHE_ENTRY_BYTES);
    // An entry whose estimate with the entry's cost exceeds half the budget is refused.
    expect(cache.set(2, 'y', 5_000 - CACHE_ENTRY_BYTES + 1)).toBe(false);
    for (let i = 0; i < 1_000; i++) {
      cache.set(i, 'v', (i * 37) % 400);
      expect(cache.stats().bytes).toBeLessThanOrEqual(10_000);
    }
    expect(cache.stats().evictions).toBeGreaterThan(0);
  });

  it('[search.index.analysis-cache] the memos\' totals are the sum of their entries\' estimates and stay within the budgets while building', () => {
    clearAnalysisCache();
    const words = ['sendEmail', 'forecasting', 'internationalization', 'queue'];
    let expected = 0;
    for (const w of words) expected += wordAnalysisBytes(w, analyseWord(w)) + CACHE_ENTRY_BYTES;
    expect(analysisCacheStats().words.bytes).toBe(expected);
    expect(analysisCacheStats().words.entries).toBe(words.length);
    configureAnalysisCache({ wordMaxBytes: 30_000, documentMaxBytes: 60_000, idMaxBytes: 20_000 });
    for (let round = 0; round < 4; round++) {
      buildSearchIndex(Array.from({ length: 150 }, (_, i) => ({ name: `tool_${round}_${i}`, description: `describes${i} thing${i % 23} round${round} with shared words ${i}` })));
      const stats = analysisCacheStats();
      expect(stats.words.bytes).toBeLessThanOrEqual(30_000);
      expect(stats.documents.bytes).toBeLessThanOrEqual(60_000);
      expect(stats.ids.bytes).toBeLessThanOrEqual(20_000);
    }
  });
});

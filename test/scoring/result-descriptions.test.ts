/**
 * Results carry each description as r[search.result.truncate] cuts it; an index built by
 * `buildSearchIndex` keeps the cut ones as results first carry them, so a later result of the same
 * tool scans nothing and makes no new string, and its byte estimate counts them beforehand.
 */
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, estimateSearchIndexBytes, search, truncateDescription } from '../../src/scoring/index.js';

const long = (word: string, n: number) => Array.from({ length: n }, (_, i) => `${word}${i % 2 === 0 ? '' : 's'}`).join(' ');

describe('result descriptions', () => {
  it('[search.result.truncate] a cut description is the same string at every result, equal to truncateDescription of it', () => {
    const docs = [
      { name: 'astral_notes', description: `weather ${'𐐨'.repeat(200)}` },
      { name: 'long_report', description: long('weather', 60) },
      { name: 'short_report', description: 'weather report' },
      { name: 'exact_limit', description: `weather ${'x'.repeat(142)}` },
    ];
    const index = buildSearchIndex(docs);
    const first = search(index, 'weather', { topK: 10 });
    const second = search(index, 'weather report', { topK: 10 });
    for (const doc of docs) {
      const a = first.find((h) => h.name === doc.name)!;
      const b = second.find((h) => h.name === doc.name)!;
      expect(a.description).toBe(truncateDescription(doc.description));
      expect(b.description).toBe(a.description);
    }
    expect(docs[3]!.description.length).toBe(150);
    expect(first.find((h) => h.name === 'exact_limit')!.description).toBe(docs[3]!.description);
    expect(first.find((h) => h.name === 'long_report')!.description.endsWith('...')).toBe(true);
  });

  it('[search.result.truncate] [processor.resolved.index-cache] the byte estimate counts a cut description\'s result before any search', () => {
    const short = buildSearchIndex([{ name: 'a_tool', description: 'x'.repeat(150) }]);
    const cut = buildSearchIndex([{ name: 'a_tool', description: 'x'.repeat(151) }]);
    const before = estimateSearchIndexBytes(cut);
    // One more code unit of description, and the result string it will be cut to (at least 300 bytes).
    expect(before - estimateSearchIndexBytes(short)).toBeGreaterThan(300);
    search(cut, 'xxx');
    expect(estimateSearchIndexBytes(cut)).toBe(before);
  });
});

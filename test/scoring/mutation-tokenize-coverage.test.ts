/**
 * What the unit scope `scoring` of `npm run mutation` showed no test checked in tokenization and
 * the coverage order: a segment of a segmented script that is a stopword only in part, a segment
 * made of a stopword of two characters and another one, a query with no word; the coverage order
 * of one sentence, of sentences no pool candidate covers, and of candidates whose scores round to
 * 0; an entry of exactly half a memo's budget; and a word list read as text.
 */
import { describe, expect, it } from 'vitest';
import { BoundedCache, CACHE_ENTRY_BYTES } from '../../src/scoring/bounded-cache.js';
import { coverageOrder } from '../../src/scoring/coverage.js';
import { buildSearchIndex, porterStem } from '../../src/scoring/index.js';
import { asToolIndex } from '../../src/scoring/rank.js';
import { slotOfTie, tieOf } from '../../src/scoring/ranked-heap.js';
import { parseDataLines, readSpecData, SPEC_DATA_FILES } from '../../src/scoring/spec-data.js';
import { queryWords, tokenize, tokenizeQuery } from '../../src/scoring/tokenize.js';

describe('segments of a segmented script', () => {
  it('[search.tokenize.segmented] a segment is dropped only when all of it cuts into stopwords: `可是` (ICU one segment; `是` a stopword, `可` none) yields its characters and pair', () => {
    // `可` begins the fillers `可以` and `可否` but is no stopword or filler itself, so the segment
    // `可是` is not made only of dropped pieces even though it ends with one.
    expect(tokenize('可是')).toEqual(['可', '可是', '是']);
    // The same with `一` (it begins `一些`, `一个`, `一下`): `一是` is one ICU segment.
    expect(tokenize('一是')).toEqual(['一', '一是', '是']);
    // In a query `能` is a filler, `可` is not: `可能` (one segment) is not dropped either.
    expect(tokenizeQuery('可能')).toEqual(['可', '可能', '能']);
  });

  it('[search.tokenize.segmented] a segment that cuts into a stopword of two characters and another stopword is dropped: `或者是` is `或者` and `是`', () => {
    // ICU keeps `或者是` as one segment; it is no stopword itself, but `或者` and `是` are.
    expect(tokenize('或者是')).toEqual([]);
    expect(tokenizeQuery('或者是')).toEqual([]);
    // Dropped, it ends a group (ICU: `天气`, `或者是`, `预报`): no pair crosses it (no `气预`).
    expect(tokenize('天气或者是预报')).toEqual(['天', '天气', '气', '预', '预报', '报']);
  });
});

describe('a query without words', () => {
  it('[search.robust.empty-query] [search.tokenize.query] a query of spaces and punctuation has no words and no terms', () => {
    expect(queryWords('')).toEqual([]);
    expect(queryWords(' ?! — … ')).toEqual([]);
    expect(tokenizeQuery(' ?! — … ')).toEqual([]);
  });
});

describe('the coverage order, called directly', () => {
  // Slots 0 and 1 have the same description (the same strength of `email`); slot 2 alone has
  // `weather`, slot 4 alone `calendar`; slot 3 has none of them.
  const index = asToolIndex(
    buildSearchIndex([
      { name: 'mail_one', description: 'send email today' },
      { name: 'mail_two', description: 'send email today' },
      { name: 'weather_now', description: 'weather forecast' },
      { name: 'files_list', description: 'lists files in folders' },
      { name: 'calendar_x', description: 'calendar meeting' },
    ]),
  );
  const size = index.size;
  const id = (word: string) => index.termIds.get(porterStem(word))!;
  const [email, weather, calendar] = [id('email'), id('weather'), id('calendar')];
  /** Runs the coverage order over candidates `slots` (none an exact name) with `scores`; returns the slots and scores after. */
  const reorder = (slots: number[], scores: number[], sentences: number[][]) => {
    const s = Float64Array.from(scores);
    const t = Int32Array.from(slots.map((slot) => tieOf(slot, false, size)));
    coverageOrder(
      index,
      s,
      t,
      slots.length,
      sentences,
      sentences.map((terms) => new Float64Array(terms.length).fill(1)),
    );
    return { slots: Array.from(t, (tie) => slotOfTie(tie, size)), scores: Array.from(s) };
  };

  it('[search.rank.coverage] a query of one sentence keeps its order, though coverage would move a tool up with a second sentence', () => {
    expect(index.strengthAt(weather, 2)).toBeGreaterThan(0);
    expect([0, 1, 3].map((slot) => index.strengthAt(weather, slot))).toEqual([0, 0, 0]);
    // One sentence: nothing changes.
    expect(reorder([3, 1, 2, 0], [1, 0.9, 0.8, 0.7], [[weather]])).toEqual({ slots: [3, 1, 2, 0], scores: [1, 0.9, 0.8, 0.7] });
    // A second sentence that no pool candidate covers leaves R = W·m(weather): the weather tool
    // scores 0.5·0.8 + 0.5·1 = 0.9 against 0.5·0.9 = 0.45 for slot 1, and goes up; then 0.45 > 0.35.
    expect(reorder([3, 1, 2, 0], [1, 0.9, 0.8, 0.7], [[weather], [calendar]])).toEqual({ slots: [3, 2, 1, 0], scores: [1, 0.8, 0.9, 0.7] });
  });

  it('[search.rank.coverage] when no pool candidate has a term of any sentence (R = 0), nothing is reordered', () => {
    // Only slot 4 (outside the pool) has `calendar`; only slot 2 (outside too) has `weather`.
    expect(reorder([3, 1, 0], [0.9, 0.8, 0.7], [[calendar], [weather]])).toEqual({ slots: [3, 1, 0], scores: [0.9, 0.8, 0.7] });
  });

  it('[search.rank.coverage] [search.score.rounding] when the scores round to 0 (top is 0), the relevance part is 0 and coverage alone orders the pool', () => {
    // The head (slot 0) covers `email` fully (slot 1 has the same strength): U(email) = 0. Then
    // slot 2 covers `weather` (coverage > 0) and goes first; slots 1 and 3 both add 0 and keep
    // their order.
    expect(index.strengthAt(email, 0)).toBe(index.strengthAt(email, 1));
    expect(reorder([0, 1, 3, 2], [0, 0, 0, 0], [[email], [weather]])).toEqual({ slots: [0, 2, 1, 3], scores: [0, 0, 0, 0] });
  });
});

describe('the byte-bounded memo at half its budget', () => {
  it('[search.index.analysis-cache] an entry of exactly half the budget is kept; one byte more is not', () => {
    const half = 100 + CACHE_ENTRY_BYTES;
    const cache = new BoundedCache<string, string>(2 * half);
    expect(cache.set('a', 'A', 100)).toBe(true);
    expect(cache.get('a')).toBe('A');
    expect(cache.set('b', 'B', 101)).toBe(false);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: half });
  });
});

describe('the word lists as text', () => {
  it('[search.tokenize.stopwords] a word list of spec/data is read as UTF-8 text: its entries include `the` and `的`', () => {
    const text = readSpecData(SPEC_DATA_FILES.stopwords);
    expect(typeof text).toBe('string');
    const entries = parseDataLines(text);
    expect(entries).toContain('the');
    expect(entries).toContain('的');
  });
});

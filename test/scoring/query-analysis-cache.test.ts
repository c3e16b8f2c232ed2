/**
 * The query word memo (r[search.query.analysis-cache]): a query's terms through the memo are those
 * of `tokenizeQuery` (the unmemoised path), whatever the memo held and whatever its budget, and the
 * memo stays within its byte budget. The seed is printed by test/support/global-setup.ts.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { analyseQueryTerms, analysisCacheStats, clearAnalysisCache, configureAnalysisCache, queryWordBytes } from '../../src/scoring/analysis.js';
import { CACHE_ENTRY_BYTES } from '../../src/scoring/bounded-cache.js';
import { exactArrayBytes, stringBytes } from '../../src/scoring/footprint-units.js';
import { buildSearchIndex, rankCandidates, tokenizeQuery } from '../../src/scoring/index.js';
import { QUERY_FILLERS, STOPWORDS } from '../../src/scoring/spec-data.js';
import { referenceIndex, referenceRank } from './support/reference-scorer.js';

afterEach(() => configureAnalysisCache());

/** Words that take each path of the analysis: plain a–z, fillers, stopwords, digits, accents, case, scripts without spaces, long ones. */
const WORDS = [
  'weather', 'forecasting', 'Forecast', 'GitHubPR', 'sendEmail', 'v2api', '2024', '3.5', 'café', 'ÉCOLE', 'straße', 'ＡＰＩ',
  'Москва', 'δίκτυο', 'ΣΟΦΟΣ', '天气预报', '我想查询', 'ข่าววันนี้', '東京の天気', 'internationalization', 'generalizations',
  'a', 'I', 'x1', 'e\u0301', '\uD800', 'ﬁle', 'hopping', 'happy', 'relational',
  ...[...QUERY_FILLERS].slice(0, 8),
  ...[...STOPWORDS].slice(0, 8),
];
const separators = fc.constantFrom(' ', ', ', '. ', '? ', '/', '-', '_', '\n', '。', '');
const queryText = fc.oneof(
  fc.array(fc.tuple(fc.constantFrom(...WORDS), separators), { maxLength: 10 }).map((parts) => parts.map(([w, s]) => w + s).join('')),
  fc.string({ unit: 'grapheme', maxLength: 24 }),
  fc.string({ unit: 'binary', maxLength: 16 }),
);
/** Budgets: the default, none, one that keeps a few words (so entries are evicted and analysed again). */
const budgets = [{}, { queryWordMaxBytes: 0 }, { queryWordMaxBytes: 1_200 }];

describe('query word memo', () => {
  it('[search.query.analysis-cache] [search.tokenize.query] a query\'s terms through the memo are those of tokenizeQuery, whatever the memo held and its budget', () => {
    fc.assert(
      fc.property(fc.array(queryText, { minLength: 1, maxLength: 8 }), fc.constantFrom(...budgets.keys()), (queries, b) => {
        configureAnalysisCache(budgets[b]);
        // Each query twice in a row (the second from the memo), and all of them again after the others.
        for (const q of queries) {
          const expected = tokenizeQuery(q);
          expect(analyseQueryTerms(q)).toEqual(expected);
          expect(analyseQueryTerms(q)).toEqual(expected);
        }
        for (const q of queries) expect(analyseQueryTerms(q)).toEqual(tokenizeQuery(q));
        expect(analysisCacheStats().queryWords.bytes).toBeLessThanOrEqual(analysisCacheStats().queryWords.maxBytes);
      }),
    );
  });

  it('[search.query.analysis-cache] a query ranks the same with a warm memo, with none, and as the reference scorer ranks it', () => {
    const docs = [
      { name: 'get_weather', description: 'Weather forecast for a city, today and tomorrow' },
      { name: 'send_email', description: 'Send an email message to a recipient' },
      { name: 'github_pr', description: 'Open a GitHubPR on a repository' },
      { name: 'tenki', description: '天气预报 東京の天気' },
      { name: 'cafe_finder', description: 'Find a café near an école' },
      { name: 'release_notes', description: 'Release notes for 2024: please read them' },
    ];
    const queries = ['I want the weather forecast', 'please send an EMAIL', 'github pr 2024', '天气预报', 'café école', 'forecasting weathers', 'Please help me'];
    const reference = referenceIndex(docs);
    fc.assert(
      fc.property(fc.shuffledSubarray(queries, { minLength: 1 }), (order) => {
        configureAnalysisCache({ queryWordMaxBytes: 0 });
        const index = buildSearchIndex(docs);
        const cold = order.map((q) => rankCandidates(index, q));
        configureAnalysisCache();
        const warmIndex = buildSearchIndex(docs);
        for (const q of queries) rankCandidates(warmIndex, q);
        expect(order.map((q) => rankCandidates(warmIndex, q))).toEqual(cold);
        expect(cold).toEqual(order.map((q) => referenceRank(reference, q)));
      }),
      { numRuns: 20 },
    );
  });

  it('[search.query.analysis-cache] an entry counts its word, a long word\'s copy, its terms (an array at its size) and each term that is not the word', () => {
    expect(queryWordBytes('weather', ['weather'])).toBe(stringBytes('weather') + exactArrayBytes(1));
    expect(queryWordBytes('forecasting', ['forecast'])).toBe(stringBytes('forecasting') + exactArrayBytes(1) + stringBytes('forecast'));
    expect(queryWordBytes('please', [])).toBe(stringBytes('please') + exactArrayBytes(0));
    // A word long enough to be a slice of the query is kept as a copy under a slice (32 bytes more than its flat size).
    expect(queryWordBytes('a'.repeat(13), []) - queryWordBytes('a'.repeat(12), [])).toBe(1 + 32);
  });

  it('[search.query.analysis-cache] the memo\'s total is the sum of its entries\' estimates, counts its hits and stays within its budget', () => {
    clearAnalysisCache();
    const before = analysisCacheStats().queryWords;
    expect(before.entries).toBe(0);
    analyseQueryTerms('Forecasting the weather, weather!');
    const stats = analysisCacheStats().queryWords;
    // Three distinct words of the folded text: `forecasting`, `the` (a stopword, no terms), `weather`.
    expect(stats.entries).toBe(3);
    expect(stats.bytes).toBe(queryWordBytes('forecasting', ['forecast']) + queryWordBytes('the', []) + queryWordBytes('weather', ['weather']) + 3 * CACHE_ENTRY_BYTES);
    expect(stats.misses - before.misses).toBe(3);
    expect(stats.hits - before.hits).toBe(1);
    configureAnalysisCache({ queryWordMaxBytes: 2_000 });
    for (let i = 0; i < 300; i++) {
      analyseQueryTerms(`word${i} another${i % 17} forecasting${i}`);
      expect(analysisCacheStats().queryWords.bytes).toBeLessThanOrEqual(2_000);
    }
    expect(analysisCacheStats().queryWords.evictions).toBeGreaterThan(0);
    configureAnalysisCache({ queryWordMaxBytes: 0 });
    analyseQueryTerms('weather forecast');
    expect(analysisCacheStats().queryWords.entries).toBe(0);
    expect(() => configureAnalysisCache({ queryWordMaxBytes: -1 })).toThrow(/queryWordMaxBytes must be a non-negative safe integer/);
    expect(() => configureAnalysisCache({ queryWordMaxBytes: 0.5 })).toThrow(/queryWordMaxBytes/);
  });
});

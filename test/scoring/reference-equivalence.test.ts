/**
 * The optimised scorer (typed-array postings, a dense accumulator shared by queries, bounded
 * heaps, analyses shared between builds, typo neighbours built on demand) gives exactly what the
 * plain spec steps give (test/scoring/support/reference-scorer.ts, the scorer as it was before
 * issue 13): the same candidates, scores and order, whatever the analysis memos held before.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  analysisCacheStats,
  buildSearchIndex,
  clearAnalysisCache,
  configureAnalysisCache,
  rankCandidates,
  search,
  selectQueryTerms,
  type QueryStats,
  type SearchDocument,
} from '../../src/scoring/index.js';
import { analyseDocument } from '../../src/scoring/analysis.js';
import { asToolIndex, setPruningPolicy } from '../../src/scoring/rank.js';
import { referenceIndex, referenceQueryTerms, referenceRank, referenceSearch } from './support/reference-scorer.js';

/** Words that take every path: case parts, compounds and their pieces, digits, other scripts, stopwords, typos. */
const WORDS = [
  'weather', 'forecast', 'Weather', 'createIssue', 'GitHubPR', 'HTMLParser', 'v2Api', 'oauth2', 'send', 'email', 'emails',
  'getrandomimage', 'random', 'image', 'get', 'hdbcarpark', 'carpark', 'hdb', 'calendar', 'event', 'astrology', 'repository',
  'repo', 'Café', 'Straße', 'ΟΔΟΣ', '天气预报', '查询', '날씨', 'the', 'and', 'please', 'would', '2024', '__proto__', 'constructor',
  'x', 'rental', 'renting', 'files', 'file', '我想', '我的天气', '帮我查询一下',
];
const NOISE = ['foreast', 'wether', 'calender', 'astrolog', 'repositori', 'zzz', 'emial', 'imagee', 'randomimage', 'Send_Email', 'sendEmail'];

const word = fc.constantFrom(...WORDS);
const name = fc.oneof(
  fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join('_')),
  fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.map((x, i) => (i === 0 ? x : x.charAt(0).toUpperCase() + x.slice(1))).join('')),
  fc.constantFrom('getrandomimage', 'hdbcarpark', 'tool', 'a', '__proto__'),
);
const description = fc.oneof(
  fc.array(word, { maxLength: 14 }).map((w) => w.join(' ')),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.array(word, { minLength: 40, maxLength: 90 }).map((w) => w.join(' ')),
);
const doc: fc.Arbitrary<SearchDocument> = fc.record({ name, description });
const catalog = fc.array(doc, { maxLength: 30 });
const words = fc.array(fc.oneof(word, fc.constantFrom(...NOISE)), { maxLength: 6 }).map((w) => w.join(' '));
const query = fc.oneof(
  words,
  fc.string({ maxLength: 12 }),
  // Requests of several sentences (r[search.query.sentences], r[search.rank.coverage]).
  fc
    .array(fc.tuple(words, fc.constantFrom('. ', '; ', '? ', '!', '\n', '。', '.', ' 2.5 ')), { minLength: 2, maxLength: 4 })
    .map((parts) => parts.map(([w, sep]) => w + sep).join('')),
);

afterEach(() => configureAnalysisCache());

describe('the optimised scorer agrees with the plain spec steps', () => {
  it('[search.rank.order] [search.score.formula] [search.candidates] rankCandidates: same candidates, scores and order', () => {
    fc.assert(
      fc.property(catalog, fc.array(query, { minLength: 1, maxLength: 6 }), fc.constantFrom(0, 0.1, 0.5), (docs, queries, minScore) => {
        const ours = buildSearchIndex(docs);
        const reference = referenceIndex(docs);
        for (const q of queries) expect(rankCandidates(ours, q, { minScore })).toEqual(referenceRank(reference, q, { minScore }));
      }),
    );
  });

  it('[search.threshold.top-k] [search.threshold.filter] [search.threshold.order] search: the bounded heap and the on-demand ranking give the reference\'s hits', () => {
    const filters = [undefined, () => true, (n: string) => n.length % 2 === 0, (n: string) => n.includes('e'), () => false];
    fc.assert(
      fc.property(catalog, query, fc.integer({ min: 0, max: 8 }), fc.constantFrom(...filters.keys()), fc.constantFrom(0, 0.2), (docs, q, topK, f, minScore) => {
        const filter = filters[f];
        const ours = search(buildSearchIndex(docs), q, { topK, minScore, ...(filter ? { filter } : {}) });
        expect(ours).toEqual(referenceSearch(referenceIndex(docs), q, { topK, minScore, filter }));
      }),
    );
  });

  it('[search.rank.pruning] [search.threshold.top-k] a search that skips postings gives exactly the exhaustive (reference) hits', () => {
    // Catalogs where a few words are in most tools and others in few: pruning has something to skip.
    const common = fc.constantFrom('tool', 'data', 'get', 'list', 'service');
    const rare = fc.constantFrom(...WORDS, ...NOISE);
    const pruneDoc = fc.record({
      name: fc.array(rare, { minLength: 1, maxLength: 2 }).map((w) => w.join('_')),
      description: fc.tuple(fc.array(common, { minLength: 1, maxLength: 10 }), fc.array(rare, { maxLength: 2 }), fc.array(rare, { maxLength: 40 })).map(([c, r, long]) => [...c, ...r, ...(long.length > 30 ? long : [])].join(' ')),
    });
    const pruneQuery = fc.tuple(fc.array(common, { minLength: 1, maxLength: 3 }), fc.array(rare, { minLength: 1, maxLength: 3 })).map(([c, r]) => [...r, ...c].join(' '));
    let pruned = 0;
    setPruningPolicy('always');
    try {
      fc.assert(
        fc.property(fc.array(pruneDoc, { minLength: 5, maxLength: 60 }), fc.array(fc.oneof(pruneQuery, query), { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 10 }), fc.constantFrom(0, 0.3), (docs, queries, topK, minScore) => {
          const ours = buildSearchIndex(docs);
          const reference = referenceIndex(docs);
          for (const q of queries) {
            const stats: QueryStats = { termsLookedUp: 0, postingsVisited: 0, approximateLookups: 0 };
            expect(search(ours, q, { topK, minScore, stats })).toEqual(referenceSearch(reference, q, { topK, minScore }));
            if ((stats.postingsSkipped ?? 0) > 0) pruned++;
          }
        }),
      );
    } finally {
      setPruningPolicy('auto');
    }
    // The property is not vacuous: some searches did skip postings.
    expect(pruned).toBeGreaterThan(0);
  });

  it('[search.query.terms] [search.query.typo] [search.query.prefix] the scored terms, weights and postings are the reference\'s', () => {
    fc.assert(
      fc.property(catalog, query, (docs, q) => {
        const ours = selectQueryTerms(buildSearchIndex(docs), q);
        expect(ours.map((t) => ({ term: t.term, weight: t.weight }))).toEqual(referenceQueryTerms(referenceIndex(docs), q));
        for (const t of ours) {
          expect(t.postings.slots.length).toBe(t.postings.strengths.length);
          for (let i = 1; i < t.postings.slots.length; i++) expect(t.postings.slots[i]!).toBeGreaterThan(t.postings.slots[i - 1]!);
        }
      }),
    );
  });

  it('[search.index.build] [search.query.typo] a typo look-up that reads the terms (neighbours not built) finds what the one-deletion neighbours find', () => {
    // Terms of 6 to 13 code points close to each other: substitutions, swaps, shifts, astral letters.
    const letter = fc.constantFrom('a', 'b', 'e', 'r', 's', 't', 'é', '𝒜', 'ß');
    const stem = fc.array(letter, { minLength: 6, maxLength: 13 }).map((l) => l.join(''));
    const near = (w: string) =>
      fc.oneof(
        fc.constant(w),
        fc.nat(w.length).map((i) => w.slice(0, i) + w.slice(i + 1)),
        fc.tuple(fc.nat(w.length), letter).map(([i, l]) => w.slice(0, i) + l + w.slice(i)),
        fc.tuple(fc.nat(w.length), letter).map(([i, l]) => w.slice(0, i) + l + w.slice(i + 1)),
        fc.nat(Math.max(0, w.length - 2)).map((i) => w.slice(0, i) + w.charAt(i + 1) + w.charAt(i) + w.slice(i + 2)),
      );
    const family = stem.chain((w) => fc.tuple(fc.array(near(w), { minLength: 1, maxLength: 12 }), fc.array(near(w), { minLength: 1, maxLength: 6 })));
    fc.assert(
      fc.property(family, ([words, queries]) => {
        const docs = words.map((w, i) => ({ name: `t${i}`, description: w }));
        for (const q of queries) {
          // A new index reads its terms for its first typo look-ups; the other has its neighbours built.
          const scanned = buildSearchIndex(docs);
          const withNeighbours = buildSearchIndex(docs);
          void asToolIndex(withNeighbours).deletions;
          const terms = (index: typeof scanned) => selectQueryTerms(index, q).map((t) => t.term);
          expect(terms(scanned)).toEqual(terms(withNeighbours));
          expect(asToolIndex(scanned).hasDeletions).toBe(false);
          expect(terms(withNeighbours)).toEqual(referenceQueryTerms(referenceIndex(docs), q).map((t) => t.term));
        }
      }),
    );
  });
});

describe('analyses shared between builds', () => {
  it('[search.index.analysis-cache] a build over cached analyses ranks exactly as a cold build, whatever the memos held', () => {
    const budgets = [{}, { wordMaxBytes: 0, documentMaxBytes: 0, idMaxBytes: 0 }, { wordMaxBytes: 2_000, documentMaxBytes: 3_000, idMaxBytes: 2_000 }, { idMaxBytes: 0 }];
    fc.assert(
      fc.property(fc.array(catalog, { minLength: 2, maxLength: 4 }), fc.array(query, { minLength: 1, maxLength: 4 }), fc.constantFrom(...budgets.keys()), (catalogs, queries, b) => {
        configureAnalysisCache(budgets[b]);
        // Warm the memos with every catalog, then build each again, and each cold.
        const warm = catalogs.map((docs) => buildSearchIndex(docs));
        for (const [i, docs] of catalogs.entries()) {
          const again = buildSearchIndex(docs);
          clearAnalysisCache();
          const cold = buildSearchIndex(docs);
          for (const q of queries) {
            const expected = rankCandidates(cold, q);
            expect(rankCandidates(warm[i]!, q)).toEqual(expected);
            expect(rankCandidates(again, q)).toEqual(expected);
          }
        }
      }),
    );
  });

  it('[search.index.analysis-cache] the identity look-up holds no analysis the byte-bounded memo dropped', () => {
    configureAnalysisCache({ documentMaxBytes: 20_000 });
    const tool = { name: 'get_weather', description: 'weather forecast for a city' };
    const first = analyseDocument(tool.name, tool.description, tool);
    // While the memo holds it, the same object finds the same analysis.
    expect(analyseDocument(tool.name, tool.description, tool)).toBe(first);
    // Other tools push it out of the memo (the tool object stays alive).
    const before = analysisCacheStats().documents.evictions;
    for (let i = 0; analysisCacheStats().documents.evictions === before; i++) analyseDocument(`tool_${i}`, `description number ${i} of a filler tool`);
    const again = analyseDocument(tool.name, tool.description, tool);
    expect(again).not.toBe(first);
    expect(again.id).not.toBe(first.id);
    expect(analysisCacheStats().documents.bytes).toBeLessThanOrEqual(20_000);
  });

  it('[search.index.analysis-cache] a document object whose description changed in place is analysed again', () => {
    const docs: SearchDocument[] = [
      { name: 'get_weather', description: 'weather forecast for a city' },
      { name: 'send_email', description: 'send an email' },
    ];
    expect(search(buildSearchIndex(docs), 'forecast').map((h) => h.name)).toEqual(['get_weather']);
    docs[0]!.description = 'current air quality';
    docs[1]!.description = 'forecast of the mail queue';
    const index = buildSearchIndex(docs);
    expect(search(index, 'forecast').map((h) => h.name)).toEqual(['send_email']);
    expect(rankCandidates(index, 'forecast air')).toEqual(referenceRank(referenceIndex(docs), 'forecast air'));
  });

  it('[search.index.analysis-cache] the memos stay within their byte budgets and count their hits', () => {
    configureAnalysisCache({ wordMaxBytes: 20_000, documentMaxBytes: 150_000 });
    const docs = Array.from({ length: 500 }, (_, i) => ({ name: `tool_${i}`, description: `word${i} another${i % 37} shared text ${i}` }));
    buildSearchIndex(docs);
    const first = analysisCacheStats();
    expect(first.words.bytes).toBeLessThanOrEqual(20_000);
    expect(first.documents.bytes).toBeLessThanOrEqual(150_000);
    expect(first.documents.evictions).toBeGreaterThan(0);
    // The most recent tools are still known: building them again analyses none of them.
    const recent = docs.slice(-20).map((d) => ({ ...d }));
    buildSearchIndex(recent);
    const second = analysisCacheStats();
    expect(second.documents.hits - first.documents.hits).toBe(20);
    expect(second.documents.misses).toBe(first.documents.misses);
    expect(() => configureAnalysisCache({ wordMaxBytes: -1 })).toThrow(/wordMaxBytes must be a non-negative safe integer/);
    expect(() => configureAnalysisCache({ documentMaxBytes: 1.5 })).toThrow(/documentMaxBytes/);
    expect(() => configureAnalysisCache({ idMaxBytes: Number.NaN })).toThrow(/idMaxBytes/);
  });

  it('[search.index.analysis-cache] the id table builds share is emptied when a build leaves it above its budget', () => {
    configureAnalysisCache({ idMaxBytes: 5_000 });
    const docs = Array.from({ length: 200 }, (_, i) => ({ name: `tool_${i}`, description: `word${i} another${i % 37} shared text ${i}` }));
    const before = analysisCacheStats().ids.evictions;
    const index = buildSearchIndex(docs);
    // The build needed more ids than the budget: the table was emptied after it.
    expect(analysisCacheStats().ids.evictions).toBeGreaterThan(before);
    expect(analysisCacheStats().ids.bytes).toBeLessThanOrEqual(5_000);
    // A build after that (ids of a new generation) holds exactly what a cold one holds.
    const again = buildSearchIndex(docs.slice(0, 50));
    clearAnalysisCache();
    const cold = buildSearchIndex(docs.slice(0, 50));
    for (const q of ['word7 shared', 'another3 text', 'tool 12']) {
      expect(rankCandidates(again, q)).toEqual(rankCandidates(cold, q));
      expect(search(index, q)).toEqual(search(buildSearchIndex(docs), q));
    }
  });
});

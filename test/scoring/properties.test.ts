import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, rankCandidates, search, tokenize, type SearchDocument } from '../../src/scoring/index.js';
import { MAX_APPROXIMATE_TERMS } from '../../src/scoring/parameters.js';
import { tokenizeQuery } from '../../src/scoring/tokenize.js';

// Words that exercise every part of the analysis: camelCase, snake_case,
// digits, accents, Greek final sigma, German sharp s, CJK, Hangul, Thai,
// prototype names, stopwords, and a few that differ only by case.
const WORDS = [
  'weather', 'Weather', 'forecast', 'createIssue', 'GitHubPR', 'github', 'v2Api', 'send_email', 'email',
  'Café', 'cafe', 'ΟΔΟΣ', 'οδος', 'Straße', 'STRASSE', '天气', '天气预报', '查询', '날씨', 'สภาพอากาศ',
  '__proto__', 'constructor', 'toString', 'the', 'and', 'report', 'reports', 'HTMLParser', 'parser', 'x',
  'astrology', 'strology', 'mp3', '2024', 'ﬁle', 'ＡＰＩ', 'i̇stanbul', 'ᾈ', 'ǅemal',
];

const word = fc.constantFrom(...WORDS);
const loneSurrogate = fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF');
/** Arbitrary text: sentences of known words, or any string (including lone surrogates). */
const text = fc.oneof(
  fc.array(word, { maxLength: 8 }).map((ws) => ws.join(' ')),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.array(fc.oneof(word, loneSurrogate, fc.string({ unit: 'grapheme', maxLength: 6 })), { maxLength: 6 }).map((p) => p.join('')),
);
const doc: fc.Arbitrary<SearchDocument> = fc.record({
  name: fc.oneof(word, fc.string({ unit: 'binary', maxLength: 12 })),
  description: text,
});
const catalog = fc.array(doc, { maxLength: 12 });
const query = fc.oneof(fc.array(word, { minLength: 1, maxLength: 6 }).map((ws) => ws.join(' ')), text);
const minScore = fc.double({ min: 0, max: 1, noNaN: true });

/** Catalog position of each name: its first occurrence (r[search.index.duplicate-names]). */
function positions(docs: readonly SearchDocument[]): Map<string, number> {
  const pos = new Map<string, number>();
  for (const d of docs) if (!pos.has(d.name)) pos.set(d.name, pos.size);
  return pos;
}

describe('search properties', () => {
  it('[search.score.range] [search.threshold.min-score] every score is in [0, 1] and at least minScore', () => {
    fc.assert(
      fc.property(catalog, query, minScore, (docs, q, min) => {
        for (const hit of rankCandidates(buildSearchIndex(docs), q, { minScore: min })) {
          expect(hit.score).toBeGreaterThanOrEqual(Math.max(0, min));
          expect(hit.score).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it('[search.rank.order] results are sorted by score, ties in catalog order', () => {
    fc.assert(
      fc.property(catalog, query, (docs, q) => {
        const pos = positions(docs);
        const hits = rankCandidates(buildSearchIndex(docs), q);
        expect(new Set(hits.map((h) => h.name)).size).toBe(hits.length);
        for (let i = 1; i < hits.length; i++) {
          const a = hits[i - 1]!;
          const b = hits[i]!;
          expect(a.score > b.score || (a.score === b.score && pos.get(a.name)! < pos.get(b.name)!)).toBe(true);
        }
      }),
    );
  });

  it('[search.tokenize.query] [search.tokenize.fold] results do not change with the letter case of the query', () => {
    fc.assert(
      fc.property(catalog, query, (docs, q) => {
        const index = buildSearchIndex(docs);
        const base = search(index, q, { topK: 20 });
        expect(search(index, q.toUpperCase(), { topK: 20 })).toEqual(base);
        expect(search(index, q.toLowerCase(), { topK: 20 })).toEqual(base);
      }),
    );
  });

  it('[search.rank.order] [search.query.terms] results do not change with the order of the query words', () => {
    const words = fc.array(word, { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(
        catalog,
        words.chain((ws) => fc.tuple(fc.constant(ws), fc.shuffledSubarray(ws, { minLength: ws.length, maxLength: ws.length }))),
        (docs, [ws, shuffled]) => {
          // Beyond 16 distinct terms, which unknown terms are approximated depends on their order
          // (r[search.query.prefix]: the first 16 in query order), so the property holds below it.
          fc.pre(new Set(tokenizeQuery(ws.join(' '))).size <= MAX_APPROXIMATE_TERMS);
          const index = buildSearchIndex(docs);
          expect(rankCandidates(index, shuffled.join(' '))).toEqual(rankCandidates(index, ws.join(' ')));
        },
      ),
    );
  });

  it('[search.threshold.filter] [search.threshold.order] a filter only removes tools and never reorders the rest', () => {
    fc.assert(
      fc.property(catalog, query, fc.func(fc.boolean()), fc.integer({ min: 0, max: 8 }), (docs, q, keep, topK) => {
        const index = buildSearchIndex(docs);
        const all = rankCandidates(index, q);
        const filtered = search(index, q, { topK, filter: (name) => keep(name) });
        expect(filtered).toEqual(all.filter((h) => keep(h.name)).slice(0, topK));
        // Order-preserving subsequence of the unfiltered ranking.
        let j = 0;
        for (const hit of filtered) {
          while (j < all.length && all[j]!.name !== hit.name) j++;
          expect(j).toBeLessThan(all.length);
          j++;
        }
      }),
    );
  });

  it('[search.robust.no-throw] no catalog or query string throws, lone surrogates included', () => {
    fc.assert(
      fc.property(catalog, fc.oneof(query, fc.string({ unit: 'binary' }), loneSurrogate), (docs, q) => {
        const index = buildSearchIndex(docs);
        expect(() => search(index, q)).not.toThrow();
        expect(() => rankCandidates(index, q, { minScore: 0.5 })).not.toThrow();
      }),
    );
  });

  it('[search.score.name-over-description] other things equal, the tool naming a query word in a name at most 1.48 times the average long outranks the one describing it', () => {
    const VOCAB = ['river', 'mountain', 'garden', 'castle', 'rocket', 'violin', 'pepper', 'harbor', 'planet', 'lantern'];
    fc.assert(
      fc.property(
        fc.shuffledSubarray(VOCAB, { minLength: 6, maxLength: 6 }),
        fc.array(fc.constantFrom(...VOCAB), { maxLength: 6 }),
        fc.array(doc, { maxLength: 4 }),
        ([term, nameB, ...rest], extra, others) => {
          // Same description length for both; `term` appears once, in A's name or in B's description.
          const filler = rest.slice(0, 3).join(' ');
          const a = { name: term!, description: `${filler} ${rest[3]}` };
          const b = { name: nameB!, description: `${filler} ${term}` };
          const docs = [...others.filter((d) => d.name !== term && d.name !== nameB), b, a, { name: 'extra', description: extra.join(' ') }];
          // The rule's guarantee: A's name (1 term) at most 1.48 times the average name length.
          const average = docs.reduce((sum, d) => sum + tokenize(d.name).length, 0) / docs.length;
          fc.pre(1 <= 1.48 * average);
          // The plural is not A's name (r[search.name.exact] stays out) and stems to the term.
          const hits = rankCandidates(buildSearchIndex(docs), `${term}s`);
          const ia = hits.findIndex((h) => h.name === term);
          const ib = hits.findIndex((h) => h.name === nameB);
          expect(ia).toBeGreaterThanOrEqual(0);
          expect(ib).toBeGreaterThan(ia);
          expect(hits[ia]!.score).toBeGreaterThan(hits[ib]!.score);
          expect(hits[ia]!.score).toBeLessThan(1);
        },
      ),
    );
  });

});

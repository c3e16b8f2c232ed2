/**
 * The optimised paths give exactly what the plain definitions give: the per-build memoised
 * tokenizer against `tokenize`, the bounded truncation against cutting the code-point array,
 * and the descriptions stored in the index against truncating at query time.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, fold, rankCandidates, splitCaseBoundaries, tokenize, truncateDescription, type SearchDocument } from '../../src/scoring/index.js';
import { memoisedTokenizer } from '../../src/scoring/tokenize.js';

/** Words whose terms take every path of the analysis, and that repeat (so the memo is hit). */
const WORDS = [
  'weather', 'Weather', 'WEATHER', 'createIssue', 'GitHubPR', 'HTMLParser', 'v2Api', 'send_email', 'Café', 'ΟΔΟΣ', 'Straße',
  '天气预报', '날씨', 'สภาพอากาศ', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'the', 'reports', 'x', 'mp3', 'ﬁle', 'ᾈ', 'ǅemal',
];
const loneSurrogate = fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF');
const text = fc.oneof(
  fc.array(fc.constantFrom(...WORDS), { maxLength: 10 }).map((ws) => ws.join(' ')),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.array(fc.oneof(fc.constantFrom(...WORDS), loneSurrogate, fc.string({ unit: 'grapheme', maxLength: 6 })), { maxLength: 8 }).map((p) => p.join('')),
);

/** The steps of r[search.tokenize.fold], written out with no shortcut. */
function foldBySteps(s: string): string {
  const strip = (t: string) =>
    t.replace(/\u0345/g, 'ι').normalize('NFKD').replace(/\u0345/g, 'ι').replace(/(?<=\p{LC}\p{M}*)\p{M}+/gu, '');
  const cased = strip(s.replace(/\p{Cs}/gu, ' ')).toLowerCase().toUpperCase().toLowerCase();
  return strip(cased).normalize('NFC').replace(/ς/g, 'σ');
}

/** The definition of r[search.tokenize.case-split], with no shortcut. */
function splitBySteps(word: string): string[] {
  return word.replace(/(\p{Ll}\p{M}*)(?=\p{Lu})/gu, '$1 ').replace(/(\p{Lu}\p{M}*)(?=\p{Lu}\p{M}*\p{Ll})/gu, '$1 ').split(' ');
}

/** The definition of r[search.result.truncate], on the whole code-point array. */
function truncateByArray(s: string): string {
  const cps = Array.from(s);
  return cps.length <= 150 ? s : cps.slice(0, 147).join('') + '...';
}

/** Strings around the 150-code-point limit, mixing BMP letters, astral emoji and lone surrogates. */
const nearLimit = fc
  .array(fc.oneof({ weight: 6, arbitrary: fc.constantFrom('a', 'é', ' ', '天') }, fc.constantFrom('😀', '𝔸'), loneSurrogate), { minLength: 70, maxLength: 320 })
  .map((parts) => parts.join(''));

describe('optimised paths agree with the definitions', () => {
  it('[search.tokenize.document] one memoised tokenizer over many texts gives exactly the terms of tokenize', () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 12 }), (texts) => {
        const memoised = memoisedTokenizer();
        for (const t of texts) expect(memoised(t)).toEqual(tokenize(t));
        // A second pass is served from the memo and is unchanged.
        for (const t of texts) expect(memoised(t)).toEqual(tokenize(t));
      }),
    );
  });

  it('[search.tokenize.document] memoised terms of a repeated word are not shared with callers', () => {
    const memoised = memoisedTokenizer();
    const first = memoised('GitHubPR createIssue');
    first.length = 0;
    first.push('mutated');
    expect(memoised('GitHubPR createIssue')).toEqual(tokenize('GitHubPR createIssue'));
    expect(memoised('GitHubPR')).toEqual(['githubpr', 'git', 'github', 'hub', 'hubpr', 'pr']);
  });

  it('[search.tokenize.fold] the fold, ASCII shortcut included, equals its steps on any string', () => {
    const ascii = fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)), maxLength: 40 });
    fc.assert(
      fc.property(fc.oneof(ascii, text, fc.string({ unit: 'binary', maxLength: 40 })), (s) => {
        expect(fold(s)).toBe(foldBySteps(s));
      }),
    );
  });

  it('[search.tokenize.case-split] the split, shortcut for words without capitals included, equals its definition', () => {
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ unit: 'grapheme', maxLength: 20 }), fc.string({ maxLength: 20 })), (s) => {
        expect(splitCaseBoundaries(s)).toEqual(splitBySteps(s));
      }),
    );
  });

  it('[search.result.truncate] the bounded cut equals cutting the array of code points, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.oneof(nearLimit, fc.string({ unit: 'binary', maxLength: 400 })), (s) => {
        expect(truncateDescription(s)).toBe(truncateByArray(s));
      }),
    );
    for (const n of [146, 147, 148, 149, 150, 151, 152]) {
      for (const s of ['a'.repeat(n), '😀'.repeat(n), '\uD800'.repeat(n), 'a' + '😀'.repeat(n - 1)]) {
        expect(truncateDescription(s)).toBe(truncateByArray(s));
      }
    }
  });

  it('[search.result.shape] [search.result.truncate] every result carries its tool\'s description, truncated', () => {
    const description = fc.oneof(text, nearLimit.map((s) => `weather ${s}`), fc.array(fc.constantFrom(...WORDS), { maxLength: 60 }).map((ws) => ws.join(' ')));
    const doc: fc.Arbitrary<SearchDocument> = fc.record({ name: fc.constantFrom('a', 'b', 'c', 'get_weather', '__proto__'), description });
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 10 }), fc.constantFrom('weather', 'createIssue github', 'the x', '天气'), (docs, q) => {
        // The last description of a name is the one it keeps (r[search.index.duplicate-names]).
        const last = new Map(docs.map((d) => [d.name, d.description]));
        for (const hit of rankCandidates(buildSearchIndex(docs), q, { minScore: 0 })) {
          expect(hit.description).toBe(truncateByArray(last.get(hit.name)!));
        }
      }),
    );
  });
});

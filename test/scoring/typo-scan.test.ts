/**
 * The small-index typo scan (r[search.index.build]: the first typo look-ups of an index read its
 * terms instead of building the one-deletion neighbours) against the neighbours and the reference,
 * with letters that folding keeps outside the Basic Multilingual Plane (Gothic), so that the scan's
 * code-unit shortcut for BMP strings and its code-point path for the others are both compared.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, selectQueryTerms, SCORING_PARAMETERS, tokenizeQuery, type SearchDocument } from '../../src/scoring/index.js';
import { asToolIndex } from '../../src/scoring/rank.js';
import { referenceIndex, referenceQueryTerms } from './support/reference-scorer.js';

/** Gothic letters: astral (two UTF-16 units each), no case and no decomposition, so folding keeps them. */
const GOTHIC = ['𐌰', '𐌱', '𐌲', '𐌳'];
const ASCII = ['a', 'b', 'r', 't'];

/** The scored terms of `q` in a new index (which reads its terms) and in one with its neighbours built; checks the scan built nothing. */
function scannedAndBuilt(docs: readonly SearchDocument[], q: string): [string[], string[]] {
  const scanned = buildSearchIndex(docs);
  const withNeighbours = buildSearchIndex(docs);
  void asToolIndex(withNeighbours).deletions;
  const terms = (index: typeof scanned) => selectQueryTerms(index, q).map((t) => t.term);
  const fromScan = terms(scanned);
  expect(asToolIndex(scanned).hasDeletions).toBe(false);
  return [fromScan, terms(withNeighbours)];
}

describe('the typo scan of a new index, outside the Basic Multilingual Plane', () => {
  it('[search.index.build] [search.query.typo] astral letters keep two code units each through tokenizing (the premise of this file)', () => {
    expect(tokenizeQuery('𐌰𐌱𐌲𐌳𐌰𐌱𐌲')).toEqual(['𐌰𐌱𐌲𐌳𐌰𐌱𐌲']);
    expect('𐌰'.length).toBe(2);
  });

  it('[search.index.build] [search.query.typo] the scan finds what the neighbours and the reference find, for terms of astral, BMP and mixed letters', () => {
    const { typoMinLength, typoMaxLength } = SCORING_PARAMETERS;
    // All-astral, all-ASCII or mixed words, of one code point fewer than the typo lengths to one more.
    const alphabet = fc.constantFrom(GOTHIC, ASCII, [...GOTHIC, ...ASCII]);
    const family = alphabet.chain((letters) => {
      const letter = fc.constantFrom(...letters);
      const anyLetter = fc.constantFrom(...GOTHIC, ...ASCII);
      const stem = fc.array(letter, { minLength: typoMinLength - 1, maxLength: typoMaxLength + 1 });
      // A word near the stem (as arrays of code points): itself, one deleted, one inserted, one replaced, two adjacent swapped.
      const near = (w: string[]) =>
        fc.oneof(
          fc.constant(w),
          fc.nat(w.length - 1).map((i) => w.filter((_, j) => j !== i)),
          fc.tuple(fc.nat(w.length), fc.oneof(letter, anyLetter)).map(([i, l]) => [...w.slice(0, i), l, ...w.slice(i)]),
          fc.tuple(fc.nat(w.length - 1), fc.oneof(letter, anyLetter)).map(([i, l]) => w.map((c, j) => (j === i ? l : c))),
          fc.nat(Math.max(0, w.length - 2)).map((i) => w.map((c, j) => (j === i ? w[i + 1] ?? c : j === i + 1 ? w[i]! : c))),
        );
      return stem.chain((w) => fc.tuple(fc.array(near(w), { minLength: 1, maxLength: 10 }), fc.array(near(w), { minLength: 1, maxLength: 5 })));
    });
    let astralMatches = 0;
    fc.assert(
      fc.property(family, ([words, queries]) => {
        const docs = words.map((w, i) => ({ name: `t${i}`, description: w.join('') }));
        const reference = referenceIndex(docs);
        for (const q of queries.map((w) => w.join(''))) {
          const [fromScan, fromNeighbours] = scannedAndBuilt(docs, q);
          const expected = referenceQueryTerms(reference, q).map((t) => t.term);
          expect(fromScan).toEqual(expected);
          expect(fromNeighbours).toEqual(expected);
          if (!expected.includes(q) && expected.some((t) => t.length > [...t].length)) astralMatches++;
        }
      }),
    );
    // Not vacuous: some unknown terms with astral letters were matched with one typo.
    expect(astralMatches).toBeGreaterThan(0);
  });

  it('[search.query.typo] [search.index.build] one astral letter deleted, inserted, replaced or swapped is one typo; the lengths bound both terms', () => {
    const g = (s: string) => s.replace(/[abcd]/g, (c) => GOTHIC['abcd'.indexOf(c)]!);
    const known = g('abcdabcd'); // 8 code points, 16 code units
    const docs = [{ name: 'x', description: known }, { name: 'y', description: g('dcbadcbadcbad') /* 13 code points */ }];
    expect([...g('dcbadcbadcbad')].length).toBe(SCORING_PARAMETERS.typoMaxLength + 1);
    const cases: Array<[string, string[]]> = [
      [g('abcdabc'), [known]], // one deleted: a known term one code point longer
      [g('abcdabcda'), [known]], // one inserted: a known term one code point shorter
      [g('abcdabdd'), [known]], // one replaced
      [g('abcdbacd'), [known]], // two adjacent swapped
      [g('abcdccabcd'), []], // two inserted
      [g('dcbadcbadcba'), []], // one deleted, but the known term (13 code points) is longer than the typo lengths
      [`${g('abcdabc')}x`, [known]], // a BMP letter for an astral one
    ];
    for (const [q, expected] of cases) {
      const [fromScan, fromNeighbours] = scannedAndBuilt(docs, q);
      expect({ q, terms: fromScan }).toEqual({ q, terms: expected });
      expect(fromNeighbours).toEqual(expected);
      expect(referenceQueryTerms(referenceIndex(docs), q).map((t) => t.term)).toEqual(expected);
    }
  });
});

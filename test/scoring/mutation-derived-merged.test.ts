/**
 * What the unit scope `scoring` of `npm run mutation` showed no test checked in a derived index
 * (r[search.index.derived]): the estimated bytes of its terms' one-deletion neighbours
 * (r[search.query.typo]), counted beyond its root (r[processor.resolved.index-cache]).
 */
import { describe, expect, it } from 'vitest';
import { analyseDocument } from '../../src/scoring/analysis.js';
import { deriveIndex } from '../../src/scoring/derived-index.js';
import { ELEMENT, MAP_ENTRY, OBJECT, STRING } from '../../src/scoring/footprint-units.js';
import { estimateSearchIndexBytes } from '../../src/scoring/index.js';
import { SCORING_PARAMETERS } from '../../src/scoring/parameters.js';
import { assembleIndex } from '../../src/scoring/search-index.js';

describe('the one-deletion neighbours a derived index counts', () => {
  it('[processor.resolved.index-cache] [search.index.derived] [search.query.typo] only terms of 7 to 12 code points have neighbours: one map entry per code point, each with its string (2 bytes a UTF-16 unit) and a list of one reference', () => {
    // Gothic letters (U+10330…) are one code point and two UTF-16 units each.
    const gothic12 = '𐌰𐌱𐌲𐌳𐌴𐌵𐌶𐌷𐌸𐌹𐌺𐌻';
    const gothic4 = '𐌰𐌱𐌲𐌳';
    const root = assembleIndex(
      [
        analyseDocument('get_a', `quixotry ${gothic12} zqxwvbnmkjhgf ${gothic4}`),
        analyseDocument('put_b', 'kumquat'),
      ],
      SCORING_PARAMETERS,
      true,
    );
    // term → [UTF-16 length, code points]
    expect(new Map(root.terms.map((t) => [t, [t.length, [...t].length]]))).toEqual(
      new Map([
        ['get', [3, 3]], // too short
        ['put', [3, 3]], // too short
        ['quixotri', [8, 8]], // 8 code points
        [gothic12, [24, 12]], // 12 code points in 24 units (2 × typoMaxLength)
        ['zqxwvbnmkjhgf', [13, 13]], // 13 code points: none
        [gothic4, [8, 4]], // 8 units but 4 code points: none
        ['kumquat', [7, 7]], // 7 code points in 7 units
      ]),
    );
    // Each neighbour: a map entry, a string header and 2 bytes a unit (the term's length bounds
    // it), an object with its list's one reference.
    const each = (cps: number, units: number): number => cps * (MAP_ENTRY + STRING + 2 * units + OBJECT + ELEMENT);
    expect(each(8, 8)).toBe(1_088);
    expect(each(12, 24)).toBe(2_016);
    expect(each(7, 7)).toBe(938);
    const neighbours = 1_088 + 2_016 + 938;
    const derived = deriveIndex(root, []);
    const memo = 4 * root.size * 12 + 64 * MAP_ENTRY;
    expect(estimateSearchIndexBytes(derived!) - estimateSearchIndexBytes(root)).toBe(OBJECT * 12 + memo + ELEMENT * 7 + neighbours);
  });
});

/**
 * What the unit scope `scoring` of `npm run mutation` showed no test checked in the estimate of the
 * bytes an index retains (r[processor.resolved.index-cache]): the unit costs of plain objects and
 * typed-array views, each term's fixed cost and its one-deletion neighbours
 * (r[search.query.typo]), each tool's cost, and the compound bookkeeping of an index kept for
 * derivation (r[search.index.derived]).
 */
import { describe, expect, it } from 'vitest';
import { analyseDocument } from '../../src/scoring/analysis.js';
import { builtIndexBytes, termsBytes } from '../../src/scoring/footprint.js';
import { ELEMENT, MAP_ENTRY, OBJECT, objectBytes, STRING, stringBytes, typedArrayBytes, typedViewsBytes } from '../../src/scoring/footprint-units.js';
import { buildSearchIndex, estimateSearchIndexBytes } from '../../src/scoring/index.js';
import { SCORING_PARAMETERS } from '../../src/scoring/parameters.js';
import { assembleIndex, BuiltIndex } from '../../src/scoring/search-index.js';

/** Deseret small letters (U+10428…): two code units each. */
const deseret = (n: number) => String.fromCodePoint(...Array.from({ length: n }, (_, i) => 0x10428 + i));

describe('the unit costs of the estimates', () => {
  it('[processor.resolved.index-cache] a plain object costs a 24-byte header and 8 bytes a field (15 fields: 144 B, as measured)', () => {
    expect(objectBytes(0)).toBe(24);
    expect(objectBytes(2)).toBe(40);
    expect(objectBytes(15)).toBe(144);
  });

  it('[processor.resolved.index-cache] one view of a buffer costs what a typed array of that buffer costs; each more view adds a view, the buffer is counted in whole 8-byte words', () => {
    for (let n = 0; n <= 17; n++) expect(typedViewsBytes(1, n)).toBe(typedArrayBytes(n, 1));
    expect(typedViewsBytes(1, 12)).toBe(208 + 16);
    expect(typedViewsBytes(3, 12)).toBe(208 + 2 * 104 + 16);
    expect(typedViewsBytes(3, 12) - typedViewsBytes(3, 0)).toBe(16);
  });
});

describe('the estimated bytes of an index\'s terms', () => {
  /** A term's own cost: a map entry, its string, a reference, its offset (4 bytes), idf and greatest strength (8 each). */
  const own = (term: string) => MAP_ENTRY + stringBytes(term) + ELEMENT + 4 + 8 + 8;
  /** The one-deletion neighbours of a term of `cps` code points and `length` code units: a map entry, a string header, two bytes a unit of the term (on the high side), and a list each. */
  const neighbours = (cps: number, length: number) => cps * (MAP_ENTRY + STRING + 2 * length + OBJECT + ELEMENT);

  it('[processor.resolved.index-cache] a term under 7 code points costs its string, a map entry, a reference, its offset, idf and greatest strength', () => {
    expect(termsBytes([], SCORING_PARAMETERS)).toBe(0);
    expect(own('kj')).toBe(40 + 26 + 8 + 20);
    expect(termsBytes(['kj'], SCORING_PARAMETERS)).toBe(94);
    expect(termsBytes(['kj', 'zqxwvk'], SCORING_PARAMETERS)).toBe(94 + own('zqxwvk'));
  });

  it('[processor.resolved.index-cache] [search.query.typo] a term of 7 to 12 code points adds one neighbour per code point, with its string and a list; one of 13 adds none', () => {
    const latin = 'zqxwvkjzqxwvkjz';
    expect(neighbours(7, 7)).toBe(7 * 134);
    expect(termsBytes([latin.slice(0, 7)], SCORING_PARAMETERS)).toBe(own(latin.slice(0, 7)) + 7 * 134);
    expect(termsBytes([latin.slice(0, 12)], SCORING_PARAMETERS)).toBe(own(latin.slice(0, 12)) + neighbours(12, 12));
    expect(termsBytes([latin.slice(0, 13)], SCORING_PARAMETERS)).toBe(own(latin.slice(0, 13)));
  });

  it('[processor.resolved.index-cache] [search.query.typo] [search.unicode] the typo lengths are code points: 4 astral letters (8 code units) have no neighbours, 7 (14 units) and 12 (24 units) have them, 13 (26 units) not', () => {
    expect(termsBytes([deseret(4)], SCORING_PARAMETERS)).toBe(own(deseret(4)));
    expect(own(deseret(4))).toBe(40 + 24 + 16 + 28);
    expect(termsBytes([deseret(6)], SCORING_PARAMETERS)).toBe(own(deseret(6)));
    expect(termsBytes([deseret(7)], SCORING_PARAMETERS)).toBe(own(deseret(7)) + neighbours(7, 14));
    expect(termsBytes([deseret(12)], SCORING_PARAMETERS)).toBe(own(deseret(12)) + neighbours(12, 24));
    expect(termsBytes([deseret(13)], SCORING_PARAMETERS)).toBe(own(deseret(13)));
  });
});

describe('the estimated bytes of an assembled index', () => {
  it('[processor.resolved.index-cache] an index, even of no tool, is estimated at least as the one object a foreign index is', () => {
    const empty = estimateSearchIndexBytes(buildSearchIndex([]));
    expect(Number.isInteger(empty)).toBe(true);
    expect(empty).toBeGreaterThanOrEqual(OBJECT);
  });

  it('[processor.resolved.index-cache] a tool whose terms the index already has costs three references, its name and description, the name-key table (3 × 4 bytes) and its postings (12 bytes each)', () => {
    // `ZQ` folds to the term `zq` that `zq` already has: no term is added, one posting is.
    const one = buildSearchIndex([{ name: 'zq', description: '' }]);
    const two = buildSearchIndex([
      { name: 'zq', description: '' },
      { name: 'ZQ', description: '' },
    ]);
    expect(estimateSearchIndexBytes(two) - estimateSearchIndexBytes(one)).toBe(3 * ELEMENT + stringBytes('ZQ') + stringBytes('') + 3 * 4 + 12);
    expect(estimateSearchIndexBytes(two) - estimateSearchIndexBytes(one)).toBe(24 + 26 + 24 + 12 + 12);
  });

  it('[processor.resolved.index-cache] [search.index.derived] [search.index.compound] the derivation basis adds two counts a posting, two numbers a tool, a map entry with its string per held string and vocabulary part, and a map entry with a list per candidate and per tool with pieces', () => {
    const tools = [
      ['getrandomimage', 'returns a picture'],
      ['getrandomimage_v2', 'returns a picture'],
      ['fetchuserdata', 'reads it'],
      ['fetch_user', 'user data'],
      ['data_tools', 'random image'],
    ].map(([name, description]) => analyseDocument(name!, description!));
    const kept = assembleIndex(tools, SCORING_PARAMETERS, true);
    const plain = assembleIndex(tools, SCORING_PARAMETERS, false);
    const { holders, vocabulary, candidateSlots, pieces } = kept.basis!.compounds;
    // `getrandomimage` is a candidate of two tools; `fetchuserdata` splits into three pieces.
    expect(candidateSlots.get('getrandomimage')).toEqual([0, 1]);
    expect(pieces.get(2)).toEqual(['fetch', 'user', 'data']);
    expect(holders.size).toBeGreaterThan(0);
    expect(vocabulary.size).toBeGreaterThan(0);
    let expected = 8 * kept.slots.length + 16 * kept.size;
    for (const key of [...holders.keys(), ...vocabulary.keys()]) expected += MAP_ENTRY + stringBytes(key);
    for (const list of [...candidateSlots.values(), ...pieces.values()]) expected += MAP_ENTRY + OBJECT + ELEMENT * list.length;
    expect(kept).toBeInstanceOf(BuiltIndex);
    expect(builtIndexBytes(kept) - builtIndexBytes(plain)).toBe(expected);
    expect(estimateSearchIndexBytes(kept) - estimateSearchIndexBytes(plain)).toBe(expected);
  });
});

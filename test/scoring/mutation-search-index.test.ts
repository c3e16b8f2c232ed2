/**
 * What the unit scope `scoring` of `npm run mutation` showed no test checked in the assembly of an
 * index (`search-index.ts`): the count of typo look-ups that read the terms before the one-deletion
 * neighbours are built, which terms the neighbours hold, a name key confirmed on the name when two
 * keys share a hash, the term map, the field strengths when a length normalisation has no length
 * to divide by, the compound pieces counted into a tool's fields, and an empty catalog's basis.
 */
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, search, SCORING_PARAMETERS } from '../../src/scoring/index.js';
import { asToolIndex } from '../../src/scoring/rank.js';
import {
  addPieceTerms,
  assembleIndex,
  buildIndexWith,
  hashString,
  lengthNorm,
  strengthOfCounts,
  TYPO_SCANS,
  type BuiltIndex,
} from '../../src/scoring/search-index.js';
import { referenceIndex, referenceSearch } from './support/reference-scorer.js';

/** The strings `word` becomes with one of its (distinct, ASCII) letters deleted. */
function deletionsOfWord(word: string): string[] {
  return Array.from(word, (_, i) => word.slice(0, i) + word.slice(i + 1));
}

/** Every strength an index holds, term by term. */
function allStrengths(index: BuiltIndex): number[] {
  return index.terms.flatMap((_, t) => Array.from(index.postingsOf(t).strengths));
}

describe('the typo look-ups that read the terms (r[search.index.build])', () => {
  it('[search.index.build] the first 4 look-ups of a new index may read its terms, no more; none once the neighbours are built', () => {
    expect(TYPO_SCANS).toBe(4);
    const docs = [{ name: 'kit', description: 'weather forecast' }];
    const fresh = asToolIndex(buildSearchIndex(docs));
    expect(fresh.hasDeletions).toBe(false);
    expect(Array.from({ length: 6 }, () => fresh.takeTypoScan())).toEqual([true, true, true, true, false, false]);
    expect(fresh.hasDeletions).toBe(false);

    // Neighbours built before any look-up: no look-up reads the terms any more.
    const built = asToolIndex(buildSearchIndex(docs));
    void built.deletions;
    expect(built.hasDeletions).toBe(true);
    expect(built.takeTypoScan()).toBe(false);
  });

  it('[search.index.build] [search.query.typo] four searches with a typo read the terms; the fifth builds the neighbours, with the same match', () => {
    const index = buildSearchIndex([
      { name: 'kit', description: 'weather forecast' },
      { name: 'mail', description: 'send a letter' },
    ]);
    const tool = asToolIndex(index);
    // `foreast` (7 code points) is `forecast` with one letter deleted (r[search.query.typo]).
    for (let i = 0; i < 4; i++) {
      expect(search(index, 'foreast', { topK: 5, minScore: 0 }).map((r) => r.name)).toEqual(['kit']);
      expect(tool.hasDeletions).toBe(false);
    }
    expect(search(index, 'foreast', { topK: 5, minScore: 0 }).map((r) => r.name)).toEqual(['kit']);
    expect(tool.hasDeletions).toBe(true);
  });
});

describe('the one-deletion neighbours (r[search.query.typo])', () => {
  // Consonants only: no stemming step applies, so each word is its own term.
  const w6 = 'bcdfgh';
  const w7 = 'jklmnpq';
  const w12 = 'rtvwxzbcdfgh';
  const w13 = 'zxwvtrqpnmlkj';
  // Six Gothic letters (no case, no decomposition: folding keeps them): 6 code points in 12 code units.
  const gothic6 = '\u{10330}\u{10331}\u{10332}\u{10333}\u{10334}\u{10335}';
  const docs = [{ name: 'kit', description: `${w6} ${w7} ${w12} ${w13} ${gothic6}` }];

  it('[search.index.build] [search.query.typo] only the terms of 7 to 12 code points (not code units) have neighbours, each deletion leading to its term', () => {
    const index = asToolIndex(buildSearchIndex(docs));
    expect(gothic6.length).toBe(12);
    expect([...index.terms].sort()).toEqual(['kit', w6, w7, w12, w13, gothic6].sort());
    const expected = new Map<string, string[]>();
    for (const word of [w7, w12]) for (const d of deletionsOfWord(word)) expected.set(d, [word]);
    const actual = new Map([...index.deletions].map(([key, terms]) => [key, [...terms]] as const));
    expect(actual).toEqual(expected);
  });

  it('[search.query.typo] with the neighbours built, a 7-letter term is found with one letter replaced, and a 13-letter term is not found by its 12-letter deletion', () => {
    const index = buildSearchIndex(docs);
    void asToolIndex(index).deletions;
    // `jklmnpx`: `jklmnpq` with its last letter replaced (both 7 code points).
    expect(search(index, 'jklmnpx', { topK: 5, minScore: 0 }).map((r) => r.name)).toEqual(['kit']);
    // 12 code points, one deletion from a term of 13: the term is too long to be matched.
    expect(search(index, w13.slice(0, 12), { topK: 5, minScore: 0 })).toEqual([]);
    // (The 12-letter term itself is found with one letter deleted.)
    expect(search(index, w12.slice(1), { topK: 5, minScore: 0 }).map((r) => r.name)).toEqual(['kit']);
  });
});

describe('the name keys (r[search.name.key])', () => {
  it('[search.name.key] [search.name.exact] a key sharing its hash with a tool\'s key is not that tool\'s name; the empty key matches nothing', () => {
    // Two keys with the same FNV-1a hash (the premise of this test).
    expect(hashString('ekaweyun')).toBe(hashString('rjlizpsq'));
    const index = buildSearchIndex([
      { name: 'rjlizpsq', description: 'reads files' },
      { name: 'send_email', description: 'sends a message' },
      { name: '___', description: 'no name key' },
      { name: 'Send Email', description: 'also sends' },
    ]);
    const tool = asToolIndex(index);
    expect(tool.exactSlots('rjlizpsq')).toEqual([0]);
    expect(tool.exactSlots('ekaweyun')).toEqual([]);
    expect(tool.exactSlots('sendemail')).toEqual([1, 3]);
    expect(tool.exactSlots('')).toEqual([]);
    expect(search(index, 'ekaweyun', { topK: 5, minScore: 0 })).toEqual([]);
    expect(search(index, 'RJLIZPSQ', { topK: 5, minScore: 0 }).map((r) => [r.name, r.score])).toEqual([['rjlizpsq', 1]]);
  });
});

describe('the term map of a built index', () => {
  it('[search.index.build] maps every term, and nothing else, to its id; built once, the same map on every read', () => {
    const index = asToolIndex(buildSearchIndex([
      { name: 'get_weather', description: 'weather forecast for a city' },
      { name: 'send_mail', description: 'send a letter' },
    ])) as BuiltIndex;
    const ids = index.termIds;
    expect(index.termIds).toBe(ids);
    expect(ids.size).toBe(index.terms.length);
    expect([...ids]).toEqual(index.terms.map((term, t) => [term, t]));
  });
});

describe('strengths when a length normalisation has nothing to divide by', () => {
  it('[search.score.field-weight] [search.score.saturation] a term not in the name has no name part, even where the name\'s normalisation is 0', () => {
    // tf′ = 1 / 1 = 1, strength 1 / (1 + 5).
    expect(strengthOfCounts(0, 1, 0, 1, 1.6, 5)).toBe(1 / 6);
    expect(strengthOfCounts(0, 2, 0, 2, 1.6, 5)).toBe(1 / 6);
    // With b = 1 a name of no term has normalisation 1 − 1 + 1 · 0 / average = 0.
    const index = buildIndexWith(
      [
        { name: '___', description: 'weather forecast' },
        { name: 'get_news', description: 'daily news' },
      ],
      { ...SCORING_PARAMETERS, nameLengthNormalisation: 1 },
    );
    const strengths = allStrengths(index);
    expect(strengths.length).toBeGreaterThan(0);
    for (const s of strengths) {
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThan(1);
    }
  });

  it('[search.score.field-weight] a field whose average length is 0 is not normalised; a catalog of empty descriptions scores as the reference does', () => {
    expect(lengthNorm(0, 0, 0.3)).toBe(1);
    expect(lengthNorm(3, 0, 0.25)).toBe(1);
    const docs = [
      { name: 'get_weather', description: '' },
      { name: 'send_mail', description: '' },
    ];
    const index = buildSearchIndex(docs);
    for (const s of allStrengths(asToolIndex(index) as BuiltIndex)) {
      expect(s).toBeGreaterThan(0);
      expect(s).toBeLessThan(1);
    }
    const hits = search(index, 'weather', { topK: 5, minScore: 0 });
    expect(hits.map((r) => r.name)).toEqual(['get_weather']);
    expect(Number.isFinite(hits[0]!.score)).toBe(true);
    expect(hits).toEqual(referenceSearch(referenceIndex(docs), 'weather', { topK: 5, minScore: 0 }));
  });
});

describe('compound pieces counted into a tool\'s fields (r[search.index.compound])', () => {
  it('[search.index.compound] a piece term the tool already has adds to its description count; a new one is appended once', () => {
    const keys = ['random'];
    const nameCounts = [1];
    const descriptionCounts = [0];
    const added = addPieceTerms(keys, nameCounts, descriptionCounts, ['random', 'xkcd', 'random'], (term) => term);
    expect(added).toBe(3);
    expect(keys).toEqual(['random', 'xkcd']);
    expect(nameCounts).toEqual([1, 0]);
    expect(descriptionCounts).toEqual([2, 1]);
  });
});

describe('the derivation basis of an empty catalog (r[search.index.derived])', () => {
  it('[search.index.derived] an empty catalog\'s average description length is 0, not the quotient 0 / 0', () => {
    const root = assembleIndex([], SCORING_PARAMETERS, true);
    expect(root.size).toBe(0);
    expect(root.basis!.averageDescriptionLength).toBe(0);
    expect(root.basis!.descriptionTotal).toBe(0);
  });
});

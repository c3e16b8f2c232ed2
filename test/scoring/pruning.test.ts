/**
 * The pruned top-k search (r[search.rank.pruning]) against the plain steps of the rule
 * (support/reference-pruning.ts) and the exhaustive reference scorer: the same hits, and exactly
 * the postings the steps say are skipped, so that a mistake in a bound, the split of the terms,
 * the θ heap or a cost test shows even where the hits happen to agree.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSearchIndex, rankedSelection, runSelection, search, type QueryStats, type SearchDocument } from '../../src/scoring/index.js';
import { setPruningPolicy } from '../../src/scoring/rank.js';
import { referencePruning } from './support/reference-pruning.js';
import { referenceIndex, referenceRank, referenceScoredTerms, referenceSearch, type ReferenceIndex } from './support/reference-scorer.js';

afterEach(() => setPruningPolicy('auto'));

const freshStats = (): QueryStats => ({ termsLookedUp: 0, postingsVisited: 0, approximateLookups: 0 });

/** Postings of the query's scored terms: what an exhaustive scoring visits. */
const postingsOfQuery = (reference: ReferenceIndex, q: string): number =>
  referenceScoredTerms(reference, q).terms.reduce((sum, t) => sum + t.postings.slots.length, 0);

/** Searches `q`, checks the hits against the exhaustive reference and the counts against the pruning steps; whether it pruned. */
function checkSearch(ours: ReturnType<typeof buildSearchIndex>, reference: ReferenceIndex, q: string, topK: number, minScore: number, policy: 'always' | 'auto'): boolean {
  const stats = freshStats();
  expect(search(ours, q, { topK, minScore, stats })).toEqual(referenceSearch(reference, q, { topK, minScore }));
  const expected = referencePruning(reference, q, topK, policy);
  expect({ skipped: stats.postingsSkipped, visited: stats.postingsVisited }).toEqual({
    skipped: expected?.skipped,
    visited: expected?.visited ?? postingsOfQuery(reference, q),
  });
  return expected !== undefined;
}

// Catalogs where a few words are in most tools and others in few: pruning has something to skip.
const COMMON = ['tool', 'data', 'get', 'list', 'service'];
const RARE = ['weather', 'forecast', 'email', 'calendar', 'event', 'repository', 'image', 'random', 'carpark', 'astrology', 'invoice', 'ticket'];
const common = fc.constantFrom(...COMMON);
const rare = fc.constantFrom(...RARE);
const pruneDoc: fc.Arbitrary<SearchDocument> = fc.record({
  name: fc.array(fc.oneof(rare, common), { minLength: 1, maxLength: 3 }).map((w) => w.join('_')),
  description: fc
    .tuple(fc.array(common, { minLength: 1, maxLength: 10 }), fc.array(rare, { maxLength: 3 }), fc.array(rare, { maxLength: 40 }))
    .map(([c, r, long]) => [...c, ...r, ...(long.length > 30 ? long : [])].join(' ')),
});
/** A query of rare and common words, or a tool's name (an exact name of two or more terms is never pruned). */
const pruneQueries = (docs: readonly SearchDocument[]) =>
  fc.array(
    fc.oneof(
      fc.tuple(fc.array(common, { minLength: 1, maxLength: 3 }), fc.array(rare, { minLength: 1, maxLength: 3 })).map(([c, r]) => [...r, ...c].join(' ')),
      fc.array(fc.oneof(rare, common), { minLength: 1, maxLength: 5 }).map((w) => w.join(' ')),
      // Two sentences: one without a scored term (pruned like one sentence), or both with one (never pruned, r[search.rank.coverage]).
      fc.tuple(fc.array(rare, { minLength: 1, maxLength: 2 }), common, fc.constantFrom('. the and', '; please', '. ', '! tool data', '? weather list')).map(([r, c, tail]) => `${r.join(' ')} ${c}${tail}`),
      fc.constantFrom(...docs.map((d) => d.name)),
      fc.constantFrom(...docs.map((d) => d.name.replace(/_/g, ' '))),
    ),
    { minLength: 1, maxLength: 4 },
  );

describe('the pruned top-k search follows the steps of r[search.rank.pruning]', () => {
  it('[search.rank.pruning] [search.threshold.top-k] [search.name.exact] whenever it can (policy always): the exhaustive hits, and exactly the postings the steps skip', () => {
    let pruned = 0;
    let declined = 0;
    fc.assert(
      fc.property(
        fc.array(pruneDoc, { minLength: 3, maxLength: 50 }).chain((docs) => fc.tuple(fc.constant(docs), pruneQueries(docs))),
        fc.integer({ min: 0, max: 12 }),
        fc.constantFrom(0, 0.3),
        ([docs, queries], topK, minScore) => {
          const ours = buildSearchIndex(docs);
          const reference = referenceIndex(docs);
          for (const q of queries) {
            setPruningPolicy('always');
            if (checkSearch(ours, reference, q, topK, minScore, 'always')) pruned++;
            else if (referenceScoredTerms(reference, q).terms.length >= 2) declined++;
            // Policy never: every posting is walked, none is counted as skipped.
            setPruningPolicy('never');
            const stats = freshStats();
            expect(search(ours, q, { topK, minScore, stats })).toEqual(referenceSearch(reference, q, { topK, minScore }));
            expect([stats.postingsSkipped, stats.postingsVisited]).toEqual([undefined, postingsOfQuery(reference, q)]);
          }
        },
      ),
    );
    // Not vacuous: searches of two or more terms both pruned and scored every candidate.
    expect(pruned).toBeGreaterThan(0);
    expect(declined).toBeGreaterThan(0);
  });

  // 1 500 tools: `tool` in every one, `data` in two of three, `list` in half, a few words in a tenth
  // or fewer, `alpha` in one of 150; descriptions of different lengths, so strengths differ.
  const big: SearchDocument[] = Array.from({ length: 1500 }, (_, i) => ({
    name: `tool_${i}`,
    description: [
      'tool',
      i % 3 !== 0 ? 'data' : '',
      i % 2 === 0 ? 'list' : '',
      i % 10 === 0 ? 'weather' : '',
      i % 15 === 0 ? 'email' : '',
      i % 7 === 0 ? 'report' : '',
      i % 150 === 0 ? 'alpha' : '',
      i % 11 === 0 ? 'data data' : '',
      'filler '.repeat(i % 6),
    ].join(' '),
  }));
  const bigOurs = buildSearchIndex(big);
  const bigReference = referenceIndex(big);

  it('[search.rank.pruning] where it pays (policy auto): the exhaustive hits, and exactly the postings the steps skip', () => {
    const words = ['tool', 'data', 'list', 'weather', 'email', 'report', 'alpha', 'filler'];
    let pruned = 0;
    let declined = 0;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 25 }), (w, topK) => {
        const q = w.join(' ');
        if (checkSearch(bigOurs, bigReference, q, topK, 0, 'auto')) pruned++;
        else if (postingsOfQuery(bigReference, q) >= 2048) declined++;
      }),
    );
    // Both outcomes happen among queries with enough postings.
    expect(pruned).toBeGreaterThan(0);
    expect(declined).toBeGreaterThan(0);
  });

  it('[search.rank.pruning] a rare word with two common ones is pruned, a word in a tenth of the tools with them is not (the look-ups would cost more)', () => {
    expect(referencePruning(bigReference, 'alpha tool data', 5, 'auto')).toBeDefined();
    expect(referencePruning(bigReference, 'weather tool data', 5, 'auto')).toBeUndefined();
    expect(checkSearch(bigOurs, bigReference, 'alpha tool data', 5, 0, 'auto')).toBe(true);
    expect(checkSearch(bigOurs, bigReference, 'weather tool data', 5, 0, 'auto')).toBe(false);
  });

  it('[search.rank.pruning] [search.threshold.top-k] a search told how many candidates there are, or of several sentences, scores every candidate', () => {
    setPruningPolicy('always');
    for (const q of ['alpha tool data', 'alpha tool data. weather list', 'email; tool data']) {
      for (const minScore of [0, ...referenceRank(bigReference, q).filter((_, i) => i % 8 === 4 && i < 40).map((h) => h.score)]) {
        const stats = freshStats();
        let counted = -1;
        const hits = runSelection(rankedSelection(bigOurs, q, { topK: 5, minScore, filtered: false, batchLimit: 10, stats, onRanked: (n) => (counted = n) }), () => []);
        expect(hits).toEqual(referenceSearch(bigReference, q, { topK: 5, minScore }));
        expect(counted).toBe(referenceRank(bigReference, q, { minScore }).length);
        expect([stats.postingsSkipped, stats.postingsVisited]).toEqual([undefined, postingsOfQuery(bigReference, q)]);
      }
    }
  });
});

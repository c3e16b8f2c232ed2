/**
 * Requests of several sentences (r[search.query.sentences], r[search.rank.coverage]) through each
 * path of the scorer — every candidate (`rankCandidates`), the bounded heap (`search` without a
 * filter), the on-demand ranking read in batches (`search` with a filter) — against the reference's
 * plain steps, on catalogs with more candidates than the coverage pool and with `minScore` set to
 * scores that occur, so that the pool's size and where `minScore` applies (r[search.threshold.order])
 * are compared.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, rankCandidates, rankedSelection, runSelection, search, SCORING_PARAMETERS, type SearchDocument } from '../../src/scoring/index.js';
import { referenceIndex, referenceRank, referenceSearch } from './support/reference-scorer.js';

const VOCABULARY = ['weather', 'forecast', 'email', 'send', 'calendar', 'event', 'invoice', 'ticket'];
const word = fc.constantFrom(...VOCABULARY);
const doc: fc.Arbitrary<SearchDocument> = fc.record({
  name: fc.array(word, { minLength: 1, maxLength: 2 }).map((w) => w.join('_')),
  description: fc.tuple(fc.array(word, { minLength: 1, maxLength: 5 }), fc.nat(12)).map(([w, pad]) => [...w, ...Array.from({ length: pad }, (_, i) => `pad${'abcdefghijklm'[i]}`)].join(' ')),
});
const sentence = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
const request = fc.tuple(fc.array(sentence, { minLength: 2, maxLength: 3 }), fc.constantFrom('. ', '; ', '? ', '\n')).map(([s, sep]) => s.join(sep));

describe('requests of several sentences on every ranking path', () => {
  it('[search.rank.coverage] [search.threshold.order] [search.threshold.filter] every path gives the reference\'s order, with minScore applied after the coverage order', () => {
    let beyondPool = 0;
    fc.assert(
      fc.property(
        fc.array(doc, { minLength: 10, maxLength: 45, size: 'max' }),
        request,
        fc.nat(30),
        fc.integer({ min: 1, max: 25 }),
        fc.constantFrom(undefined, (n: string) => !n.startsWith('w'), (n: string) => n.length % 3 !== 0),
        (docs, q, cutAt, topK, filter) => {
          const ours = buildSearchIndex(docs);
          const reference = referenceIndex(docs);
          const all = referenceRank(reference, q);
          if (all.length > SCORING_PARAMETERS.coverageDepth) beyondPool++;
          // minScore: nothing, or a score that occurs (candidates at it are kept, those below are not).
          for (const minScore of [0, all[Math.min(cutAt, all.length - 1)]?.score ?? 0]) {
            expect(rankCandidates(ours, q, { minScore })).toEqual(referenceRank(reference, q, { minScore }));
            expect(search(ours, q, { topK, minScore })).toEqual(referenceSearch(reference, q, { topK, minScore }));
            expect(search(ours, q, { topK, minScore, filter: filter ?? (() => true) })).toEqual(referenceSearch(reference, q, { topK, minScore, filter: filter ?? (() => true) }));
            // The number of candidates at or above minScore, told before the first topK are picked.
            let counted = -1;
            runSelection(rankedSelection(ours, q, { topK, minScore, filtered: false, batchLimit: 1, onRanked: (n) => (counted = n) }), () => []);
            expect(counted).toBe(referenceRank(reference, q, { minScore }).length);
          }
        },
      ),
    );
    // Not vacuous: some requests had more candidates than the pool.
    expect(beyondPool).toBeGreaterThan(0);
  });

  it('[search.threshold.order] [search.rank.coverage] minScore never changes the coverage order: a candidate below it still counts towards the pool\'s best sentence scores', () => {
    // Weather tools that mention email, and email-only tools: these score low (email is in every
    // one of them, so it weighs little), but cover the second sentence best.
    const descriptions = [
      'weather forecast weather email pad',
      'weather forecast',
      'weather forecast weather weather pad pad pad',
      'weather forecast weather email',
      'weather forecast email email pad pad pad pad pad',
      'email email email email',
      'email email email email pad',
      'email email email email pad pad pad',
      'email email email email',
      'email email pad pad',
    ];
    const docs = descriptions.map((description, i) => ({ name: `t${i}`, description }));
    const ours = buildSearchIndex(docs);
    const q = 'weather forecast. email';
    const all = rankCandidates(ours, q);
    expect(all).toEqual(referenceRank(referenceIndex(docs), q));
    const minScore = all[1]!.score;
    expect(all.some((h) => h.score < minScore)).toBe(true);
    const kept = all.filter((h) => h.score >= minScore);
    expect(rankCandidates(ours, q, { minScore })).toEqual(kept);
    expect(search(ours, q, { topK: 10, minScore, filter: () => true })).toEqual(kept);
    expect(search(ours, q, { topK: 10, minScore })).toEqual(kept);
  });
});

/**
 * The pruned top-k search (r[search.rank.pruning]) with `minScore` at a score that occurs
 * (r[search.threshold.min-score]: a candidate at it is kept) and `topK` at a tie: the hits are the
 * exhaustive reference's.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSearchIndex, search, type QueryStats } from '../../src/scoring/index.js';
import { setPruningPolicy } from '../../src/scoring/rank.js';
import { referenceIndex, referenceRank, referenceSearch } from './support/reference-scorer.js';

afterEach(() => setPruningPolicy('auto'));

const COMMON = ['tool', 'data', 'list'];
const RARE = ['weather', 'email', 'invoice', 'ticket'];

describe('pruning at the thresholds', () => {
  it('[search.rank.pruning] [search.threshold.min-score] [search.rank.order] minScore at an occurring score and topK at a tie give the exhaustive hits', () => {
    // Few distinct descriptions, so that many tools tie.
    const doc = fc.record({
      name: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
      description: fc.tuple(fc.subarray(COMMON, { minLength: 1 }), fc.subarray(RARE), fc.nat(3)).map(([c, r, pad]) => [...c, ...r, ...Array.from({ length: pad }, () => 'pad')].join(' ')),
    });
    let pruned = 0;
    setPruningPolicy('always');
    fc.assert(
      fc.property(fc.array(doc, { minLength: 8, maxLength: 40 }), fc.subarray([...RARE, ...COMMON], { minLength: 2 }), fc.nat(20), fc.nat(20), (docs, words, kAt, cutAt) => {
        const named = docs.map((d, i) => ({ ...d, name: `${d.name}${i}` }));
        const ours = buildSearchIndex(named);
        const reference = referenceIndex(named);
        const q = words.join(' ');
        const all = referenceRank(reference, q);
        if (all.length === 0) return;
        const topK = 1 + Math.min(kAt, all.length - 1);
        for (const minScore of [0, all[Math.min(cutAt, all.length - 1)]!.score, all[topK - 1]!.score]) {
          const stats: QueryStats = { termsLookedUp: 0, postingsVisited: 0, approximateLookups: 0 };
          expect(search(ours, q, { topK, minScore, stats })).toEqual(referenceSearch(reference, q, { topK, minScore }));
          if (stats.postingsSkipped !== undefined) pruned++;
        }
      }),
    );
    expect(pruned).toBeGreaterThan(0);
  });
});

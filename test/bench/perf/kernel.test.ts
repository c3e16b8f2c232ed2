/**
 * The benchmark's postings kernel (its physical reference) walks the same postings as our
 * scorer and ranks as it does: if the scorer's internals change and `postings-adapter.ts` is
 * not updated, this fails rather than the benchmark reporting a kernel that does other work.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, nameKey, search, type QueryStats } from '../../../src/scoring/index.js';
import { PostingsKernel } from './kernel.js';
import { zipfCatalog } from './zipf.js';

const WORDS = ['weather', 'forecast', 'github', 'issue', 'createIssue', 'send', 'email', 'calendar', 'event', 'file', 'files', 'Straße', 'the'];
const doc = fc.record({
  name: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join('_')),
  description: fc.array(fc.constantFrom(...WORDS), { maxLength: 12 }).map((w) => w.join(' ')),
});
const query = fc.array(fc.oneof(fc.constantFrom(...WORDS), fc.constantFrom('wether', 'emails', 'calender', 'zzz')), { maxLength: 5 }).map((w) => w.join(' '));

describe('the benchmark postings kernel', () => {
  it('[search.rank.order] ranks the top k exactly as search() with minScore 0 does', () => {
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 25 }), fc.array(query, { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 6 }), (docs, queries, k) => {
        const index = buildSearchIndex(docs);
        const kernel = new PostingsKernel(index, k);
        // The kernel walks postings only: it does not model r[search.name.exact] (a query that is
        // a tool's name scores that tool 1), so such queries are left out.
        const names = new Set(docs.map((d) => nameKey(d.name)));
        for (const q of queries.filter((q) => !names.has(nameKey(q)))) {
          kernel.run(kernel.prepare(q));
          expect(kernel.results()).toEqual(search(index, q, { topK: k, minScore: 0 }).map((h) => ({ name: h.name, score: h.score })));
        }
      }),
    );
  });

  it('[search.query.complexity] walks exactly the postings the scorer visits, on a Zipf catalog', () => {
    const docs = zipfCatalog(2_000, 1);
    const index = buildSearchIndex(docs);
    const kernel = new PostingsKernel(index);
    for (const q of [docs[0]!.description, `${docs[7]!.name} ${docs[8]!.name}`, 'bakela dimo', docs[100]!.description.split(' ').slice(0, 3).join(' ')]) {
      const stats: QueryStats = { termsLookedUp: 0, postingsVisited: 0, approximateLookups: 0 };
      const expected = search(index, q, { topK: 5, minScore: 0, stats });
      const prepared = kernel.prepare(q);
      kernel.run(prepared);
      expect(prepared.length).toBe(stats.postingsVisited + (stats.postingsSkipped ?? 0));
      expect(kernel.results()).toEqual(expected.map((h) => ({ name: h.name, score: h.score })));
    }
  });

  it('[search.rank.pruning] the pruned kernel skips exactly the postings the scorer skips, with the same top k, on Zipf catalogs', () => {
    let pruned = 0;
    for (const [size, seed] of [[10_000, 1]] as const) {
      const docs = zipfCatalog(size, seed);
      const index = buildSearchIndex(docs);
      const kernel = new PostingsKernel(index);
      const names = new Set(docs.map((d) => nameKey(d.name)));
      const queries = docs
        .filter((_, i) => i % 97 === 0)
        .flatMap((d) => [d.description.split(' ').slice(0, 2).join(' '), d.description.split(' ').slice(1, 4).join(' '), d.description])
        .filter((q) => !names.has(nameKey(q)));
      for (const q of queries) {
        const stats: QueryStats = { termsLookedUp: 0, postingsVisited: 0, approximateLookups: 0 };
        const expected = search(index, q, { topK: 5, minScore: 0, stats });
        const prepared = kernel.prepare(q);
        kernel.runPruned(prepared);
        expect([q, kernel.skipped]).toEqual([q, stats.postingsSkipped ?? 0]);
        expect(kernel.results()).toEqual(expected.map((h) => ({ name: h.name, score: h.score })));
        if (kernel.skipped > 0) pruned += 1;
      }
    }
    // The catalogs are large enough that some queries prune: otherwise this test checks nothing.
    expect(pruned).toBeGreaterThan(10);
  });
});

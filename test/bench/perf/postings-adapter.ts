/**
 * The one place where the benchmark reads our scorer's postings, for the typed-array kernel
 * (`kernel.ts`). Everything else in the benchmark uses the public API only.
 *
 * What it relies on (update this file, and only this file, when the scorer's internals change;
 * `test/bench/perf/kernel.test.ts` fails when the two disagree):
 *
 * - public: `selectQueryTerms(index, query)` of `tool-search-reference/scoring` returns the scored
 *   query terms in summation order, each with its `weight` and its `postings` (`slots`,
 *   `strengths`: any array-like of numbers);
 * - internal: the object `buildSearchIndex` returns has `terms` (term id → term), `postingsOf(id)`
 *   (that term's postings, as above) and `names` (the tool names in slot order).
 *
 * The kernel does not model r[search.name.exact] (a query that is a tool's name scores it 1 by a
 * name-key look-up, outside the postings); its test leaves such queries out.
 */
import { selectQueryTerms, type SearchIndex } from '../../../src/scoring/index.js';

/** One term's postings as typed arrays: slots ascending, and the term's strength in each. */
export interface TypedPostings {
  /** Catalog positions. */
  readonly slots: Int32Array;
  /** Saturated field-weighted term frequency in each slot. */
  readonly strengths: Float64Array;
}

interface ArrayLikePostings {
  readonly slots: ArrayLike<number>;
  readonly strengths: ArrayLike<number>;
}

interface IndexInternals {
  readonly terms?: unknown;
  readonly postingsOf?: unknown;
  readonly names?: unknown;
}

function internals(index: SearchIndex): { terms: readonly string[]; postingsOf: (t: number) => ArrayLikePostings; names: readonly string[] } {
  const { terms, postingsOf, names } = index as unknown as IndexInternals;
  if (!Array.isArray(terms) || typeof postingsOf !== 'function' || !Array.isArray(names)) {
    throw new Error(
      'test/bench/perf/postings-adapter.ts: the search index no longer has `terms`, `postingsOf(id)` and `names`; ' +
        'update this adapter to read the postings of the new index layout.',
    );
  }
  return { terms: terms as string[], postingsOf: (t) => (postingsOf as (t: number) => ArrayLikePostings).call(index, t), names: names as string[] };
}

function typed(p: ArrayLikePostings): TypedPostings {
  return { slots: Int32Array.from(p.slots), strengths: Float64Array.from(p.strengths) };
}

/** Every term of the index with its postings copied into typed arrays. */
export function indexPostings(index: SearchIndex): Map<string, TypedPostings> {
  const out = new Map<string, TypedPostings>();
  const { terms, postingsOf } = internals(index);
  terms.forEach((term, t) => out.set(term, typed(postingsOf(t))));
  return out;
}

/** Tool names in slot order. */
export function slotNames(index: SearchIndex): string[] {
  return [...internals(index).names];
}

/** The terms our scorer scores for `query`, in its summation order, with their weights. */
export function queryTerms(index: SearchIndex, query: string): Array<{ term: string; weight: number }> {
  return selectQueryTerms(index, query).map((t) => ({ term: t.term, weight: t.weight }));
}

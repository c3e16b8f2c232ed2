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
 * - internal: the object `buildSearchIndex` returns has `postings`, a `Map` from every index term
 *   to such postings, and `tools`, the documents in slot order (`{ name }`).
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
  readonly postings?: unknown;
  readonly tools?: unknown;
}

function internals(index: SearchIndex): { postings: ReadonlyMap<string, ArrayLikePostings>; tools: ReadonlyArray<{ name: string }> } {
  const { postings, tools } = index as unknown as IndexInternals;
  if (!(postings instanceof Map) || !Array.isArray(tools)) {
    throw new Error(
      'test/bench/perf/postings-adapter.ts: the search index no longer has a `postings` Map and a `tools` array; ' +
        'update this adapter to read the postings of the new index layout.',
    );
  }
  return { postings: postings as ReadonlyMap<string, ArrayLikePostings>, tools: tools as ReadonlyArray<{ name: string }> };
}

function typed(p: ArrayLikePostings): TypedPostings {
  return { slots: Int32Array.from(p.slots), strengths: Float64Array.from(p.strengths) };
}

/** Every term of the index with its postings copied into typed arrays. */
export function indexPostings(index: SearchIndex): Map<string, TypedPostings> {
  const out = new Map<string, TypedPostings>();
  for (const [term, p] of internals(index).postings) out.set(term, typed(p));
  return out;
}

/** Tool names in slot order. */
export function slotNames(index: SearchIndex): string[] {
  return internals(index).tools.map((t) => t.name);
}

/** The terms our scorer scores for `query`, in its summation order, with their weights. */
export function queryTerms(index: SearchIndex, query: string): Array<{ term: string; weight: number }> {
  return selectQueryTerms(index, query).map((t) => ({ term: t.term, weight: t.weight }));
}

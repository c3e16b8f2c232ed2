/**
 * What the generators of the pruning cases (`pruning-case.ts`, `pruning-paths-case.ts`) ask of the
 * reference scorer: which words are terms of their own, and, over one index and top k, a query's
 * statistics, its top hits, and how many of a set of queries pruning skips postings for
 * (r[search.rank.pruning]).
 */
import { search, tokenize, tokenizeQuery, type QueryStats, type SearchIndex } from '../../../src/scoring/index.js';

/** Whether a word is one term, itself, both in a query and in a description. */
export const isOwnTerm = (w: string): boolean => JSON.stringify(tokenizeQuery(w)) === JSON.stringify([w]) && JSON.stringify(tokenize(w)) === JSON.stringify([w]);

/** A query's statistics and top `topK` (names and scores) over `index`, and how many queries prune. */
export function searchProbes(index: SearchIndex, topK: number) {
  const stats = (query: string): QueryStats => {
    const s: QueryStats = { termsLookedUp: 0, postingsVisited: 0, approximateLookups: 0 };
    search(index, query, { topK, minScore: 0, stats: s });
    return s;
  };
  return {
    stats,
    top: (query: string): Array<[string, number]> => search(index, query, { topK, minScore: 0 }).map((h) => [h.name, h.score]),
    /** How many of the queries skip postings (are pruned). */
    pruned: (queries: readonly string[]): number => queries.filter((q) => (stats(q).postingsSkipped ?? 0) > 0).length,
  };
}

/**
 * Retrieval metrics of `npm run eval:search`, over the first 5 results of each query.
 *
 * - Recall@k: the fraction of the query's gold tools among the first k results (for a
 *   single-tool query 1 when the gold tool is there, else 0).
 * - MRR@5: 1 / rank of the first gold tool among the first 5 results, 0 when none is.
 * - nDCG@5: binary-relevance DCG of the first 5 results (`Σ 1 / log2(rank + 1)` over the gold
 *   tools found) divided by the DCG of an ideal ranking (all gold tools first).
 */
import type { GoldQuery } from '../data.js';

/** The four figures of one system on one set of queries, each a mean over the queries. */
export interface Metrics {
  readonly recallAt1: number;
  readonly recallAt5: number;
  readonly mrrAt5: number;
  readonly ndcgAt5: number;
}

/** The depth every metric looks at. */
export const DEPTH = 5;

/** The metrics of one query, given the names a system returned (best first). */
export function queryMetrics(gold: readonly string[], ranked: readonly string[]): Metrics {
  const goldSet = new Set(gold);
  const top = ranked.slice(0, DEPTH);
  const recallAt = (k: number) => new Set(top.slice(0, k).filter((name) => goldSet.has(name))).size / goldSet.size;
  const first = top.findIndex((name) => goldSet.has(name));
  let dcg = 0;
  const seen = new Set<string>();
  top.forEach((name, i) => {
    if (goldSet.has(name) && !seen.has(name)) {
      seen.add(name);
      dcg += 1 / Math.log2(i + 2);
    }
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(goldSet.size, DEPTH); i++) ideal += 1 / Math.log2(i + 2);
  return { recallAt1: recallAt(1), recallAt5: recallAt(DEPTH), mrrAt5: first >= 0 ? 1 / (first + 1) : 0, ndcgAt5: dcg / ideal };
}

/** The mean of per-query metrics. */
export function meanMetrics(all: readonly Metrics[]): Metrics {
  const n = all.length || 1;
  const sum = (pick: (m: Metrics) => number) => all.reduce((s, m) => s + pick(m), 0) / n;
  return { recallAt1: sum((m) => m.recallAt1), recallAt5: sum((m) => m.recallAt5), mrrAt5: sum((m) => m.mrrAt5), ndcgAt5: sum((m) => m.ndcgAt5) };
}

/** The metrics of a system over queries, from the names it returned for each (same order). */
export function evaluateRuns(queries: readonly GoldQuery[], runs: readonly (readonly string[])[]): Metrics {
  return meanMetrics(queries.map((q, i) => queryMetrics(q.gold, runs[i]!)));
}

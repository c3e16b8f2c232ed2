/**
 * The pipeline after ranking, written once: `minScore` (inside `rankCandidates`), then the
 * filter, asked in rank order in bounded batches, then `topK`. The scorer's synchronous
 * `search` and the processor's `search_tools` (which asks an asynchronous filter with
 * deadlines) both drive this one generator; they differ only in how they answer a batch.
 *
 * @see r[search.threshold.order]
 * @see r[search.threshold.filter-batches]
 */
import { resolveTopK } from './options.js';
import { rankedHits, topCandidates } from './rank.js';
import type { RankOptions, SearchHit, SearchIndex, SearchOptions } from './types.js';

/** Candidates in ranked order, read batch by batch (an array, or candidates ranked on demand). */
export interface RankedList<T> {
  /** Number of candidates. */
  readonly length: number;
  /** Candidates `start` to `end` (exclusive), read in order: each call starts where the previous one ended. */
  slice(start: number, end: number): T[];
}

/**
 * A selection in progress: it yields each batch of candidates the filter must be asked about,
 * receives one verdict per candidate of that batch (`true` keeps it), and returns the kept ones.
 */
export type Selection<T> = Generator<readonly T[], T[], readonly boolean[]>;

/** Options of {@link rankedSelection}. */
export interface SelectionOptions extends RankOptions {
  /** At most this many results (a non-negative integer). Default `DEFAULT_TOP_K`. */
  topK?: number;
  /** Whether a filter is asked at all; without one the first `topK` candidates are the result. */
  filtered: boolean;
  /** The largest batch (at least 1). 1 asks one candidate at a time. */
  batchLimit: number;
  /** Told, once ranked, how many candidates are at or above `minScore` (before the filter). */
  onRanked?: ((candidates: number) => void) | undefined;
}

/**
 * The size of the next batch: `min(limit, need)` for the first batch and after a batch that
 * denied nothing; after a batch that denied a candidate, `min(limit, max(need, 2 × previous))`.
 * Never more than what remains.
 *
 * Implements r[search.threshold.filter-batches].
 *
 * @param limit - the batch limit (at least 1)
 * @param need - `topK` minus the candidates kept so far (at least 1)
 * @param previous - the size of the previous batch if it denied a candidate, else 0
 * @param remaining - candidates not asked yet
 */
export function nextBatchSize(limit: number, need: number, previous: number, remaining: number): number {
  const wanted = previous === 0 ? need : Math.max(need, 2 * previous);
  return Math.max(1, Math.min(limit, wanted, remaining));
}

/**
 * Keeps the first `topK` candidates the filter allows, in ranked order, asking in batches
 * and never asking about a candidate after the batch in which the `topK`-th allowed one is.
 *
 * Implements r[search.threshold.filter], r[search.threshold.top-k] and r[search.threshold.filter-batches].
 *
 * @param ranked - candidates in ranked order (an array, or a list ranked on demand)
 * @param topK - how many to keep at most
 * @param batchLimit - the largest batch (at least 1)
 */
export function* selectAllowed<T>(ranked: RankedList<T>, topK: number, batchLimit: number): Selection<T> {
  const limit = Math.max(1, Math.floor(batchLimit));
  const kept: T[] = [];
  let next = 0;
  let grown = 0;
  // Until topK are kept or no candidate is left: the next batch, in ranked order.
  while (kept.length < topK && next < ranked.length) {
    const size = nextBatchSize(limit, topK - kept.length, grown, ranked.length - next);
    const batch = ranked.slice(next, next + size);
    next += size;
    // One verdict per candidate; only `true` keeps one, and never more than topK.
    const verdicts = yield batch;
    let denied = false;
    for (let i = 0; i < batch.length; i++) {
      if (verdicts[i] !== true) denied = true;
      else if (kept.length < topK) kept.push(batch[i]!);
    }
    // Batches grow only while candidates are denied.
    grown = denied ? size : 0;
  }
  return kept;
}

/**
 * The whole pipeline over one index: rank every candidate (`minScore` applies there), then
 * the filter when there is one, then `topK`.
 *
 * Implements r[search.threshold.order].
 *
 * @param index - the search index
 * @param query - the query
 * @param options - thresholds, whether a filter is asked, and the batch limit
 */
export function* rankedSelection(index: SearchIndex, query: string, options: SelectionOptions): Selection<SearchHit> {
  const topK = resolveTopK(options.topK);
  // Rank every candidate and apply minScore; without a filter, the first topK (kept in a bounded heap).
  // Unlike @mastra/core 1.71.0 (r[search.threshold.order]): without a filter Mastra only considers the 2 · topK best
  // tools by plain BM25 before its name boosts.
  if (!options.filtered) return unfilteredSelection(index, query, options);
  // With a filter: candidates in ranked order, ranked as far as the filter is asked about them.
  const ranked = rankedHits(index, query, options);
  options.onRanked?.(ranked.length);
  // The filter removes tools (never reorders), asked in batches; the first topK kept remain.
  return yield* selectAllowed(ranked, topK, options.batchLimit);
}

/**
 * What {@link rankedSelection} returns at once when no filter is asked (`filtered: false`): the
 * first `topK` candidates at or above `minScore`, in ranked order, and `onRanked` told how many
 * candidates there were. No generator is made: a caller that knows no filter is configured calls
 * this directly.
 *
 * Implements r[search.threshold.order] (without a filter) and r[search.threshold.top-k].
 *
 * @param index - the search index
 * @param query - the query
 * @param options - `topK`, `minScore`, and `onRanked`
 */
export function unfilteredSelection(
  index: SearchIndex,
  query: string,
  options: RankOptions & { readonly topK?: number | undefined; readonly onRanked?: ((candidates: number) => void) | undefined },
): SearchHit[] {
  return topCandidates(index, query, resolveTopK(options.topK), options);
}

/**
 * Runs a selection with a synchronous verdict per batch.
 *
 * @param selection - the selection
 * @param decide - one verdict per candidate of a batch
 */
export function runSelection<T>(selection: Selection<T>, decide: (batch: readonly T[]) => readonly boolean[]): T[] {
  let step = selection.next();
  while (!step.done) step = selection.next(decide(step.value));
  return step.value;
}

/**
 * Runs a selection with an asynchronous verdict per batch (the batch's calls run concurrently).
 *
 * @param selection - the selection
 * @param decide - resolves to one verdict per candidate of a batch
 */
export async function runSelectionAsync<T>(
  selection: Selection<T>,
  decide: (batch: readonly T[]) => Promise<readonly boolean[]>,
): Promise<T[]> {
  let step = selection.next();
  while (!step.done) step = selection.next(await decide(step.value));
  return step.value;
}

/**
 * Searches the index: `rankCandidates`, then the filter (one candidate at a time, in ranked
 * order), then `topK`; the pipeline after ranking is the one `search_tools` runs too.
 *
 * Implements r[search.threshold.order], r[search.threshold.top-k],
 * r[search.threshold.filter] and r[search.threshold.filter-batches].
 *
 * @param index - the search index
 * @param query - the query
 * @param options - thresholds and the filter
 */
export function search(index: SearchIndex, query: string, options: SearchOptions = {}): SearchHit[] {
  const { filter } = options;
  // Without a filter the selection is its first step (what rankedSelection returns at once):
  // called directly, no generator, options copy or closure is made per query.
  if (filter === undefined) return topCandidates(index, query, resolveTopK(options.topK), options);
  const selection = rankedSelection(index, query, { ...options, filtered: filter !== undefined, batchLimit: 1 });
  return runSelection(selection, (batch) => batch.map((hit) => allowedByFilter(filter!, hit.name)));
}

/** Only `true` keeps a tool; a throw removes it (r[search.threshold.filter]). */
function allowedByFilter(filter: (name: string) => boolean, name: string): boolean {
  try {
    return filter(name) === true;
  } catch {
    return false;
  }
}

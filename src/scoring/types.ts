/** One searchable tool. In an array of documents, array order is catalog order. */
export interface SearchDocument {
  /** The tool's name, as `search_tools` reports it and `load_tool` accepts it. */
  name: string;
  /** The tool's full description (indexed in full, reported truncated). */
  description: string;
}

/** One search result, as `search_tools` reports it. */
export interface SearchHit {
  /** The tool's name. */
  name: string;
  /** The description, cut to 150 code points (see r[search.result.truncate]). */
  description: string;
  /** Relevance in [0, 1]; the very value that was compared with `minScore`. */
  score: number;
}

/** An index over one catalog, built once by `buildSearchIndex` and queried many times. */
export interface SearchIndex {
  /** Number of distinct tools in the index (duplicates by name count once). */
  readonly size: number;
}

/**
 * Counters a query adds to, so callers (and tests) can see how much work a
 * query did. Pass a fresh object with zeroed counters.
 */
export interface QueryStats {
  /** Query terms scored (after approximate matching and the cap). */
  termsLookedUp: number;
  /** Postings visited: one per (term, tool) pair that was scored. */
  postingsVisited: number;
  /** Index look-ups made while matching unknown terms approximately (prefixes and typos). */
  approximateLookups: number;
  /**
   * Postings of scored terms not walked because pruning showed they could not change the top k
   * (r[search.rank.pruning]); added to when present or when pruning happens. `postingsVisited +
   * postingsSkipped` are the postings of the scored terms.
   */
  postingsSkipped?: number;
}

/** Options of `rankCandidates`. */
export interface RankOptions {
  /** Keep candidates whose score is at least this, in [0, 1]. Default `DEFAULT_MIN_SCORE`. */
  minScore?: number;
  /** When given, the query adds its work to these counters. */
  stats?: QueryStats;
}

/** Options of `search`. */
export interface SearchOptions extends RankOptions {
  /** At most this many results (a non-negative integer). Default `DEFAULT_TOP_K`. */
  topK?: number;
  /** Removes tools the caller may not see; applied after `minScore`, before `topK`. */
  filter?: (name: string) => boolean;
}

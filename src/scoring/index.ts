/**
 * The pure search scorer behind `search_tools`: tokenization, a field-weighted
 * BM25 index over tool names and descriptions, scores normalised to [0, 1],
 * and a total, deterministic ranking. Imports nothing from Mastra.
 *
 * Normative text: `spec/search.md`.
 *
 * @packageDocumentation
 */
export type { SearchDocument, SearchHit, SearchIndex, QueryStats, RankOptions, SearchOptions } from './types.js';
export { DEFAULT_MIN_SCORE, DEFAULT_TOP_K, resolveMinScore, resolveTopK } from './options.js';
export { MAX_APPROXIMATE_TERMS, MAX_QUERY_TERMS, SCORING_PARAMETERS } from './parameters.js';
export { tokenize, tokenizeQuery, splitCaseBoundaries } from './tokenize.js';
export { segmentWords, SEGMENT_CHUNK } from './segment.js';
export { querySentences } from './sentences.js';
export { nameKey } from './name-key.js';
export { splitCompound, COMPOUND_MIN_PIECE, COMPOUND_MAX_LENGTH } from './compound.js';
export {
  analysisCacheStats,
  clearAnalysisCache,
  configureAnalysisCache,
  DEFAULT_DOCUMENT_MEMO_MAX_BYTES,
  DEFAULT_QUERY_WORD_MEMO_MAX_BYTES,
  DEFAULT_TERM_ID_MAX_BYTES,
  DEFAULT_WORD_MEMO_MAX_BYTES,
  type AnalysisCacheLimits,
  type AnalysisCacheStats,
} from './analysis.js';
export type { BoundedCacheStats } from './bounded-cache.js';
export { fold } from './fold.js';
export { stem } from './stem.js';
export { porterStem } from './porter.js';
export { STOPWORDS, QUERY_FILLERS, STEM_EXCEPTIONS, SPEC_DATA_FILES, parseDataLines } from './spec-data.js';
export { truncateDescription, DESCRIPTION_MAX_LENGTH } from './truncate.js';
export { buildSearchIndex } from './search-index.js';
export { rankCandidates, roundScore, selectQueryTerms, type QueryTerm } from './rank.js';
export { search, nextBatchSize, rankedSelection, runSelection, runSelectionAsync, selectAllowed, type RankedList, type Selection, type SelectionOptions } from './select.js';
export type { Postings } from './search-index.js';
export { estimateSearchIndexBytes } from './footprint.js';

/**
 * The constants of the scoring formula, named as spec/search.md names them.
 *
 * @see r[search.score.field-weight]
 * @see r[search.score.saturation]
 * @see r[search.score.term-weight]
 * @see r[search.query.repetition]
 * @see r[search.query.prefix]
 * @see r[search.query.typo]
 * @see r[search.query.term-cap]
 * @see r[search.rank.coverage]
 */
export const SCORING_PARAMETERS = {
  /** BM25 term-frequency saturation `k1`. */
  k1: 5,
  /** Weight of the name field; the description has weight 1. */
  nameWeight: 1.6,
  /** BM25 length normalisation `b` of the name field. */
  nameLengthNormalisation: 0.25,
  /** BM25 length normalisation `b` of the description field. */
  descriptionLengthNormalisation: 0.3,
  /** A query term weighs `idf ^ idfExponent` (times its repetition factor). */
  idfExponent: 1.25,
  /** `k3`: a term the query has `f` times weighs `(k3 + 1) · f / (k3 + f)` times more (r[search.query.repetition]). */
  queryRepetitionSaturation: 1,
  /** The shortest prefix (in code points) an unknown query term is matched by. */
  prefixMinLength: 4,
  /** Unknown query terms longer than this many code points are never matched approximately. */
  approximateMaxLength: 32,
  /** The fewest code points of the terms matched with one typo (both the query's and the index's). */
  typoMinLength: 7,
  /** The most code points of the terms matched with one typo (both the query's and the index's). */
  typoMaxLength: 12,
  /** Decimal places a score is rounded to before it is compared and reported. */
  scoreDecimals: 4,
  /** `λ`: how much covering the query's other sentences weighs against relevance when ranking (0: not at all). */
  coverageWeight: 0.5,
  /** The candidates, first in relevance order, that the sentences' coverage may reorder. */
  coverageDepth: 20,
} as const;

/** At most this many distinct query terms are scored (the first ones in query order). See r[search.query.term-cap]. */
export const MAX_QUERY_TERMS = 64;

/** At most this many unknown query terms are matched approximately (by a prefix or with one typo). See r[search.query.prefix]. */
export const MAX_APPROXIMATE_TERMS = 16;

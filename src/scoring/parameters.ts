/**
 * The constants of the scoring formula, named as spec/search.md names them.
 *
 * @see r[search.score.field-weight]
 * @see r[search.score.saturation]
 * @see r[search.score.term-weight]
 * @see r[search.query.fuzzy]
 * @see r[search.query.term-cap]
 */
export const SCORING_PARAMETERS = {
  /** BM25 term-frequency saturation `k1`. */
  k1: 3.5,
  /** Weight of the name field; the description has weight 1. */
  nameWeight: 1.5,
  /** BM25 length normalisation `b` of the name field (0: names are not length-normalised). */
  nameLengthNormalisation: 0,
  /** BM25 length normalisation `b` of the description field. */
  descriptionLengthNormalisation: 0.2,
  /** A query term weighs `(similarity · idf) ^ idfExponent`. */
  idfExponent: 1.5,
  /** Least trigram similarity (Dice) for an unknown query term to stand for an index term. */
  fuzzyMinSimilarity: 0.4,
  /** Terms shorter than this many code points are never matched approximately. */
  fuzzyMinLength: 4,
  /** Terms longer than this many code points are never matched approximately. */
  fuzzyMaxLength: 32,
  /** Decimal places a score is rounded to before it is compared and reported. */
  scoreDecimals: 4,
} as const;

/** At most this many distinct query terms are scored (the heaviest ones). See r[search.query.term-cap]. */
export const MAX_QUERY_TERMS = 64;

/** At most this many unknown query terms are matched approximately. See r[search.query.fuzzy]. */
export const MAX_FUZZY_TERMS = 16;

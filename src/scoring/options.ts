/**
 * Defaults and validation of the thresholds.
 *
 * @see r[search.threshold.defaults]
 * @see r[search.threshold.validate]
 */

/** Default `topK`: 5, as in @mastra/core 1.71.0. See r[search.threshold.defaults]. */
export const DEFAULT_TOP_K = 5;

/** Default `minScore`: 0, as in @mastra/core 1.71.0. See r[search.threshold.defaults]. */
export const DEFAULT_MIN_SCORE = 0;

/**
 * Returns `minScore` (or the default) after checking it is a number in [0, 1].
 *
 * Implements r[search.threshold.validate].
 * @throws RangeError naming the option and the accepted range.
 */
export function resolveMinScore(minScore: number | undefined): number {
  if (minScore === undefined) return DEFAULT_MIN_SCORE;
  // Unlike @mastra/core 1.71.0 (r[search.threshold.validate]): Mastra accepts any number; a minScore tuned on its
  // unbounded scale would here silently return nothing.
  if (typeof minScore !== 'number' || !(minScore >= 0 && minScore <= 1)) {
    throw new RangeError(
      `search.minScore must be a number from 0 to 1 (scores are normalised relevance); got ${String(minScore)}. ` +
        'Use 0 to keep every candidate.',
    );
  }
  return minScore;
}

/**
 * Returns `topK` (or the default) after checking it is a non-negative integer.
 *
 * Implements r[search.threshold.validate].
 * @throws RangeError naming the option and the accepted values.
 */
export function resolveTopK(topK: number | undefined): number {
  if (topK === undefined) return DEFAULT_TOP_K;
  if (typeof topK !== 'number' || !Number.isSafeInteger(topK) || topK < 0) {
    throw new RangeError(`search.topK must be a non-negative integer; got ${String(topK)}. The default is ${DEFAULT_TOP_K}.`);
  }
  return topK;
}

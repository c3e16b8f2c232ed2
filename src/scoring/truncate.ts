/**
 * The description a search result carries.
 *
 * @see r[search.result.truncate]
 */

/** Descriptions longer than this many code points are cut. */
export const DESCRIPTION_MAX_LENGTH = 150;

/** What a cut description ends with. */
export const TRUNCATION_MARK = '...';

/**
 * Cuts a description longer than 150 code points to its first 147 code points
 * followed by `...`; shorter ones are returned unchanged. Code points, not
 * UTF-16 units, so a character outside the BMP is never cut in half.
 *
 * Implements r[search.result.truncate].
 */
export function truncateDescription(text: string): string {
  // 1. Cheap exit: a string of at most 150 UTF-16 units has at most 150 code points.
  if (text.length <= DESCRIPTION_MAX_LENGTH) return text;
  // 2. Count code points; keep the text when there are at most 150.
  const codePoints = Array.from(text);
  if (codePoints.length <= DESCRIPTION_MAX_LENGTH) return text;
  // 3. Otherwise the first 147 code points, then `...`.
  return codePoints.slice(0, DESCRIPTION_MAX_LENGTH - TRUNCATION_MARK.length).join('') + TRUNCATION_MARK;
}

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
 * UTF-16 units, so a character outside the BMP is never cut in half. The work
 * is bounded by 151 code points whatever the description's length.
 *
 * Implements r[search.result.truncate].
 */
export function truncateDescription(text: string): string {
  // Cheap exit: a string of at most 150 UTF-16 units has at most 150 code points.
  if (text.length <= DESCRIPTION_MAX_LENGTH) return text;
  // Walk at most 151 code points, remembering where the 147th ends; keep
  // the text when it has at most 150.
  const keep = DESCRIPTION_MAX_LENGTH - TRUNCATION_MARK.length;
  let codePoints = 0;
  let cut = 0;
  // Unlike @mastra/core 1.71.0 (r[search.result.truncate]): Mastra counts UTF-16 code units, so an emoji at the cut is
  // split into a lone surrogate.
  for (let i = 0; i < text.length; codePoints++) {
    if (codePoints === keep) cut = i;
    if (codePoints === DESCRIPTION_MAX_LENGTH) {
      // A 151st code point starts at `i`: the first 147 code points, then `...`.
      return text.slice(0, cut) + TRUNCATION_MARK;
    }
    i += (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
  }
  return text;
}

/**
 * Word segmentation of scripts written without spaces between words (Chinese, Japanese, Thai…),
 * with the platform's ICU word break iterator (`Intl.Segmenter`).
 *
 * @see r[search.tokenize.segmented]
 * @see r[search.tokenize.icu]
 */

/**
 * The word segmenter. Its locale is fixed so that the result never depends on the machine's
 * default locale; no locale tailors the word boundaries of the segmented scripts.
 */
const WORD_SEGMENTER = new Intl.Segmenter('en', { granularity: 'word' });

/**
 * Runs longer than this many characters are segmented in consecutive pieces of this many
 * characters: ICU's dictionary segmentation takes more than linear time on long runs (80 000
 * Han characters take seconds), and a query must cost time linear in its length.
 */
export const SEGMENT_CHUNK = 256;

/** One character: a base code point with the combining marks that follow it. */
const CHARACTER = /\P{M}\p{M}*|\p{M}+/gu;

/**
 * The word segments of a run of segmented-script text, in order. Every character of the run
 * belongs to exactly one segment; a run of more than {@link SEGMENT_CHUNK} characters is cut into
 * pieces of that many characters first.
 *
 * Implements r[search.tokenize.icu].
 */
export function segmentWords(run: string): string[] {
  const out: string[] = [];
  // Cut a long run into pieces of SEGMENT_CHUNK characters (a short run is one piece).
  const pieces: string[] = [];
  if (run.length <= SEGMENT_CHUNK) pieces.push(run);
  else {
    const chars = run.match(CHARACTER) ?? [];
    for (let i = 0; i < chars.length; i += SEGMENT_CHUNK) pieces.push(chars.slice(i, i + SEGMENT_CHUNK).join(''));
  }
  // Segment each piece on its own.
  for (const piece of pieces) for (const { segment } of WORD_SEGMENTER.segment(piece)) out.push(segment);
  return out;
}

/**
 * Case and compatibility folding of text before it is cut into terms.
 *
 * @see r[search.tokenize.fold]
 */

/** Text made only of ASCII characters, on which the whole fold is lower-casing. */
export const ASCII = /^[\x00-\x7f]*$/;

/** Lone surrogates: UTF-16 code units that do not form a code point. */
const LONE_SURROGATE = /\p{Cs}/gu;

/** U+0345 COMBINING GREEK YPOGEGRAMMENI, the iota subscript. */
const IOTA_SUBSCRIPT = /\u0345/g;

/** Combining marks that sit on a cased letter (accents on Latin, Greek, Cyrillic…). */
const MARKS_ON_CASED_LETTER = /(?<=\p{LC}\p{M}*)\p{M}+/gu;

/**
 * Replaces every lone surrogate by a space, so it separates terms instead of
 * reaching `normalize` or a regular expression half-formed.
 *
 * @see r[search.tokenize.lone-surrogate]
 */
export function replaceLoneSurrogates(text: string): string {
  // Unlike @mastra/core 1.71.0 (r[search.tokenize.lone-surrogate]): a lone surrogate stays inside Mastra's token.
  return text.replace(LONE_SURROGATE, ' ');
}

function decompose(text: string): string {
  // The iota subscript becomes the letter iota (what upper-casing makes of it).
  // NFKD, then drop the combining marks that sit on a cased letter.
  return text
    .replace(IOTA_SUBSCRIPT, 'ι')
    .normalize('NFKD')
    .replace(IOTA_SUBSCRIPT, 'ι')
    .replace(MARKS_ON_CASED_LETTER, '');
}

/**
 * Folds text so that letter case, compatibility forms and accents on cased
 * letters do not matter: `fold(s) === fold(s.toUpperCase()) === fold(s.toLowerCase())`.
 *
 * Implements r[search.tokenize.fold].
 */
export function fold(text: string): string {
  // Fast path: ASCII has no surrogates, iota subscripts or combining marks,
  // NFKD and NFC leave it unchanged, and its case mappings stay in ASCII, so
  // the steps below amount to lower-casing.
  if (ASCII.test(text)) return text.toLowerCase();
  // Lone surrogates become spaces.
  const wellFormed = replaceLoneSurrogates(text);
  // Decompose and strip marks on cased letters.
  // Lower, upper, then lower case (so `ß`, `ẞ` and `SS` all end as `ss`).
  // Unlike @mastra/core 1.71.0 (r[search.tokenize.fold]): Mastra only lower-cases, so `Café` and `cafe`, `ＡＰＩ` and
  // `api` differ there.
  const cased = decompose(wellFormed).toLowerCase().toUpperCase().toLowerCase();
  // Strip again what case mapping introduced, recompose (NFC), and write
  // the final sigma as a plain sigma.
  return decompose(cased).normalize('NFC').replace(/ς/g, 'σ');
}

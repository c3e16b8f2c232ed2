/**
 * The unit costs memory estimates are made of (64-bit V8, no pointer compression).
 *
 * @see r[processor.resolved.index-cache]
 * @see r[search.index.analysis-cache]
 * @module
 */

/** Bytes of a heap object header plus a few fields. */
export const OBJECT = 48;
/** Bytes of one `Map` entry (key, value, chain link, table slot). */
export const MAP_ENTRY = 40;
/** Bytes of one array element (a tagged pointer, or an unboxed double). */
export const ELEMENT = 8;
/** Bytes of a string header. */
export const STRING = 24;

/** A string's bytes: one per UTF-16 unit when every unit fits in Latin-1, else two. */
export function stringBytes(text: string): number {
  // eslint-disable-next-line no-control-regex
  return STRING + text.length * (/[^\u0000-\u00ff]/.test(text) ? 2 : 1);
}

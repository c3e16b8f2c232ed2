/**
 * An estimate of the memory a search index retains, so that a cache of indexes can be bounded
 * by bytes rather than by count.
 *
 * @see r[processor.resolved.index-cache]
 * @module
 */
import { ToolIndex } from './search-index.js';
import type { SearchIndex } from './types.js';

/** Bytes of a heap object header plus a few fields (64-bit V8, no pointer compression). */
const OBJECT = 48;
/** Bytes of one `Map` entry (key, value, chain link, table slot). */
const MAP_ENTRY = 40;
/** Bytes of one array element (a tagged pointer, or an unboxed double). */
const ELEMENT = 8;
/** Bytes of a string header. */
const STRING = 24;

/** A string's bytes: one per UTF-16 unit when every unit fits in Latin-1, else two. */
export function stringBytes(text: string): number {
  // eslint-disable-next-line no-control-regex
  return STRING + text.length * (/[^\u0000-\u00ff]/.test(text) ? 2 : 1);
}

/**
 * Estimates the bytes an index built by `buildSearchIndex` keeps alive: the catalog's names and
 * descriptions, the truncated descriptions, every term with its postings, the one-deletion
 * neighbours of the terms matched with a typo, and the name keys.
 * The estimate is linear in the index and errs on the high side; `npm run reliability` compares
 * it with the heap measured by `process.memoryUsage()`.
 *
 * @param index - an index from `buildSearchIndex`
 * @returns the estimated retained bytes (a positive integer)
 * @see r[processor.resolved.index-cache]
 */
export function estimateSearchIndexBytes(index: SearchIndex): number {
  if (!(index instanceof ToolIndex)) return OBJECT;
  let bytes = OBJECT * 6;
  // The documents: an object with two strings each, and the truncated description.
  index.tools.forEach((doc, slot) => {
    bytes += OBJECT + ELEMENT + stringBytes(doc.name) + stringBytes(doc.description);
    const cut = index.descriptions[slot];
    bytes += ELEMENT + (cut === undefined || cut === doc.description ? 0 : stringBytes(cut));
  });
  // Each term: its string, a map entry, the postings object with two arrays.
  for (const [term, postings] of index.postings) {
    bytes += MAP_ENTRY + stringBytes(term) + OBJECT * 3 + 2 * ELEMENT * postings.slots.length;
  }
  // One-deletion neighbours (r[search.query.typo]): a map entry, the string and an array of terms.
  for (const [deleted, terms] of index.deletions) bytes += MAP_ENTRY + stringBytes(deleted) + OBJECT + ELEMENT * terms.length;
  // Name keys (r[search.name.exact]): a map entry, the key and an array of slots.
  for (const [key, slots] of index.nameKeys) bytes += MAP_ENTRY + stringBytes(key) + OBJECT + ELEMENT * slots.length;
  return bytes;
}

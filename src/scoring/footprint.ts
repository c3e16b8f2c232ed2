/**
 * An estimate of the memory a search index retains, so that a cache of indexes can be bounded
 * by bytes rather than by count.
 *
 * @see r[processor.resolved.index-cache]
 * @module
 */
import { ELEMENT, MAP_ENTRY, OBJECT, STRING, stringBytes } from './footprint-units.js';
import { ToolIndex } from './search-index.js';
import type { SearchIndex } from './types.js';

export { stringBytes } from './footprint-units.js';

/**
 * Estimates the bytes an index built by `buildSearchIndex` keeps alive: the catalog's names and
 * descriptions (which it shares with the tools, but keeps alive), every term with its postings
 * (4 bytes of slot and 8 of strength each) and per-term arrays, the name-key table, and the
 * one-deletion neighbours of the terms matched with a typo, counted whether or not a query has
 * built them yet.
 * The estimate is linear in the index and errs on the high side; `npm run reliability` compares
 * it with the heap measured by `process.memoryUsage()`.
 *
 * @param index - an index from `buildSearchIndex`
 * @returns the estimated retained bytes (a positive integer)
 * @see r[processor.resolved.index-cache]
 */
export function estimateSearchIndexBytes(index: SearchIndex): number {
  if (!(index instanceof ToolIndex)) return OBJECT;
  let bytes = OBJECT * 16;
  // The documents: two references each, the strings, and the name-key table (3 × 4 bytes).
  for (let slot = 0; slot < index.size; slot++) {
    bytes += 2 * ELEMENT + stringBytes(index.names[slot]!) + stringBytes(index.descriptions[slot]!) + 12;
  }
  // The postings: a slot (4 bytes) and a strength (8 bytes) each.
  bytes += 12 * index.slots.length;
  // Each term: its string, a map entry, a reference, its offset, idf and greatest strength.
  const { typoMinLength, typoMaxLength } = index.parameters;
  for (const term of index.terms) {
    bytes += MAP_ENTRY + stringBytes(term) + ELEMENT + 4 + 8 + 8;
    // One-deletion neighbours (r[search.query.typo]): at most one map entry per code point, each
    // with its string and a list.
    const length = term.length;
    if (length >= typoMinLength && length <= 2 * typoMaxLength) {
      const cps = [...term].length;
      if (cps >= typoMinLength && cps <= typoMaxLength) bytes += cps * (MAP_ENTRY + STRING + 2 * length + OBJECT + ELEMENT);
    }
  }
  return bytes;
}

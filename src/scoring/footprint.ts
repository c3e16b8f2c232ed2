/**
 * An estimate of the memory a search index retains, so that a cache of indexes can be bounded
 * by bytes rather than by count.
 *
 * @see r[processor.resolved.index-cache]
 * @module
 */
import { ELEMENT, MAP_ENTRY, OBJECT, STRING, stringBytes } from './footprint-units.js';
import { DerivedIndex } from './derived-index.js';
import { BuiltIndex, type ScoringParameters } from './search-index.js';
import { DESCRIPTION_MAX_LENGTH } from './truncate.js';
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
  if (index instanceof DerivedIndex) return builtIndexBytes(index.root) + index.ownBytes;
  if (!(index instanceof BuiltIndex)) return OBJECT;
  return builtIndexBytes(index);
}

const builtBytes = new WeakMap<BuiltIndex, number>();

/**
 * The most a cut description's result string keeps alive (r[search.result.truncate]): a slice of
 * the description and the mark joined to it, and once flattened, 150 code units of two bytes.
 */
const RESULT_DESCRIPTION_BYTES = 2 * OBJECT + 16 + 2 * DESCRIPTION_MAX_LENGTH;

/**
 * {@link estimateSearchIndexBytes} of an assembled index (computed once per index); with the
 * derivation basis of r[search.index.derived], 8 more bytes a posting and 16 a tool.
 *
 * @param index - an assembled index
 */
export function builtIndexBytes(index: BuiltIndex): number {
  const known = builtBytes.get(index);
  if (known !== undefined) return known;
  let bytes = OBJECT * 16;
  // The documents: two references each, the strings, and the name-key table (3 × 4 bytes); and
  // the truncated descriptions results carry (a reference each, and for a cut description its
  // result string, counted whether or not a result has carried it yet).
  for (let slot = 0; slot < index.size; slot++) {
    const description = index.descriptions[slot]!;
    bytes += 3 * ELEMENT + stringBytes(index.names[slot]!) + stringBytes(description) + 12;
    if (description.length > DESCRIPTION_MAX_LENGTH) bytes += RESULT_DESCRIPTION_BYTES;
  }
  // The postings: a slot (4 bytes) and a strength (8 bytes) each.
  bytes += 12 * index.slots.length;
  bytes += termsBytes(index.terms, index.parameters);
  const basis = index.basis;
  if (basis !== undefined) {
    // Two counts a posting, two numbers a tool, the compound bookkeeping (its strings are the analyses').
    bytes += 8 * index.slots.length + 16 * index.size;
    const { holders, vocabulary, candidateSlots, pieces } = basis.compounds;
    for (const key of holders.keys()) bytes += MAP_ENTRY + stringBytes(key);
    for (const key of vocabulary.keys()) bytes += MAP_ENTRY + stringBytes(key);
    for (const slots of candidateSlots.values()) bytes += MAP_ENTRY + OBJECT + ELEMENT * slots.length;
    for (const list of pieces.values()) bytes += MAP_ENTRY + OBJECT + ELEMENT * list.length;
  }
  builtBytes.set(index, bytes);
  return bytes;
}

/**
 * Estimated bytes of an index's terms: each term's string, a map entry, a reference, its offset,
 * idf and greatest strength, and its one-deletion neighbours (r[search.query.typo]), counted
 * whether or not a query has built them yet.
 *
 * @param terms - the index's terms
 * @param parameters - its constants (the typo lengths)
 */
export function termsBytes(terms: Iterable<string>, parameters: ScoringParameters): number {
  const { typoMinLength, typoMaxLength } = parameters;
  let bytes = 0;
  for (const term of terms) {
    bytes += MAP_ENTRY + stringBytes(term) + ELEMENT + 4 + 8 + 8;
    // One-deletion neighbours: at most one map entry per code point, each with its string and a list.
    const length = term.length;
    if (length >= typoMinLength && length <= 2 * typoMaxLength) {
      const cps = [...term].length;
      if (cps >= typoMinLength && cps <= typoMaxLength) bytes += cps * (MAP_ENTRY + STRING + 2 * length + OBJECT + ELEMENT);
    }
  }
  return bytes;
}

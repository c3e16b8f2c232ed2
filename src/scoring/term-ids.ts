/**
 * Process-wide integer ids of the strings index builds assemble from (terms and folded letter
 * parts), so that a build maps each tool's terms to the index's term ids, and finds a catalog's
 * compound owners and vocabulary, with typed-array reads instead of a map look-up per posting.
 *
 * An id means nothing by itself: a build gives the index's own term ids in order of first
 * appearance, exactly as it would from the strings. The table is bounded by the bytes it is
 * estimated to retain: when a build leaves it above its budget it is emptied and its generation
 * changes, so an analysis whose ids are of an older generation has them computed again from its
 * strings by the next build that reads it (results never depend on the table).
 *
 * @see r[search.index.analysis-cache]
 * @module
 */
import type { BoundedCacheStats } from './bounded-cache.js';
import { MAP_ENTRY_SLACK, ELEMENT, stringBytes } from './footprint-units.js';

/** Default byte budget of the id table: 4 MiB. See r[search.index.analysis-cache]. */
export const DEFAULT_TERM_ID_MAX_BYTES = 4 * 1024 * 1024;

let maxBytes = DEFAULT_TERM_ID_MAX_BYTES;
let table = new Map<string, number>();
let strings: string[] = [];
let bytes = 0;
let generation = 1;
let hits = 0;
let misses = 0;
let evictions = 0;

/** The current generation of ids (ids of another generation are stale). */
export function idGeneration(): number {
  return generation;
}

/** The id of `s`, given one when it has none. */
export function idOf(s: string): number {
  const known = table.get(s);
  if (known !== undefined) {
    hits++;
    return known;
  }
  misses++;
  const id = strings.length;
  table.set(s, id);
  strings.push(s);
  // A map entry (with the table's slack), a slot of `strings` (grown by half: 1.5 on average), the string.
  bytes += MAP_ENTRY_SLACK + 1.5 * ELEMENT + stringBytes(s);
  return id;
}

/** The id of `s`, or -1 when it has none (nothing is added). */
export function existingId(s: string): number {
  return table.get(s) ?? -1;
}

/** The string of an id of the current generation. */
export function stringOf(id: number): string {
  return strings[id]!;
}

/** How many ids the current generation has given. */
export function idCount(): number {
  return strings.length;
}

/** Empties the table when it is above its budget (called at the end of a build). */
export function trimIds(): void {
  if (bytes > maxBytes) resetIds(maxBytes);
}

/** Empties the table (a new generation) and sets its budget. */
export function resetIds(budget: number = maxBytes): void {
  evictions += strings.length;
  maxBytes = budget;
  table = new Map();
  strings = [];
  bytes = 0;
  generation++;
  marks.shrink();
}

/** What the table holds (hits and misses are look-ups by `idOf`). */
export function idStats(): BoundedCacheStats {
  return { entries: strings.length, bytes: bytes + marks.bytes, maxBytes, hits, misses, evictions };
}

/**
 * Per-id scratch of one build: `mark[id] === stamp` says the id was seen in the current pass,
 * `value[id]` what the pass noted for it. Passes take a new stamp, so nothing is cleared between
 * them; the arrays grow with the table (and shrink when it is emptied). Builds are synchronous, so
 * one scratch serves them all.
 */
class Marks {
  mark = new Int32Array(0);
  value = new Int32Array(0);
  #stamp = 0;

  /** A new pass over ids below `count`: returns its stamp. */
  pass(count: number): number {
    if (this.mark.length < count) this.#grow(count);
    if (this.#stamp === 0x7fffffff) {
      this.mark.fill(0);
      this.#stamp = 0;
    }
    return ++this.#stamp;
  }

  /** Makes room for ids below `count`, keeping what earlier passes noted. */
  ensure(count: number): void {
    if (this.mark.length < count) this.#grow(count);
  }

  #grow(count: number): void {
    let capacity = Math.max(1024, this.mark.length);
    while (capacity < count) capacity *= 2;
    const mark = new Int32Array(capacity);
    mark.set(this.mark);
    const value = new Int32Array(capacity);
    value.set(this.value);
    this.mark = mark;
    this.value = value;
  }

  shrink(): void {
    this.mark = new Int32Array(0);
    this.value = new Int32Array(0);
  }

  get bytes(): number {
    return 8 * this.mark.length;
  }
}

/** The scratch of builds (see {@link Marks}). */
export const marks = new Marks();
/** A second scratch, for a pass that runs while another's marks are still read. */
export const otherMarks = new Marks();

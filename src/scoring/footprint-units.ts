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

// Calibrated costs of the analysis memos (r[search.index.analysis-cache]). Measured on Node 20
// (V8 11.3, 64-bit, no pointer compression) as heapUsed + arrayBuffers after `gc()` per 100 000
// objects held, and checked against whole memos by `test/bench/perf/memo-footprint.ts`.

/** Bytes of a JS array's header plus its backing store's header (JSArray 32, FixedArray 16). */
export const ARRAY_HEADER = 48;
/**
 * Bytes a typed array costs besides its elements: the JSTypedArray, its JSArrayBuffer and the
 * backing store's bookkeeping (measured: `new Int32Array(3)` 216 B, `Uint8Array.from` of 3: 206 B).
 */
export const TYPED_ARRAY = 208;
/**
 * Bytes of one more typed-array view of a buffer (measured: three views of one buffer 424 B, one
 * typed array alone 216 B: a view ≈ 104, the buffer with its bookkeeping ≈ 112).
 */
export const TYPED_VIEW = 104;
/** Bytes of one `Map` entry with the hash table's slack after doubling (3 words, a bucket, up to 2× capacity). */
export const MAP_ENTRY_SLACK = 56;

/** Bytes of a plain object with `properties` in-object fields (header 24 + 8 each; measured 2 fields: 42 B, 15: 144 B). */
export function objectBytes(properties: number): number {
  return 24 + 8 * properties;
}

/** Bytes of an array of `length` elements made at its size (a literal, `map`, `slice`, `Array.from`). */
export function exactArrayBytes(length: number): number {
  return ARRAY_HEADER + ELEMENT * length;
}

/**
 * Bytes of an array grown by `push` from `[]` to `length` elements: V8 grows a full backing store
 * of `n` slots to `(n + 1) + (n + 1) / 2 + 16`, so one element already takes 17, 18 take 43
 * (measured: 1 to 5 pushed: 185 B).
 */
export function pushedArrayBytes(length: number): number {
  let capacity = 0;
  while (capacity < length) capacity = capacity + 1 + ((capacity + 1) >> 1) + 16;
  return ARRAY_HEADER + ELEMENT * capacity;
}

/** Bytes of a typed array of `length` elements of `elementBytes` each (see {@link TYPED_ARRAY}). */
export function typedArrayBytes(length: number, elementBytes: number): number {
  return TYPED_ARRAY + Math.ceil((length * elementBytes) / 8) * 8;
}

/** Bytes of `views` typed arrays sharing one buffer of `bufferBytes` (see {@link TYPED_VIEW}). */
export function typedViewsBytes(views: number, bufferBytes: number): number {
  return TYPED_ARRAY - TYPED_VIEW + views * TYPED_VIEW + Math.ceil(bufferBytes / 8) * 8;
}

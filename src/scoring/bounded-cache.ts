/**
 * A map bounded by the bytes its values are estimated to retain, with two generations instead of
 * a strict least-recently-used order: entries go into the young generation; when the young
 * generation holds half the budget it becomes the old one and the previous old one is dropped;
 * a hit in the old generation moves the entry back to the young one. So an entry used at least
 * once while half the budget is filled stays, a hit costs one map look-up (no reordering), and
 * the two generations together never hold more than the budget.
 *
 * @see r[search.index.analysis-cache]
 * @module
 */
import { MAP_ENTRY_SLACK, objectBytes } from './footprint-units.js';

/**
 * Bytes the cache itself spends on each entry, added to the estimate its caller gives: the map
 * entry (with the table's slack) and the `{ value, bytes }` slot object. See r[search.index.analysis-cache].
 */
export const CACHE_ENTRY_BYTES = MAP_ENTRY_SLACK + objectBytes(2);

/** Counters of one of the byte-bounded memos (`BoundedCache`, internal). */
export interface BoundedCacheStats {
  /** Entries held. */
  entries: number;
  /** Estimated bytes of the entries held (at most the budget). */
  bytes: number;
  /** The budget in bytes. */
  maxBytes: number;
  /** Look-ups that found their entry. */
  hits: number;
  /** Look-ups that did not. */
  misses: number;
  /** Entries dropped when a generation was dropped. */
  evictions: number;
}

interface Slot<V> {
  readonly value: V;
  readonly bytes: number;
}

/** A byte-bounded two-generation cache; see the module comment. */
export class BoundedCache<K, V> {
  #maxBytes: number;
  #young = new Map<K, Slot<V>>();
  #old = new Map<K, Slot<V>>();
  #youngBytes = 0;
  #oldBytes = 0;
  #hits = 0;
  #misses = 0;
  #evictions = 0;
  /** Called with every value the cache drops (not with values it replaces on `set`). */
  readonly #onDrop: ((value: V) => void) | undefined;

  /**
   * @param maxBytes - the budget; 0 keeps nothing
   * @param onDrop - told about each value a dropped generation held
   */
  constructor(maxBytes: number, onDrop?: (value: V) => void) {
    this.#maxBytes = maxBytes;
    this.#onDrop = onDrop;
  }

  /** The value under `key`, moving it to the young generation when it was old. */
  get(key: K): V | undefined {
    const young = this.#young.get(key);
    if (young !== undefined) {
      this.#hits++;
      return young.value;
    }
    const old = this.#old.get(key);
    if (old === undefined) {
      this.#misses++;
      return undefined;
    }
    this.#hits++;
    this.#old.delete(key);
    this.#oldBytes -= old.bytes;
    this.#insert(key, old);
    return old.value;
  }

  /**
   * Keeps `value` under `key` (replacing what was there), counting `bytes` (the value's estimate)
   * plus {@link CACHE_ENTRY_BYTES}. An entry estimated above half the budget is not kept (then
   * `false`).
   */
  set(key: K, value: V, valueBytes: number): boolean {
    this.delete(key);
    const bytes = valueBytes + CACHE_ENTRY_BYTES;
    if (bytes > this.#maxBytes / 2) return false;
    this.#insert(key, { value, bytes });
    return true;
  }

  /** Forgets `key` (its value is not reported to `onDrop`). */
  delete(key: K): void {
    const young = this.#young.get(key);
    if (young !== undefined) {
      this.#young.delete(key);
      this.#youngBytes -= young.bytes;
      return;
    }
    const old = this.#old.get(key);
    if (old !== undefined) {
      this.#old.delete(key);
      this.#oldBytes -= old.bytes;
    }
  }

  #insert(key: K, slot: Slot<V>): void {
    // The young generation is full: it becomes the old one, and the old one is dropped.
    if (this.#youngBytes + slot.bytes > this.#maxBytes / 2) this.#rotate();
    this.#young.set(key, slot);
    this.#youngBytes += slot.bytes;
  }

  #rotate(): void {
    this.#evictions += this.#old.size;
    if (this.#onDrop !== undefined) for (const slot of this.#old.values()) this.#onDrop(slot.value);
    this.#old = this.#young;
    this.#oldBytes = this.#youngBytes;
    this.#young = new Map();
    this.#youngBytes = 0;
  }

  /** Drops everything and sets a new budget (the counters stay). */
  reset(maxBytes = this.#maxBytes): void {
    this.#rotate();
    this.#rotate();
    this.#maxBytes = maxBytes;
  }

  /** The counters. */
  stats(): BoundedCacheStats {
    return {
      entries: this.#young.size + this.#old.size,
      bytes: this.#youngBytes + this.#oldBytes,
      maxBytes: this.#maxBytes,
      hits: this.#hits,
      misses: this.#misses,
      evictions: this.#evictions,
    };
  }
}

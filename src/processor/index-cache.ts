/**
 * The cache of search indexes over request catalogs (`includeResolvedTools`), keyed by content
 * and bounded both by bytes and by count.
 *
 * @see r[processor.resolved.index-cache]
 * @module
 */
import { createHash } from 'node:crypto';
import { buildSearchIndex, estimateSearchIndexBytes, type SearchIndex } from '../scoring/index.js';
import type { ToolEntry } from './names.js';

/** Default byte budget of the index cache: 16 MiB. */
export const DEFAULT_INDEX_CACHE_MAX_BYTES = 16 * 1024 * 1024;
/** Default entry budget of the index cache. */
export const DEFAULT_INDEX_CACHE_MAX_ENTRIES = 32;

/** Options of {@link IndexCache}. */
export interface IndexCacheOptions {
  /** Estimated bytes the cached indexes may retain together; 0 caches nothing. Default {@link DEFAULT_INDEX_CACHE_MAX_BYTES}. */
  maxBytes?: number;
  /** Indexes kept at most (at least 1). Default {@link DEFAULT_INDEX_CACHE_MAX_ENTRIES}. */
  maxEntries?: number;
}

interface Cached {
  /** The content the index was built from: names and descriptions, in order. */
  readonly content: ReadonlyArray<readonly [string, string]>;
  readonly index: SearchIndex;
  readonly bytes: number;
}

/** The content key: a SHA-256 over the length-prefixed names and descriptions, in order. */
function contentKey(content: ReadonlyArray<readonly [string, string]>): string {
  const hash = createHash('sha256');
  for (const [name, description] of content) hash.update(`${name.length}:${name}${description.length}:${description}`);
  return hash.digest('base64');
}

function sameContent(a: ReadonlyArray<readonly [string, string]>, b: ReadonlyArray<readonly [string, string]>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]![0] !== b[i]![0] || a[i]![1] !== b[i]![1]) return false;
  return true;
}

/**
 * A least-recently-used cache of search indexes keyed by catalog content, bounded by the
 * estimated bytes the indexes retain ({@link estimateSearchIndexBytes}) and by count.
 */
export class IndexCache {
  readonly #maxBytes: number;
  readonly #maxEntries: number;
  readonly #map = new Map<string, Cached>();
  #bytes = 0;

  /**
   * @param options - the byte and count budgets; a number is taken as `maxEntries` (the former signature)
   */
  constructor(options: IndexCacheOptions | number = {}) {
    const o = typeof options === 'number' ? { maxEntries: options } : options;
    this.#maxBytes = Math.max(0, Math.floor(o.maxBytes ?? DEFAULT_INDEX_CACHE_MAX_BYTES));
    this.#maxEntries = Math.max(1, Math.floor(o.maxEntries ?? DEFAULT_INDEX_CACHE_MAX_ENTRIES));
  }

  /** How many indexes are cached. */
  get size(): number {
    return this.#map.size;
  }

  /** Estimated bytes the cached indexes retain together (at most `maxBytes`). */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * The index for these entries, built once per distinct content while it stays cached.
   *
   * Implements r[processor.resolved.index-cache]:
   * 1. The key is the content only (names and descriptions, in order), never an instance; a hit
   *    is checked against the cached content, so two contents never share an index.
   * 2. A miss builds the index and estimates its bytes; an index larger than the whole budget is
   *    returned without being cached.
   * 3. Least recently used indexes are dropped while the cache is over either budget.
   */
  indexFor(entries: readonly ToolEntry[]): SearchIndex {
    // Look the content up.
    // Unlike @mastra/core 1.71.0 (r[processor.resolved.index-cache]): Mastra rebuilds the index on every step; here an
    // index is reused by content, in a cache bounded by bytes.
    const content = entries.map((e) => [e.name, e.description] as const);
    const key = contentKey(content);
    const hit = this.#map.get(key);
    if (hit !== undefined && sameContent(hit.content, content)) {
      this.#map.delete(key);
      this.#map.set(key, hit);
      return hit.index;
    }
    // Build; too large to cache at all: use it for this request only.
    const index = buildSearchIndex(content.map(([name, description]) => ({ name, description })));
    const bytes = estimateSearchIndexBytes(index);
    if (bytes > this.#maxBytes) return index;
    if (hit !== undefined) this.#drop(key, hit);
    this.#map.set(key, { content, index, bytes });
    this.#bytes += bytes;
    // Evict the least recently used beyond either budget.
    while (this.#bytes > this.#maxBytes || this.#map.size > this.#maxEntries) {
      const [oldKey, old] = this.#map.entries().next().value as [string, Cached];
      this.#drop(oldKey, old);
    }
    return index;
  }

  #drop(key: string, entry: Cached): void {
    this.#map.delete(key);
    this.#bytes -= entry.bytes;
  }
}

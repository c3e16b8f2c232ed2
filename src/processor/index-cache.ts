/**
 * The cache of search indexes over request catalogs (`includeResolvedTools`), keyed by content
 * and bounded both by bytes and by count.
 *
 * A catalog's content is named by the analyses of its tools (r[search.index.analysis-cache]):
 * each analysis stands for one name and one description, so the list of analysis ids in catalog
 * order is the catalog's content, without a copy of its text. Looking a catalog up costs one
 * analysis look-up per tool (an identity check for a tool object seen before); a miss assembles
 * the index from those analyses, analysing only the tools that are new or changed.
 *
 * @see r[processor.resolved.index-cache]
 * @module
 */
import { estimateSearchIndexBytes, type SearchIndex } from '../scoring/index.js';
import { analyseDocument, type DocumentAnalysis } from '../scoring/analysis.js';
import { assembleIndex } from '../scoring/search-index.js';
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
  /** The content the index was built from: the ids of its tools' analyses, in catalog order. */
  readonly ids: Float64Array;
  readonly index: SearchIndex;
  readonly bytes: number;
}

/** A tool object can key the analysis memo's identity fast path. */
function identityOf(tool: unknown): object | undefined {
  return (typeof tool === 'object' && tool !== null) || typeof tool === 'function' ? (tool as object) : undefined;
}

/** A number naming a list of analysis ids (two 32-bit hashes, combined below 2⁵³); equal lists give equal keys. */
function contentKey(ids: Float64Array): number {
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    const lo = id | 0;
    const hi = (id / 4294967296) | 0;
    a = Math.imul(a ^ lo, 0x01000193) ^ hi;
    b = Math.imul(b + lo, 0x85ebca6b) ^ (b >>> 13);
  }
  a = Math.imul(a ^ ids.length, 0x01000193);
  return (a >>> 0) * 2097152 + (b >>> 11);
}

function sameIds(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The analyses of a catalog's tools, in catalog order, with the ids that name its content.
 *
 * @param entries - the catalog's entries (canonical names unique)
 */
function analysed(entries: readonly ToolEntry[]): { analyses: DocumentAnalysis[]; ids: Float64Array } {
  const analyses: DocumentAnalysis[] = new Array<DocumentAnalysis>(entries.length);
  const ids = new Float64Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    const analysis = analyseDocument(entry.name, entry.description, identityOf(entry.tool));
    analyses[i] = analysis;
    ids[i] = analysis.id;
  }
  return { analyses, ids };
}

/**
 * The search index of a catalog's entries, assembled from the tools' analyses (each tool analysed
 * unless it was before, r[search.index.analysis-cache]); no index cache.
 *
 * @param entries - the catalog's entries (canonical names unique)
 */
export function indexOfEntries(entries: readonly ToolEntry[]): SearchIndex {
  return assembleIndex(analysed(entries).analyses);
}

/**
 * A least-recently-used cache of search indexes keyed by catalog content, bounded by the
 * estimated bytes the indexes retain (`estimateSearchIndexBytes`) and by count.
 */
export class IndexCache {
  readonly #maxBytes: number;
  readonly #maxEntries: number;
  readonly #map = new Map<number, Cached>();
  #bytes = 0;
  #builds = 0;

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

  /** How many indexes this cache has assembled (misses), for tests and statistics. */
  get builds(): number {
    return this.#builds;
  }

  /**
   * The index for these entries, assembled once per distinct content while it stays cached.
   *
   * Implements r[processor.resolved.index-cache]: the key is the content only (the tools'
   * analyses, which stand for their names and descriptions, in order), never an instance, and a
   * hit is checked against the cached content, so two contents never share an index; a miss
   * assembles the index and estimates its bytes, and an index larger than the whole budget is
   * returned without being cached; least recently used indexes are dropped while the cache is
   * over either budget.
   */
  indexFor(entries: readonly ToolEntry[]): SearchIndex {
    // Look the content up: each tool's analysis (an identity check for a tool seen before).
    // Unlike @mastra/core 1.71.0 (r[processor.resolved.index-cache]): Mastra rebuilds the index on every step; here an
    // index is reused by content, in a cache bounded by bytes.
    const { analyses, ids } = analysed(entries);
    const key = contentKey(ids);
    const hit = this.#map.get(key);
    if (hit !== undefined && sameIds(hit.ids, ids)) {
      this.#map.delete(key);
      this.#map.set(key, hit);
      return hit.index;
    }
    // Assemble from the analyses; too large to cache at all: use it for this request only.
    this.#builds++;
    const index = assembleIndex(analyses);
    const bytes = estimateSearchIndexBytes(index) + 8 * ids.length;
    if (bytes > this.#maxBytes) return index;
    if (hit !== undefined) this.#drop(key, hit);
    this.#map.set(key, { ids, index, bytes });
    this.#bytes += bytes;
    // Evict the least recently used beyond either budget.
    while (this.#bytes > this.#maxBytes || this.#map.size > this.#maxEntries) {
      const [oldKey, old] = this.#map.entries().next().value as [number, Cached];
      this.#drop(oldKey, old);
    }
    return index;
  }

  #drop(key: number, entry: Cached): void {
    this.#map.delete(key);
    this.#bytes -= entry.bytes;
  }
}

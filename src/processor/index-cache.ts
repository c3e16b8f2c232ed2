/**
 * The cache of search indexes over request catalogs (`includeResolvedTools`), keyed by content
 * and bounded both by bytes and by count.
 *
 * A catalog's content is its canonical names and descriptions in order; the cache keeps, per
 * list of names, a layout (the tools' own strings, referred to, and where each name sits) and,
 * with it, the indexes of the contents over those names that a step has searched. Looking a catalog up compares its names with each kept
 * layout's, newest first (the count and the last name first, then one comparison per name: a
 * pointer comparison when the request's strings are the ones seen before), then its descriptions
 * with the layout's indexes, and analyses nothing. A new content's index is made when a step
 * first reads it: derived from the layout's most recently used index when few descriptions differ
 * (r[search.index.derived]: only those tools are analysed, the rest is shared), else assembled
 * from the tools' analyses (r[search.index.analysis-cache]).
 *
 * @see r[processor.resolved.index-cache]
 * @see r[processor.resolved.layout]
 * @see r[search.index.derived]
 * @module
 */
import type { SearchIndex } from '../scoring/index.js';
import { STRING } from '../scoring/footprint-units.js';
import { analyseDocument, type DocumentAnalysis } from '../scoring/analysis.js';
import { DerivedIndex, deriveIndex, derivedChangeLimit, type Replacement } from '../scoring/derived-index.js';
import { builtIndexBytes } from '../scoring/footprint.js';
import { SCORING_PARAMETERS } from '../scoring/parameters.js';
import { assembleIndex, BuiltIndex, type ToolIndex } from '../scoring/search-index.js';
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

/**
 * The names of a catalog the cache knows: its canonical names in catalog order (the tools' own
 * strings, referred to, not copied) and where each sits. Holds no tool instance.
 */
export interface CatalogLayout {
  /** Canonical names, in catalog order. */
  readonly names: readonly string[];
  /** Canonical name → its position in the catalog. */
  readonly positions: ReadonlyMap<string, number>;
}

/**
 * One content over a layout's names: the index built (or derived, r[search.index.derived]) from
 * its descriptions, which the index holds.
 */
interface Content {
  readonly index: ToolIndex;
  /** Estimated bytes it retains beyond the assembled index it shares (its root), that counted once per layout. */
  readonly bytes: number;
  /** The assembled index it is or shares. */
  readonly root: BuiltIndex;
}

interface Layout extends CatalogLayout {
  /** The indexes over these names, most recently used first. */
  contents: Content[];
  /** Estimated bytes of the layout alone. */
  readonly ownBytes: number;
  /** Estimated bytes it retains (its indexes, and each root they share once, included). */
  bytes: number;
  /** Whether the cache holds it. */
  cached: boolean;
  /** Whether the last index assembled over these names was too large to keep (the next is then assembled without a derivation basis). */
  unfit: boolean;
}

/** Layouts kept at most per index the cache may hold (layouts of steps that never searched hold no index). */
const LAYOUTS_PER_ENTRY = 4;

/** Most indexes kept per layout (revisions of descriptions over the same names). */
const CONTENTS_PER_LAYOUT = 4;

/** Estimated bytes of one string, without reading it (at most two bytes a code unit). */
const stringEstimate = (s: string): number => STRING + 2 * s.length;

/**
 * Estimated bytes of a layout without its indexes: a reference and a map entry per tool, and the names.
 *
 * @param names - its canonical names
 */
export function layoutBytes(names: readonly string[]): number {
  let bytes = 3 * 64;
  for (let i = 0; i < names.length; i++) bytes += 8 + 40 + stringEstimate(names[i]!);
  return bytes;
}

/**
 * Whether a layout holds these entries' names, in order: the count and the last name, then every
 * name (a pointer comparison each when the strings are the ones seen before).
 */
function sameNames(layout: CatalogLayout, entries: readonly ToolEntry[]): boolean {
  const names = layout.names;
  const n = entries.length;
  if (names.length !== n) return false;
  if (n === 0) return true;
  if (names[n - 1] !== entries[n - 1]!.name) return false;
  for (let i = 0; i < n; i++) if (names[i] !== entries[i]!.name) return false;
  return true;
}

/**
 * The slots, ascending, whose descriptions in a content's index differ from these entries' (the
 * root's descriptions compared one by one, then the replaced tools'); `undefined` when more than
 * `limit` differ.
 */
function differingSlots(content: Content, entries: readonly ToolEntry[], limit: number): number[] | undefined {
  const index = content.index;
  const derived = index instanceof DerivedIndex ? index : undefined;
  const descriptions = (derived?.root ?? (index as BuiltIndex)).descriptions;
  const out: number[] = [];
  for (let slot = 0; slot < entries.length; slot++) {
    if (descriptions[slot] === entries[slot]!.description || derived?.changed.has(slot)) continue;
    if (out.length === limit) return undefined;
    out.push(slot);
  }
  if (derived === undefined) return out;
  for (const [slot, tool] of derived.changed) {
    if (tool.analysis.description === entries[slot]!.description) continue;
    if (out.length === limit) return undefined;
    out.push(slot);
  }
  return out.sort((a, b) => a - b);
}

/** A tool object can key the analysis memo's identity fast path. */
function identityOf(tool: unknown): object | undefined {
  return (typeof tool === 'object' && tool !== null) || typeof tool === 'function' ? (tool as object) : undefined;
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
 * The tools whose descriptions differ from a content's, analysed with their new descriptions;
 * `undefined` when more than `limit` differ.
 */
function replacementsOf(content: Content, entries: readonly ToolEntry[], limit: number): Replacement[] | undefined {
  return differingSlots(content, entries, limit)?.map((slot) => {
    const entry = entries[slot]!;
    return { slot, analysis: analyseDocument(entry.name, entry.description, identityOf(entry.tool)) };
  });
}

/** Estimated bytes of a layout's contents, each root they share counted once. */
function contentsBytes(contents: readonly Content[]): number {
  let bytes = 0;
  const roots = new Set<BuiltIndex>();
  for (const content of contents) {
    bytes += content.bytes;
    if (!roots.has(content.root)) {
      roots.add(content.root);
      bytes += builtIndexBytes(content.root);
    }
  }
  return bytes;
}

/**
 * A least-recently-used cache of catalog layouts and their search indexes, keyed by catalog
 * content, bounded by the estimated bytes they retain (`estimateSearchIndexBytes` for an index)
 * and by count.
 */
export class IndexCache {
  readonly #maxBytes: number;
  readonly #maxEntries: number;
  /** The layouts, least recently used first. */
  readonly #map = new Set<Layout>();
  #bytes = 0;
  #builds = 0;
  #derivations = 0;

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
    let n = 0;
    for (const layout of this.#map.values()) n += layout.contents.length;
    return n;
  }

  /** Estimated bytes the cached layouts and indexes retain together (at most `maxBytes`). */
  get bytes(): number {
    return this.#bytes;
  }

  /** How many indexes this cache has assembled (misses), for tests and statistics. */
  get builds(): number {
    return this.#builds;
  }

  /** How many of those indexes were derived from a kept one (r[search.index.derived]) rather than assembled. */
  get derivations(): number {
    return this.#derivations;
  }

  /**
   * The layout of these entries' names: the cached one when the names are known (compared one by
   * one, the same string objects at once), else a new one, kept while the budgets allow. Reads no
   * description and analyses nothing.
   *
   * Implements r[processor.resolved.layout].
   *
   * @param entries - the catalog's entries (canonical names unique)
   */
  layoutFor(entries: readonly ToolEntry[]): CatalogLayout {
    return this.knownLayout(entries) ?? this.#newLayout(entries);
  }

  /**
   * The layout of these entries' names, when the cache holds it; else `undefined`. What
   * {@link IndexCache.layoutFor} finds, without making a layout.
   *
   * @param entries - a catalog's entries
   */
  knownLayout(entries: readonly ToolEntry[]): CatalogLayout | undefined {
    for (const layout of [...this.#map].reverse()) {
      if (!sameNames(layout, entries)) continue;
      this.#map.delete(layout);
      this.#map.add(layout);
      return layout;
    }
    return undefined;
  }

  #newLayout(entries: readonly ToolEntry[]): CatalogLayout {
    const names = entries.map((e) => e.name);
    const positions = new Map<string, number>();
    for (let i = 0; i < names.length; i++) positions.set(names[i]!, i);
    const own = layoutBytes(names);
    const layout: Layout = { names, positions, contents: [], ownBytes: own, bytes: own, cached: false, unfit: false };
    if (layout.bytes > this.#maxBytes) return layout;
    layout.cached = true;
    this.#map.add(layout);
    this.#bytes += layout.bytes;
    this.#evict(layout);
    return layout;
  }

  /**
   * The search index of these entries (whose names are the layout's; this request's instances):
   * the cached one when the layout holds one for the same descriptions, else derived from the
   * layout's most recently used index (r[search.index.derived]) or assembled from the tools'
   * analyses (r[search.index.analysis-cache]), and kept with the layout while the budgets allow; an
   * index that does not fit is used for its request only.
   *
   * Implements r[processor.resolved.index-cache]: the key is the content only (canonical names
   * and descriptions, in order), never an instance, and a hit is checked against the cached
   * content, so two contents never share an index; least recently used layouts (and, within a
   * layout, indexes) are dropped while the cache is over either budget.
   *
   * @param layout - a layout from {@link IndexCache.layoutFor} for these entries
   * @param entries - the catalog's entries
   */
  indexOf(layout: CatalogLayout, entries: readonly ToolEntry[]): SearchIndex {
    const own = layout as Layout;
    const contents = own.contents;
    for (let i = 0; i < contents.length; i++) {
      const content = contents[i]!;
      if (differingSlots(content, entries, 0)?.length !== 0) continue;
      if (i > 0) {
        contents.splice(i, 1);
        contents.unshift(content);
      }
      return content.index;
    }
    // Unlike @mastra/core 1.71.0 (r[processor.resolved.index-cache]): Mastra rebuilds the index on every step; here an
    // index is reused by content, in a cache bounded by bytes.
    this.#builds++;
    const kept = own.cached && this.#map.has(own);
    const derived = kept ? this.#derived(contents[0], entries) : undefined;
    if (derived !== undefined) this.#derivations++;
    const index = derived ?? assembleIndex(analysed(entries).analyses, SCORING_PARAMETERS, kept && !own.unfit);
    if (!kept) return index;
    const content: Content = index instanceof DerivedIndex ? { index, bytes: index.ownBytes, root: index.root } : { index, bytes: 0, root: index as BuiltIndex };
    // Older revisions over these names go first, then the least recently used layouts.
    // A layout holds at most CONTENTS_PER_LAYOUT indexes, and never more than the cache's count budget.
    contents.unshift(content);
    while (contents.length > Math.min(CONTENTS_PER_LAYOUT, this.#maxEntries)) contents.pop();
    this.#recount(own);
    while (contents.length > 1 && own.bytes > this.#maxBytes) {
      contents.pop();
      this.#recount(own);
    }
    // (An index too large to keep is used for its request only.)
    own.unfit = own.bytes > this.#maxBytes;
    if (own.unfit) {
      contents.pop();
      this.#recount(own);
      return index;
    }
    this.#evict(own);
    return index;
  }

  /**
   * The index of these entries derived from a kept content's (r[search.index.derived]): only the
   * tools whose descriptions differ are analysed; `undefined` when it cannot be derived.
   */
  #derived(base: Content | undefined, entries: readonly ToolEntry[]): ToolIndex | undefined {
    if (base === undefined) return undefined;
    const replacements = replacementsOf(base, entries, derivedChangeLimit(entries.length));
    return replacements === undefined ? undefined : deriveIndex(base.index, replacements);
  }

  /** Sets a layout's bytes from its contents (and the cache's total with it). */
  #recount(layout: Layout): void {
    const bytes = layout.ownBytes + contentsBytes(layout.contents);
    if (layout.cached) this.#bytes += bytes - layout.bytes;
    layout.bytes = bytes;
  }

  /**
   * The index for these entries ({@link IndexCache.layoutFor}, then {@link IndexCache.indexOf}).
   *
   * @param entries - the catalog's entries (canonical names unique)
   */
  indexFor(entries: readonly ToolEntry[]): SearchIndex {
    return this.indexOf(this.layoutFor(entries), entries);
  }

  /** Drops least recently used layouts other than `keep` (which fits the budgets alone) while over either budget. */
  #evict(keep: Layout): void {
    while (this.#bytes > this.#maxBytes || this.size > this.#maxEntries || this.#map.size > LAYOUTS_PER_ENTRY * this.#maxEntries) {
      let oldest: Layout | undefined;
      for (const layout of this.#map.values()) {
        if (layout !== keep) {
          oldest = layout;
          break;
        }
      }
      if (oldest === undefined) return;
      this.#drop(oldest);
    }
  }

  #drop(layout: Layout): void {
    this.#map.delete(layout);
    layout.cached = false;
    this.#bytes -= layout.bytes;
  }
}

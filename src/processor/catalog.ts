import type { SearchIndex } from '../scoring/index.js';
import { isMetaToolName } from '../stores/meta-tool-names.js';
import type { SkipReport } from './event-reporters.js';
import { readEntries, type ReadEntries, type SkippedTool, type ToolEntry } from './names.js';
import { visitRecord } from './tool-reading.js';
import { indexOfEntries, type CatalogLayout, type IndexCache } from './index-cache.js';

export { IndexCache } from './index-cache.js';

/** Canonical name → entry: what a catalog's lookups read (a `Map` has it). */
export interface NameLookup<TTool = unknown> {
  /** The entry of a canonical name, if it is one. */
  get(name: string): ToolEntry<TTool> | undefined;
  /** Whether a string is a canonical name of the catalog. */
  has(name: string): boolean;
}

/** The searchable set of one step: entries in catalog order, lookups, and the search index. */
export interface StepCatalog<TTool = unknown> {
  /** Entries in catalog order. */
  readonly entries: readonly ToolEntry<TTool>[];
  /** Canonical name → entry. A `Map` (or a lookup over a cached layout's positions), so only registered names resolve. */
  readonly byName: NameLookup<TTool>;
  /** Record key → canonical name, for keys that differ from their tool's canonical name. */
  readonly aliases: ReadonlyMap<string, string>;
  /**
   * The search index over `entries`. A request catalog finds or builds it when it is first read
   * (by `search_tools`, or whatever else searches the step), so a step that never searches
   * analyses nothing (r[processor.resolved.index-cache]).
   */
  readonly index: SearchIndex;
}

/**
 * Looks a model-supplied name up as a canonical name, else as a record-key alias. Only own
 * entries resolve: no inherited property name (`constructor`, `__proto__`, …) ever does.
 * A name that is one tool's canonical name and another's key resolves to the first, with or
 * without a filter, wherever a name is resolved (load, exposure, results read back, resume).
 *
 * Implements r[processor.names.alias], r[processor.names.collision] and r[processor.names.own-keys].
 *
 * @param catalog - the step catalog
 * @param name - the name as the model gave it
 */
export function resolveName<TTool>(catalog: StepCatalog<TTool>, name: string): ToolEntry<TTool> | undefined {
  // Unlike @mastra/core 1.71.0 (r[processor.names.collision]): without a filter Mastra resolves a name as a record key
  // first; here the canonical name wins in every phase.
  // Unlike @mastra/core 1.71.0 (r[processor.names.own-keys]): Mastra looks names up with catalog.tools[name], so
  // `constructor` resolves to Object; here only own Map entries resolve.
  const direct = catalog.byName.get(name);
  if (direct !== undefined) return direct;
  const canonical = catalog.aliases.get(name);
  return canonical === undefined ? undefined : catalog.byName.get(canonical);
}

/**
 * Whether a name resolves to a tool of this catalog (as a canonical name or a key alias): the
 * stores' `isKnownTool`.
 *
 * @param catalog - the step catalog
 * @param name - a loaded or requested name
 */
export function isKnownName(catalog: StepCatalog, name: string): boolean {
  return resolveName(catalog, name) !== undefined;
}

/**
 * The name that loads an entry and that a suggestion shows: its record key when the key resolves
 * to it, else its canonical name (its key belongs to another tool's canonical name).
 *
 * Implements r[processor.names.suggestions].
 *
 * @param catalog - the step catalog
 * @param entry - an entry of that catalog
 */
export function loadNameOf<TTool>(catalog: StepCatalog<TTool>, entry: ToolEntry<TTool>): string {
  return resolveName(catalog, entry.key) === entry ? entry.key : entry.name;
}

/** Record key → canonical name, for keys that differ from their tool's canonical name and name no tool. */
function aliasesOf<TTool>(entries: readonly ToolEntry<TTool>[], byName: NameLookup<TTool>): Map<string, string> {
  const aliases = new Map<string, string>();
  // (A key that is its tool's canonical name, or another tool's, is in byName. A catalog's keys
  // are distinct: one record's, or the static ones a request tool of the same key did not replace.)
  for (const entry of entries) if (!byName.has(entry.key)) aliases.set(entry.key, entry.name);
  return aliases;
}

function makeCatalog<TTool>(entries: readonly ToolEntry<TTool>[], index: SearchIndex): StepCatalog<TTool> {
  const byName = new Map<string, ToolEntry<TTool>>();
  for (const entry of entries) byName.set(entry.name, entry);
  return { entries, byName, aliases: aliasesOf(entries, byName), index };
}

/**
 * Canonical name → entry of one step, read through a cached layout's positions: the step's own
 * entries (this request's instances) without a map of its own.
 */
class EntriesByName<TTool> implements NameLookup<TTool> {
  readonly #positions: ReadonlyMap<string, number>;
  readonly #entries: readonly ToolEntry<TTool>[];

  constructor(positions: ReadonlyMap<string, number>, entries: readonly ToolEntry<TTool>[]) {
    this.#positions = positions;
    this.#entries = entries;
  }

  get(name: string): ToolEntry<TTool> | undefined {
    const at = this.#positions.get(name);
    return at === undefined ? undefined : this.#entries[at];
  }

  has(name: string): boolean {
    return this.#positions.has(name);
  }
}

/**
 * A request catalog over a cached layout: lookups through the layout's positions, the key aliases
 * made and the index looked up (or built) when first read, once per step catalog.
 */
function layoutCatalog<TTool>(entries: readonly ToolEntry<TTool>[], layout: CatalogLayout, cache: IndexCache): StepCatalog<TTool> {
  const byName = new EntriesByName(layout.positions, entries);
  let built: SearchIndex | undefined;
  let aliases: ReadonlyMap<string, string> | undefined;
  return {
    entries,
    byName,
    // Made when a name first fails to resolve as a canonical name: most steps resolve none.
    get aliases(): ReadonlyMap<string, string> {
      return (aliases ??= aliasesOf(entries, byName));
    },
    get index(): SearchIndex {
      return (built ??= cache.indexOf(layout, entries));
    },
  };
}

/**
 * Builds the catalog of the constructor's tools.
 *
 * @param entries - validated static entries
 */
export function staticCatalog<TTool>(entries: readonly ToolEntry<TTool>[]): StepCatalog<TTool> {
  return makeCatalog(entries, indexOfEntries(entries));
}

/**
 * The request-resolved tools that become searchable: every usable tool of the step's tools
 * except those named (by key or canonical name) like a meta-tool; of two with one canonical name
 * the first wins. Values that are not usable tools are skipped, each reported with its record
 * key (a `tool-skipped` event); reading the record never throws.
 *
 * Implements r[processor.resolved.searchable] and r[processor.resolved.non-tools].
 *
 * @param tools - the step's tools (`args.tools`)
 * @param report - told of each skipped item
 */
export function searchableResolvedEntries<TTool>(
  tools: unknown,
  report: (skipped: SkipReport) => void = () => {},
): ToolEntry<TTool>[] {
  return firstOfEachName(resolvedCandidates<TTool>(tools, report));
}

/** The usable tools of a request's record except those named like a meta-tool, in record order, duplicates kept. */
function resolvedCandidates<TTool>(tools: unknown, report: (skipped: SkipReport) => void): ToolEntry<TTool>[] {
  const read = readEntries<TTool>(tools);
  reportSkipped(read, report);
  const entries = read.entries;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (isMetaToolName(entry.key) || isMetaToolName(entry.name)) return entries.filter((e) => !isMetaToolName(e.key) && !isMetaToolName(e.name));
  }
  return entries;
}

/** The entries, of two with one canonical name the first. */
function firstOfEachName<TTool>(entries: readonly ToolEntry<TTool>[]): ToolEntry<TTool>[] {
  const out: ToolEntry<TTool>[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    if (seen.has(entry.name)) continue;
    seen.add(entry.name);
    out.push(entry);
  }
  return out;
}

/**
 * The step's catalog under `includeResolvedTools`: {@link catalogWithResolved} over
 * {@link searchableResolvedEntries}. When the request holds only resolved tools whose names, in
 * order, are those of a layout the cache holds (which are distinct), the entries are taken as
 * they are, without looking for duplicates.
 *
 * Implements r[processor.resolved.searchable], r[processor.resolved.non-tools] and r[processor.resolved.layout].
 *
 * @param base - the static catalog
 * @param tools - the step's tools (`args.tools`)
 * @param report - told of each skipped item
 * @param cache - the content-keyed index cache
 */
export function requestCatalog<TTool>(
  base: StepCatalog<TTool>,
  tools: unknown,
  report: (skipped: SkipReport) => void,
  cache: IndexCache,
): StepCatalog<TTool> {
  const candidates = resolvedCandidates<TTool>(tools, report);
  if (base.entries.length === 0 && candidates.length > 0) {
    const known = cache.knownLayout(candidates);
    if (known !== undefined) return layoutCatalog(candidates, known, cache);
  }
  return catalogWithResolved(base, firstOfEachName(candidates), cache);
}

/**
 * The step's pass-through tools (`args.tools` when `includeResolvedTools` is off): every item of
 * the record, unchanged and in order, except items whose value cannot be read (each reported).
 *
 * Implements r[processor.resolved.pass-through] and r[processor.resolved.non-tools].
 *
 * @param tools - the step's tools (`args.tools`)
 * @param report - told of each skipped item
 */
export function passThroughEntries(tools: unknown, report: (skipped: SkipReport) => void): Array<readonly [string, unknown]> {
  // The record's items as readRecord lists them, visited without listing them first.
  const out: Array<readonly [string, unknown]> = [];
  const skipped: SkippedTool[] = [];
  const unreadable = visitRecord(
    tools,
    (key, value) => out.push([key, value]),
    (key, error) => skipped.push({ key, reason: 'unreadable', problem: `reading it threw (${error})` }),
  );
  if (unreadable !== undefined) {
    reportSkipped({ entries: [], skipped: [], unreadable }, report);
    return [];
  }
  if (skipped.length > 0) reportSkipped({ entries: [], skipped }, report);
  return out;
}

/**
 * Reports the items of a request's tool record that are not usable tools.
 *
 * Implements r[processor.resolved.non-tools] and r[processor.events.skipped].
 *
 * @param read - the record as read
 * @param report - told of each skipped item
 */
export function reportSkipped(read: ReadEntries<unknown>, report: (skipped: SkipReport) => void): void {
  if (read.unreadable !== undefined) report({ toolKey: null, reason: 'record-unreadable' });
  for (const skipped of read.skipped) report({ toolKey: skipped.key, reason: skipped.reason });
}

/**
 * The searchable set for one step under `includeResolvedTools`: static tools not replaced by a
 * resolved tool (one with the same canonical name or the same record key), in record order, then
 * the resolved tools in record order. Canonical names and keys stay unique in the result.
 *
 * Implements r[processor.resolved.searchable] and r[processor.resolved.replace].
 *
 * @param base - the static catalog
 * @param resolved - the request's searchable resolved entries
 * @param cache - the content-keyed index cache
 */
export function catalogWithResolved<TTool>(
  base: StepCatalog<TTool>,
  resolved: readonly ToolEntry<TTool>[],
  cache: IndexCache,
): StepCatalog<TTool> {
  // Nothing resolved: the static catalog as is.
  if (resolved.length === 0) return base;
  // Resolved tools replace static ones of the same canonical name or the same key, for this request only.
  // Unlike @mastra/core 1.71.0 (r[processor.resolved.replace]): Mastra merges by key only, so a
  // resolved tool with a static tool's id under another key leaves both in the catalog.
  // Unlike @mastra/core 1.71.0 (r[processor.resolved.searchable]): Mastra's catalog is { ...tools, ...resolved }, so a
  // replacing request tool keeps the constructor tool's place; here it follows the constructor's tools.
  let entries: readonly ToolEntry<TTool>[] = resolved;
  if (base.entries.length > 0) {
    const replacedNames = new Set(resolved.map((e) => e.name));
    const replacedKeys = new Set(resolved.map((e) => e.key));
    entries = [...base.entries.filter((e) => !replacedNames.has(e.name) && !replacedKeys.has(e.key)), ...resolved];
  }
  // The content's layout (positions by name), and its index only when the step first searches;
  // instances come from this request's entries.
  return layoutCatalog(entries, cache.layoutFor(entries), cache);
}

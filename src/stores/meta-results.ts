/**
 * The result shapes of the two meta-tools, exactly as `@mastra/core` 1.71.0
 * writes them into the conversation, so that threads written by Mastra's
 * processor are readable by this one and the other way round; and the pure
 * reader that says which tools a result activated.
 *
 * @see r[store.meta-results.shapes]
 * @module
 */
import type { Activation } from './receipts.js';
import { joinNames, renderText } from '../processor/messages.js';
import { LOAD_TOOL, SEARCH_TOOLS } from './meta-tool-names.js';

export { LOAD_TOOL, SEARCH_TOOLS } from './meta-tool-names.js';
/** The version of the `activation` object, as `@mastra/core`'s later releases write it. @see r[store.meta-results.forward] */
export const ACTIVATION_VERSION = 1;
/** `activation.type` of a `search_tools` result under `autoLoad`, as `@mastra/core`'s later releases write it. */
export const AUTO_LOAD_ACTIVATION_TYPE = 'tool-search-auto-load';
/** `activation.type` of a `load_tool` result (this project's; it carries a receipt). @see r[store.receipts.shape] */
export const LOAD_ACTIVATION_TYPE = 'tool-search-load';

/** One hit of a `search_tools` result. */
export interface SearchToolsResultEntry {
  /** Canonical tool name (the tool's id, else its catalog key). */
  name: string;
  /** Description, cut to 150 characters. */
  description: string;
  /** Relevance score in [0, 1], exactly as the scorer computed and compared it (r[processor.search.results]). */
  score: number;
}

/** What `search_tools` returns. */
export interface SearchToolsResult {
  /** The hits, best first; empty when nothing matched. */
  results: SearchToolsResultEntry[];
  /** A sentence for the model. */
  message: string;
  /**
   * Under `autoLoad` with hits: the names it activated, as later `@mastra/core` releases read them
   * (r[store.meta-results.forward]); signed with a receipt secret (r[store.receipts.shape]).
   */
  activation?: Activation;
}

/**
 * `load_tool` called with a single `toolName`, which is now loaded or was
 * already loaded.
 */
export interface LoadToolSingleSuccess {
  /** Always `true`. */
  success: true;
  /** A sentence for the model. */
  message: string;
  /** The loaded tool, under the name it is exposed under (r[processor.names.exposure]). */
  toolName: string;
  /** `[toolName]`, as later `@mastra/core` releases read it (r[store.meta-results.forward]). */
  loaded: string[];
  /** With a receipt secret: the signed activation (r[store.receipts.shape]). */
  activation?: Activation;
}

/**
 * `load_tool` failed: a single `toolName` that is unknown or denied (then
 * `toolName` names it), or no usable argument at all (then it is absent).
 */
export interface LoadToolFailure {
  /** Always `false`. */
  success: false;
  /** A sentence for the model. */
  message: string;
  /** The requested name, for the single-name form. */
  toolName?: string;
}

/** `load_tool` called with a `toolNames` array. */
export interface LoadToolMultiResult {
  /** `true` when no requested name was left unloaded as not found. */
  success: boolean;
  /** A sentence for the model. */
  message: string;
  /** Number of tools newly loaded by this call. */
  loadedCount: number;
  /** Newly loaded tools, absent when none. */
  loaded?: string[];
  /** Names not found or denied, absent when none. */
  notFound?: string[];
  /** Names that were already loaded, absent when none. */
  alreadyLoaded?: string[];
  /** With a receipt secret, when a name was activated: the signed activation (r[store.receipts.shape]). */
  activation?: Activation;
}

/** Any result of `load_tool`. */
export type LoadToolResult = LoadToolSingleSuccess | LoadToolFailure | LoadToolMultiResult;

/**
 * Builds the single-name `load_tool` result for a tool that was just loaded
 * (`alreadyLoaded: false`) or was already loaded (`true`), with Mastra's text.
 *
 * @see r[store.meta-results.shapes]
 * @see r[store.meta-results.forward]
 */
export function loadToolSingleResult(toolName: string, alreadyLoaded: boolean): LoadToolSingleSuccess {
  return {
    success: true,
    message: renderText(alreadyLoaded ? 'load.already-loaded' : 'load.loaded', { name: toolName }),
    toolName,
    // Unlike @mastra/core 1.71.0 (r[store.meta-results.forward]): later releases count `loaded` only.
    loaded: [toolName],
  };
}

/**
 * Builds the single-name `load_tool` result for a name that is unknown or
 * denied, with Mastra's text (at most three suggestions). `display` renders the
 * requested name inside the message (the processor shortens it); the `toolName`
 * field keeps it whole.
 *
 * @see r[store.meta-results.shapes]
 */
export function loadToolNotFoundResult(
  toolName: string,
  suggestions: readonly string[],
  display: (name: string) => string = (name) => name,
): LoadToolFailure {
  const name = display(toolName);
  const message =
    suggestions.length > 0
      ? renderText('load.not-found.suggest', { name, suggestions: joinNames(suggestions.slice(0, 3)) })
      : renderText('load.not-found.search', { name });
  return { success: false, message, toolName };
}

/**
 * Builds the multi-name (`toolNames`) `load_tool` result, with Mastra's text.
 * Empty lists are left out, as Mastra does. `display` renders each not-found
 * name inside the message; the `notFound` list keeps them whole.
 *
 * @see r[store.meta-results.shapes]
 */
export function loadToolMultiResult(
  outcome: {
    loaded: readonly string[];
    alreadyLoaded: readonly string[];
    notFound: readonly string[];
  },
  display: (name: string) => string = (name) => name,
): LoadToolMultiResult {
  const { loaded, alreadyLoaded, notFound } = outcome;
  const parts: string[] = [];
  if (loaded.length > 0) parts.push(renderText('load.multi.loaded', { names: joinNames(loaded) }));
  if (alreadyLoaded.length > 0) parts.push(renderText('load.multi.already-loaded', { names: joinNames(alreadyLoaded) }));
  if (notFound.length > 0) parts.push(renderText('load.multi.not-found', { names: joinNames(notFound.map(display)) }));
  const result: LoadToolMultiResult = {
    success: notFound.length === 0,
    message: parts.join(renderText('load.multi.separator')),
    loadedCount: loaded.length,
  };
  if (loaded.length > 0) result.loaded = [...loaded];
  if (notFound.length > 0) result.notFound = [...notFound];
  if (alreadyLoaded.length > 0) result.alreadyLoaded = [...alreadyLoaded];
  return result;
}

/**
 * Builds a `search_tools` result with Mastra's text. Under `autoLoad`,
 * `newlyLoadedCount` says how many hits were not loaded before. `display`
 * renders the query inside the no-match message (the processor shortens it).
 *
 * @see r[store.meta-results.shapes]
 * @see r[store.meta-results.forward]
 */
export function searchToolsResult(
  query: string,
  results: readonly SearchToolsResultEntry[],
  autoLoad: { newlyLoadedCount: number } | false,
  display: (query: string) => string = (q) => q,
): SearchToolsResult {
  if (results.length === 0) return { results: [], message: renderText('search.none', { query: display(query) }) };
  const count = results.length;
  if (autoLoad) {
    const id = autoLoad.newlyLoadedCount < count ? 'search.found-and-loaded.some-already' : 'search.found-and-loaded';
    return {
      results: [...results],
      message: renderText(id, { count, names: joinNames(results.map((r) => r.name)) }),
      // Unlike @mastra/core 1.71.0 (r[store.meta-results.forward]): the versioned activation later releases read.
      activation: { type: AUTO_LOAD_ACTIVATION_TYPE, version: ACTIVATION_VERSION, loaded: [...new Set(results.map((r) => r.name))] },
    };
  }
  return { results: [...results], message: renderText('search.found', { count }) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function ownValue(record: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/**
 * Appends the strings of `value`, when it is an array, to `names`, in order: what
 * `value.filter((v) => typeof v === 'string')` keeps (the same reads: `length` once, then each
 * present index), without the list in between.
 */
function pushStrings(names: string[], value: unknown): void {
  if (!Array.isArray(value)) return;
  const list = value as unknown[];
  const length = list.length;
  for (let i = 0; i < length; i++) {
    if (!(i in list)) continue;
    const v = list[i];
    if (typeof v === 'string') names.push(v);
  }
}

/**
 * The tool names a completed meta-tool result activated, in the order the
 * result lists them (duplicates kept; callers dedupe). Anything that does not
 * have the expected shape yields no names; this never throws.
 *
 * @see r[store.meta-results.load-single]
 * @see r[store.meta-results.load-multi]
 * @see r[store.meta-results.search]
 * @see r[store.meta-results.malformed]
 */
export function activatedNames(metaToolName: string, result: unknown, options: { autoLoad: boolean }): string[] {
  // Only the two meta-tools' results can activate; keys are read as own properties.
  if (!isRecord(result)) return [];
  // Unlike @mastra/core 1.71.0 (r[store.meta-results.per-tool]): Mastra reads all three shapes from either meta-tool's
  // result; each is read with its own shape here.
  if (metaToolName === LOAD_TOOL) {
    const names: string[] = [];
    // Single-name form: `{ success: true, toolName }` (loaded or already loaded).
    const toolName = ownValue(result, 'toolName');
    if (ownValue(result, 'success') === true && typeof toolName === 'string') names.push(toolName);
    // Multi-name form: `loaded` then `alreadyLoaded`, whatever `success` says
    // (a partial load reports `success: false` but did load `loaded`).
    pushStrings(names, ownValue(result, 'loaded'));
    // Unlike @mastra/core 1.71.0 (r[store.meta-results.load-multi]): Mastra's context store ignores alreadyLoaded.
    pushStrings(names, ownValue(result, 'alreadyLoaded'));
    return names;
  }
  if (metaToolName === SEARCH_TOOLS) {
    // A search result activates its hits only under autoLoad.
    // Unlike @mastra/core 1.71.0 (r[store.meta-results.search]): Mastra's context store counts every search_tools
    // result as a load.
    if (!options.autoLoad) return [];
    const results = ownValue(result, 'results');
    if (!Array.isArray(results)) return [];
    const names: string[] = [];
    for (const entry of results) {
      if (!isRecord(entry)) continue;
      const name = ownValue(entry, 'name');
      if (typeof name === 'string') names.push(name);
    }
    return names;
  }
  return [];
}

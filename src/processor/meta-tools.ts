import { rankCandidates } from '../scoring/index.js';
import {
  loadToolMultiResult,
  loadToolNotFoundResult,
  loadToolSingleResult,
  searchToolsResult,
  type LoadToolResult,
  type SearchToolsResult,
  type SearchToolsResultEntry,
} from '../stores/meta-results.js';
import { loadNameOf, resolveName, type StepCatalog } from './catalog.js';
import { checkLoadInput, checkSearchInput, shorten } from './meta-input.js';
import type { ToolEntry } from './names.js';
import type { ToolSearchFilterPhase } from './options.js';

/** Most "did you mean" suggestions in a not-found answer. */
export const MAX_SUGGESTIONS = 3;

/** What the meta-tools of one step work with. */
export interface MetaToolStep<TTool = unknown> {
  /** The step's searchable set. */
  readonly catalog: StepCatalog<TTool>;
  /** Asks the filter about an entry in a phase. */
  readonly allowed: (entry: ToolEntry<TTool>, phase: ToolSearchFilterPhase) => Promise<boolean>;
  /**
   * The tools loaded for this step: canonical name → the name the tool is exposed under
   * (r[processor.names.exposure]). Grows as the meta-tools activate tools.
   */
  readonly loaded: Map<string, string>;
  /** Records activations in the store. */
  readonly activate: (names: readonly string[]) => void;
  /** Search configuration. */
  readonly topK: number;
  /** Minimum score, in [0, 1]. */
  readonly minScore: number;
  /** Whether `search_tools` activates its results. */
  readonly autoLoad: boolean;
}

/**
 * Runs `search_tools`: validate the input, rank, keep allowed candidates up to `topK`, and under
 * `autoLoad` activate them. Never throws for bad input.
 *
 * Implements r[processor.search.results], r[processor.search.autoload] and r[processor.filter.search].
 *
 * @param step - the step's meta-tool context
 * @param input - the raw input from the model
 */
export async function runSearchTools<TTool>(step: MetaToolStep<TTool>, input: unknown): Promise<SearchToolsResult> {
  // 1. Validate the input; a bad input is an error result.
  const checked = checkSearchInput(input);
  if (!checked.ok) return { results: [], message: checked.message };
  const { query } = checked.value;
  // 2. Rank every candidate at or above minScore.
  const candidates = step.catalog.entries.length === 0 ? [] : rankCandidates(step.catalog.index, query, { minScore: step.minScore });
  // 3. Keep candidates the filter allows (phase search; under autoLoad also phase load), up to topK.
  const hits: SearchToolsResultEntry[] = [];
  for (const candidate of candidates) {
    if (hits.length >= step.topK) break;
    const entry = step.catalog.byName.get(candidate.name);
    if (entry === undefined) continue;
    if (!(await step.allowed(entry, 'search'))) continue;
    if (step.autoLoad && !(await step.allowed(entry, 'load'))) continue;
    // The scorer's score is reported unchanged: it is the score compared with minScore.
    hits.push({ name: candidate.name, description: candidate.description, score: candidate.score });
  }
  if (!step.autoLoad) return searchToolsResult(query, hits, false, shorten);
  // 4. autoLoad: activate the hits; every hit is confirmed to the store (r[store.activate.all-confirmed]),
  //    and the ones not loaded yet are counted as newly loaded.
  //    A hit's name is its canonical name, which is also the name it is exposed under when new.
  const newlyLoaded = hits.map((h) => h.name).filter((name) => !step.loaded.has(name));
  step.activate(hits.map((h) => h.name));
  for (const name of newlyLoaded) step.loaded.set(name, name);
  return searchToolsResult(query, hits, { newlyLoadedCount: newlyLoaded.length }, shorten);
}

/**
 * "Did you mean" names for a name that was not found: the load name of each catalog entry (its
 * key when the key resolves to it, else its canonical name) that contains the request or is
 * contained in it (ignoring case), in catalog order, that the filter allows in both the search
 * and the load phase; at most {@link MAX_SUGGESTIONS}.
 *
 * Implements r[processor.names.suggestions] and r[processor.filter.not-found].
 */
async function suggestionsFor<TTool>(step: MetaToolStep<TTool>, requested: string): Promise<string[]> {
  const wanted = requested.toLowerCase();
  const out: string[] = [];
  for (const entry of step.catalog.entries) {
    if (out.length >= MAX_SUGGESTIONS) break;
    // Unlike @mastra/core 1.71.0 (r[processor.names.suggestions]): Mastra suggests the key even when it is
    // another tool's id, and that suggestion then loads the other tool.
    const loadName = loadNameOf(step.catalog, entry);
    const name = loadName.toLowerCase();
    if (!name.includes(wanted) && !wanted.includes(name)) continue;
    if ((await step.allowed(entry, 'search')) && (await step.allowed(entry, 'load'))) out.push(loadName);
  }
  return out;
}

/**
 * Runs `load_tool`: validate the input, resolve each name (canonical, else key alias), report
 * unknown and denied names alike as not found, activate the rest under the name they were asked
 * for, and report a tool loaded under another name as already loaded under that name. Never
 * throws for bad input.
 *
 * Implements r[processor.load.results], r[processor.names.alias], r[processor.names.exposure],
 * r[processor.names.exposed-once] and r[processor.filter.load].
 *
 * @param step - the step's meta-tool context
 * @param input - the raw input from the model
 */
export async function runLoadTool<TTool>(step: MetaToolStep<TTool>, input: unknown): Promise<LoadToolResult> {
  // 1. Validate the input; a bad input is an error result.
  const checked = checkLoadInput(input);
  if (!checked.ok) return { success: false, message: checked.message };
  const { names, form } = checked.value;
  // 2. Resolve and guard each name; denied = not found.
  const loaded: Array<{ name: string; tool: string }> = [];
  const alreadyLoaded: string[] = [];
  const notFound: string[] = [];
  const handled = new Set<string>();
  for (const requested of names) {
    const entry = resolveName(step.catalog, requested);
    if (entry === undefined || !(await step.allowed(entry, 'load'))) {
      notFound.push(requested);
      continue;
    }
    // One tool named twice in one call (by key and by id) loads once, under the first name.
    if (handled.has(entry.name)) continue;
    handled.add(entry.name);
    // A loaded tool answers under the name it is exposed under; a new one is exposed under the name asked for.
    // Unlike @mastra/core 1.71.0 (r[processor.names.exposed-once]): Mastra loads it again under the new name.
    const exposedAs = step.loaded.get(entry.name);
    if (exposedAs !== undefined) alreadyLoaded.push(exposedAs);
    else loaded.push({ name: requested, tool: entry.name });
  }
  // 3. Activate the newly loaded names, and confirm the already-loaded ones (r[store.activate.all-confirmed]).
  step.activate([...loaded.map((l) => l.name), ...alreadyLoaded]);
  for (const { name, tool } of loaded) step.loaded.set(tool, name);
  // 4. Answer in the form the model asked in.
  const loadedNames = loaded.map((l) => l.name);
  if (form === 'list') return loadToolMultiResult({ loaded: loadedNames, alreadyLoaded, notFound }, shorten);
  const requested = names[0]!;
  if (notFound.length > 0) return loadToolNotFoundResult(requested, await suggestionsFor(step, requested), shorten);
  return loadToolSingleResult((loadedNames[0] ?? alreadyLoaded[0])!, loadedNames.length === 0);
}

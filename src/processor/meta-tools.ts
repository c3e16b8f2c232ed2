import { rankedSelection, runSelectionAsync, selectAllowed, type Selection } from '../scoring/index.js';
import { unfilteredSelection } from '../scoring/select.js';
import type { ToolSearchFilterPhase } from './options.js';
import {
  LOAD_TOOL,
  loadToolMultiResult,
  loadToolNotFoundResult,
  loadToolSingleResult,
  searchToolsResult,
  SEARCH_TOOLS,
  type LoadToolResult,
  type SearchToolsResult,
  type SearchToolsResultEntry,
} from '../stores/meta-results.js';
import type { Activation } from '../stores/receipts.js';
import { loadNameOf, resolveName, type StepCatalog } from './catalog.js';
import { errorText } from './echo.js';
import { checkLoadInput, searchQueryOf, shorten } from './meta-input.js';
import { joinNames, renderText } from './messages.js';
import { SEARCH_AND_LOAD_PHASES, SEARCH_PHASES, type OperationReporter, type ToolVerdicts, type VerdictSource } from './verdicts.js';

/** Most "did you mean" suggestions in a not-found answer. */
export const MAX_SUGGESTIONS = 3;

/** What the meta-tools of one step work with. */
export interface MetaToolStep<TTool = unknown> {
  /** The step's searchable set. */
  readonly catalog: StepCatalog<TTool>;
  /** The filter's verdicts for this step (deadlines, concurrency, once per tool and phase); each call is an operation with its budget. */
  readonly verdicts: VerdictSource<TTool>;
  /**
   * The tools available in this step, pinned and loaded: canonical name → the name the tool is
   * exposed under (r[processor.names.exposure], r[processor.pinned.expose]). Grows as the
   * meta-tools activate tools.
   */
  readonly loaded: Map<string, string>;
  /** The canonical names of the step's pinned tools, which are never activated (r[processor.pinned.load]). */
  readonly pinned?: ReadonlySet<string> | undefined;
  /** Records activations in the store. */
  readonly activate: (names: readonly string[]) => void;
  /** Search configuration. */
  readonly topK: number;
  /** Minimum score, in [0, 1]. */
  readonly minScore: number;
  /** Whether `search_tools` activates its results. */
  readonly autoLoad: boolean;
  /**
   * With a receipt secret: the signed activation of a result that activated `names` in call
   * `toolCallId`, or `undefined` when it cannot be signed (r[processor.receipts.write]).
   */
  readonly sign?: ((metaTool: string, names: readonly string[], toolCallId: string | undefined) => Activation | undefined) | undefined;
}

/** What one meta-tool call reports: the searched and activated names (r[processor.events.search], r[processor.events.load]). */
export interface MetaToolObserver {
  /** A `search_tools` call with a valid input answered. */
  searched(report: SearchReport): void;
  /** A call activated names (`load_tool`, or `search_tools` under `autoLoad`). */
  loaded(report: LoadReport): void;
}

/** What a `search_tools` call searched and found. */
export interface SearchReport {
  /** The query, as the model sent it. */
  readonly query: string;
  /** Tools searched. */
  readonly candidateCount: number;
  /** Candidates at or above `minScore`, before the filter. */
  readonly matchCount: number;
  /** The returned results, in order. */
  readonly results: ReadonlyArray<{ readonly name: string; readonly score: number }>;
}

/** The outcome of one name a call tried to activate. */
export type LoadOutcome = 'loaded' | 'already-loaded' | 'denied' | 'unknown';

/** What a call activated, name by name. */
export interface LoadReport {
  /** Which meta-tool. */
  readonly source: 'load_tool' | 'search_tools';
  /** Each name asked for (or each result), in order, with its outcome. */
  readonly tools: ReadonlyArray<{ readonly name: string; readonly outcome: LoadOutcome }>;
}

/** One meta-tool call: its id, and who hears about it. */
export interface MetaToolCall<TTool = unknown> {
  /** The call's id, which a receipt is bound to (r[processor.receipts.write]). */
  readonly toolCallId?: string | undefined;
  /** Told of the call's denials (r[processor.events.deny], r[processor.events.budget]). */
  readonly reporter?: OperationReporter<TTool> | undefined;
  /** Told what the call searched and activated. */
  readonly observer?: MetaToolObserver | undefined;
}

/** A call without an id, a reporter or an observer. */
const NO_CALL: MetaToolCall<never> = Object.freeze({});

/** A call's id, whether given as a string (tests) or within a {@link MetaToolCall}. */
function callOf<TTool>(call: string | MetaToolCall<TTool> | undefined): MetaToolCall<TTool> {
  return typeof call === 'string' ? { toolCallId: call } : (call ?? NO_CALL);
}

/**
 * Runs `search_tools`: validate the input, rank, keep allowed candidates up to `topK` (asking the
 * filter in rank order, in bounded batches), and under `autoLoad` activate them. Never throws.
 *
 * Implements r[processor.search.results], r[processor.search.autoload], r[processor.filter.search],
 * r[processor.filter.search-batches], r[processor.input.never-throws] and r[processor.receipts.write].
 *
 * @param step - the step's meta-tool context
 * @param input - the raw input from the model
 * @param call - the call's id (which a receipt is bound to), and who hears about the call
 */
export function runSearchTools<TTool>(step: MetaToolStep<TTool>, input: unknown, call?: string | MetaToolCall<TTool>): Promise<SearchToolsResult> {
  // Without a filter the answer is made at once (no promise waited for on the way); with one it
  // is a promise. Either way the caller gets a promise, and what goes wrong is an error result.
  try {
    const answer = searchTools(step, input, callOf(call));
    return answer instanceof Promise ? answer.catch(searchFailed) : Promise.resolve(answer);
  } catch (error) {
    return Promise.resolve(searchFailed(error));
  }
}

/** The result of a `search_tools` call that threw (r[processor.input.never-throws]). */
function searchFailed(error: unknown): SearchToolsResult {
  return { results: [], message: renderText('search.failed', { error: errorText(error) }) };
}

/** The best allowed matches of a query, and how many candidates the ranking gave. */
export interface Matches {
  /** Allowed matches, best first, at most `topK`. */
  readonly hits: SearchToolsResultEntry[];
  /** Candidates at or above `minScore`, before the filter (0 when `countMatches` was false). */
  readonly matchCount: number;
}

/**
 * Ranks every candidate at or above `minScore` and keeps up to `topK` that the filter allows in
 * every one of `phases`, asked in rank order, in batches of at most `filterConcurrency`.
 *
 * Implements r[processor.search.results], r[processor.filter.search] and r[processor.filter.search-batches].
 *
 * @param catalog - the step's catalog
 * @param verdicts - the operation's verdicts
 * @param query - the query
 * @param options - `topK`, `minScore`, the phases, and the names to leave out
 */
export async function bestMatches<TTool>(
  catalog: StepCatalog<TTool>,
  verdicts: ToolVerdicts<TTool>,
  query: string,
  options: {
    readonly topK: number;
    readonly minScore: number;
    readonly phases: readonly ToolSearchFilterPhase[];
    /** Canonical names never kept (nor asked about), as if denied. */
    readonly exclude?: ReadonlySet<string> | undefined;
    /** Whether `matchCount` is wanted (default true); counting keeps the scorer from skipping postings. */
    readonly countMatches?: boolean | undefined;
  },
): Promise<Matches> {
  const exclude = options.exclude ?? NO_NAMES;
  // Without a filter or names to leave out, the filter is never asked: the matches are known at once.
  if (!verdicts.filtered && exclude.size === 0) return unfilteredMatches(catalog, query, options.topK, options.minScore, options.countMatches !== false);
  let matchCount = 0;
  if (catalog.entries.length === 0) return { hits: [], matchCount };
  const selection = rankedSelection(catalog.index, query, {
    minScore: options.minScore,
    topK: options.topK,
    // (Here a filter is configured or names are left out: the candidates are asked about.)
    filtered: true,
    batchLimit: verdicts.concurrency,
    onRanked: options.countMatches === false ? undefined : (n: number) => (matchCount = n),
  });
  // A selection with nothing to ask about (no candidates, or topK 0) ends at its first step: that is its result.
  const first = selection.next();
  const kept = first.done
    ? first.value
    : await runSelectionAsync(resumed(selection, first.value), (batch) =>
        verdicts.allowedInPhases(
          batch.map((hit) => (exclude.has(hit.name) ? undefined : catalog.byName.get(hit.name))),
          options.phases,
        ),
      );
  // The scorer's score is reported unchanged: it is the score compared with minScore.
  // Unlike @mastra/core 1.71.0 (r[processor.search.results]): Mastra reports scores rounded to two decimals, which can
  // differ from the score it compared.
  const hits: SearchToolsResultEntry[] = new Array<SearchToolsResultEntry>(kept.length);
  for (let i = 0; i < kept.length; i++) hits[i] = { name: kept[i]!.name, description: kept[i]!.description, score: kept[i]!.score };
  return { hits, matchCount };
}

/**
 * {@link bestMatches} when no filter is configured and no name is left out: the first `topK`
 * candidates at or above `minScore`, found synchronously (the filter would be asked nothing).
 *
 * Implements r[processor.search.results].
 *
 * @param catalog - the step's catalog
 * @param query - the query
 * @param topK - at most this many
 * @param minScore - the least score kept
 * @param countMatches - whether `matchCount` is wanted; counting keeps the scorer from skipping postings
 */
export function unfilteredMatches<TTool>(catalog: StepCatalog<TTool>, query: string, topK: number, minScore: number, countMatches: boolean): Matches {
  if (catalog.entries.length === 0) return { hits: [], matchCount: 0 };
  // The scorer's hits are made for this query alone ({ name, description, score }, the score the
  // one compared with minScore, r[processor.search.results]): they are the entries as they are.
  if (!countMatches) return { hits: unfilteredSelection(catalog.index, query, { topK, minScore }), matchCount: 0 };
  let matchCount = 0;
  const hits = unfilteredSelection(catalog.index, query, { topK, minScore, onRanked: (n: number) => (matchCount = n) });
  return { hits, matchCount };
}

/** A selection whose first batch was already taken: yields it again, then goes on. */
function* resumed<T>(selection: Selection<T>, first: readonly T[]): Selection<T> {
  let step = selection.next(yield first);
  while (!step.done) step = selection.next(yield step.value);
  return step.value;
}

function searchTools<TTool>(step: MetaToolStep<TTool>, input: unknown, call: MetaToolCall<TTool>): SearchToolsResult | Promise<SearchToolsResult> {
  // Validate the input; a bad input is an error result.
  const query = searchQueryOf(input);
  if (typeof query !== 'string') return { results: [], message: query.message };
  // Without a filter, the call's operation would ask nothing, wait for nothing (so start no budget
  // timer) and report nothing: the matches are found now, without one.
  if (!step.verdicts.filtered) return answerSearch(step, query, unfilteredMatches(step.catalog, query, step.topK, step.minScore, call.observer !== undefined), call);
  return filteredSearch(step, query, call);
}

async function filteredSearch<TTool>(step: MetaToolStep<TTool>, query: string, call: MetaToolCall<TTool>): Promise<SearchToolsResult> {
  // Rank every candidate at or above minScore; ask the filter (phase search; under autoLoad
  // also phase load) in rank order, in batches of at most filterConcurrency; keep up to topK.
  // The call is one operation: it waits on the filter for at most filterBudgetMs (r[processor.filter.budget]).
  // Unlike @mastra/core 1.71.0 (r[processor.filter.load]): under autoLoad Mastra activates search results without
  // asking the filter at phase load.
  const phases = step.autoLoad ? SEARCH_AND_LOAD_PHASES : SEARCH_PHASES;
  const verdicts = step.verdicts.operation('search_tools', call.reporter);
  let matches: Matches;
  try {
    matches = await bestMatches(step.catalog, verdicts, query, {
      topK: step.topK,
      minScore: step.minScore,
      phases,
      countMatches: call.observer !== undefined,
    });
  } finally {
    verdicts.end();
  }
  return answerSearch(step, query, matches, call);
}

/** The answer of a `search_tools` call from its matches: reported, activated under `autoLoad`, signed. */
function answerSearch<TTool>(step: MetaToolStep<TTool>, query: string, matches: Matches, call: MetaToolCall<TTool>): SearchToolsResult {
  const { hits } = matches;
  call.observer?.searched({
    query,
    candidateCount: step.catalog.entries.length,
    matchCount: matches.matchCount,
    results: hits.map((h) => ({ name: h.name, score: h.score })),
  });
  const pinned = step.pinned ?? NO_NAMES;
  if (!step.autoLoad) return withPinned(searchToolsResult(query, hits, false, shorten), step, hits);
  // autoLoad: activate the hits; every hit is confirmed to the store (r[store.activate.all-confirmed]),
  // and the ones not loaded yet are counted as newly loaded. A pinned hit is never activated
  // (r[processor.pinned.search]): it counts as already loaded.
  // A hit's name is its canonical name, which is also the name it is exposed under when new.
  const activating = hits.map((h) => h.name).filter((name) => !pinned.has(name));
  const newlyLoaded = activating.filter((name) => !step.loaded.has(name));
  step.activate(activating);
  const fresh = new Set(newlyLoaded);
  const tools = hits.map((h) => (fresh.has(h.name) ? { name: h.name, outcome: 'loaded' as const } : { name: step.loaded.get(h.name)!, outcome: 'already-loaded' as const }));
  for (const name of newlyLoaded) step.loaded.set(name, name);
  if (hits.length > 0) call.observer?.loaded({ source: 'search_tools', tools });
  const result = withPinned(searchToolsResult(query, hits, { newlyLoadedCount: newlyLoaded.length }, shorten), step, hits);
  // The activation names what was activated: the pinned hits are not (r[processor.pinned.search]).
  if (activating.length < hits.length && result.activation !== undefined) {
    if (activating.length === 0) delete result.activation;
    else result.activation = { ...result.activation, loaded: [...new Set(activating)] };
  }
  // With a receipt secret, the activation is signed (r[processor.receipts.write]).
  const signed = activating.length > 0 ? step.sign?.(SEARCH_TOOLS, activating, call.toolCallId) : undefined;
  if (signed !== undefined) result.activation = signed;
  return result;
}

const NO_NAMES: ReadonlySet<string> = new Set();

/**
 * A search result whose message ends with `search.pinned` when pinned tools are among its
 * results, naming them as the model calls them.
 *
 * Implements r[processor.pinned.search].
 */
function withPinned<TTool>(result: SearchToolsResult, step: MetaToolStep<TTool>, hits: readonly SearchToolsResultEntry[]): SearchToolsResult {
  const pinned = step.pinned ?? NO_NAMES;
  if (pinned.size === 0) return result;
  const names = hits.filter((h) => pinned.has(h.name)).map((h) => shorten(step.loaded.get(h.name) ?? h.name));
  if (names.length === 0) return result;
  // Unlike @mastra/core 1.71.0 (r[processor.pinned.option]): pinned tools are an addition, reported in the message only.
  result.message = `${result.message} ${renderText('search.pinned', { names: joinNames(names) })}`;
  return result;
}

/**
 * "Did you mean" names for a name that was not found: the load name of each catalog entry (its
 * key when the key resolves to it, else its canonical name) that contains the request or is
 * contained in it (ignoring case), in catalog order, that the filter allows in both the search
 * and the load phase; at most {@link MAX_SUGGESTIONS}.
 *
 * Implements r[processor.names.suggestions] and r[processor.filter.not-found].
 */
async function suggestionsFor<TTool>(step: MetaToolStep<TTool>, verdicts: ToolVerdicts<TTool>, requested: string): Promise<string[]> {
  const wanted = requested.toLowerCase();
  // Unlike @mastra/core 1.71.0 (r[processor.names.suggestions]): Mastra suggests the key even when it is
  // another tool's id, and that suggestion then loads the other tool.
  const matching = step.catalog.entries
    .map((entry) => ({ entry, loadName: loadNameOf(step.catalog, entry) }))
    .filter(({ loadName }) => {
      const name = loadName.toLowerCase();
      return name.includes(wanted) || wanted.includes(name);
    });
  // Asked like a search (r[processor.filter.search-batches]): in catalog order, in bounded batches,
  // phases search then load, stopping once enough are allowed.
  // Unlike @mastra/core 1.71.0 (r[processor.filter.not-found]): Mastra asks about suggestions at phase load only, so
  // it can suggest a tool that search would hide.
  const allowed = await runSelectionAsync(selectAllowed(matching, MAX_SUGGESTIONS, verdicts.concurrency), (batch) =>
    verdicts.allowedInPhases(
      batch.map((m) => m.entry),
      SEARCH_AND_LOAD_PHASES,
    ),
  );
  return allowed.map((m) => m.loadName);
}

/**
 * Runs `load_tool`: validate the input, resolve each name (canonical, else key alias), report
 * unknown and denied names alike as not found, activate the rest under the name they were asked
 * for, and report a tool loaded under another name as already loaded under that name. Never
 * throws.
 *
 * Implements r[processor.load.results], r[processor.names.alias], r[processor.names.exposure],
 * r[processor.names.exposed-once], r[processor.filter.load], r[processor.input.never-throws] and
 * r[processor.receipts.write].
 *
 * @param step - the step's meta-tool context
 * @param input - the raw input from the model
 * @param call - the call's id (which a receipt is bound to), and who hears about the call
 */
export async function runLoadTool<TTool>(step: MetaToolStep<TTool>, input: unknown, call?: string | MetaToolCall<TTool>): Promise<LoadToolResult> {
  try {
    return await loadTool(step, input, callOf(call));
  } catch (error) {
    return { success: false, message: renderText('load.failed', { error: errorText(error) }) };
  }
}

async function loadTool<TTool>(step: MetaToolStep<TTool>, input: unknown, call: MetaToolCall<TTool>): Promise<LoadToolResult> {
  // Validate the input; a bad input is an error result.
  const checked = checkLoadInput(input);
  if (!checked.ok) return { success: false, message: checked.message };
  const { names, form } = checked.value;
  // Resolve each name and ask phase load about all of them at once (in request order,
  // within the concurrency bound); denied = not found. The call, suggestions included, is one
  // operation within filterBudgetMs (r[processor.filter.budget]).
  const verdicts = step.verdicts.operation('load_tool', call.reporter);
  try {
    return await loadWithin(step, verdicts, names, form, call);
  } finally {
    verdicts.end();
  }
}

async function loadWithin<TTool>(
  step: MetaToolStep<TTool>,
  verdicts: ToolVerdicts<TTool>,
  names: readonly string[],
  form: 'single' | 'list',
  call: MetaToolCall<TTool>,
): Promise<LoadToolResult> {
  const entries = names.map((requested) => resolveName(step.catalog, requested));
  // A pinned tool is already available: it is neither asked about nor activated (r[processor.pinned.load]).
  const pinned = step.pinned ?? NO_NAMES;
  const isPinned = entries.map((entry) => entry !== undefined && pinned.has(entry.name));
  const asked = await verdicts.allowedEach(entries.map((entry, i) => (isPinned[i] ? undefined : entry)), 'load');
  const allowed = asked.map((ok, i) => ok || isPinned[i]!);
  const loaded: Array<{ name: string; tool: string }> = [];
  const alreadyLoaded: string[] = [];
  /** Already-loaded names that are not pinned: these are confirmed to the store. */
  const confirmed: string[] = [];
  const notFound: string[] = [];
  const outcomes: Array<{ name: string; outcome: LoadOutcome }> = [];
  const handled = new Map<string, string>();
  for (const [i, requested] of names.entries()) {
    const entry = entries[i];
    if (entry === undefined || !allowed[i]) {
      notFound.push(requested);
      outcomes.push({ name: requested, outcome: entry === undefined ? 'unknown' : 'denied' });
      continue;
    }
    // One tool named twice in one call (by key and by id) loads once, under the first name.
    const earlier = handled.get(entry.name);
    if (earlier !== undefined) {
      outcomes.push({ name: earlier, outcome: 'already-loaded' });
      continue;
    }
    // A loaded tool answers under the name it is exposed under; a new one is exposed under the name asked for.
    // Unlike @mastra/core 1.71.0 (r[processor.names.exposed-once]): Mastra loads it again under the new name.
    const exposedAs = step.loaded.get(entry.name);
    handled.set(entry.name, exposedAs ?? requested);
    if (exposedAs !== undefined) {
      alreadyLoaded.push(exposedAs);
      if (!isPinned[i]) confirmed.push(exposedAs);
      outcomes.push({ name: exposedAs, outcome: 'already-loaded' });
    } else {
      loaded.push({ name: requested, tool: entry.name });
      outcomes.push({ name: requested, outcome: 'loaded' });
    }
  }
  // Activate the newly loaded names, and confirm the already-loaded ones (r[store.activate.all-confirmed]).
  // Unlike @mastra/core 1.71.0 (r[store.activate.all-confirmed]): Mastra records only newly loaded names, so a
  // confirmation cannot restore a thread that expired mid-step.
  step.activate([...loaded.map((l) => l.name), ...confirmed]);
  for (const { name, tool } of loaded) step.loaded.set(tool, name);
  call.observer?.loaded({ source: 'load_tool', tools: outcomes });
  // Answer in the form the model asked in.
  const loadedNames = loaded.map((l) => l.name);
  let result: LoadToolResult;
  if (form === 'list') result = loadToolMultiResult({ loaded: loadedNames, alreadyLoaded, notFound }, shorten);
  else if (notFound.length > 0) return loadToolNotFoundResult(names[0]!, await suggestionsFor(step, verdicts, names[0]!), shorten);
  else result = loadToolSingleResult((loadedNames[0] ?? alreadyLoaded[0])!, loadedNames.length === 0);
  // With a receipt secret, an answer that activated names carries their signed activation (r[processor.receipts.write]).
  const activated = [...loadedNames, ...confirmed];
  const signed = activated.length > 0 ? step.sign?.(LOAD_TOOL, activated, call.toolCallId) : undefined;
  if (signed !== undefined) result.activation = signed;
  return result;
}

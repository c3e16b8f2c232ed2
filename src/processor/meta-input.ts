import { exceedsCodePoints, lengthText } from './code-points.js';
import { errorText, shorten } from './echo.js';
import { renderText } from './messages.js';

export { shorten };

/** Longest accepted `search_tools` query, in Unicode code points. */
export const MAX_QUERY_LENGTH = 1_000;
/** Longest accepted tool name in `load_tool`, in Unicode code points. */
export const MAX_TOOL_NAME_LENGTH = 256;
/** Most names accepted by one `load_tool` call (`toolNames` plus `toolName`). */
export const MAX_TOOL_NAMES = 100;

/** A validated input, or an error message for the model. */
export type InputCheck<T> = { ok: true; value: T } | { ok: false; message: string };

/** A validated `load_tool` input: the names to load, and which result form to answer with. */
export interface LoadRequest {
  /** Requested names, deduplicated, in request order (`toolNames` first, then `toolName`). */
  names: string[];
  /** `'list'` when `toolNames` was given (Mastra's array result), else `'single'`. */
  form: 'single' | 'list';
}

/**
 * A short, safe rendering of a model-supplied value for error messages.
 *
 * @param value - any value
 */
export function echo(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(shorten(value));
  if (value === null) return 'null';
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol') return 'a symbol';
  if (typeof value === 'object') return Array.isArray(value) ? `an array of ${value.length}` : 'an object';
  return `${typeof value} ${shorten(String(value))}`;
}

const isPlainInput = (input: unknown): input is Record<string, unknown> =>
  typeof input === 'object' && input !== null && !Array.isArray(input);

/**
 * Runs a check; whatever the input object does while it is read (a getter or a Proxy trap that
 * throws, a revoked Proxy), the answer is an error result naming the problem.
 *
 * Implements r[processor.input.never-throws].
 */
function guarded<T>(id: 'search.input.unreadable' | 'load.input.unreadable', check: () => InputCheck<T>): InputCheck<T> {
  try {
    return check();
  } catch (error) {
    return { ok: false, message: renderText(id, { error: errorText(error) }) };
  }
}

/** A name of `load_tool`'s input: a string of bounded length; `field` says where it was (`toolNames[3]`). */
function checkName(value: unknown, field: string): string | undefined {
  if (typeof value !== 'string') return renderText('load.input.name-type', { field, value: echo(value) });
  if (exceedsCodePoints(value, MAX_TOOL_NAME_LENGTH)) {
    return renderText('load.input.name-length', { field, max: MAX_TOOL_NAME_LENGTH, length: lengthText(value, MAX_TOOL_NAME_LENGTH), value: echo(value) });
  }
  return undefined;
}

/**
 * Validates a `search_tools` input in time linear in the query's length at most.
 *
 * Implements r[processor.input.search], r[processor.input.bounded] and r[processor.input.never-throws] (never throws, whatever the input object is).
 *
 * @param input - the raw input from the model
 */
export function checkSearchInput(input: unknown): InputCheck<{ query: string }> {
  const checked = searchQueryOf(input);
  return typeof checked === 'string' ? { ok: true, value: { query: checked } } : checked;
}

/**
 * {@link checkSearchInput}'s answer as the meta-tool uses it: the query itself when the input is
 * valid (no object is made for a valid input), else the error.
 *
 * Implements r[processor.input.search], r[processor.input.bounded] and r[processor.input.never-throws].
 *
 * @param input - the raw input from the model
 */
export function searchQueryOf(input: unknown): string | { ok: false; message: string } {
  // (As `guarded` does, without a closure per call.)
  try {
    return checkSearchFields(input);
  } catch (error) {
    return { ok: false, message: renderText('search.input.unreadable', { error: errorText(error) }) };
  }
}

function checkSearchFields(input: unknown): string | { ok: false; message: string } {
  // An object with a `query`.
  if (!isPlainInput(input)) return { ok: false, message: renderText('search.input.not-object', { value: echo(input) }) };
  const query = input.query;
  // A string not longer than the limit.
  if (typeof query !== 'string') return { ok: false, message: renderText('search.input.query-type', { value: echo(query) }) };
  if (exceedsCodePoints(query, MAX_QUERY_LENGTH)) {
    return { ok: false, message: renderText('search.input.query-length', { max: MAX_QUERY_LENGTH, length: lengthText(query, MAX_QUERY_LENGTH) }) };
  }
  // A blank query finds nothing, and says so as Mastra does.
  if (query.trim().length === 0) return { ok: false, message: renderText('search.none', { query: shorten(query) }) };
  return query;
}

/**
 * Validates a `load_tool` input. The array's length is checked before any element, so the time
 * is bounded by {@link MAX_TOOL_NAMES} names of at most {@link MAX_TOOL_NAME_LENGTH} characters.
 *
 * Implements r[processor.input.load], r[processor.input.bounded] and r[processor.input.never-throws] (never throws, whatever the input object is).
 *
 * @param input - the raw input from the model
 */
export function checkLoadInput(input: unknown): InputCheck<LoadRequest> {
  return guarded('load.input.unreadable', () => checkLoadFields(input));
}

function checkLoadFields(input: unknown): InputCheck<LoadRequest> {
  // An object.
  if (!isPlainInput(input)) return { ok: false, message: renderText('load.input.not-object', { value: echo(input) }) };
  // An empty `toolName` counts as absent, as in Mastra.
  const toolName = input.toolName === '' ? undefined : (input.toolName ?? undefined);
  const toolNames = input.toolNames ?? undefined;
  // `toolNames`, when given, is a bounded array of bounded non-empty strings.
  const names: string[] = [];
  if (toolNames !== undefined) {
    if (!Array.isArray(toolNames)) return { ok: false, message: renderText('load.input.tool-names-type', { value: echo(toolNames) }) };
    // Unlike @mastra/core 1.71.0 (r[processor.input.load]): Mastra's tool wrapper answers a wrongly typed input with {
    // error: true, message }, and Mastra limits neither the length nor the number of names.
    if (toolNames.length > MAX_TOOL_NAMES) {
      return { ok: false, message: renderText('load.input.tool-names-count', { max: MAX_TOOL_NAMES, count: toolNames.length }) };
    }
    for (let i = 0; i < toolNames.length; i++) {
      const problem = checkName(toolNames[i], `toolNames[${i}]`);
      if (problem !== undefined) return { ok: false, message: problem };
      names.push(toolNames[i] as string);
    }
  }
  // `toolName`, when given, is a bounded non-empty string.
  if (toolName !== undefined) {
    const problem = checkName(toolName, 'toolName');
    if (problem !== undefined) return { ok: false, message: problem };
    names.push(toolName as string);
  }
  // Something to load.
  if (names.length === 0) return { ok: false, message: renderText(toolNames !== undefined ? 'load.empty-tool-names' : 'load.no-argument') };
  return { ok: true, value: { names: [...new Set(names)], form: toolNames !== undefined ? 'list' : 'single' } };
}

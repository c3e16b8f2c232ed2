import { z } from 'zod';
import { STORAGE_MODES, type StorageMode } from '../stores/types.js';
import type { ToolSearchEventListener } from './events.js';
import type { PinnedToolsOf } from './pinned.js';
import type { PrefetchOptions } from './prefetch.js';
import { errorText, shorten } from './echo.js';
import { MAX_TIMER_DELAY_MS, type ToolSearchTimers } from './timers.js';
import { readRecord, readTool } from './tool-reading.js';
import { createReceiptKeys, type ReceiptSecret } from '../stores/receipts.js';

/**
 * Where the filter hook is being applied.
 *
 * @see r[processor.filter.args]
 */
export type ToolSearchFilterPhase = 'search' | 'load' | 'active';

/**
 * What the request-aware `filter` hook receives.
 *
 * @see r[processor.filter.args]
 */
export interface FilterArgsOf<TTool = unknown, TRequestContext = unknown> {
  /** The tool's canonical name (its `id`, else its record key); always a string. */
  toolName: string;
  /** The tool instance the name resolves to for this request. */
  tool: TTool;
  /** The request context of the current request, when there is one. */
  requestContext?: TRequestContext | undefined;
  /** Where the filter is being applied. */
  phase: ToolSearchFilterPhase;
}

/**
 * The request-aware filter hook. Only a returned (or resolved) `true` allows a tool.
 *
 * @see r[processor.filter.allow-only-true]
 */
export type FilterOf<TTool = unknown, TRequestContext = unknown> = (
  args: FilterArgsOf<TTool, TRequestContext>,
) => boolean | Promise<boolean>;

/** Where loaded-tool state lives: the `storage` option's type, the one storage-mode type {@link StorageMode} under its option name. */
export type ToolSearchStorage = StorageMode;

/** What each option allows, in words; used to build error messages. */
const ALLOWED: Record<string, string> = {
  options: 'an options object such as { tools: { myTool } }',
  tools: 'a record of tools, e.g. { getWeather: createTool({ ... }) }',
  'tools.*': 'a tool object (from createTool) whose `id`, when present, is a non-empty string and whose `description`, when present, is a string',
  includeResolvedTools: 'a boolean',
  injectCatalog: 'a boolean',
  search: 'an object { topK?, minScore?, autoLoad? }',
  'search.topK': 'a positive integer',
  'search.minScore': 'a number in [0, 1]',
  'search.autoLoad': 'a boolean',
  storage: "one of 'in-memory' or 'context'",
  ttl: 'a finite number >= 0 (milliseconds; 0 disables cleanup)',
  maxThreads: 'a positive integer (threads held in memory; default 10000)',
  indexCacheMaxBytes: 'a non-negative integer (estimated bytes of cached search indexes; 0 disables the cache; default 16777216)',
  filter: 'a function ({ toolName, tool, requestContext, phase }) => boolean | Promise<boolean>',
  clock: 'a function returning the current time in milliseconds',
  filterTimeoutMs: `an integer from 1 to ${MAX_TIMER_DELAY_MS} (milliseconds a filter verdict may take)`,
  filterConcurrency: 'a positive safe integer (filter verdicts in flight at once per step)',
  filterBudgetMs: `an integer from 1 to ${MAX_TIMER_DELAY_MS} (milliseconds one operation may wait on the filter in total)`,
  timers: 'an object { setTimeout(callback, ms), clearTimeout(handle) } of functions',
  'timers.setTimeout': 'a function (callback, ms) => handle',
  'timers.clearTimeout': 'a function (handle) => void',
  onEvent: 'a function (event) => void',
  pinnedTools: 'an array of tool names, or a function ({ toolName, key, tool }) => boolean',
  prefetch: 'an object { maxTools?, minScore? }',
  'prefetch.maxTools': 'a positive integer (most tools a prefetch loads)',
  'prefetch.minScore': 'a number in [0, 1]',
  includeQueriesInEvents: 'a boolean',
  maxBridgedThreads: 'a non-negative safe integer (threads the context store bridges; 0 keeps no bridge)',
  maxRememberedMessages: 'a non-negative safe integer (message references the context store remembers; 0 reads every message at every step)',
};

/** Whether a value is a valid `receiptSecret` (r[store.receipts.secret]). */
function isReceiptSecret(value: unknown): boolean {
  try {
    createReceiptKeys(value);
    return true;
  } catch {
    return false;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const toolSchema = z.custom<object>((value) => {
  // Read once, never throwing: an unreadable tool is reported before the schema runs.
  const read = readTool(value);
  if (read.kind !== 'tool') return false;
  const { id, description } = read;
  if (id !== undefined && (typeof id !== 'string' || id.length === 0)) return false;
  if (description !== undefined && typeof description !== 'string') return false;
  return true;
});

/** Any function: the schema's type for the `filter` and `clock` options, checked only for being callable. */
export type OptionFunction = (...args: never[]) => unknown;

const fn = z.custom<OptionFunction>((value) => typeof value === 'function');

/**
 * The zod schema `ToolSearchProcessor` validates its options with.
 *
 * @see r[processor.options.schema]
 * @see r[processor.options.validate]
 */
export const toolSearchProcessorOptionsSchema = z.object({
  tools: z.record(z.string(), toolSchema),
  includeResolvedTools: z.boolean().optional(),
  injectCatalog: z.boolean().optional(),
  search: z
    .object({
      topK: z.number().int().positive().optional(),
      minScore: z.number().min(0).max(1).optional(),
      autoLoad: z.boolean().optional(),
    })
    .optional(),
  storage: z.enum(STORAGE_MODES).optional(),
  ttl: z.number().min(0).refine(Number.isFinite).optional(),
  maxThreads: z.number().int().positive().refine(Number.isSafeInteger).optional(),
  indexCacheMaxBytes: z.number().int().min(0).refine(Number.isSafeInteger).optional(),
  filter: fn.optional(),
  clock: fn.optional(),
  filterTimeoutMs: z.number().int().min(1).max(MAX_TIMER_DELAY_MS).optional(),
  filterConcurrency: z.number().int().positive().refine(Number.isSafeInteger).optional(),
  filterBudgetMs: z.number().int().min(1).max(MAX_TIMER_DELAY_MS).optional(),
  timers: z.object({ setTimeout: fn, clearTimeout: fn }).optional(),
  onEvent: fn.optional(),
  pinnedTools: z.union([z.array(z.string()), fn]).optional(),
  prefetch: z
    .object({
      maxTools: z.number().int().positive().refine(Number.isSafeInteger).optional(),
      minScore: z.number().min(0).max(1).optional(),
    })
    .optional(),
  includeQueriesInEvents: z.boolean().optional(),
  receiptSecret: z.custom<ReceiptSecret>(isReceiptSecret).optional(),
  maxBridgedThreads: z.number().int().min(0).refine(Number.isSafeInteger).optional(),
  maxRememberedMessages: z.number().int().min(0).refine(Number.isSafeInteger).optional(),
});

/**
 * Options of `ToolSearchProcessor`: every option of the seed page, plus an injected `clock`.
 *
 * @typeParam TTool - the tool type (a `@mastra/core` `Tool` in the Mastra binding).
 * @typeParam TRequestContext - the request context type.
 */
export interface ToolSearchOptionsOf<TTool = unknown, TRequestContext = unknown> {
  /** All tools that can be searched and loaded on demand. */
  tools: Record<string, TTool>;
  /** Also make the tools the agent resolved for the request searchable, withheld until loaded. Default `false`. */
  includeResolvedTools?: boolean;
  /** Inject the (filtered) tool catalog into the system prompt. Default `false`. */
  injectCatalog?: boolean;
  /** Search behaviour. */
  search?: {
    /** Maximum number of search results; a positive integer. Default `DEFAULT_TOP_K` of the scorer. */
    topK?: number;
    /** Minimum relevance score in [0, 1]. Default `DEFAULT_MIN_SCORE` of the scorer. */
    minScore?: number;
    /** Activate every `search_tools` result at once; `load_tool` is not exposed. Default `false`. */
    autoLoad?: boolean;
  };
  /** Where loaded-tool state lives. Default `'in-memory'`. */
  storage?: ToolSearchStorage;
  /** In-memory thread state time-to-live in milliseconds; 0 disables cleanup. Default one hour. */
  ttl?: number;
  /**
   * How many threads the processor keeps state for: the in-memory store's threads, or the context
   * store's order memory; beyond, the least recently used thread is evicted. A positive integer.
   * Default 10 000 (`DEFAULT_MAX_THREADS`). An addition to @mastra/core 1.71.0's options.
   *
   * @see r[processor.options.max-threads]
   */
  maxThreads?: number;
  /**
   * Estimated bytes the search indexes of request catalogs (`includeResolvedTools`) may retain
   * together across requests; 0 disables that cache. Default 16 777 216 (16 MiB,
   * `DEFAULT_INDEX_CACHE_MAX_BYTES`). An addition to @mastra/core 1.71.0's options.
   *
   * @see r[processor.resolved.index-cache]
   */
  indexCacheMaxBytes?: number;
  /** Request-aware hook; only `true` allows a tool. */
  filter?: FilterOf<TTool, TRequestContext>;
  /**
   * Tools exposed from the first step on, without a search: names (canonical names or record
   * keys) or a function of `{ toolName, key, tool }`. Phase `active` still applies. An addition
   * to @mastra/core 1.71.0's options (r[processor.pinned.option]).
   */
  pinnedTools?: PinnedToolsOf<TTool>;
  /**
   * First-turn prefetch: at the first step of a request, search the latest user message and load
   * up to `maxTools` (default 3, at most `search.topK`) of its best allowed matches scoring at
   * least `minScore` (default `search.minScore`), so the first model call carries them. Off by
   * default. An addition to @mastra/core 1.71.0's options (r[processor.prefetch.option]).
   */
  prefetch?: PrefetchOptions;
  /**
   * Clock for the in-memory store's TTL, in milliseconds. Default `Date.now`.
   * An addition to @mastra/core 1.71.0's options, for deterministic tests.
   */
  clock?: () => number;
  /**
   * Milliseconds a filter verdict may take; one that has not settled by then denies the tool, and
   * the step goes on. An integer from 1 to 2 147 483 647. Default 2 000.
   * An addition to @mastra/core 1.71.0's options (r[processor.filter.deadline]).
   */
  filterTimeoutMs?: number;
  /**
   * Most filter verdicts in flight at once within one step; also the largest batch of search
   * candidates asked together. A positive integer. Default 32.
   * An addition to @mastra/core 1.71.0's options (r[processor.filter.concurrency]).
   */
  filterConcurrency?: number;
  /**
   * Milliseconds one operation — the verdicts a step asks at its start, one `search_tools` or
   * `load_tool` call, one `getLoadedToolsForRequestContext` call — may wait on the filter in
   * total; once spent, every verdict it still waits for or asks for denies. An integer from 1 to
   * 2 147 483 647. Default 5 000. An addition to @mastra/core 1.71.0's options (r[processor.filter.budget]).
   */
  filterBudgetMs?: number;
  /**
   * Timers for filter deadlines and budgets. Default the global `setTimeout` / `clearTimeout`.
   * An addition to @mastra/core 1.71.0's options, for deterministic tests (r[processor.options.timers]).
   */
  timers?: ToolSearchTimers;
  /**
   * Receives the processor's events: searches, loads, denials with their reasons, spent budgets,
   * unloads and skipped request tools, each validating against `toolSearchEventSchema`. Delivered
   * in microtasks, never awaited; what it throws or returns is ignored. An addition to
   * @mastra/core 1.71.0's options (r[processor.events.listener]).
   */
  onEvent?: ToolSearchEventListener;
  /**
   * Whether `search` events carry the query (which the model writes from the conversation, so it
   * can hold user data). Default `false` (r[processor.events.queries]).
   */
  includeQueriesInEvents?: boolean;
  /**
   * Signs every activating meta-tool result with an HMAC-SHA256 receipt; the context store then
   * trusts exactly the results whose receipt verifies (r[store.receipts.verify]). A string of at
   * least 32 UTF-8 bytes, a `Uint8Array` of at least 32 bytes, or several (the first signs, any
   * verifies). An addition to @mastra/core 1.71.0's options.
   */
  receiptSecret?: ReceiptSecret;
  /**
   * Most threads the context store's bridge holds names for; 0 keeps no bridge. Default
   * `DEFAULT_MAX_BRIDGED_THREADS` (10 000). An addition to @mastra/core 1.71.0's options.
   */
  maxBridgedThreads?: number;
  /**
   * Most message references the context store remembers of the messages it read, over all threads
   * (r[store.context.derive.incremental]); 0 reads every message at every step and so sees every
   * change of the messages, as @mastra/core 1.71.0 does. Default `DEFAULT_MAX_REMEMBERED_MESSAGES`
   * (200 000). Ignored by the in-memory store. An addition to @mastra/core 1.71.0's options.
   *
   * @see r[processor.options.max-remembered-messages]
   */
  maxRememberedMessages?: number;
}

/**
 * The one error the `ToolSearchProcessor` constructor throws: for an invalid option, an invalid
 * tool, a reserved tool name or two tools sharing a canonical name.
 *
 * @see r[processor.options.errors]
 */
export class ToolSearchOptionsError extends Error {
  /** The dotted path of the offending option, e.g. `search.topK` or `tools.weather`. */
  readonly option: string;
  /**
   * @param option - the dotted option path
   * @param message - the full message
   */
  constructor(option: string, message: string) {
    super(message);
    this.name = 'ToolSearchOptionsError';
    this.option = option;
  }
}

function isReadableRecord(value: unknown): value is Record<string, unknown> {
  try {
    return isRecord(value);
  } catch {
    return false;
  }
}

function describeValue(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'symbol') return 'a symbol';
  if (value === null || typeof value !== 'object') return shorten(String(value));
  try {
    return Array.isArray(value) ? 'an array' : 'an object';
  } catch {
    return 'an unreadable object';
  }
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = root;
  try {
    for (const key of path) {
      if (!isRecord(current) || !Object.hasOwn(current, key)) return undefined;
      current = current[key as string];
    }
  } catch {
    return undefined;
  }
  return current;
}

/** Rethrows the receipt-secret check's error as a {@link ToolSearchOptionsError} naming the option. */
function receiptSecretError(value: unknown): never {
  try {
    createReceiptKeys(value);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const option = /^Invalid (receiptSecret(?:\[\d+\])?)/.exec(message)?.[1] ?? 'receiptSecret';
    throw new ToolSearchOptionsError(option, `Invalid ToolSearchProcessor option "${option}": ${message.replace(/^Invalid [^:]*: /, '')}`);
  }
  throw new ToolSearchOptionsError('receiptSecret', 'Invalid ToolSearchProcessor option "receiptSecret".');
}

/**
 * A dotted option path whose segments (record keys among them) are cut to 64 characters.
 *
 * Implements r[processor.options.bounded-echo].
 *
 * @param path - the path segments
 */
export function formatOptionPath(path: readonly PropertyKey[]): string {
  return path.map((segment) => shorten(String(segment))).join('.');
}

/**
 * Throws for the first constructor tool that cannot be read (its keys cannot be listed, or a
 * value, `id` or `description` getter or Proxy trap throws), naming it by its record key.
 *
 * Implements r[processor.options.unreadable-tool].
 */
function assertReadableTools(tools: unknown): void {
  // Unlike @mastra/core 1.71.0 (r[processor.options.unreadable-tool]): Mastra lets the getter's own error escape.
  const record = readRecord(tools);
  if (!record.ok) {
    throw new ToolSearchOptionsError('tools', `Invalid ToolSearchProcessor option "tools": its keys could not be listed (${record.error}). Pass a plain object of tools.`);
  }
  for (const item of record.items) {
    const read = 'error' in item ? { kind: 'unreadable' as const, field: 'value' as const, error: item.error } : readTool(item.value);
    if (read.kind !== 'unreadable') continue;
    const option = formatOptionPath(['tools', item.key]);
    const what = read.field === 'value' ? 'reading the tool' : `reading its ${read.field}`;
    throw new ToolSearchOptionsError(
      option,
      `Invalid ToolSearchProcessor option "${option}": ${what} threw (${read.error}). Pass a tool from createTool whose id and description are plain values.`,
    );
  }
}

/**
 * Validates options, throwing a {@link ToolSearchOptionsError} that names the first bad option and
 * what it allows.
 *
 * Implements r[processor.options.validate].
 *
 * @param options - the raw options
 * @returns the same options, typed
 */
export function validateToolSearchOptions<TTool, TRequestContext>(
  options: unknown,
): ToolSearchOptionsOf<TTool, TRequestContext> {
  // Unlike @mastra/core 1.71.0 (r[processor.options.validate]): Mastra validates nothing: topK 0 gives an empty search
  // and storage 'redis' silently selects the in-memory store.
  // The options must be an object (a revoked Proxy is not one).
  if (!isReadableRecord(options)) {
    throw new ToolSearchOptionsError(
      'options',
      `Invalid ToolSearchProcessor options: expected ${ALLOWED.options}, received ${describeValue(options)}.`,
    );
  }
  // Every constructor tool can be read, so that the schema never meets a throwing getter.
  let tools: unknown;
  try {
    tools = options.tools;
  } catch (error) {
    throw new ToolSearchOptionsError('tools', `Invalid ToolSearchProcessor option "tools": reading it threw (${errorText(error)}). Pass a plain object of tools.`);
  }
  if (typeof tools === 'object' && tools !== null) assertReadableTools(tools);
  // Validate against the exported schema; report the first issue by option path.
  let parsed: ReturnType<typeof toolSearchProcessorOptionsSchema.safeParse>;
  try {
    parsed = toolSearchProcessorOptionsSchema.safeParse(options);
  } catch (error) {
    throw new ToolSearchOptionsError('options', `Invalid ToolSearchProcessor options: they could not be read (${errorText(error)}). Pass a plain options object.`);
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.map(String);
    // r[store.receipts.confidential]: the secret's own error names the bad element and never shows the value.
    if (path[0] === 'receiptSecret') receiptSecretError(valueAt(options, issue.path));
    const option = formatOptionPath(path);
    const allowedKey = path[0] === 'tools' && path.length > 1 ? 'tools.*' : option;
    const allowed = ALLOWED[allowedKey] ?? issue.message;
    throw new ToolSearchOptionsError(
      option,
      `Invalid ToolSearchProcessor option "${option}": expected ${allowed}, received ${describeValue(valueAt(options, issue.path))}.`,
    );
  }
  return options as unknown as ToolSearchOptionsOf<TTool, TRequestContext>;
}

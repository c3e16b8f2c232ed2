import { z } from 'zod';
import { STORAGE_MODES, type StorageMode } from '../stores/types.js';

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
  filter: 'a function ({ toolName, tool, requestContext, phase }) => boolean | Promise<boolean>',
  clock: 'a function returning the current time in milliseconds',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const toolSchema = z.custom<object>((value) => {
  if (!isRecord(value) && typeof value !== 'function') return false;
  const { id, description } = value as { id?: unknown; description?: unknown };
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
  filter: fn.optional(),
  clock: fn.optional(),
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
  /** Request-aware hook; only `true` allows a tool. */
  filter?: FilterOf<TTool, TRequestContext>;
  /**
   * Clock for the in-memory store's TTL, in milliseconds. Default `Date.now`.
   * An addition to @mastra/core 1.71.0's options, for deterministic tests.
   */
  clock?: () => number;
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

function describeValue(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = root;
  for (const key of path) {
    if (!isRecord(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key as string];
  }
  return current;
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
  // 1. The options must be an object.
  if (!isRecord(options)) {
    throw new ToolSearchOptionsError(
      'options',
      `Invalid ToolSearchProcessor options: expected ${ALLOWED.options}, received ${describeValue(options)}.`,
    );
  }
  // 2. Validate against the exported schema; report the first issue by option path.
  const parsed = toolSearchProcessorOptionsSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.map(String);
    const option = path.join('.');
    const allowedKey = path[0] === 'tools' && path.length > 1 ? 'tools.*' : option;
    const allowed = ALLOWED[allowedKey] ?? issue.message;
    throw new ToolSearchOptionsError(
      option,
      `Invalid ToolSearchProcessor option "${option}": expected ${allowed}, received ${describeValue(valueAt(options, issue.path))}.`,
    );
  }
  return options as unknown as ToolSearchOptionsOf<TTool, TRequestContext>;
}

/**
 * First-turn prefetch: at the first step of a request, the latest user message is searched and
 * its best allowed matches are loaded at once, so that the first model call already carries the
 * likely tools. Pure: the binding gives it the step's messages, catalog and verdicts. See
 * `spec/processor.md`, "First-turn prefetch".
 *
 * @module
 */
import type { StepCatalog } from './catalog.js';
import { MAX_QUERY_LENGTH } from './meta-input.js';
import { bestMatches, type Matches } from './meta-tools.js';
import { SEARCH_AND_LOAD_PHASES, type ToolVerdicts } from './verdicts.js';

/**
 * The `prefetch` option.
 *
 * @see r[processor.prefetch.option]
 */
export interface PrefetchOptions {
  /** Most tools a prefetch loads (and never more than `search.topK`). A positive integer. Default {@link DEFAULT_PREFETCH_MAX_TOOLS}. */
  maxTools?: number;
  /** Least score of a prefetched tool, in [0, 1]. Default `search.minScore`. */
  minScore?: number;
}

/** Default `prefetch.maxTools`: 3 (see r[processor.prefetch.option] and `docs/prefetch.md` for why). */
export const DEFAULT_PREFETCH_MAX_TOOLS = 3;

/** The `prefetch` option with its defaults applied. */
export interface PrefetchPolicy {
  /** `min(prefetch.maxTools, search.topK)`. */
  readonly maxTools: number;
  /** `prefetch.minScore`. */
  readonly minScore: number;
}

/**
 * The prefetch policy of the options, or `undefined` when prefetch is off.
 *
 * Implements r[processor.prefetch.option].
 *
 * @param option - the `prefetch` option
 * @param search - `search.topK` and `search.minScore`
 */
export function prefetchPolicy(option: PrefetchOptions | undefined, search: { readonly topK: number; readonly minScore: number }): PrefetchPolicy | undefined {
  if (option === undefined) return undefined;
  return { maxTools: Math.min(option.maxTools ?? DEFAULT_PREFETCH_MAX_TOOLS, search.topK), minScore: option.minScore ?? search.minScore };
}

/** Reads a property without throwing (a getter or a Proxy trap may throw). */
function read(value: unknown, key: string): unknown {
  try {
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  } catch {
    return undefined;
  }
}

/** The text of one stored message: its text parts joined by a line feed, else its `content` string. */
function messageText(message: unknown): string {
  const content = read(message, 'content');
  if (typeof content === 'string') return content;
  const parts = read(content, 'parts');
  if (Array.isArray(parts)) {
    const texts = parts.filter((part) => read(part, 'type') === 'text').map((part) => read(part, 'text'));
    const strings = texts.filter((t): t is string => typeof t === 'string');
    if (strings.length > 0) return strings.join('\n');
  }
  const flat = read(content, 'content');
  return typeof flat === 'string' ? flat : '';
}

/**
 * The prefetch query of a step: the text of the latest `user` message among its messages, cut to
 * its first {@link MAX_QUERY_LENGTH} code points; `undefined` when there is no such message or
 * its text is blank. Never throws.
 *
 * Implements r[processor.prefetch.query].
 *
 * @param messages - the step's messages (Mastra's stored format)
 */
export function prefetchQuery(messages: readonly unknown[]): string | undefined {
  return prefetchSource(messages)?.query;
}

/**
 * The prefetch query of a step and the index of the user message it comes from (see
 * {@link prefetchQuery}).
 *
 * Implements r[processor.prefetch.query].
 *
 * @param messages - the step's messages (Mastra's stored format)
 */
export function prefetchSource(messages: readonly unknown[]): { query: string; at: number } | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (read(messages[i], 'role') !== 'user') continue;
    const text = messageText(messages[i]);
    if (text.trim() === '') return undefined;
    const points = Array.from(text.length > 2 * MAX_QUERY_LENGTH ? text.slice(0, 2 * MAX_QUERY_LENGTH) : text);
    return { query: points.length > MAX_QUERY_LENGTH ? points.slice(0, MAX_QUERY_LENGTH).join('') : points.join(''), at: i };
  }
  return undefined;
}

/**
 * The tools a prefetch loads: the candidates ranked for the query at or above `minScore`,
 * pinned tools left out, asked in rank order in batches at phases `search` then `load`; the
 * first `maxTools` allowed.
 *
 * Implements r[processor.prefetch.select].
 *
 * @param catalog - the step's catalog
 * @param verdicts - the step's own operation
 * @param query - the prefetch query
 * @param policy - how many tools, at which score
 * @param pinned - canonical names of the step's pinned tools
 */
export function prefetchMatches<TTool>(
  catalog: StepCatalog<TTool>,
  verdicts: ToolVerdicts<TTool>,
  query: string,
  policy: PrefetchPolicy,
  pinned: ReadonlySet<string>,
): Promise<Matches> {
  // Unlike @mastra/core 1.71.0 (r[processor.prefetch.option]): prefetch is an addition.
  return bestMatches(catalog, verdicts, query, { topK: policy.maxTools, minScore: policy.minScore, phases: SEARCH_AND_LOAD_PHASES, exclude: pinned });
}

/** What a step's prefetch found. */
export interface Prefetch {
  /** The prefetch query. */
  readonly query: string;
  /** The index, in the step's messages, of the user message the query comes from. */
  readonly at: number;
  /** The prefetched tools' canonical names, best first. */
  readonly names: readonly string[];
  /** What the search saw, for the `search` event. */
  readonly matches: Matches;
}

/**
 * The prefetch of one step, or `undefined` when the step makes none: prefetch is off, the step is
 * not the request's first and the store does not derive prefetches at every step, or the step has
 * no prefetch query.
 *
 * Implements r[processor.prefetch.first-step] and r[processor.prefetch.storage].
 *
 * @param input - the step's catalog, messages, step number and verdicts, the policy, the pinned
 *   tools, and whether the store derives prefetches at every step (the context store)
 */
export async function stepPrefetch<TTool>(input: {
  readonly policy: PrefetchPolicy | undefined;
  readonly everyStep: boolean;
  readonly stepNumber: unknown;
  readonly messages: readonly unknown[];
  readonly catalog: StepCatalog<TTool>;
  readonly verdicts: ToolVerdicts<TTool>;
  readonly pinned: ReadonlySet<string>;
}): Promise<Prefetch | undefined> {
  const { policy } = input;
  if (policy === undefined || (!input.everyStep && input.stepNumber !== 0)) return undefined;
  const source = prefetchSource(input.messages);
  if (source === undefined) return undefined;
  const matches = await prefetchMatches(input.catalog, input.verdicts, source.query, policy, input.pinned);
  return { query: source.query, at: source.at, names: matches.hits.map((h) => h.name), matches };
}

/**
 * The event stream: a versioned zod schema of what the processor did and why, and the sink
 * that builds, freezes and delivers events to the `onEvent` listener and to a tracing span.
 * Pure: no Mastra import (a tracing span is used through its `createEventSpan` only).
 *
 * @see r[processor.events.schema]
 * @module
 */
import { z } from 'zod';
import { shorten } from './echo.js';

/** The version every event carries. @see r[processor.events.schema] */
export const TOOL_SEARCH_EVENT_VERSION = 1;

/** Longest query a `search` event carries, in code points (the longest `search_tools` accepts). */
const MAX_EVENT_QUERY_LENGTH = 1_000;

const count = z.number().int().nonnegative();
const phase = z.enum(['search', 'load', 'active']);
const operation = z.enum(['step', 'search_tools', 'load_tool', 'resume']).describe('The operation of r[processor.filter.budget].');

/** Fields every event carries (r[processor.events.context]). */
const common = {
  version: z.literal(TOOL_SEARCH_EVENT_VERSION),
  at: z.number().describe('When the event was emitted, by the `clock` option, in milliseconds.'),
  threadId: z.string().nullable().describe('The request\'s thread id, or null (anonymous, or no request).'),
  requestId: z.string().nullable().describe("The step's `runId` (one per Agent `generate`/`stream` call), or null."),
  stepNumber: count.nullable().describe("The step's `stepNumber`, or null."),
};

const searchEvent = z
  .object({
    ...common,
    type: z.literal('search'),
    source: z.enum(['search_tools', 'prefetch']),
    toolCallId: z.string().nullable(),
    query: z.string().optional().describe('Only with `includeQueriesInEvents`.'),
    queryLength: count.describe('The query length in code points.'),
    candidateCount: count.describe('Tools searched.'),
    matchCount: count.describe('Candidates at or above `minScore`, before the filter.'),
    results: z.array(z.object({ name: z.string(), score: z.number() }).strict()),
    durationMs: z.number().nonnegative(),
  })
  .strict();

const loadEvent = z
  .object({
    ...common,
    type: z.literal('load'),
    source: z.enum(['load_tool', 'search_tools', 'prefetch']),
    toolCallId: z.string().nullable(),
    tools: z.array(z.object({ name: z.string(), outcome: z.enum(['loaded', 'already-loaded', 'denied', 'unknown']) }).strict()),
  })
  .strict();

const denyEvent = z
  .object({
    ...common,
    type: z.literal('deny'),
    toolName: z.string(),
    phase,
    operation,
    reason: z.enum(['not-true', 'threw', 'timed-out', 'budget-exhausted']),
  })
  .strict();

const budgetEvent = z
  .object({
    ...common,
    type: z.literal('budget-exhausted'),
    operation,
    budgetMs: count,
    pending: count,
    unasked: count,
  })
  .strict();

const unloadEvent = z
  .object({
    ...common,
    type: z.literal('unload'),
    tools: z.array(z.string()),
    reason: z.enum(['ttl', 'cleared', 'evicted', 'truncated']),
  })
  .strict();

const skippedEvent = z
  .object({
    ...common,
    type: z.literal('tool-skipped'),
    toolKey: z.string().nullable(),
    reason: z.enum(['not-a-tool', 'unreadable', 'name-empty', 'name-too-long', 'record-unreadable']),
  })
  .strict();

/**
 * The schema of every event, discriminated by `type`.
 *
 * @see r[processor.events.schema]
 */
export const toolSearchEventSchema = z.discriminatedUnion('type', [searchEvent, loadEvent, denyEvent, budgetEvent, unloadEvent, skippedEvent]);

/** One event. @see r[processor.events.schema] */
export type ToolSearchEvent = z.infer<typeof toolSearchEventSchema>;
/** The `type` of an event. */
export type ToolSearchEventType = ToolSearchEvent['type'];
/** A `search` event. @see r[processor.events.search] */
export type ToolSearchSearchEvent = Extract<ToolSearchEvent, { type: 'search' }>;
/** A `load` event. @see r[processor.events.load] */
export type ToolSearchLoadEvent = Extract<ToolSearchEvent, { type: 'load' }>;
/** A `deny` event. @see r[processor.events.deny] */
export type ToolSearchDenyEvent = Extract<ToolSearchEvent, { type: 'deny' }>;
/** A `budget-exhausted` event. @see r[processor.events.budget] */
export type ToolSearchBudgetEvent = Extract<ToolSearchEvent, { type: 'budget-exhausted' }>;
/** An `unload` event. @see r[processor.events.unload] */
export type ToolSearchUnloadEvent = Extract<ToolSearchEvent, { type: 'unload' }>;
/** A `tool-skipped` event. @see r[processor.events.skipped] */
export type ToolSearchSkippedEvent = Extract<ToolSearchEvent, { type: 'tool-skipped' }>;

/** The `onEvent` option. What it returns is ignored (r[processor.events.delivery]). */
export type ToolSearchEventListener = (event: ToolSearchEvent) => unknown;

/** The fields of r[processor.events.context], which the sink fills in. */
type CommonField = keyof typeof common;
/** An event as emitted: without the fields the sink fills in. */
export type EventDraft = ToolSearchEvent extends infer E ? (E extends ToolSearchEvent ? Omit<E, CommonField> : never) : never;

/** Where an event happened: the identifiers of r[processor.events.context], and the span to record it on. */
export interface EventScope {
  /** The thread id, or `null`. */
  readonly threadId: string | null;
  /** The request identifier, or `null`. */
  readonly requestId: string | null;
  /** The step number, or `null`. */
  readonly stepNumber: number | null;
  /** A tracing span (`tracingContext.currentSpan`), if any (r[processor.events.tracing]). */
  readonly span?: unknown;
}

/** The scope of an event that concerns no request. */
export const NO_SCOPE: EventScope = Object.freeze({ threadId: null, requestId: null, stepNumber: null });

/** The key of the request identifier in the step arguments' `state` (r[processor.events.context]). */
export const REQUEST_ID_STATE_KEY = 'toolSearchRequestId';

/**
 * The request identifier of a step: its `runId` when that is a non-empty string, else the one its
 * per-request `state` holds, written there (by `newId`) at the first step that finds none; never throws.
 *
 * Implements r[processor.events.context].
 *
 * @param args - the step arguments (`runId`, `state`)
 * @param newId - makes a fresh identifier
 */
export function requestIdOf(args: unknown, newId: () => string): string | undefined {
  try {
    if (typeof args !== 'object' || args === null) return undefined;
    const { runId, state } = args as { runId?: unknown; state?: unknown };
    if (typeof runId === 'string' && runId !== '') return runId;
    if (typeof state !== 'object' || state === null) return undefined;
    const held = (state as Record<string, unknown>)[REQUEST_ID_STATE_KEY];
    if (typeof held === 'string' && held !== '') return held;
    const id = newId();
    (state as Record<string, unknown>)[REQUEST_ID_STATE_KEY] = id;
    return id;
  } catch {
    return undefined;
  }
}

/** A thread id, request id or step number as an event carries it. */
export function scopeOf(threadId: string | undefined, requestId: unknown, stepNumber: unknown, span?: unknown): EventScope {
  return {
    threadId: threadId === undefined || threadId === '' ? null : shorten(threadId),
    requestId: typeof requestId === 'string' && requestId !== '' ? shorten(requestId) : null,
    stepNumber: typeof stepNumber === 'number' && Number.isSafeInteger(stepNumber) && stepNumber >= 0 ? stepNumber : null,
    span,
  };
}

/** A query as a `search` event carries it (r[processor.events.queries]). */
export function eventQuery(query: string): string {
  const points = Array.from(query);
  return points.length <= MAX_EVENT_QUERY_LENGTH ? query : points.slice(0, MAX_EVENT_QUERY_LENGTH).join('');
}

/** The `createEventSpan` of a span, if it has one; reading it never throws. */
function eventSpanOf(span: unknown): ((options: unknown) => unknown) | undefined {
  try {
    if ((typeof span !== 'object' && typeof span !== 'function') || span === null) return undefined;
    const create = (span as { createEventSpan?: unknown }).createEventSpan;
    return typeof create === 'function' ? (create.bind(span) as (options: unknown) => unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** Freezes an event and everything in it. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Options of {@link EventSink}. */
export interface EventSinkOptions {
  /** The `onEvent` option. */
  readonly listener?: ToolSearchEventListener | undefined;
  /** The `clock` option: `at` and durations. */
  readonly clock: () => number;
  /** `includeQueriesInEvents`. */
  readonly includeQueries: boolean;
}

/**
 * Builds events and hands them to the listener (each in a microtask of its own, never awaited,
 * failures ignored) and to the scope's tracing span (as an event span `tool_search.<type>`).
 *
 * Implements r[processor.events.listener], r[processor.events.context], r[processor.events.delivery]
 * and r[processor.events.tracing].
 */
export class EventSink {
  readonly #listener: ToolSearchEventListener | undefined;
  /** The `clock` option. */
  readonly clock: () => number;
  /** Whether `search` events carry the query. */
  readonly includeQueries: boolean;

  /** @param options - the listener, the clock and whether queries are included */
  constructor(options: EventSinkOptions) {
    this.#listener = options.listener;
    this.clock = options.clock;
    this.includeQueries = options.includeQueries;
  }

  /**
   * Whether an event in this scope would reach anyone (the listener or a span): callers skip
   * building drafts otherwise.
   *
   * @param scope - where the event would happen
   */
  wanted(scope: EventScope): boolean {
    return this.#listener !== undefined || eventSpanOf(scope.span) !== undefined;
  }

  /** Whether events of a step with this tracing span would reach anyone. */
  wantedWith(span: unknown): boolean {
    return this.#listener !== undefined || eventSpanOf(span) !== undefined;
  }

  /**
   * Emits one event.
   *
   * @param scope - where it happened
   * @param draft - the event without the fields of r[processor.events.context]
   */
  emit(scope: EventScope, draft: EventDraft): void {
    const span = eventSpanOf(scope.span);
    const listener = this.#listener;
    if (listener === undefined && span === undefined) return;
    // The common fields, then the event's own; frozen, so no one can change what others see.
    const event = deepFreeze({
      version: TOOL_SEARCH_EVENT_VERSION,
      ...draft,
      at: this.clock(),
      threadId: scope.threadId,
      requestId: scope.requestId,
      stepNumber: scope.stepNumber,
    } as ToolSearchEvent);
    // The span records it now; its failures are its own.
    // Unlike @mastra/core 1.71.0 (r[processor.events.tracing]): Mastra records nothing of what it searched, loaded or denied.
    if (span !== undefined) {
      try {
        const { version: _version, type, ...metadata } = event;
        span({ type: 'generic', name: `tool_search.${type}`, metadata });
      } catch {
        // r[processor.events.tracing]: a span that throws changes nothing.
      }
    }
    // The listener gets it in a microtask of its own, never awaited (r[processor.events.delivery]).
    // Unlike @mastra/core 1.71.0 (r[processor.events.listener]): `onEvent` is an addition.
    if (listener !== undefined) queueMicrotask(() => deliver(listener, event));
  }
}

/** Calls the listener, ignoring what it throws or returns (a rejecting or never-settling promise included). */
function deliver(listener: ToolSearchEventListener, event: ToolSearchEvent): void {
  try {
    const out = listener(event);
    if ((typeof out === 'object' || typeof out === 'function') && out !== null) {
      const then = (out as { then?: unknown }).then;
      if (typeof then === 'function') then.call(out, undefined, () => {});
    }
  } catch {
    // A listener's failure is its own: the step goes on.
  }
}

/**
 * The tracing span of step arguments or of a tool's execution context: its
 * `tracingContext.currentSpan`, or `undefined`; reading it never throws.
 *
 * @see r[processor.events.tracing]
 * @param carrier - `ProcessInputStepArgs` or a tool's execution context
 */
export function tracingSpanOf(carrier: unknown): unknown {
  try {
    if (typeof carrier !== 'object' || carrier === null) return undefined;
    const tracing = (carrier as { tracingContext?: unknown }).tracingContext;
    if (typeof tracing !== 'object' || tracing === null) return undefined;
    return (tracing as { currentSpan?: unknown }).currentSpan;
  } catch {
    return undefined;
  }
}

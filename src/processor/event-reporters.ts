/**
 * What the processor's parts report, turned into events: denials and spent budgets
 * (`deny`, `budget-exhausted`), skipped request tools (`tool-skipped`), and what a meta-tool
 * call searched and activated (`search`, `load`). Each reporter builds nothing when no one
 * listens (r[processor.events.listener]).
 *
 * @module
 */
import { shorten } from './echo.js';
import { eventQuery, type EventScope, type EventSink } from './events.js';
import type { MetaToolObserver } from './meta-tools.js';
import type { SkippedTool } from './names.js';
import type { BudgetExhaustion, FilterDenial, OperationReporter } from './verdicts.js';

/** A request tool the step skipped: its record key (`null` when the record could not be listed) and why. */
export interface SkipReport {
  /** The record key, in full (events shorten it). */
  readonly toolKey: string | null;
  /** Why. */
  readonly reason: SkippedTool['reason'] | 'record-unreadable';
}

/**
 * The reporter of one operation's denials: a `deny` event per denial, a `budget-exhausted`
 * event when the operation ends having spent its budget.
 *
 * Implements r[processor.events.deny] and r[processor.events.budget].
 *
 * @param sink - the processor's event sink
 * @param scope - where the operation runs
 */
export function denialEvents<TTool>(sink: EventSink, scope: EventScope): OperationReporter<TTool> {
  // (An object of a class, not of closures: one is made for every meta-tool call.)
  return new DenialEvents<TTool>(sink, scope);
}

/** See {@link denialEvents}. */
class DenialEvents<TTool> implements OperationReporter<TTool> {
  readonly #sink: EventSink;
  readonly #scope: EventScope;

  constructor(sink: EventSink, scope: EventScope) {
    this.#sink = sink;
    this.#scope = scope;
  }

  onDenial({ entry, phase, reason, operation }: FilterDenial<TTool>): void {
    // r[processor.events.confidential]: what a filter threw is never part of the event.
    this.#sink.emit(this.#scope, { type: 'deny', toolName: shorten(entry.name), phase, operation, reason });
  }

  onBudgetExhausted({ operation, budgetMs, pending, unasked }: BudgetExhaustion): void {
    this.#sink.emit(this.#scope, { type: 'budget-exhausted', operation, budgetMs, pending, unasked });
  }
}

/**
 * The reporter of skipped request tools: one `tool-skipped` event each.
 *
 * Implements r[processor.events.skipped].
 *
 * @param sink - the processor's event sink
 * @param scope - where the step runs
 */
export function skippedEvents(sink: EventSink, scope: EventScope): (skipped: SkipReport) => void {
  return ({ toolKey, reason }) => sink.emit(scope, { type: 'tool-skipped', toolKey: toolKey === null ? null : shorten(toolKey), reason });
}

/**
 * The observer of one meta-tool call: a `search` event when `search_tools` answers (its duration
 * from `startedAt` by the sink's clock), a `load` event when the call activated names.
 *
 * Implements r[processor.events.search], r[processor.events.load] and r[processor.events.queries].
 *
 * @param sink - the processor's event sink
 * @param scope - the call's scope
 * @param toolCallId - the call's id, if any
 * @param source - `prefetch` for a step's prefetch, else the meta-tool's own
 */
export function callEvents(sink: EventSink, scope: EventScope, toolCallId: string | undefined, source?: 'prefetch'): MetaToolObserver {
  const startedAt = sink.clock();
  const id = toolCallId === undefined ? null : shorten(toolCallId);
  return {
    searched: ({ query, candidateCount, matchCount, results }) => {
      if (!sink.wanted(scope)) return;
      sink.emit(scope, {
        type: 'search',
        source: source ?? 'search_tools',
        toolCallId: id,
        ...(sink.includeQueries ? { query: eventQuery(query) } : {}),
        queryLength: Array.from(query).length,
        candidateCount,
        matchCount,
        results: results.map((r) => ({ name: shorten(r.name), score: r.score })),
        durationMs: Math.max(0, sink.clock() - startedAt),
      });
    },
    loaded: ({ source: meta, tools }) => {
      if (!sink.wanted(scope)) return;
      sink.emit(scope, {
        type: 'load',
        source: source ?? meta,
        toolCallId: id,
        tools: tools.map((t) => ({ name: shorten(t.name), outcome: t.outcome })),
      });
    },
  };
}

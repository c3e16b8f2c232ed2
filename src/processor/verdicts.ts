import type { ToolSearchDiagnostic } from './diagnostics.js';
import { shorten, errorText } from './echo.js';
import { decideFilter, type FilterDecision } from './filter.js';
import type { ToolEntry } from './names.js';
import type { FilterOf, ToolSearchFilterPhase } from './options.js';
import type { ToolSearchTimers } from './timers.js';

/** Default `filterTimeoutMs`: 2 000 ms (see r[processor.options.defaults]). */
export const DEFAULT_FILTER_TIMEOUT_MS = 2_000;
/** Default `filterConcurrency`: 32 verdicts in flight per step (see r[processor.options.defaults]). */
export const DEFAULT_FILTER_CONCURRENCY = 32;

/** How one processor asks its filter; shared by all its steps. */
export interface VerdictPolicy<TTool = unknown, TRequestContext = unknown> {
  /** The `filter` option, if any. */
  readonly filter: FilterOf<TTool, TRequestContext> | undefined;
  /** `filterTimeoutMs`. */
  readonly timeoutMs: number;
  /** `filterConcurrency`. */
  readonly concurrency: number;
  /** Where deadlines are scheduled. */
  readonly timers: ToolSearchTimers;
  /** Where diagnostics go. */
  readonly report: (diagnostic: ToolSearchDiagnostic) => void;
}

/** The phases `search_tools` asks about each candidate: `search`, and under `autoLoad` also `load`. */
export const SEARCH_PHASES: readonly ToolSearchFilterPhase[] = Object.freeze(['search']);
/** The phases of an activating search or a suggestion: `search`, then `load`. */
export const SEARCH_AND_LOAD_PHASES: readonly ToolSearchFilterPhase[] = Object.freeze(['search', 'load']);

/** What the meta-tools and step views use of a step's verdicts (independent of the request-context type). */
export interface ToolVerdicts<TTool = unknown> {
  /** Whether a filter is configured. */
  readonly filtered: boolean;
  /** `filterConcurrency`. */
  readonly concurrency: number;
  /** The verdict about one tool in one phase, asked at most once per step. */
  decide(entry: ToolEntry<TTool>, phase: ToolSearchFilterPhase): Promise<FilterDecision>;
  /** Whether one tool is allowed in one phase. */
  allowed(entry: ToolEntry<TTool>, phase: ToolSearchFilterPhase): Promise<boolean>;
  /** Whether each tool is allowed in one phase, all asked at once in the given order. */
  allowedEach(entries: readonly (ToolEntry<TTool> | undefined)[], phase: ToolSearchFilterPhase): Promise<boolean[]>;
  /** Whether each tool is allowed in every phase, a phase at a time. */
  allowedInPhases(entries: readonly (ToolEntry<TTool> | undefined)[], phases: readonly ToolSearchFilterPhase[]): Promise<boolean[]>;
}

/**
 * The filter's verdicts for one step. A step is one `processInputStep` call together with every
 * execution of the meta-tools it returned; each `getLoadedToolsForRequestContext` call is a step of
 * its own. Within a step each (tool, phase) is asked at most once (the verdict, or the pending
 * call, is remembered), at most `filterConcurrency` calls are in flight at once, and calls start in
 * the order they are asked for (first in, first out).
 *
 * Implements r[processor.filter.once-per-step], r[processor.filter.concurrency] and r[processor.filter.start-order].
 */
export class StepVerdicts<TTool = unknown, TRequestContext = unknown> implements ToolVerdicts<TTool> {
  readonly #policy: VerdictPolicy<TTool, TRequestContext>;
  readonly #requestContext: TRequestContext | undefined;
  readonly #memo: Record<ToolSearchFilterPhase, Map<string, Promise<FilterDecision>>> = {
    search: new Map(),
    load: new Map(),
    active: new Map(),
  };
  readonly #waiting: Array<() => void> = [];
  #inFlight = 0;
  #calls = 0;

  /**
   * @param policy - the processor's filter policy
   * @param requestContext - the request context every verdict of this step receives
   */
  constructor(policy: VerdictPolicy<TTool, TRequestContext>, requestContext: TRequestContext | undefined) {
    this.#policy = policy;
    this.#requestContext = requestContext;
  }

  /** Whether a filter is configured (without one every tool is allowed and nothing is asked). */
  get filtered(): boolean {
    return this.#policy.filter !== undefined;
  }

  /** `filterConcurrency`: the batch limit of searches and the bound on calls in flight. */
  get concurrency(): number {
    return this.#policy.concurrency;
  }

  /** How many filter calls this step has started. */
  get calls(): number {
    return this.#calls;
  }

  /**
   * The verdict about one tool in one phase, asked at most once per step.
   *
   * @param entry - the tool, as this step's catalog knows it
   * @param phase - the phase
   */
  decide(entry: ToolEntry<TTool>, phase: ToolSearchFilterPhase): Promise<FilterDecision> {
    // Unlike @mastra/core 1.71.0 (r[processor.filter.once-per-step]): Mastra asks again each time it needs a verdict.
    const memo = this.#memo[phase];
    const known = memo.get(entry.name);
    if (known !== undefined) return known;
    const pending = this.#ask(entry, phase);
    memo.set(entry.name, pending);
    return pending;
  }

  /**
   * Whether one tool is allowed in one phase.
   *
   * @param entry - the tool
   * @param phase - the phase
   */
  async allowed(entry: ToolEntry<TTool>, phase: ToolSearchFilterPhase): Promise<boolean> {
    return (await this.decide(entry, phase)).allowed;
  }

  /**
   * Whether each tool is allowed in one phase; every call is asked for at once, in the given
   * order, and runs within the concurrency bound.
   *
   * @param entries - the tools, in the order their calls start
   * @param phase - the phase
   */
  async allowedEach(entries: readonly (ToolEntry<TTool> | undefined)[], phase: ToolSearchFilterPhase): Promise<boolean[]> {
    const decisions = entries.map((entry) => (entry === undefined ? undefined : this.decide(entry, phase)));
    return Promise.all(decisions.map(async (d) => (d === undefined ? false : (await d).allowed)));
  }

  /**
   * Whether each tool is allowed in every one of `phases`: the first phase is asked about all of
   * them, each later phase only about those the previous phases allowed, a phase at a time.
   *
   * @param entries - the tools, in order
   * @param phases - the phases, in the order they are asked
   */
  async allowedInPhases(
    entries: readonly (ToolEntry<TTool> | undefined)[],
    phases: readonly ToolSearchFilterPhase[],
  ): Promise<boolean[]> {
    let allowed: boolean[] = entries.map((entry) => entry !== undefined);
    for (const phase of phases) {
      const verdicts = await this.allowedEach(
        entries.map((entry, i) => (allowed[i] ? entry : undefined)),
        phase,
      );
      allowed = verdicts;
    }
    return allowed;
  }

  /** Starts the call now when a slot is free, else when one frees up (first in, first out). */
  #ask(entry: ToolEntry<TTool>, phase: ToolSearchFilterPhase): Promise<FilterDecision> {
    const { filter, timeoutMs, timers } = this.#policy;
    if (filter === undefined) return decideFilter(filter, { toolName: entry.name, tool: entry.tool, requestContext: this.#requestContext, phase }, { timeoutMs, timers });
    return new Promise<FilterDecision>((resolve) => {
      const start = (): void => {
        this.#inFlight++;
        this.#calls++;
        // Unlike @mastra/core 1.71.0 (r[processor.filter.args]): Mastra passes tool.id, undefined for a tool without
        // an id; here toolName is always the canonical name.
        const args = { toolName: entry.name, tool: entry.tool, requestContext: this.#requestContext, phase };
        void decideFilter(filter, args, { timeoutMs, timers }).then((decision) => {
          this.#inFlight--;
          this.#diagnose(entry, phase, decision);
          this.#waiting.shift()?.();
          resolve(decision);
        });
      };
      // Unlike @mastra/core 1.71.0 (r[processor.filter.concurrency]): Mastra asks one verdict at a time.
      if (this.#inFlight < this.#policy.concurrency) start();
      else this.#waiting.push(start);
    });
  }

  /** Reports a verdict that timed out or threw; denials by value are not diagnostics. */
  #diagnose(entry: ToolEntry<TTool>, phase: ToolSearchFilterPhase, decision: FilterDecision): void {
    const name = shorten(entry.name);
    if (decision.reason === 'timed-out') {
      this.#policy.report({
        code: 'filter-timed-out',
        toolName: name,
        phase,
        message:
          `The filter did not settle within ${this.#policy.timeoutMs} ms for tool "${name}" (phase ${phase}), so the tool was denied. ` +
          'Make the filter answer sooner or raise filterTimeoutMs.',
      });
    } else if (decision.reason === 'threw') {
      this.#policy.report({
        code: 'filter-threw',
        toolName: name,
        phase,
        message: `The filter threw for tool "${name}" (phase ${phase}), so the tool was denied: ${errorText(decision.error)}.`,
      });
    }
  }
}

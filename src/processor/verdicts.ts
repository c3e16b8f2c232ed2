import { BUDGET_EXHAUSTED, decideFilterNow, NO_FILTER, type FilterDecision, type FilterDenialReason } from './filter.js';
import type { ToolEntry } from './names.js';
import type { FilterOf, ToolSearchFilterPhase } from './options.js';
import type { ToolSearchTimers } from './timers.js';

/** Default `filterTimeoutMs`: 2 000 ms (see r[processor.options.defaults]). */
export const DEFAULT_FILTER_TIMEOUT_MS = 2_000;
/** Default `filterConcurrency`: 32 verdicts in flight per step (see r[processor.options.defaults]). */
export const DEFAULT_FILTER_CONCURRENCY = 32;
/** Default `filterBudgetMs`: 5 000 ms one operation may wait on the filter in total (see r[processor.options.defaults]). */
export const DEFAULT_FILTER_BUDGET_MS = 5_000;

/**
 * The operations of r[processor.filter.budget]: the verdicts `processInputStep` asks at the start
 * of a step (`step`), one `search_tools` or `load_tool` execution, one
 * `getLoadedToolsForRequestContext` call (`resume`).
 */
export type FilterOperationKind = 'step' | 'search_tools' | 'load_tool' | 'resume';

/** One verdict that denied, as the processor reports it (never to the model). */
export interface FilterDenial<TTool = unknown> {
  /** The tool, as the step's catalog knows it. */
  readonly entry: ToolEntry<TTool>;
  /** The phase. */
  readonly phase: ToolSearchFilterPhase;
  /** Why it denied. */
  readonly reason: FilterDenialReason;
  /** The operation the verdict was asked for (the first one, when several of a step wait for it). */
  readonly operation: FilterOperationKind;
  /** `threw`: what was thrown (or the rejection reason). */
  readonly error?: unknown;
}

/** An operation that spent its `filterBudgetMs`, reported when the operation ends. */
export interface BudgetExhaustion {
  /** Which operation. */
  readonly operation: FilterOperationKind;
  /** `filterBudgetMs`. */
  readonly budgetMs: number;
  /** Verdicts the operation was waiting for when the budget ran out. */
  readonly pending: number;
  /** Verdicts the operation asked for afterwards, denied without asking the filter. */
  readonly unasked: number;
}

/** How one processor asks its filter; shared by all its steps. */
export interface VerdictPolicy<TTool = unknown, TRequestContext = unknown> {
  /** The `filter` option, if any. */
  readonly filter: FilterOf<TTool, TRequestContext> | undefined;
  /** `filterTimeoutMs`. */
  readonly timeoutMs: number;
  /** `filterConcurrency`. */
  readonly concurrency: number;
  /** `filterBudgetMs`. */
  readonly budgetMs: number;
  /** Where deadlines and budgets are scheduled. */
  readonly timers: ToolSearchTimers;
}

/** Who is told about one operation's denials. */
export interface OperationReporter<TTool = unknown> {
  /** Told of every denial: once per filter call that denied (by the operation that asked first), and once per verdict the operation's budget cut. */
  onDenial(denial: FilterDenial<TTool>): void;
  /** Told when the operation ends having spent its budget. */
  onBudgetExhausted(exhaustion: BudgetExhaustion): void;
}

/** A reporter that tells no one. */
export const SILENT_REPORTER: OperationReporter = Object.freeze({ onDenial: () => {}, onBudgetExhausted: () => {} });

/** The phases `search_tools` asks about each candidate: `search`, and under `autoLoad` also `load`. */
export const SEARCH_PHASES: readonly ToolSearchFilterPhase[] = Object.freeze(['search']);
/** The phases of an activating search or a suggestion: `search`, then `load`. */
export const SEARCH_AND_LOAD_PHASES: readonly ToolSearchFilterPhase[] = Object.freeze(['search', 'load']);

/** What the meta-tools and step views use of one operation's verdicts (independent of the request-context type). */
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

/** The verdicts of one operation: {@link ToolVerdicts} bounded by the operation's budget, and its end. */
export interface OperationVerdicts<TTool = unknown> extends ToolVerdicts<TTool> {
  /** Ends the operation: cancels its budget timer and reports a spent budget. Call it once, when the operation is done. */
  end(): void;
}

/** Where the operations of one step get their verdicts. */
export interface VerdictSource<TTool = unknown> {
  /** Whether a filter is configured. */
  readonly filtered: boolean;
  /** `filterConcurrency`. */
  readonly concurrency: number;
  /** Begins one operation (r[processor.filter.budget]); call `end()` on it when it is done. */
  operation(kind: FilterOperationKind, reporter?: OperationReporter<TTool>): OperationVerdicts<TTool>;
}

/** One (tool, phase) verdict of a step: settled, in flight, or waiting for a slot. */
interface Pending<TTool> {
  readonly entry: ToolEntry<TTool>;
  readonly phase: ToolSearchFilterPhase;
  /** The first operation that asked for it. */
  readonly operation: FilterOperationKind;
  /** That operation's reporter. */
  readonly reporter: OperationReporter<TTool>;
  /** Resolves to the call's own verdict (its value, a throw, or its deadline). */
  readonly promise: Promise<FilterDecision>;
  /** Set once the verdict is known. */
  decision: FilterDecision | undefined;
  /** While waiting for a slot: what starts the call. */
  queued: (() => void) | undefined;
  /** Operations waiting for it right now. */
  waiters: number;
}

/** Whether each tool is allowed in one phase, every verdict asked for at once, in order. */
async function allowedEach<TTool>(
  verdicts: ToolVerdicts<TTool>,
  entries: readonly (ToolEntry<TTool> | undefined)[],
  phase: ToolSearchFilterPhase,
): Promise<boolean[]> {
  const decisions = entries.map((entry) => (entry === undefined ? undefined : verdicts.decide(entry, phase)));
  return Promise.all(decisions.map(async (d) => (d === undefined ? false : (await d).allowed)));
}

/**
 * Whether each tool is allowed in every one of `phases`, asked phase by phase: a tool denied in
 * one phase is not asked about in the next.
 */
async function allowedInPhases<TTool>(
  verdicts: ToolVerdicts<TTool>,
  entries: readonly (ToolEntry<TTool> | undefined)[],
  phases: readonly ToolSearchFilterPhase[],
): Promise<boolean[]> {
  let allowed: boolean[] = entries.map((entry) => entry !== undefined);
  for (const phase of phases) {
    allowed = await verdicts.allowedEach(
      entries.map((entry, i) => (allowed[i] ? entry : undefined)),
      phase,
    );
  }
  return allowed;
}

/**
 * The filter's verdicts for one step. A step is one `processInputStep` call together with every
 * execution of the meta-tools it returned; each `getLoadedToolsForRequestContext` call is a step of
 * its own. Within a step each (tool, phase) is asked at most once (the verdict, or the pending
 * call, is remembered), at most `filterConcurrency` calls are in flight at once, and calls start in
 * the order they are asked for (first in, first out). Verdicts are asked through operations
 * ({@link StepVerdicts.operation}), each bounded by `filterBudgetMs`.
 *
 * Implements r[processor.filter.once-per-step], r[processor.filter.concurrency], r[processor.filter.start-order]
 * and r[processor.filter.budget].
 */
export class StepVerdicts<TTool = unknown, TRequestContext = unknown> implements VerdictSource<TTool> {
  readonly #policy: VerdictPolicy<TTool, TRequestContext>;
  readonly #requestContext: TRequestContext | undefined;
  readonly #memo: Record<ToolSearchFilterPhase, Map<string, Pending<TTool>>> = {
    search: new Map(),
    load: new Map(),
    active: new Map(),
  };
  /** Calls waiting for a slot, first in first out. */
  readonly #waiting: Array<Pending<TTool>> = [];
  #inFlight = 0;
  #calls = 0;
  #access: StepAccess<TTool> | undefined;

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
   * Begins one operation of this step: its verdicts are this step's (asked at most once each), and
   * it waits on the filter for at most `filterBudgetMs` in total.
   *
   * Implements r[processor.filter.budget].
   *
   * @param kind - which operation
   * @param reporter - who is told about its denials
   */
  operation(kind: FilterOperationKind, reporter: OperationReporter<TTool> = SILENT_REPORTER): OperationVerdicts<TTool> {
    // (One access object per step, made on the first operation: an operation allocates no closures.)
    this.#access ??= {
      filtered: this.filtered,
      concurrency: this.concurrency,
      known: (entry, phase) => this.#memo[phase].get(entry.name),
      ask: (entry, phase, operation, by) => this.#ask(entry, phase, operation, by),
      withdraw: (pending) => this.#withdraw(pending),
    };
    return new Operation(this.#access, this.#policy, kind, reporter);
  }

  /**
   * Asks for the verdict about (tool, phase): the call starts now when a slot is free, else when
   * one frees up (first in, first out).
   */
  #ask(entry: ToolEntry<TTool>, phase: ToolSearchFilterPhase, operation: FilterOperationKind, reporter: OperationReporter<TTool>): Pending<TTool> {
    // Unlike @mastra/core 1.71.0 (r[processor.filter.once-per-step]): Mastra asks again each time it needs a verdict.
    let resolve!: (decision: FilterDecision) => void;
    const promise = new Promise<FilterDecision>((r) => (resolve = r));
    const pending: Pending<TTool> = { entry, phase, operation, reporter, promise, decision: undefined, queued: undefined, waiters: 0 };
    this.#memo[phase].set(entry.name, pending);
    const settle = (decision: FilterDecision): void => {
      pending.decision = decision;
      this.#inFlight--;
      if (!decision.allowed) reporter.onDenial({ entry, phase, reason: decision.reason as FilterDenialReason, operation, error: decision.error });
      this.#startNext();
      resolve(decision);
    };
    const start = (): void => {
      pending.queued = undefined;
      this.#inFlight++;
      this.#calls++;
      const { filter, timeoutMs, timers } = this.#policy;
      // Unlike @mastra/core 1.71.0 (r[processor.filter.args]): Mastra passes tool.id, undefined for a tool without
      // an id; here toolName is always the canonical name.
      const args = { toolName: entry.name, tool: entry.tool, requestContext: this.#requestContext, phase };
      const out = decideFilterNow(filter, args, { timeoutMs, timers });
      if (out instanceof Promise) void out.then(settle);
      else settle(out);
    };
    // Unlike @mastra/core 1.71.0 (r[processor.filter.concurrency]): Mastra asks one verdict at a time.
    if (this.#inFlight < this.#policy.concurrency) start();
    else {
      pending.queued = start;
      this.#waiting.push(pending);
    }
    return pending;
  }

  /**
   * Withdraws a call that has not started and that no operation waits for any more: it is never
   * started, and a later operation of the step asks for it afresh (r[processor.filter.budget]).
   */
  #withdraw(pending: Pending<TTool>): void {
    if (pending.queued === undefined || pending.waiters > 0) return;
    pending.queued = undefined;
    const at = this.#waiting.indexOf(pending);
    if (at >= 0) this.#waiting.splice(at, 1);
    if (this.#memo[pending.phase].get(pending.entry.name) === pending) this.#memo[pending.phase].delete(pending.entry.name);
  }

  /** Starts the longest-waiting call, if a slot is free. */
  #startNext(): void {
    while (this.#inFlight < this.#policy.concurrency) {
      const next = this.#waiting.shift();
      if (next === undefined) return;
      next.queued?.();
    }
  }
}

/** What an operation uses of the policy. */
type OperationPolicy<TTool> = Pick<VerdictPolicy<TTool>, 'budgetMs' | 'timers'>;

/** What an operation reaches of its step. */
interface StepAccess<TTool> {
  readonly filtered: boolean;
  readonly concurrency: number;
  /** The step's verdict about (tool, phase), if it has been asked for. */
  known(entry: ToolEntry<TTool>, phase: ToolSearchFilterPhase): Pending<TTool> | undefined;
  /** Asks for it (once per step), for operation `operation` whose denials `reporter` hears. */
  ask(entry: ToolEntry<TTool>, phase: ToolSearchFilterPhase, operation: FilterOperationKind, reporter: OperationReporter<TTool>): Pending<TTool>;
  /** Withdraws a call nobody waits for that has not started. */
  withdraw(pending: Pending<TTool>): void;
}

/** One waiter of an operation. */
interface Wait<TTool> {
  readonly pending: Pending<TTool>;
  readonly resolve: (decision: FilterDecision) => void;
}

/**
 * One operation's view of its step's verdicts. The budget starts the first time the operation
 * waits on a verdict that has not settled; when it runs out, every wait of the operation ends with
 * `budget-exhausted`, calls nobody else waits for are withdrawn, and later verdicts that have not
 * settled are denied without asking.
 *
 * Implements r[processor.filter.budget].
 */
class Operation<TTool> implements OperationVerdicts<TTool> {
  readonly #step: StepAccess<TTool>;
  readonly #policy: OperationPolicy<TTool>;
  readonly #kind: FilterOperationKind;
  readonly #reporter: OperationReporter<TTool>;
  /** Waits in the order they began. */
  readonly #waits = new Set<Wait<TTool>>();
  #timer: unknown;
  #timerSet = false;
  #exhausted = false;
  #ended = false;
  #cut = 0;
  #unasked = 0;

  constructor(step: StepAccess<TTool>, policy: OperationPolicy<TTool>, kind: FilterOperationKind, reporter: OperationReporter<TTool>) {
    this.#step = step;
    this.#policy = policy;
    this.#kind = kind;
    this.#reporter = reporter;
  }

  get filtered(): boolean {
    return this.#step.filtered;
  }

  get concurrency(): number {
    return this.#step.concurrency;
  }

  decide(entry: ToolEntry<TTool>, phase: ToolSearchFilterPhase): Promise<FilterDecision> {
    // A verdict the step already knows is used as it is, budget or not.
    const known = this.#step.known(entry, phase);
    if (known?.decision !== undefined) return Promise.resolve(known.decision);
    // With the budget spent, nothing more is asked or waited for.
    // Unlike @mastra/core 1.71.0 (r[processor.filter.budget]): Mastra has no bound on the time an operation waits.
    if (this.#exhausted) {
      this.#unasked++;
      return Promise.resolve(BUDGET_EXHAUSTED);
    }
    // Ask (or join the call of another operation of the step); a verdict that settles at once needs no budget.
    const pending = known ?? this.#step.ask(entry, phase, this.#kind, this.#reporter);
    if (pending.decision !== undefined) return Promise.resolve(pending.decision);
    // Wait, within the budget.
    return this.#wait(pending);
  }

  async allowed(entry: ToolEntry<TTool>, phase: ToolSearchFilterPhase): Promise<boolean> {
    return (await this.decide(entry, phase)).allowed;
  }

  allowedEach(entries: readonly (ToolEntry<TTool> | undefined)[], phase: ToolSearchFilterPhase): Promise<boolean[]> {
    return allowedEach(this, entries, phase);
  }

  allowedInPhases(entries: readonly (ToolEntry<TTool> | undefined)[], phases: readonly ToolSearchFilterPhase[]): Promise<boolean[]> {
    return allowedInPhases<TTool>(this, entries, phases);
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    if (this.#timerSet && !this.#exhausted) this.#policy.timers.clearTimeout(this.#timer);
    if (this.#exhausted) {
      this.#reporter.onBudgetExhausted({ operation: this.#kind, budgetMs: this.#policy.budgetMs, pending: this.#cut, unasked: this.#unasked });
    }
  }

  #wait(pending: Pending<TTool>): Promise<FilterDecision> {
    // The budget runs from the operation's first wait.
    if (!this.#timerSet) {
      this.#timerSet = true;
      this.#timer = this.#policy.timers.setTimeout(() => this.#exhaust(), this.#policy.budgetMs);
    }
    pending.waiters++;
    return new Promise<FilterDecision>((resolve) => {
      const wait: Wait<TTool> = { pending, resolve };
      this.#waits.add(wait);
      void pending.promise.then((decision) => {
        if (!this.#waits.delete(wait)) return;
        pending.waiters--;
        resolve(decision);
      });
    });
  }

  /** The budget ran out: every wait ends as a denial, in the order the waits began. */
  #exhaust(): void {
    this.#exhausted = true;
    for (const wait of [...this.#waits]) {
      this.#waits.delete(wait);
      const { pending } = wait;
      pending.waiters--;
      this.#cut++;
      this.#reporter.onDenial({ entry: pending.entry, phase: pending.phase, reason: 'budget-exhausted', operation: this.#kind });
      this.#step.withdraw(pending);
      wait.resolve(BUDGET_EXHAUSTED);
    }
  }
}

/**
 * The verdicts of a step of a processor without a filter: every tool is allowed in every phase,
 * nothing is asked, remembered, timed or reported. One object serves every step and every
 * operation (it holds nothing of either), so such a step allocates nothing for its verdicts.
 * Its answers, and the promise turns they take, are those {@link StepVerdicts} gives without a
 * filter (a `no-filter` decision, resolved at once).
 *
 * Implements r[processor.filter.once-per-step] (trivially: there is nothing to ask) and
 * r[processor.filter.budget] (nothing is ever waited for).
 */
class UnfilteredVerdicts implements VerdictSource<never>, OperationVerdicts<never> {
  readonly filtered = false;
  readonly concurrency: number;

  constructor(concurrency: number) {
    this.concurrency = concurrency;
  }

  operation(): OperationVerdicts<never> {
    return this;
  }

  decide(_entry?: ToolEntry<never>, _phase?: ToolSearchFilterPhase): Promise<FilterDecision> {
    return Promise.resolve(NO_FILTER);
  }

  async allowed(entry: ToolEntry<never>, phase: ToolSearchFilterPhase): Promise<boolean> {
    return (await this.decide(entry, phase)).allowed;
  }

  allowedEach(entries: readonly (ToolEntry<never> | undefined)[], phase: ToolSearchFilterPhase): Promise<boolean[]> {
    return allowedEach<never>(this, entries, phase);
  }

  allowedInPhases(entries: readonly (ToolEntry<never> | undefined)[], phases: readonly ToolSearchFilterPhase[]): Promise<boolean[]> {
    return allowedInPhases<never>(this, entries, phases);
  }

  end(): void {}
}

/**
 * Where a step gets its verdicts: a {@link StepVerdicts} of its own when the policy has a filter,
 * else one shared source that allows everything (see {@link UnfilteredVerdicts}).
 *
 * @param policy - the processor's filter policy
 * @param requestContext - the request context every verdict of the step receives
 * @param unfiltered - the processor's shared source for steps without a filter (from {@link unfilteredVerdicts})
 */
export function stepVerdicts<TTool, TRequestContext>(
  policy: VerdictPolicy<TTool, TRequestContext>,
  requestContext: TRequestContext | undefined,
  unfiltered: VerdictSource<TTool>,
): VerdictSource<TTool> {
  return policy.filter === undefined ? unfiltered : new StepVerdicts(policy, requestContext);
}

/** The verdict source of every step of a processor without a filter (see {@link stepVerdicts}). */
export function unfilteredVerdicts<TTool>(concurrency: number): VerdictSource<TTool> {
  return new UnfilteredVerdicts(concurrency) as unknown as VerdictSource<TTool>;
}

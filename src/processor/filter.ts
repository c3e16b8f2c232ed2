import type { FilterOf, FilterArgsOf } from './options.js';
import type { ToolSearchTimers } from './timers.js';

/**
 * Why a verdict came out as it did. `no-filter` and `allowed` allow; `not-true` (the filter
 * returned or resolved something other than `true`), `threw` (it threw or rejected),
 * `timed-out` (it did not settle before its deadline) and `budget-exhausted` (the operation
 * waiting for it spent its `filterBudgetMs`) deny. Kept for events; the model never sees it.
 *
 * @see r[processor.filter.allow-only-true]
 * @see r[processor.filter.deadline]
 * @see r[processor.filter.budget]
 */
export type FilterDecisionReason = 'no-filter' | 'allowed' | 'not-true' | 'threw' | 'timed-out' | 'budget-exhausted';

/** The reasons that deny. */
export type FilterDenialReason = Exclude<FilterDecisionReason, 'no-filter' | 'allowed'>;

/** One verdict of the filter, with its reason. */
export interface FilterDecision {
  /** Whether the tool is allowed in that phase. */
  readonly allowed: boolean;
  /** Why. */
  readonly reason: FilterDecisionReason;
  /** `threw`: what was thrown (or the rejection reason). */
  readonly error?: unknown;
}

/** The deadline a verdict must settle within. */
export interface VerdictDeadline {
  /** Milliseconds from the call's start (`filterTimeoutMs`). */
  readonly timeoutMs: number;
  /** Where the deadline is scheduled. */
  readonly timers: ToolSearchTimers;
}

/** The verdict without a filter: allowed. */
export const NO_FILTER: FilterDecision = Object.freeze({ allowed: true, reason: 'no-filter' });
const ALLOWED: FilterDecision = Object.freeze({ allowed: true, reason: 'allowed' });
const NOT_TRUE: FilterDecision = Object.freeze({ allowed: false, reason: 'not-true' });
const TIMED_OUT: FilterDecision = Object.freeze({ allowed: false, reason: 'timed-out' });
/** The denial of a verdict an operation no longer waits for (r[processor.filter.budget]). */
export const BUDGET_EXHAUSTED: FilterDecision = Object.freeze({ allowed: false, reason: 'budget-exhausted' });
const threw = (error: unknown): FilterDecision => ({ allowed: false, reason: 'threw', error });
// Unlike @mastra/core 1.71.0 (r[processor.filter.allow-only-true]): Mastra treats any truthy value as allowed; here
// only true allows.
const fromValue = (value: unknown): FilterDecision => (value === true ? ALLOWED : NOT_TRUE);

/** The `then` of a thenable, or `undefined`; reading it may throw (a getter, a Proxy). */
function thenOf(value: unknown): ((onFulfilled: (v: unknown) => void, onRejected: (e: unknown) => void) => unknown) | undefined {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return undefined;
  const then = (value as { then?: unknown }).then;
  return typeof then === 'function' ? (then.bind(value) as never) : undefined;
}

/**
 * Asks the filter about one tool in one phase. Only a returned or resolved `true` allows; a throw,
 * a rejection or any other value denies; a result that has not settled `timeoutMs` after the call
 * started denies with reason `timed-out`, and a later settlement is ignored. A synchronous return
 * or throw settles at once and schedules no timer. Never throws, never rejects.
 *
 * Implements r[processor.filter.allow-only-true] and r[processor.filter.deadline].
 *
 * @param filter - the configured filter, if any
 * @param args - what the filter receives
 * @param deadline - the deadline and its timers
 */
export function decideFilter<TTool, TRequestContext>(
  filter: FilterOf<TTool, TRequestContext> | undefined,
  args: FilterArgsOf<TTool, TRequestContext>,
  deadline: VerdictDeadline,
): Promise<FilterDecision> {
  return Promise.resolve(decideFilterNow(filter, args, deadline));
}

/**
 * {@link decideFilter}, answering a verdict that settles synchronously (no filter, a plain value,
 * a synchronous throw) as a plain decision rather than a promise, so that a caller knows at once
 * that nothing has to be waited for.
 *
 * Implements r[processor.filter.allow-only-true] and r[processor.filter.deadline].
 *
 * @param filter - the configured filter, if any
 * @param args - what the filter receives
 * @param deadline - the deadline and its timers
 */
export function decideFilterNow<TTool, TRequestContext>(
  filter: FilterOf<TTool, TRequestContext> | undefined,
  args: FilterArgsOf<TTool, TRequestContext>,
  deadline: VerdictDeadline,
): FilterDecision | Promise<FilterDecision> {
  // No filter: allowed.
  if (filter === undefined) return NO_FILTER;
  // Call; a synchronous throw denies.
  let result: unknown;
  let then: ReturnType<typeof thenOf>;
  try {
    result = filter(args);
    then = thenOf(result);
  } catch (error) {
    return threw(error);
  }
  // A plain value settles at once: only `true` allows.
  if (then === undefined) return fromValue(result);
  // A promise (any thenable) races the deadline; whichever settles first decides.
  // Unlike @mastra/core 1.71.0 (r[processor.filter.deadline]): Mastra awaits the verdict with no deadline.
  return new Promise<FilterDecision>((resolve) => {
    let settled = false;
    let handle: unknown;
    const settle = (decision: FilterDecision): void => {
      if (settled) return;
      settled = true;
      if (handle !== undefined) deadline.timers.clearTimeout(handle);
      resolve(decision);
    };
    try {
      handle = deadline.timers.setTimeout(() => settle(TIMED_OUT), deadline.timeoutMs);
      then(
        (value) => settle(fromValue(value)),
        (error) => settle(threw(error)),
      );
    } catch (error) {
      settle(threw(error));
    }
  });
}

/**
 * The timer source of filter deadlines. Injected (the `timers` option) so that tests and the
 * conformance driver run deadlines on simulated time, with no real waiting.
 *
 * @see r[processor.options.timers]
 */

/** The longest delay a JavaScript timer honours (2³¹ − 1 ms); Node fires longer ones at once. */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/** Schedules and cancels one-shot callbacks, like the global `setTimeout` / `clearTimeout`. */
export interface ToolSearchTimers {
  /**
   * Calls `callback` once, `ms` milliseconds from now.
   *
   * @param callback - what to call
   * @param ms - the delay in milliseconds
   * @returns a handle for {@link ToolSearchTimers.clearTimeout}
   */
  setTimeout(callback: () => void, ms: number): unknown;
  /**
   * Cancels a callback scheduled by {@link ToolSearchTimers.setTimeout} that has not run yet.
   *
   * @param handle - the handle `setTimeout` returned
   */
  clearTimeout(handle: unknown): void;
}

/**
 * The global timers. A pending deadline keeps the process alive (it is not unref'd), so a step
 * awaiting a verdict always ends, with the verdict or with its deadline.
 */
// Unlike @mastra/core 1.71.0 (r[processor.options.timers]): the `timers` option is an addition.
export const systemTimers: ToolSearchTimers = Object.freeze({
  setTimeout: (callback: () => void, ms: number): unknown => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle: unknown): void => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
});

/**
 * The period of the in-memory store's sweep, kept within what a Node timer can wait.
 *
 * @see r[store.memory.sweep.reclaim] r[store.memory.sweep.timer-limit]
 * @module
 */

/**
 * The longest delay a Node (or browser) timer accepts: 2^31 − 1 ms, about 24.8 days. A longer
 * delay is replaced by 1 ms, so a sweep asked every 30 days would run every millisecond.
 *
 * @see r[store.memory.sweep.timer-limit]
 */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/**
 * The sweep period for a store: `sweepIntervalMs` when given, else `max(ttl / 2, 60 000)`,
 * clamped to {@link MAX_TIMER_DELAY_MS}; `undefined` when no sweep is scheduled (`ttl` 0 or
 * `sweepIntervalMs` 0). Clamping only sweeps sooner than asked, which reclaims memory sooner and
 * never changes what `loaded` returns (expiry is exact, r[store.memory.ttl.exact]).
 *
 * @param ttl - a validated `ttl` (finite, >= 0)
 * @param sweepIntervalMs - a validated `sweepIntervalMs`, if given
 * @see r[store.memory.sweep.reclaim] r[store.memory.sweep.timer-limit]
 */
export function sweepPeriod(ttl: number, sweepIntervalMs: number | undefined): number | undefined {
  // No expiry, or no periodic sweep asked: no timer.
  if (ttl === 0 || sweepIntervalMs === 0) return undefined;
  // The asked or default period, 3. within the timer limit (and at least 1 ms).
  // Unlike @mastra/core 1.71.0 (r[store.memory.sweep.timer-limit]): Mastra passes ttl / 2 as is, which
  // Node replaces by 1 ms above 2^31 - 1.
  const asked = sweepIntervalMs ?? Math.max(ttl / 2, 60_000);
  return Math.min(Math.max(asked, 1), MAX_TIMER_DELAY_MS);
}

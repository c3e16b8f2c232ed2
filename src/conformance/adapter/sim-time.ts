/**
 * Simulated time for the in-process driver (and tests): a clock, timers on that clock, and a
 * way to let pending work run while time advances only when nothing else can happen. No real
 * waiting: when the work is idle, time jumps to the next timer.
 *
 * Implements r[conformance.adapter.clock] and r[conformance.adapter.stall].
 *
 * @module
 */

/** Timers on simulated time, shaped like the processor's `timers` option. */
export interface SimulatedTimers {
  /** Schedules `callback` `ms` simulated milliseconds from now. */
  setTimeout(callback: () => void, ms: number): unknown;
  /** Cancels a scheduled callback. */
  clearTimeout(handle: unknown): void;
}

/** The error `settle` throws when work can make no more progress. */
export class StalledError extends Error {
  /** @param message - what stalled */
  constructor(message: string) {
    super(message);
    this.name = 'StalledError';
  }
}

interface Timer {
  readonly at: number;
  readonly seq: number;
  readonly callback: () => void;
}

/** Turns of the event loop with nothing due after which pending work counts as stalled. */
export const IDLE_TURNS = 20;

/** A simulated clock with timers. */
export class SimulatedTime {
  #now: number;
  #seq = 0;
  readonly #timers = new Map<number, Timer>();

  /** @param start - the time it starts at, in milliseconds */
  constructor(start: number) {
    this.#now = start;
  }

  /** The current simulated time. */
  readonly now = (): number => this.#now;

  /** Timers on this clock; handles are numbers. */
  readonly timers: SimulatedTimers = {
    setTimeout: (callback, ms) => {
      const seq = ++this.#seq;
      const delay = Number.isFinite(ms) && ms > 0 ? ms : 0;
      this.#timers.set(seq, { at: this.#now + delay, seq, callback });
      return seq;
    },
    clearTimeout: (handle) => {
      if (typeof handle === 'number') this.#timers.delete(handle);
    },
  };

  /** How many timers are scheduled. */
  get pending(): number {
    return this.#timers.size;
  }

  /** A promise that resolves `ms` simulated milliseconds from now. */
  delay(ms: number): Promise<void> {
    return new Promise((resolve) => this.timers.setTimeout(resolve, ms));
  }

  /** Moves the clock forward by `ms`, running every timer due on the way, in order. */
  advance(ms: number): void {
    const until = this.#now + Math.max(0, ms);
    for (let next = this.#next(); next !== undefined && next.at <= until; next = this.#next()) this.#fire(next);
    this.#now = until;
  }

  #next(): Timer | undefined {
    let best: Timer | undefined;
    for (const timer of this.#timers.values()) if (!best || timer.at < best.at || (timer.at === best.at && timer.seq < best.seq)) best = timer;
    return best;
  }

  #fire(timer: Timer): void {
    this.#timers.delete(timer.seq);
    if (timer.at > this.#now) this.#now = timer.at;
    timer.callback();
  }

  /**
   * Waits for `work`, letting it run: whenever a turn of the event loop passes with the work still
   * pending, the earliest timer fires (time jumps to it). When no timer is left and the work stays
   * pending for {@link IDLE_TURNS} turns, it can never settle: a {@link StalledError} is thrown.
   *
   * @param work - the pending work
   * @param what - what the work is, for the error message
   */
  async settle<T>(work: Promise<T>, what: string): Promise<T> {
    let done = false;
    const watched = work.finally(() => {
      done = true;
    });
    watched.catch(() => {});
    let idle = 0;
    while (!done) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (done) break;
      const next = this.#next();
      if (next !== undefined) {
        idle = 0;
        this.#fire(next);
      } else if (++idle >= IDLE_TURNS) {
        throw new StalledError(`${what} did not settle: it waits on something that never happens (a filter verdict that never settles?)`);
      }
    }
    return watched;
  }
}

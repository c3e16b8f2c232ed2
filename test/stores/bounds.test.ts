import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createInMemoryStore,
  DEFAULT_MAX_THREADS,
  MAX_TIMER_DELAY_MS,
  sweepPeriod,
  type StoreStepInput,
} from '../../src/stores/index.js';
import { inMemoryStores } from './support/stores.js';
import { knownTools } from './support/messages.js';

const isKnownTool = knownTools(['a', 'b', 'c']);
const step = (threadId: string | undefined): StoreStepInput => ({ threadId, messages: [], isKnownTool });

const make = inMemoryStores();
afterEach(() => {
  vi.restoreAllMocks();
});

describe('in-memory store bounds', () => {
  it('[store.memory.max-threads] holds at most maxThreads entries whatever number of threads activate; default 10 000', () => {
    expect(DEFAULT_MAX_THREADS).toBe(10_000);
    const store = make({ ttl: 0, maxThreads: 50 });
    for (let i = 0; i < 5_000; i++) store.activate(step(`hostile-${i}`), ['a']);
    expect(store.getStateStats().threadCount).toBe(50);
    expect(store.getStateStats().evictions).toBe(5_000 - 50);
    const byDefault = make({ ttl: 0 });
    for (let i = 0; i < DEFAULT_MAX_THREADS + 25; i++) byDefault.activate(step(`t${i}`), ['a']);
    expect(byDefault.getStateStats()).toMatchObject({ threadCount: DEFAULT_MAX_THREADS, evictions: 25 });
  });

  it('[store.memory.max-threads] a maxThreads that is not a positive integer is rejected naming the option', () => {
    for (const maxThreads of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '10' as never]) {
      expect(() => createInMemoryStore({ maxThreads })).toThrow(/maxThreads must be a positive integer/);
    }
  });

  it('[store.memory.evict-lru] the least recently used thread goes first; reads and writes both count as uses', () => {
    const store = make({ ttl: 0, maxThreads: 3 });
    store.activate(step('t1'), ['a']);
    store.activate(step('t2'), ['b']);
    store.activate(step('t3'), ['c']);
    expect(store.loaded(step('t1'))).toEqual(['a']); // read: t1 is now the most recent
    store.activate(step('t2'), ['zz']); // a write of nothing known is a use too
    store.activate(step('t4'), ['a']); // full: t3 (least recently used) is evicted
    expect(store.loaded(step('t3'))).toEqual([]);
    expect(store.loaded(step('t1'))).toEqual(['a']);
    expect(store.loaded(step('t2'))).toEqual(['b']);
    expect(store.loaded(step('t4'))).toEqual(['a']);
    expect(store.getStateStats()).toMatchObject({ threadCount: 3, evictions: 1 });
  });

  it('[store.memory.evict-lru] reading never evicts; activating a held thread never evicts', () => {
    const store = make({ ttl: 0, maxThreads: 2 });
    store.activate(step('t1'), ['a']);
    store.activate(step('t2'), ['a']);
    for (let i = 0; i < 100; i++) expect(store.loaded(step(`reader-${i}`))).toEqual([]);
    store.activate(step('t1'), ['b']);
    expect(store.getStateStats()).toMatchObject({ threadCount: 2, evictions: 0 });
    expect(store.loaded(step('t1'))).toEqual(['a', 'b']);
  });

  it('[store.memory.evict-lru] [store.memory.stats] removing an expired entry to make room is no eviction', () => {
    let now = 0;
    const store = make({ ttl: 100, clock: () => now, maxThreads: 2, sweepIntervalMs: 0 });
    store.activate(step('t1'), ['a']);
    now = 50;
    store.activate(step('t2'), ['a']);
    now = 120; // t1 idle 120 > ttl: expired; t2 idle 70: alive
    store.activate(step('t3'), ['a']); // room is made by removing t1, which had expired
    expect(store.getStateStats()).toMatchObject({ threadCount: 2, evictions: 0 });
    store.activate(step('t4'), ['a']); // t2 is alive: an eviction
    expect(store.getStateStats()).toMatchObject({ threadCount: 2, evictions: 1 });
    expect(store.loaded(step('t2'))).toEqual([]);
  });

  it('[store.memory.stats] evictions counts since creation; clearAllState does not reset it', () => {
    const store = make({ ttl: 0, maxThreads: 1 });
    store.activate(step('t1'), ['a']);
    store.activate(step('t2'), ['a']);
    store.clearAllState();
    expect(store.getStateStats()).toEqual({ threadCount: 0, oldestAccessTime: null, evictions: 1 });
  });

  it('[store.memory.evict-lru] model: the store holds exactly the maxThreads most recently used threads that loaded a tool', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.record({ thread: fc.integer({ min: 0, max: 6 }), write: fc.boolean() }), { maxLength: 40 }),
        (maxThreads, ops) => {
          const store = createInMemoryStore({ ttl: 0, maxThreads });
          let model: number[] = []; // held threads, least recently used first
          let evicted = 0;
          for (const { thread, write } of ops) {
            const held = model.includes(thread);
            if (write) {
              store.activate(step(`t${thread}`), ['a']);
              if (!held && model.length === maxThreads) {
                model = model.slice(1);
                evicted++;
              }
              model = [...model.filter((t) => t !== thread), thread];
            } else {
              expect(store.loaded(step(`t${thread}`))).toEqual(held ? ['a'] : []);
              if (held) model = [...model.filter((t) => t !== thread), thread];
            }
          }
          expect(store.getStateStats()).toMatchObject({ threadCount: model.length, evictions: evicted });
          store.dispose();
        },
      ),
    );
  });
});

describe('sweep timer limit', () => {
  it('[store.memory.sweep.timer-limit] every accepted ttl and interval gives a period within the timer limit', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: Number.MAX_VALUE, noNaN: true }), fc.option(fc.double({ min: 0, max: Number.MAX_VALUE, noNaN: true })), (ttl, interval) => {
        const period = sweepPeriod(ttl, interval ?? undefined);
        if (ttl === 0 || interval === 0) expect(period).toBeUndefined();
        else {
          expect(period).toBeGreaterThanOrEqual(1);
          expect(period).toBeLessThanOrEqual(MAX_TIMER_DELAY_MS);
        }
      }),
    );
    expect(MAX_TIMER_DELAY_MS).toBe(2 ** 31 - 1);
    expect(sweepPeriod(60 * 86_400_000, undefined)).toBe(MAX_TIMER_DELAY_MS);
    expect(sweepPeriod(1_000, 3 * MAX_TIMER_DELAY_MS)).toBe(MAX_TIMER_DELAY_MS);
    expect(sweepPeriod(1_000_000, undefined)).toBe(500_000);
  });

  it('[store.memory.sweep.timer-limit] a 60-day ttl does not sweep every millisecond (counted in timer runs)', () => {
    // Fake timers replace an overflowing delay by 1 ms, as Node does.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const spy = vi.spyOn(globalThis, 'setInterval');
    for (const options of [{ ttl: 60 * 86_400_000 }, { ttl: 1_000, sweepIntervalMs: 30 * 86_400_000 }]) {
      let sweeps = 0;
      let now = 0;
      const store = make({ ...options, clock: () => (sweeps++, now) });
      store.activate(step('t'), ['a']);
      sweeps = 0;
      vi.advanceTimersByTime(10_000);
      expect(sweeps).toBe(0);
      expect(spy.mock.lastCall?.[1]).toBe(MAX_TIMER_DELAY_MS);
      now = MAX_TIMER_DELAY_MS;
      vi.advanceTimersByTime(MAX_TIMER_DELAY_MS);
      expect(sweeps).toBe(1); // the sweep still runs, every 2^31 - 1 ms
      store.dispose();
    }
  });
});

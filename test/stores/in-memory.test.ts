import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createInMemoryStore, DEFAULT_TTL_MS, type StoreStepInput } from '../../src/stores/index.js';
import { inMemoryStores } from './support/stores.js';
import { knownTools, loadSingleMessage } from './support/messages.js';

const isKnownTool = knownTools(['a', 'b', 'c']);
const step = (threadId: string | undefined, messages: unknown[] = []): StoreStepInput => ({ threadId, messages, isKnownTool });

const make = inMemoryStores();

function clock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('in-memory store', () => {
  it('[store.kinds] createInMemoryStore makes the in-memory store', () => {
    expect(make().kind).toBe('in-memory');
  });

  it('[store.memory.per-thread] activating in one thread loads nothing in another', () => {
    const store = make();
    store.activate(step('t1'), ['a']);
    store.activate(step('t2'), ['b']);
    expect(store.loaded(step('t1'))).toEqual(['a']);
    expect(store.loaded(step('t2'))).toEqual(['b']);
    expect(store.loaded(step('t3'))).toEqual([]);
  });

  it('[store.memory.default-thread] [store.thread.anonymous] anonymous requests share the default entry', () => {
    const store = make();
    store.activate(step(undefined), ['a']);
    store.activate(step(''), ['b']);
    expect(store.loaded(step(undefined))).toEqual(['a', 'b']);
    expect(store.loaded(step('default'))).toEqual(['a', 'b']);
    expect(store.loaded(step('t1'))).toEqual([]);
  });

  it('[store.loaded.shape] names come once each, in first-activation order', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 4 }), { maxLength: 6 }), (batches) => {
        const store = make();
        for (const batch of batches) store.activate(step('t'), batch);
        const expected: string[] = [];
        for (const name of batches.flat()) if (!expected.includes(name)) expected.push(name);
        expect(store.loaded(step('t'))).toEqual(expected);
        store.dispose();
      }),
    );
  });

  it('[store.activate.known-only] [store.loaded.known-only] unknown names are ignored; a missing catalog entry hides a held tool until it returns', () => {
    const store = make();
    store.activate(step('t'), ['a', 'zz', 'b']);
    expect(store.loaded(step('t'))).toEqual(['a', 'b']);
    const withoutA = { threadId: 't', messages: [], isKnownTool: knownTools(['b', 'zz']) };
    expect(store.loaded(withoutA)).toEqual(['b']);
    expect(store.loaded(step('t'))).toEqual(['a', 'b']);
  });

  it('[store.activate.all-confirmed] a confirmation activated during a step in which the thread expired keeps the tool', () => {
    const c = clock();
    const store = make({ ttl: 100, clock: c.now });
    store.activate(step('t'), ['a']);
    expect(store.loaded(step('t'))).toEqual(['a']); // the step starts: a is loaded
    c.advance(101); // the thread expires during the step
    store.activate(step('t'), ['a']); // load_tool answered "already loaded" and says so
    expect(store.loaded(step('t'))).toEqual(['a']);
  });

  it('[store.memory.ttl.default] the default ttl is one hour', () => {
    const c = clock();
    const store = make({ clock: c.now });
    store.activate(step('t'), ['a']);
    c.advance(DEFAULT_TTL_MS);
    expect(DEFAULT_TTL_MS).toBe(3_600_000);
    expect(store.loaded(step('t'))).toEqual(['a']);
    c.advance(DEFAULT_TTL_MS + 1);
    expect(store.loaded(step('t'))).toEqual([]);
  });

  it('[store.memory.ttl.exact] a thread idle for exactly ttl is alive, for ttl + 1 ms it has nothing, without any sweep', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.boolean(), (ttl, viaActivate) => {
        const c = clock();
        const store = make({ ttl, clock: c.now, sweepIntervalMs: 2 ** 30 });
        store.activate(step('t'), ['a']);
        c.advance(ttl);
        expect(store.loaded(step('t'))).toEqual(['a']);
        c.advance(ttl + 1);
        if (viaActivate) {
          store.activate(step('t'), ['b']);
          expect(store.loaded(step('t'))).toEqual(['b']);
        } else {
          expect(store.loaded(step('t'))).toEqual([]);
        }
        store.dispose();
      }),
    );
  });

  it('[store.memory.ttl.from-last-access] reads and writes both restart the ttl', () => {
    const c = clock();
    const store = make({ ttl: 100, clock: c.now });
    store.activate(step('t'), ['a']);
    c.advance(80);
    expect(store.loaded(step('t'))).toEqual(['a']); // read at 80
    c.advance(80);
    store.activate(step('t'), ['zz']); // write of nothing known at 160 is an access too
    c.advance(80);
    expect(store.loaded(step('t'))).toEqual(['a']); // 80 after the write
    expect(store.getStateStats().oldestAccessTime).toBe(c.now());
    c.advance(101);
    expect(store.loaded(step('t'))).toEqual([]);
  });

  it('[store.memory.ttl.disabled] ttl 0 never expires, schedules no sweep, and cleanupNow returns 0', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const c = clock();
    const store = make({ ttl: 0, clock: c.now });
    expect(vi.getTimerCount()).toBe(0);
    store.activate(step('t'), ['a']);
    c.advance(10 * DEFAULT_TTL_MS);
    expect(store.cleanupNow()).toBe(0);
    expect(store.loaded(step('t'))).toEqual(['a']);
  });

  it('[store.memory.ttl.invalid] a negative, NaN or infinite ttl or sweep interval is rejected naming the option', () => {
    for (const ttl of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createInMemoryStore({ ttl })).toThrow(/ttl must be a finite number/);
    }
    expect(() => createInMemoryStore({ ttl: 0, sweepIntervalMs: -5 })).toThrow(/sweepIntervalMs must be a finite number/);
    for (const sweepIntervalMs of [Number.NaN, Number.POSITIVE_INFINITY, '500' as never]) {
      expect(() => createInMemoryStore({ ttl: 1_000, sweepIntervalMs })).toThrow(/sweepIntervalMs must be a finite number/);
    }
    expect(() => createInMemoryStore({ ttl: '1000' as never })).toThrow(/ttl must be a finite number/);
  });

  it('[store.memory.sweep.reclaim] the sweep removes expired entries every sweepIntervalMs and changes no answer', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const c = clock();
    const store = make({ ttl: 1_000, clock: c.now, sweepIntervalMs: 500 });
    store.activate(step('t1'), ['a']);
    store.activate(step('t2'), ['b']);
    c.advance(600);
    store.loaded(step('t2'));
    c.advance(600); // t1 idle 1200 > ttl, t2 idle 600
    expect(store.getStateStats().threadCount).toBe(2);
    vi.advanceTimersByTime(500);
    expect(store.getStateStats()).toEqual({ threadCount: 1, oldestAccessTime: 1_600, evictions: 0 });
    expect(store.loaded(step('t2'))).toEqual(['b']);
  });

  it('[store.memory.sweep.reclaim] sweepIntervalMs 0 schedules no sweep; cleanupNow still reclaims', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const c = clock();
    const store = make({ ttl: 1_000, clock: c.now, sweepIntervalMs: 0 });
    expect(vi.getTimerCount()).toBe(0);
    store.activate(step('t'), ['a']);
    c.advance(1_001);
    vi.advanceTimersByTime(10_000);
    expect(store.getStateStats().threadCount).toBe(1);
    expect(store.cleanupNow()).toBe(1);
    expect(store.getStateStats().threadCount).toBe(0);
  });

  it('[store.memory.sweep.reclaim] the default sweep period is max(ttl / 2, 60 000) ms', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    for (const [ttl, period] of [
      [10_000, 60_000],
      [1_000_000, 500_000],
    ] as const) {
      const c = clock();
      const store = make({ ttl, clock: c.now });
      store.activate(step('t'), ['a']);
      c.advance(ttl + 1);
      vi.advanceTimersByTime(period - 1);
      expect(store.getStateStats().threadCount).toBe(1);
      vi.advanceTimersByTime(1);
      expect(store.getStateStats().threadCount).toBe(0);
      store.dispose();
    }
  });

  it('[store.memory.sweep.unref] the sweep timer is unref\'d and dispose stops it', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const spy = vi.spyOn(globalThis, 'setInterval');
    const store = make({ ttl: 1_000 });
    const timer = spy.mock.results[0]?.value as { hasRef?: () => boolean };
    expect(typeof timer.hasRef).toBe('function');
    expect(timer.hasRef?.()).toBe(false);
    expect(vi.getTimerCount()).toBe(1);
    store.dispose();
    expect(vi.getTimerCount()).toBe(0);
    spy.mockRestore();
  });

  it('[store.memory.read-creates-nothing] reads and empty activations create no entry', () => {
    const store = make();
    expect(store.loaded(step('t1'))).toEqual([]);
    store.activate(step('t2'), []);
    store.activate(step('t3'), ['unknown-tool']);
    expect(store.getStateStats()).toEqual({ threadCount: 0, oldestAccessTime: null, evictions: 0 });
  });

  it('[store.memory.stats] counts held entries, expired ones included until removed', () => {
    const c = clock(5_000);
    const store = make({ ttl: 100, clock: c.now });
    expect(store.getStateStats()).toEqual({ threadCount: 0, oldestAccessTime: null, evictions: 0 });
    store.activate(step('t1'), ['a']);
    c.advance(10);
    store.activate(step(undefined), ['b']);
    expect(store.getStateStats()).toEqual({ threadCount: 2, oldestAccessTime: 5_000, evictions: 0 });
    c.advance(200);
    expect(store.getStateStats()).toEqual({ threadCount: 2, oldestAccessTime: 5_000, evictions: 0 });
    expect(store.loaded(step('t1'))).toEqual([]); // the access removes the expired entry
    expect(store.getStateStats()).toEqual({ threadCount: 1, oldestAccessTime: 5_010, evictions: 0 });
  });

  it('[store.memory.cleanup-now] removes every expired entry now and returns the count', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 300 }), { maxLength: 8 }), (idle) => {
        const c = clock(0);
        const store = make({ ttl: 100, clock: c.now, sweepIntervalMs: 2 ** 30 });
        // Thread i is last accessed at time (300 - idle[i]); we look at time 300.
        const order = idle.map((d, i) => ({ at: 300 - d, id: `t${i}` })).sort((x, y) => x.at - y.at);
        for (const { at, id } of order) {
          c.advance(at - c.now());
          store.activate(step(id), ['a']);
        }
        c.advance(300 - c.now());
        const expired = idle.filter((d) => d > 100).length;
        const before = store.getStateStats().threadCount;
        expect(store.cleanupNow()).toBe(expired);
        expect(store.getStateStats().threadCount).toBe(before - expired);
        expect(store.cleanupNow()).toBe(0);
        store.dispose();
      }),
    );
  });

  it('[store.memory.clear-state] clears one thread, default when no id is given', () => {
    const store = make();
    store.activate(step('t1'), ['a']);
    store.activate(step(undefined), ['b']);
    store.clearState('t1');
    expect(store.loaded(step('t1'))).toEqual([]);
    expect(store.loaded(step(undefined))).toEqual(['b']);
    store.clearState();
    expect(store.loaded(step(undefined))).toEqual([]);
    store.activate(step(undefined), ['c']);
    store.clearState('');
    expect(store.getStateStats().threadCount).toBe(0);
  });

  it('[store.memory.clear-all] clears every thread', () => {
    const store = make();
    store.activate(step('t1'), ['a']);
    store.activate(step('t2'), ['b']);
    store.activate(step(undefined), ['c']);
    store.clearAllState();
    expect(store.getStateStats()).toEqual({ threadCount: 0, oldestAccessTime: null, evictions: 0 });
    for (const id of ['t1', 't2', undefined]) expect(store.loaded(step(id))).toEqual([]);
  });

  it('[lifecycle.storage.memory] [store.activate.known-only] the in-memory store ignores the messages, and names unknown when activated', () => {
    fc.assert(
      fc.property(fc.subarray(['a', 'b', 'c']), fc.subarray(['a', 'b', 'c']), (activated, inMessages) => {
        const store = make({ ttl: 0 });
        const messages = inMessages.map((n) => loadSingleMessage(n));
        store.activate(step('t', messages), activated);
        // Results that are in the messages but were never activated are not loaded; dropping every message unloads nothing.
        expect(store.loaded(step('t', messages))).toEqual(activated);
        expect(store.loaded(step('t', []))).toEqual(activated);
        store.dispose();
      }),
    );
    const store = make({ ttl: 0 });
    store.activate({ threadId: 't', messages: [], isKnownTool: knownTools(['a']) }, ['zz', 'a']);
    expect(store.loaded({ threadId: 't', messages: [], isKnownTool: knownTools(['a', 'zz']) })).toEqual(['a']);
  });

  it('[store.memory.restart] a new instance holds nothing, whatever the messages say', () => {
    const messages = [loadSingleMessage('a')];
    const before = make();
    before.activate(step('t', messages), ['a']);
    expect(before.loaded(step('t', messages))).toEqual(['a']);
    const after = make();
    expect(after.loaded(step('t', messages))).toEqual([]);
  });
});

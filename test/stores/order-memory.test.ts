import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createContextStore, createOrderMemory, type StoreStepInput } from '../../src/stores/index.js';
import { knownTools, loadMultiMessage, loadSingleMessage, userMessage } from './support/messages.js';

const all = knownTools(['a', 'b', 'c', 'd']);
const step = (threadId: string | undefined, messages: unknown[], isKnownTool = all): StoreStepInput => ({ threadId, messages, isKnownTool });

describe('order memory', () => {
  it('[store.context.order-memory] remembered names keep their order, new ones follow, names unknown to the request keep their place', () => {
    const memory = createOrderMemory({ maxThreads: 10 });
    expect(memory.order('t', ['a', 'b', 'c'], all)).toEqual(['a', 'b', 'c']);
    // The messages now list b first (a's first result left them), and c is missing from the catalog.
    expect(memory.order('t', ['b', 'c', 'a'], knownTools(['a', 'b', 'd']))).toEqual(['a', 'b']);
    // c is back in the catalog: it comes back at its place; d is new.
    expect(memory.order('t', ['d', 'c', 'b', 'a'], all)).toEqual(['a', 'b', 'c', 'd']);
    expect(memory.latest('t', knownTools(['c', 'a']))).toEqual(['a', 'c']);
    expect(memory.latest('other', all)).toBeUndefined();
  });

  it('[store.context.order-memory] a name enters the memory only while the catalog knows it; a name no longer held leaves it', () => {
    const memory = createOrderMemory({ maxThreads: 10 });
    expect(memory.order('t', ['forged', 'a'], knownTools(['a']))).toEqual(['a']);
    expect(memory.stats()).toEqual({ threadCount: 1, nameCount: 1, evictions: 0 });
    expect(memory.order('t', ['forged', 'a'], all)).toEqual(['a']);
    expect(memory.order('t', ['b'], all)).toEqual(['b']);
    expect(memory.stats().nameCount).toBe(1);
  });

  it('[store.context.max-threads] remembers at most maxThreads threads, forgetting the least recently stepped', () => {
    const memory = createOrderMemory({ maxThreads: 3 });
    for (const t of ['t1', 't2', 't3']) memory.order(t, ['a'], all);
    memory.latest('t1', all); // a use
    memory.order('t4', ['a'], all);
    expect(memory.latest('t2', all)).toBeUndefined();
    expect(memory.latest('t1', all)).toEqual(['a']);
    expect(memory.stats()).toEqual({ threadCount: 3, nameCount: 3, evictions: 1 });
    for (const maxThreads of [0, -1, 2.5, Number.NaN]) expect(() => createOrderMemory({ maxThreads })).toThrow(/maxThreads must be a positive integer/);
  });
});

describe('context store order memory', () => {
  it('[store.context.order-memory] [store.loaded.known-only] a tool missing from one request comes back at its old position', () => {
    const store = createContextStore({ autoLoad: false });
    const messages = [loadSingleMessage('a'), loadSingleMessage('b'), loadSingleMessage('c')];
    expect(store.loaded(step('t', messages))).toEqual(['a', 'b', 'c']);
    expect(store.loaded(step('t', messages, knownTools(['b', 'c'])))).toEqual(['b', 'c']);
    expect(store.loaded(step('t', [...messages, loadSingleMessage('d')]))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('[store.context.order] [store.context.order-memory] truncating the first result of a tool a later result names keeps its place', () => {
    const store = createContextStore({ autoLoad: false });
    let messages: unknown[] = [loadSingleMessage('a'), loadSingleMessage('b'), loadSingleMessage('a', true)];
    expect(store.loaded(step('t', messages))).toEqual(['a', 'b']);
    messages = messages.slice(1);
    expect(store.loaded(step('t', messages))).toEqual(['a', 'b']);
    // Without a thread id there is no memory: the messages' own order.
    expect(store.loaded(step(undefined, messages))).toEqual(['b', 'a']);
    // A forgotten thread (a new store, as after a restart) reads the messages' order too.
    expect(createContextStore({ autoLoad: false }).loaded(step('t', messages))).toEqual(['b', 'a']);
  });

  it('[store.context.max-threads] 1 001 other threads (and any number up to maxThreads) leave a thread its order; beyond, the messages decide', () => {
    const messages: unknown[] = [loadSingleMessage('a'), loadSingleMessage('b'), loadSingleMessage('a', true)];
    const truncated = messages.slice(1);
    for (const [maxThreads, others, kept] of [
      [undefined, 1_001, true],
      [undefined, 9_999, true],
      [50, 49, true],
      [50, 50, false],
    ] as const) {
      const store = createContextStore({ autoLoad: false, ...(maxThreads === undefined ? {} : { maxThreads }) });
      store.loaded(step('t', messages));
      for (let i = 0; i < others; i++) store.loaded(step(`other-${i}`, [loadSingleMessage('c')]));
      expect(store.loaded(step('t', truncated))).toEqual(kept ? ['a', 'b'] : ['b', 'a']);
    }
    expect(() => createContextStore({ autoLoad: false, maxThreads: 0 })).toThrow(/options\.maxThreads must be a positive integer/);
  });

  it('[store.context.order-memory] [processor.order.stable] property: two tools held at every step between two steps keep their relative order', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('load' as const), names: fc.subarray(['a', 'b', 'c', 'd'], { minLength: 1 }) }),
      fc.record({ kind: fc.constant('drop' as const), count: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant('catalog' as const), names: fc.subarray(['a', 'b', 'c', 'd']) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 25 }), (ops) => {
        const store = createContextStore({ autoLoad: false });
        let messages: unknown[] = [userMessage('hi')];
        let catalog: readonly string[] = ['a', 'b', 'c', 'd'];
        // Per step: what the store returned, and what the messages held whatever the catalog.
        const seen: { returned: string[]; held: Set<string> }[] = [];
        for (const o of ops) {
          if (o.kind === 'load') messages = [...messages, loadMultiMessage({ loaded: o.names })];
          if (o.kind === 'drop') messages = messages.slice(o.count);
          if (o.kind === 'catalog') catalog = o.names;
          const held = new Set(createContextStore({ autoLoad: false }).loaded(step(undefined, messages)));
          seen.push({ returned: store.loaded(step('t', messages, knownTools(catalog))), held });
        }
        for (let i = 0; i < seen.length; i++) {
          for (let j = i + 1; j < seen.length; j++) {
            const stayed = (name: string) => seen.slice(i, j + 1).every((s) => s.held.has(name));
            const both = seen[i]!.returned.filter((n) => seen[j]!.returned.includes(n) && stayed(n));
            expect(seen[j]!.returned.filter((n) => both.includes(n))).toEqual(both);
          }
        }
      }),
    );
  });
});

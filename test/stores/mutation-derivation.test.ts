/**
 * Unit tests asked for by the survivors of `MUTATION_SCOPE=stores npm run mutation` in
 * `src/stores/derivation-memory.ts`: the derivation memory driven directly, with a reader that
 * records every message it is given, so that each step's exact readings, comparisons, kept
 * steps and bound are seen (the context store only shows the names, filtered by its catalog).
 */
import { describe, expect, it } from 'vitest';
import { createDerivationMemory, type DerivationMemory, type DerivationMemoryStats, type MessageRead } from '../../src/stores/index.js';
import { fullReading } from '../../src/stores/derivation-memory.js';

/** A message as this test's reader sees it: watched or not, with the names it contributes. */
interface Message {
  id: string;
  watched: boolean;
  names: string[];
}
const msg = (id: string, names?: string[]): Message => ({ id, watched: names !== undefined, names: names ?? [] });

/** A reader that records what it reads (the message itself, or undefined for a missing one). */
function recorder(): { read: (m: unknown) => MessageRead; seen: unknown[]; ids: () => Array<string | undefined> } {
  const seen: unknown[] = [];
  const read = (m: unknown): MessageRead => {
    seen.push(m);
    const message = m as Message | undefined;
    return message !== undefined && message !== null && message.watched ? { relevant: true, names: message.names } : { relevant: false, names: [] };
  };
  return { read, seen, ids: () => seen.map((m) => (m as Message | undefined)?.id) };
}

/** Runs one step of `thread` and returns what it changed in the memory's counters, and which messages it read. */
function step(memory: DerivationMemory, thread: string, messages: readonly unknown[]): { delta: Omit<DerivationMemoryStats, 'threadCount' | 'messageCount'>; read: Array<string | undefined>; names: readonly string[] } {
  const before = memory.stats();
  const r = recorder();
  const names = memory.reading(thread, messages, r.read).names;
  const after = memory.stats();
  return {
    delta: { reads: after.reads - before.reads, comparisons: after.comparisons - before.comparisons, keptSteps: after.keptSteps - before.keptSteps, evictions: after.evictions - before.evictions },
    read: r.ids(),
    names,
  };
}

describe('derivation memory: names of a step (mutation survivors)', () => {
  it('[store.context.derive] [store.context.order] one contributing message gives its names each once, at their first place, for a few names and for more than 32', () => {
    const memory = createDerivationMemory({ maxMessages: 100 });
    const { read } = recorder();
    expect(memory.reading('few', [msg('u'), msg('m', ['b', 'a', 'b', 'c', 'a'])], read).names).toEqual(['b', 'a', 'c']);
    const many = Array.from({ length: 40 }, (_, i) => `n${i % 20}`);
    expect(memory.reading('many', [msg('m', many)], read).names).toEqual(Array.from({ length: 20 }, (_, i) => `n${i}`));
  });

  it('[store.context.derive] held returns the names of the reading, each once, in first-activation order', () => {
    const memory = createDerivationMemory({ maxMessages: 100 });
    const { read } = recorder();
    expect(memory.held('t', [msg('x', ['b', 'a']), msg('y'), msg('z', ['c', 'b'])], read)).toEqual(['b', 'a', 'c']);
    expect(memory.held('u', [msg('x', ['d', 'd'])], read)).toEqual(['d']);
  });

  it('[store.context.derive] a full reading reads every message once, and nothing past the last', () => {
    const r = recorder();
    const a = msg('a');
    const b = msg('b', ['x']);
    expect(fullReading([a, b], r.read).names).toEqual(['x']);
    expect(r.seen).toEqual([a, b]);
  });
});

describe('derivation memory: the alignment (mutation survivors)', () => {
  it('[store.context.derive.incremental] the same messages in another array: one comparison for the first message, one per message of the run, and only the previous last read again', () => {
    const memory = createDerivationMemory({ maxMessages: 100 });
    const history = [msg('a'), msg('b'), msg('c')];
    expect(step(memory, 't', history).read).toEqual(['a', 'b', 'c']);
    const s = step(memory, 't', history.slice());
    expect(s.delta).toEqual({ reads: 1, comparisons: 1 + 3, keptSteps: 0, evictions: 0 });
    expect(s.read).toEqual(['c']);
  });

  it('[store.context.derive.incremental] messages dropped from the front: the first message is found at its previous place, then the run is compared up to the previous end only', () => {
    const memory = createDerivationMemory({ maxMessages: 100 });
    const [a, b, c] = [msg('a'), msg('b'), msg('c')];
    step(memory, 't', [a, b, c]);
    // b was at 1 (2 comparisons to find it), then b and c match (2): the appended entry (undefined) is read, not compared.
    const s = step(memory, 't', [b, c, undefined]);
    expect(s.delta).toEqual({ reads: 2, comparisons: 2 + 2, keptSteps: 0, evictions: 0 });
    expect(s.read).toEqual(['c', undefined]);
    // Appended after the whole previous history, in another array: the run ends at the previous end.
    const memory2 = createDerivationMemory({ maxMessages: 100 });
    step(memory2, 't', [a, b, c]);
    const s2 = step(memory2, 't', [a, b, c, undefined]);
    expect(s2.delta).toEqual({ reads: 2, comparisons: 1 + 3, keptSteps: 0, evictions: 0 });
    expect(s2.read).toEqual(['c', undefined]);
  });

  it('[store.context.derive.incremental] a first message the previous step did not have costs one comparison per remembered message, and every message is read', () => {
    const memory = createDerivationMemory({ maxMessages: 100 });
    step(memory, 't', [msg('a'), msg('b'), msg('c')]);
    const s = step(memory, 't', [msg('x'), msg('y')]);
    expect(s.delta).toEqual({ reads: 2, comparisons: 3, keptSteps: 0, evictions: 0 });
    expect(s.read).toEqual(['x', 'y']);
  });

  it('[store.context.derive.incremental] [store.context.messages.malformed] an entry inserted at the front (undefined) is a first message the previous step did not have: every message is read', () => {
    const memory = createDerivationMemory({ maxMessages: 100 });
    const [a, b] = [msg('a'), msg('b')];
    step(memory, 't', [a, b]);
    const s = step(memory, 't', [undefined, a, b]);
    expect(s.delta).toEqual({ reads: 3, comparisons: 2, keptSteps: 0, evictions: 0 });
    expect(s.read).toEqual([undefined, 'a', 'b']);
  });

  it('[store.context.derive.incremental] [store.context.messages.malformed] a hole at the front of a sparse history is at its place again: aligned, the rest of the run not read', () => {
    const memory = createDerivationMemory({ maxMessages: 100 });
    const [a, b] = [msg('a'), msg('b')];
    const first: unknown[] = new Array(2);
    first[1] = a;
    expect(step(memory, 't', first).read).toEqual([undefined, 'a']);
    const second: unknown[] = new Array(3);
    second[1] = a;
    second[2] = b;
    const s = step(memory, 't', second);
    expect(s.delta).toEqual({ reads: 2, comparisons: 1 + 2, keptSteps: 0, evictions: 0 });
    expect(s.read).toEqual(['a', 'b']);
  });

  it('[store.context.derive.incremental] an empty step compares nothing, reads nothing and forgets the thread', () => {
    const memory = createDerivationMemory({ maxMessages: 100 });
    step(memory, 't', [msg('a'), msg('b')]);
    const s = step(memory, 't', []);
    expect(s.delta).toEqual({ reads: 0, comparisons: 0, keptSteps: 0, evictions: 0 });
    expect(memory.stats()).toMatchObject({ threadCount: 0, messageCount: 0 });
  });

  it('[store.context.derive.incremental] a message changed before the previous last: read once from the first difference on, the watched message there and the previous last not read twice', () => {
    const memory = createDerivationMemory({ maxMessages: 100 });
    const [a, w, c] = [msg('a'), msg('w', ['n']), msg('c')];
    step(memory, 't', [a, w, c]);
    // w (watched, at 1) replaced by x in another array: the run is [a]; x and c are read once each.
    const s = step(memory, 't', [a, msg('x'), c]);
    expect(s.delta).toMatchObject({ reads: 2, comparisons: 1 + 1 });
    expect(s.read).toEqual(['x', 'c']);
    expect(s.names).toEqual([]);
  });

  it('[store.context.derive.incremental] the previous last replaced in another array is read once, after the run', () => {
    const memory = createDerivationMemory({ maxMessages: 100 });
    const [a, b] = [msg('a'), msg('b')];
    step(memory, 't', [a, b, msg('c')]);
    const s = step(memory, 't', [a, b, msg('y')]);
    expect(s.delta).toMatchObject({ reads: 1, comparisons: 1 + 2 });
    expect(s.read).toEqual(['y']);
  });
});

describe('derivation memory: the kept history (mutation survivors)', () => {
  it('[store.context.derive.kept] a one-message history in the same array, appended to, is kept: one comparison', () => {
    const memory = createDerivationMemory({ maxMessages: 100 });
    const history = [msg('a')];
    step(memory, 't', history);
    history.push(msg('b'));
    const s = step(memory, 't', history);
    expect(s.delta).toEqual({ reads: 2, comparisons: 1, keptSteps: 1, evictions: 0 });
    expect(s.read).toEqual(['a', 'b']);
  });

  it('[store.context.derive.kept] a watched previous last message is read again once, not twice', () => {
    const memory = createDerivationMemory({ maxMessages: 100 });
    const history = [msg('w', ['n'])];
    step(memory, 't', history);
    history.push(msg('x'));
    const s = step(memory, 't', history);
    expect(s.delta).toEqual({ reads: 2, comparisons: 2, keptSteps: 1, evictions: 0 });
    expect(s.read).toEqual(['w', 'x']);
    expect(s.names).toEqual(['n']);
  });

  it('[store.context.derive.kept] the array a step aligned is the one remembered: appended to, it is kept at the next step', () => {
    const memory = createDerivationMemory({ maxMessages: 100 });
    const a = msg('a');
    const first = [a];
    step(memory, 't', first);
    const second = [a, msg('b')];
    expect(step(memory, 't', second).delta.keptSteps).toBe(0);
    second.push(msg('c'));
    const s = step(memory, 't', second);
    expect(s.delta.keptSteps).toBe(1);
    expect(s.read).toEqual(['b', 'c']);
    // (The first array is still alive: only the one remembered decides.)
    expect(first).toHaveLength(1);
  });
});

describe('derivation memory: the bound (mutation survivors)', () => {
  it('[store.context.derive.incremental] a history of exactly the bound is remembered, without an eviction', () => {
    const memory = createDerivationMemory({ maxMessages: 3 });
    step(memory, 't', [msg('a'), msg('b'), msg('c')]);
    expect(memory.stats()).toMatchObject({ threadCount: 1, messageCount: 3, evictions: 0 });
  });

  it('[store.context.derive.incremental] threads that fill the bound exactly are all remembered', () => {
    const memory = createDerivationMemory({ maxMessages: 4 });
    step(memory, 'a', [msg('a1'), msg('a2')]);
    step(memory, 'b', [msg('b1'), msg('b2')]);
    expect(memory.stats()).toMatchObject({ threadCount: 2, messageCount: 4, evictions: 0 });
  });

  it('[store.context.derive.incremental] a history longer than the bound is not remembered, and evicts no other thread', () => {
    const memory = createDerivationMemory({ maxMessages: 3 });
    step(memory, 'a', [msg('a1'), msg('a2')]);
    step(memory, 'b', [msg('b1'), msg('b2'), msg('b3'), msg('b4'), msg('b5')]);
    expect(memory.stats()).toMatchObject({ threadCount: 1, messageCount: 2, evictions: 0 });
  });

  it('[store.context.derive.incremental] a thread stepped again becomes the most recently stepped: the bound forgets the other first', () => {
    const memory = createDerivationMemory({ maxMessages: 4 });
    const a = [msg('a1'), msg('a2')];
    step(memory, 'a', a);
    step(memory, 'b', [msg('b1')]);
    // a again (kept), after b: b is now the least recently stepped.
    expect(step(memory, 'a', a).delta.keptSteps).toBe(1);
    step(memory, 'c', [msg('c1'), msg('c2')]);
    expect(memory.stats()).toMatchObject({ threadCount: 2, messageCount: 4, evictions: 1 });
    // a is still remembered: kept again, only its last message read.
    const s = step(memory, 'a', a);
    expect(s.delta.keptSteps).toBe(1);
    expect(s.read).toEqual(['a2']);
  });
});

/**
 * Unit tests asked for by the survivors of `MUTATION_SCOPE=stores npm run mutation` in
 * `src/stores/order-memory.ts` and `src/stores/receipts.ts`: what the processor never shows (the
 * store's own option check, the first step of a thread, how an invalid secret is described) but
 * a direct caller of the store sees.
 */
import { describe, expect, it } from 'vitest';
import { activationFor, canonicalReceiptMessage, createOrderMemory, createReceiptKeys, verifiedNames } from '../../src/stores/index.js';

const all = (): boolean => true;

describe('order memory (mutation survivors)', () => {
  it('[store.context.max-threads] maxThreads 1 is a positive integer: accepted, and it remembers exactly one thread', () => {
    const memory = createOrderMemory({ maxThreads: 1 });
    expect(memory.order('t1', ['a'], all)).toEqual(['a']);
    expect(memory.latest('t1', all)).toEqual(['a']);
    expect(memory.order('t2', ['b'], all)).toEqual(['b']);
    expect(memory.latest('t1', all)).toBeUndefined();
    expect(memory.stats()).toEqual({ threadCount: 1, nameCount: 1, evictions: 1 });
  });

  it('[store.context.unload] the listener hears of exactly the remembered names no longer held, in remembered order, and of nothing else', () => {
    const dropped: Array<[string, readonly string[]]> = [];
    const memory = createOrderMemory({ maxThreads: 4, onDropped: (threadId, names) => dropped.push([threadId, [...names]]) });
    expect(memory.order('t', ['a'], all)).toEqual(['a']); // first step of a thread: nothing was remembered
    expect(memory.order('t', ['a'], all)).toEqual(['a']); // the same names again
    expect(memory.order('t', ['a', 'b'], all)).toEqual(['a', 'b']); // one more, none dropped
    expect(memory.order('t', ['c', 'b', 'a'], all)).toEqual(['a', 'b', 'c']);
    expect(dropped).toEqual([]);
    expect(memory.order('t', ['b'], all)).toEqual(['b']);
    expect(dropped).toEqual([['t', ['a', 'c']]]);
    expect(memory.order('u', ['c'], all)).toEqual(['c']);
    expect(memory.order('t', [], all)).toEqual([]);
    expect(dropped).toEqual([['t', ['a', 'c']], ['t', ['b']]]);
  });

  it('[store.context.unload] what the listener throws is ignored: the step still returns and remembers its order', () => {
    const memory = createOrderMemory({
      maxThreads: 4,
      onDropped: () => {
        throw new Error('listener failed');
      },
    });
    memory.order('t', ['a', 'b'], all);
    expect(memory.order('t', ['b', 'c'], all)).toEqual(['b', 'c']);
    expect(memory.latest('t', all)).toEqual(['b', 'c']);
  });
});

describe('receipt keys (mutation survivors)', () => {
  const rejection = (secret: unknown): string => {
    try {
      createReceiptKeys(secret);
    } catch (e) {
      return (e as Error).message;
    }
    return 'accepted';
  };

  it('[store.receipts.secret] an array element that is itself an array is described as one, empty or not', () => {
    expect(rejection([['x'.repeat(40)]])).toMatch(/^Invalid receiptSecret\[0\]: .*received an array\. /);
    expect(rejection([[]])).toMatch(/^Invalid receiptSecret\[0\]: .*received an empty array\. /);
    expect(rejection([])).toMatch(/^Invalid receiptSecret: .*received an empty array\. /);
  });

  const keys = createReceiptKeys('tool-search-reference receipt key');
  const binding = { metaTool: 'load_tool', threadId: 't', toolCallId: 'c', names: ['a', 'b'] };

  it('[store.receipts.verify] a MAC that is not a string never verifies, even one that reads as the right digits', () => {
    const mac = keys.sign(binding)!;
    expect(keys.verify(binding, mac)).toBe(true);
    const lookalikes: unknown[] = [[mac], { toString: () => mac, valueOf: () => mac }, new String(mac)];
    for (const given of lookalikes) expect(keys.verify(binding, given as string)).toBe(false);
  });

  it('[store.receipts.verify] a MAC is exactly 64 lowercase hexadecimal digits: one more digit or character before or after is rejected, without an error', () => {
    const mac = keys.sign(binding)!;
    for (const given of [`${mac}0`, `${mac}g`, `0${mac}`, `g${mac}`, ` ${mac}`, `${mac}\n`, mac.toUpperCase()]) expect(keys.verify(binding, given)).toBe(false);
  });

  it('[store.receipts.mac] a field that is not a string has no canonical message', () => {
    expect(canonicalReceiptMessage({ ...binding, names: ['a', 42 as never] })).toBeUndefined();
    expect(canonicalReceiptMessage({ ...binding, toolCallId: 7 as never })).toBeUndefined();
    expect(keys.sign({ ...binding, names: [{ toString: () => 'a' } as never] })).toBeUndefined();
  });

  it('[store.receipts.verify] only an own, plain-object result, activation and receipt are read: arrays and functions carrying the same keys activate nothing', () => {
    const activation = activationFor('load_tool', ['a', 'b'], { keys, threadId: 't', toolCallId: 'c' })!;
    const read = (result: unknown) => verifiedNames('load_tool', result, { threadId: 't', toolCallId: 'c' }, keys);
    expect(read({ activation })).toEqual(['a', 'b']);
    const fn = Object.assign(() => undefined, { activation });
    expect(read(Object.assign([], { activation }))).toEqual([]);
    expect(read(fn)).toEqual([]);
    expect(read({ activation: Object.assign([], activation) })).toEqual([]);
    expect(read({ activation: Object.assign(() => undefined, activation) })).toEqual([]);
    expect(read({ activation: { ...activation, receipt: Object.assign([], activation.receipt) } })).toEqual([]);
    expect(read({ activation: { ...activation, receipt: Object.assign(() => undefined, activation.receipt) } })).toEqual([]);
  });

  it('[store.receipts.verify] loaded must be a real array: an iterable object with every() activates nothing', () => {
    const activation = activationFor('load_tool', ['a'], { keys, threadId: 't', toolCallId: 'c' })!;
    const fake = { 0: 'a', length: 1, every: () => true, [Symbol.iterator]: function* () { yield 'a'; } };
    expect(verifiedNames('load_tool', { activation: { ...activation, loaded: fake } }, { threadId: 't', toolCallId: 'c' }, keys)).toEqual([]);
    expect(verifiedNames('load_tool', { activation: { ...activation, loaded: 'a' } }, { threadId: 't', toolCallId: 'c' }, keys)).toEqual([]);
  });

  it('[store.receipts.verify] a part with an empty tool call id activates nothing, even with a MAC made over the empty id', () => {
    const mac = keys.sign({ ...binding, toolCallId: '' })!;
    const result = { activation: { type: 'tool-search-load', version: 1, loaded: ['a', 'b'], receipt: { version: 1, algorithm: 'HMAC-SHA256', mac } } };
    expect(keys.verify({ ...binding, toolCallId: '' }, mac)).toBe(true);
    expect(verifiedNames('load_tool', result, { threadId: 't', toolCallId: '' }, keys)).toEqual([]);
  });

  it('[store.receipts.verify] [store.receipts.shape] a tool that is not a meta-tool has no activation type: its result activates nothing, even one signed for it', () => {
    const mac = keys.sign({ ...binding, metaTool: 'get_weather' })!;
    const untyped = { activation: { version: 1, loaded: ['a', 'b'], receipt: { version: 1, algorithm: 'HMAC-SHA256', mac } } };
    expect(verifiedNames('get_weather', untyped, { threadId: 't', toolCallId: 'c' }, keys)).toEqual([]);
    expect(activationFor('get_weather', ['a'])).toBeUndefined();
  });

  it('[store.receipts.verify] a receipt whose mac is not a string activates nothing', () => {
    const activation = activationFor('load_tool', ['a'], { keys, threadId: 't', toolCallId: 'c' })!;
    for (const mac of [42, null, [activation.receipt!.mac], { toString: () => activation.receipt!.mac }]) {
      expect(verifiedNames('load_tool', { activation: { ...activation, receipt: { ...activation.receipt, mac } } }, { threadId: 't', toolCallId: 'c' }, keys)).toEqual([]);
    }
  });

  it('[store.receipts.verify] a result whose getter throws activates nothing, and nothing escapes', () => {
    const hostile = {
      get activation(): never {
        throw new Error('hostile getter');
      },
    };
    expect(verifiedNames('load_tool', hostile, { threadId: 't', toolCallId: 'c' }, keys)).toEqual([]);
  });
});

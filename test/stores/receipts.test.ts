import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activationFor,
  canonicalReceiptMessage,
  createContextStore,
  createReceiptKeys,
  VERIFIED_RECEIPT_CACHE_SIZE,
  verifiedNames,
  type Activation,
  type StoreStepInput,
} from '../../src/stores/index.js';
import { knownTools, toolResultMessage, userMessage } from './support/messages.js';

const SECRET = 'tool-search-reference receipt key';
const keys = createReceiptKeys(SECRET);
const isKnownTool = knownTools(['a', 'b', 'c', 'get_weather']);
const step = (threadId: string | undefined, messages: unknown[]): StoreStepInput => ({ threadId, messages, isKnownTool });

/** Splits a canonical message back into its length-prefixed fields (the test's own decoder). */
function fieldsOf(message: Uint8Array): string[] {
  const bytes = Buffer.from(message);
  const out: string[] = [];
  for (let at = 0; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    out.push(bytes.subarray(at + 4, at + 4 + length).toString('utf8'));
    at += 4 + length;
  }
  return out;
}

/** An assistant message holding a `load_tool` result with this activation, in call `toolCallId`. */
function signedLoad(activation: unknown, toolCallId: string, top: Record<string, unknown> = {}) {
  const message = toolResultMessage('load_tool', { success: true, message: 'ok', ...top, activation }) as { content: { parts: Array<{ toolInvocation?: { toolCallId: string } }> } };
  message.content.parts[1]!.toolInvocation!.toolCallId = toolCallId;
  return message;
}

describe('receipts', () => {
  it('[store.receipts.mac] the worked example of spec/stores.md: canonical message and MAC', () => {
    const binding = { metaTool: 'load_tool', threadId: undefined, toolCallId: 'call-1', names: ['get_weather'] };
    expect(Buffer.from(canonicalReceiptMessage(binding)!).toString('hex')).toBe(
      '00000013746f6f6c2d7365617263682d72656365697074' + '0000000131' + '000000096c6f61645f746f6f6c' + '00000000' + '0000000663616c6c2d31' + '0000000131' + '0000000b6765745f77656174686572',
    );
    expect(keys.sign(binding)).toBe('777a68dacc93c313eac0db205c7c2d2673b779013988651d7755eb4f562cc692');
  });

  it('[store.receipts.mac] the canonical message decodes back to exactly its fields, so distinct bindings never share a MAC input', () => {
    fc.assert(
      fc.property(fc.constantFrom('load_tool', 'search_tools'), fc.option(fc.string(), { nil: undefined }), fc.string({ minLength: 1 }), fc.array(fc.string({ unit: 'grapheme' })), (metaTool, threadId, toolCallId, names) => {
        const message = canonicalReceiptMessage({ metaTool, threadId, toolCallId, names });
        const wellFormed = [threadId ?? '', toolCallId, ...names].every((f) => !/\p{Cs}/u.test(f));
        if (!wellFormed) return expect(message).toBeUndefined();
        expect(fieldsOf(message!)).toEqual(['tool-search-receipt', '1', metaTool, threadId ?? '', toolCallId, String(names.length), ...names]);
      }),
    );
  });

  it('[store.receipts.mac] a field holding a lone surrogate cannot be encoded: no receipt is written and none verifies', () => {
    const lone = 'a\uD800';
    expect(canonicalReceiptMessage({ metaTool: 'load_tool', threadId: 't', toolCallId: 'c', names: [lone] })).toBeUndefined();
    expect(activationFor('load_tool', [lone], { keys, threadId: 't', toolCallId: 'c' })).toBeUndefined();
    expect(keys.verify({ metaTool: 'load_tool', threadId: lone, toolCallId: 'c', names: ['a'] }, '0'.repeat(64))).toBe(false);
  });

  it('[store.receipts.secret] [store.receipts.confidential] a bad secret is rejected with an error that names the option and never shows the value', () => {
    const shortSecret = 'hunter2-short-but-distinctive';
    const bad: Array<[unknown, RegExp]> = [
      [shortSecret, /^Invalid receiptSecret: .*received a string of 29 UTF-8 bytes/],
      [new Uint8Array(31), /^Invalid receiptSecret: .*received 31 bytes/],
      [[], /^Invalid receiptSecret: .*an empty array/],
      [[SECRET, shortSecret], /^Invalid receiptSecret\[1\]: /],
      [`${'x'.repeat(40)}\uD800`, /^Invalid receiptSecret: .*well-formed/],
      [42, /received number/],
      [null, /received null/],
      [{ secret: SECRET }, /received an object/],
    ];
    for (const [value, message] of bad) {
      let error: unknown;
      try {
        createReceiptKeys(value);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(RangeError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('hunter2');
    }
    expect(() => createReceiptKeys('x'.repeat(32))).not.toThrow();
    expect(() => createReceiptKeys('é'.repeat(16))).not.toThrow(); // 32 UTF-8 bytes
    expect(() => createReceiptKeys(new Uint8Array(32))).not.toThrow();
  });

  it('[store.receipts.secret] with several secrets the first signs and any verifies (rotation)', () => {
    const older = createReceiptKeys(SECRET);
    const rotated = createReceiptKeys(['a brand new secret of at least 32 bytes', SECRET]);
    const binding = { metaTool: 'load_tool', threadId: 't', toolCallId: 'c1', names: ['a'] };
    expect(rotated.verify(binding, older.sign(binding)!)).toBe(true);
    expect(rotated.sign(binding)).not.toBe(older.sign(binding));
    expect(older.verify(binding, rotated.sign(binding)!)).toBe(false);
    expect(rotated.verify(binding, createReceiptKeys('a brand new secret of at least 32 bytes').sign(binding)!)).toBe(true);
  });

  it('[store.receipts.shape] [store.receipts.confidential] an activation lists the names once, in order, and holds nothing but the MAC', () => {
    const activation = activationFor('load_tool', ['b', 'a', 'b'], { keys, threadId: 't', toolCallId: 'c1' })!;
    expect(activation).toEqual({ type: 'tool-search-load', version: 1, loaded: ['b', 'a'], receipt: { version: 1, algorithm: 'HMAC-SHA256', mac: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    const text = JSON.stringify(activation);
    for (const leak of [SECRET, Buffer.from(SECRET).toString('hex'), Buffer.from(SECRET).toString('base64')]) expect(text).not.toContain(leak);
    expect(activationFor('search_tools', ['a'], { keys, threadId: 't', toolCallId: 'c1' })?.type).toBe('tool-search-auto-load');
    expect(activationFor('load_tool', ['a'])).toEqual({ type: 'tool-search-load', version: 1, loaded: ['a'] });
    expect(activationFor('load_tool', [], { keys, threadId: 't', toolCallId: 'c1' })).toBeUndefined();
    expect(activationFor('get_weather', ['a'], { keys, threadId: 't', toolCallId: 'c1' })).toBeUndefined();
    expect(activationFor('load_tool', ['a'], { keys, threadId: 't', toolCallId: undefined })).toBeUndefined();
    expect(activationFor('load_tool', ['a'], { keys, threadId: 't', toolCallId: '' })).toBeUndefined();
  });

  it('[store.receipts.verify] a receipt verifies for its own thread, call and names only; every change to it is rejected', () => {
    const good = activationFor('load_tool', ['a', 'b'], { keys, threadId: 't1', toolCallId: 'c1' })!;
    const read = (result: unknown, threadId: string | undefined = 't1', toolCallId: unknown = 'c1', metaTool = 'load_tool') =>
      verifiedNames(metaTool, result, { threadId, toolCallId }, keys);
    expect(read({ activation: good })).toEqual(['a', 'b']);
    const mutate = (f: (a: Activation & Record<string, unknown>) => void) => {
      const copy = structuredClone(good) as Activation & Record<string, unknown>;
      f(copy);
      return { activation: copy };
    };
    const rejected: unknown[] = [
      mutate((a) => (a.loaded = ['b', 'a'])),
      mutate((a) => (a.loaded = ['a'])),
      mutate((a) => (a.loaded = ['a', 'b', 'c'])),
      mutate((a) => (a.loaded = ['a', 2 as never])),
      mutate((a) => (a.type = 'tool-search-auto-load')),
      mutate((a) => (a.version = 2 as never)),
      mutate((a) => (a.receipt!.version = 2 as never)),
      mutate((a) => (a.receipt!.algorithm = 'HMAC-SHA512' as never)),
      mutate((a) => (a.receipt!.mac = a.receipt!.mac.toUpperCase())),
      mutate((a) => (a.receipt!.mac = a.receipt!.mac.slice(1))),
      mutate((a) => (a.receipt!.mac = `${a.receipt!.mac.slice(0, 63)}${a.receipt!.mac.endsWith('0') ? '1' : '0'}`)),
      mutate((a) => delete a.receipt),
      { activation: 'nope' },
      { toolName: 'a', success: true },
      null,
      Object.create({ activation: good }),
      new Proxy({}, { getOwnPropertyDescriptor: () => { throw new Error('hostile'); } }),
    ];
    for (const [i, result] of rejected.entries()) expect([i, read(result)]).toEqual([i, []]);
    expect(read({ activation: good }, 't2')).toEqual([]);
    expect(verifiedNames('load_tool', { activation: good }, { threadId: undefined, toolCallId: 'c1' }, keys)).toEqual([]);
    expect(read({ activation: good }, 't1', 'c2')).toEqual([]);
    expect(read({ activation: good }, 't1', 42)).toEqual([]);
    expect(read({ activation: good }, 't1', 'c1', 'search_tools')).toEqual([]);
    expect(verifiedNames('load_tool', { activation: good }, { threadId: 't1', toolCallId: 'c1' }, createReceiptKeys('another secret that is long enough!!'))).toEqual([]);
  });

  it('[store.receipts.verify] with a secret the context store counts verified receipts only, and a search receipt only under autoLoad', () => {
    const store = createContextStore({ autoLoad: false, receiptSecret: SECRET });
    const signed = signedLoad(activationFor('load_tool', ['a'], { keys, threadId: 't', toolCallId: 'k1' }), 'k1', { toolName: 'a', loaded: ['a'] });
    const unsigned = toolResultMessage('load_tool', { success: true, toolName: 'b', message: 'ok', loaded: ['b'] });
    // The top-level fields are not read: only the receipt's names count.
    const mismatched = signedLoad(activationFor('load_tool', ['a'], { keys, threadId: 't', toolCallId: 'k2' }), 'k2', { toolName: 'c', loaded: ['c'] });
    expect(store.loaded(step('t', [signed, unsigned, mismatched]))).toEqual(['a']);
    expect(store.loaded(step('other', [signed]))).toEqual([]);
    const search = toolResultMessage('search_tools', {
      results: [{ name: 'b', description: '', score: 1 }],
      message: '',
      activation: activationFor('search_tools', ['b'], { keys, threadId: 't', toolCallId: 'k3' }),
    }) as { content: { parts: Array<{ toolInvocation?: { toolCallId: string } }> } };
    search.content.parts[1]!.toolInvocation!.toolCallId = 'k3';
    expect(store.loaded(step('t', [search]))).toEqual([]);
    expect(createContextStore({ autoLoad: true, receiptSecret: SECRET }).loaded(step('t', [search]))).toEqual(['b']);
    expect(store.verifiesReceipts).toBe(true);
    expect(createContextStore({ autoLoad: false }).verifiesReceipts).toBe(false);
  });

  it('[store.receipts.restart] a new store with the same secret reads what an old one verified; the messages alone decide', () => {
    const messages = [signedLoad(activationFor('load_tool', ['a', 'b'], { keys, threadId: 't', toolCallId: 'k1' }), 'k1'), userMessage('next')];
    const before = createContextStore({ autoLoad: false, receiptSecret: SECRET }).loaded(step('t', messages));
    const after = createContextStore({ autoLoad: false, receiptSecret: new Uint8Array(Buffer.from(SECRET)) }).loaded(step('t', messages));
    expect(before).toEqual(['a', 'b']);
    expect(after).toEqual(before);
  });

  it('[store.receipts.verify] an anonymous request verifies receipts bound to the empty thread id', () => {
    const anonymous = signedLoad(activationFor('load_tool', ['c'], { keys, threadId: undefined, toolCallId: 'k1' }), 'k1');
    const store = createContextStore({ autoLoad: false, receiptSecret: SECRET });
    expect(store.loaded(step(undefined, [anonymous]))).toEqual(['c']);
    expect(store.loaded(step('', [anonymous]))).toEqual(['c']);
    expect(store.loaded(step('t', [anonymous]))).toEqual([]);
  });

  it('[store.receipts.verify] a remembered verification answers for exactly that receipt, and the memory is bounded', () => {
    const fresh = createReceiptKeys(SECRET);
    const binding = { metaTool: 'load_tool', threadId: 't', toolCallId: 'c', names: ['a', 'b'] };
    const mac = fresh.sign(binding)!;
    expect(fresh.verify(binding, mac)).toBe(true);
    expect(fresh.verify(binding, mac)).toBe(true);
    // Same MAC, any other binding: still rejected after the success was remembered.
    expect(fresh.verify({ ...binding, names: ['a,b'] }, mac)).toBe(false);
    expect(fresh.verify({ ...binding, names: ['b', 'a'] }, mac)).toBe(false);
    expect(fresh.verify({ ...binding, threadId: undefined }, mac)).toBe(false);
    expect(fresh.verify({ ...binding, metaTool: 'search_tools' }, mac)).toBe(false);
    // Past the bound (oldest forgotten), every receipt still verifies on the full path.
    for (let i = 0; i <= VERIFIED_RECEIPT_CACHE_SIZE; i++) {
      const b = { ...binding, toolCallId: `c${i}` };
      expect(fresh.verify(b, fresh.sign(b)!)).toBe(true);
    }
    expect(fresh.verify(binding, mac)).toBe(true);
  });
});

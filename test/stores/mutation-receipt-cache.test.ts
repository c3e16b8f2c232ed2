/**
 * The verified-receipt memory of r[store.receipts.verify] ("a receipt not remembered takes the
 * full, constant-time path"), seen from inside: `node:crypto`'s `createHmac` is wrapped so that
 * the test counts the MACs computed. Asked for by the survivors of `MUTATION_SCOPE=stores npm run
 * mutation` in `src/stores/receipts.ts` that only make the memory miss, hit or grow wrongly.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const hmacs = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>();
  return {
    ...crypto,
    createHmac: (...args: Parameters<typeof crypto.createHmac>) => {
      hmacs.count++;
      return crypto.createHmac(...args);
    },
  };
});

const { createReceiptKeys, VERIFIED_RECEIPT_CACHE_SIZE } = await import('../../src/stores/index.js');

const SECRET = 'tool-search-reference receipt key';
const OTHER = 'another receipt secret, 32 bytes or more';
const binding = { metaTool: 'load_tool', threadId: 't', toolCallId: 'c', names: ['a', 'b'] };

/** MACs computed by `f`. */
function macsOf(f: () => void): number {
  const before = hmacs.count;
  f();
  return hmacs.count - before;
}

describe('verified-receipt memory (mutation survivors)', () => {
  beforeEach(() => {
    hmacs.count = 0;
  });

  it('[store.receipts.verify] a receipt that verified is not re-hashed for the same binding; the first verification hashes under every key', () => {
    const keys = createReceiptKeys([OTHER, SECRET]);
    const mac = createReceiptKeys(SECRET).sign(binding)!;
    expect(macsOf(() => expect(keys.verify(binding, mac)).toBe(true))).toBe(2);
    expect(macsOf(() => expect(keys.verify(binding, mac)).toBe(true))).toBe(0);
    // An equal binding in new objects is the same binding.
    expect(macsOf(() => expect(keys.verify({ ...binding, names: [...binding.names] }, mac)).toBe(true))).toBe(0);
    // The anonymous thread: undefined and '' are the same thread id.
    const anonymous = { ...binding, threadId: undefined };
    const anonymousMac = keys.sign(anonymous)!;
    expect(macsOf(() => expect(keys.verify(anonymous, anonymousMac)).toBe(true))).toBe(2);
    expect(macsOf(() => expect(keys.verify({ ...anonymous, threadId: '' }, anonymousMac)).toBe(true))).toBe(0);
    // And the other way round: remembered under '', given as undefined.
    const emptyFirst = createReceiptKeys(SECRET);
    const emptyMac = emptyFirst.sign({ ...anonymous, threadId: '' })!;
    expect(macsOf(() => expect(emptyFirst.verify({ ...anonymous, threadId: '' }, emptyMac)).toBe(true))).toBe(1);
    expect(macsOf(() => expect(emptyFirst.verify(anonymous, emptyMac)).toBe(true))).toBe(0);
    // The signing key matching first does not spare the other keys' MACs.
    const signingFirst = createReceiptKeys([SECRET, OTHER]);
    expect(macsOf(() => expect(signingFirst.verify(binding, mac)).toBe(true))).toBe(2);
  });

  it('[store.receipts.verify] a remembered MAC given with any other binding takes the full path and is rejected', () => {
    const keys = createReceiptKeys(SECRET);
    const mac = keys.sign(binding)!;
    keys.verify(binding, mac);
    for (const other of [
      { ...binding, metaTool: 'search_tools' },
      { ...binding, threadId: 'u' },
      { ...binding, toolCallId: 'd' },
      { ...binding, names: ['a'] },
      { ...binding, names: ['a', 'b', 'c'] },
      { ...binding, names: ['b', 'a'] },
      { ...binding, names: ['a', 'c'] },
    ]) {
      expect(macsOf(() => expect(keys.verify(other, mac)).toBe(false))).toBe(1);
    }
    // The rejected bindings did not displace the remembered one.
    expect(macsOf(() => expect(keys.verify(binding, mac)).toBe(true))).toBe(0);
  });

  it('[store.receipts.verify] the memory holds exactly VERIFIED_RECEIPT_CACHE_SIZE receipts, forgetting the least recently verified', () => {
    const keys = createReceiptKeys(SECRET);
    const at = (i: number) => ({ ...binding, toolCallId: `c${i}` });
    const macs = Array.from({ length: VERIFIED_RECEIPT_CACHE_SIZE + 1 }, (_, i) => keys.sign(at(i))!);
    for (let i = 0; i < VERIFIED_RECEIPT_CACHE_SIZE; i++) keys.verify(at(i), macs[i]!);
    // Full: every one of them is still remembered; a hit makes receipt 0 the most recently used.
    expect(macsOf(() => expect(keys.verify(at(0), macs[0]!)).toBe(true))).toBe(0);
    expect(macsOf(() => expect(keys.verify(at(VERIFIED_RECEIPT_CACHE_SIZE - 1), macs[VERIFIED_RECEIPT_CACHE_SIZE - 1]!)).toBe(true))).toBe(0);
    // One more: the least recently verified (receipt 1, since 0 was used again) is forgotten.
    expect(macsOf(() => expect(keys.verify(at(VERIFIED_RECEIPT_CACHE_SIZE), macs[VERIFIED_RECEIPT_CACHE_SIZE]!)).toBe(true))).toBe(1);
    expect(macsOf(() => expect(keys.verify(at(0), macs[0]!)).toBe(true))).toBe(0);
    expect(macsOf(() => expect(keys.verify(at(2), macs[2]!)).toBe(true))).toBe(0);
    expect(macsOf(() => expect(keys.verify(at(1), macs[1]!)).toBe(true))).toBe(1);
  });
});

/**
 * Signed receipts: the versioned `activation` object a meta-tool result carries, and the
 * HMAC-SHA256 that lets a context store tell results this processor wrote from results a caller
 * wrote. See "Receipts" in `spec/stores.md`.
 *
 * @see r[store.receipts.shape]
 * @see r[store.receipts.mac]
 * @see r[store.receipts.verify]
 * @module
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ACTIVATION_VERSION, AUTO_LOAD_ACTIVATION_TYPE, LOAD_ACTIVATION_TYPE, LOAD_TOOL, SEARCH_TOOLS } from './meta-results.js';

/** The version of the receipt format (`activation.receipt.version`) and of its canonical message. */
export const RECEIPT_VERSION = 1;
/** The only receipt algorithm. */
export const RECEIPT_ALGORITHM = 'HMAC-SHA256';
/** The first field of every canonical message (domain separation). */
export const RECEIPT_DOMAIN = 'tool-search-receipt';
/** The least number of bytes a receipt secret has. */
export const MIN_RECEIPT_SECRET_BYTES = 32;
/** How many verified receipts the keys remember, so that a thread's receipts are not re-hashed at every step. */
export const VERIFIED_RECEIPT_CACHE_SIZE = 10_000;

/**
 * A receipt secret: a string (its UTF-8 bytes), bytes, or several secrets for key rotation
 * (the first signs, any verifies).
 *
 * @see r[store.receipts.secret]
 */
export type ReceiptSecret = string | Uint8Array | readonly (string | Uint8Array)[];

/** The signature part of an activation. @see r[store.receipts.shape] */
export interface Receipt {
  /** Always {@link RECEIPT_VERSION}. */
  version: typeof RECEIPT_VERSION;
  /** Always {@link RECEIPT_ALGORITHM}. */
  algorithm: typeof RECEIPT_ALGORITHM;
  /** 64 lowercase hexadecimal digits. */
  mac: string;
}

/**
 * The versioned activation object of a meta-tool result: unsigned on `search_tools` results under
 * `autoLoad` (r[store.meta-results.forward]), signed on every activating result when a receipt
 * secret is configured (r[store.receipts.shape]).
 */
export interface Activation {
  /** {@link LOAD_ACTIVATION_TYPE} or {@link AUTO_LOAD_ACTIVATION_TYPE}. */
  type: typeof LOAD_ACTIVATION_TYPE | typeof AUTO_LOAD_ACTIVATION_TYPE;
  /** Always {@link ACTIVATION_VERSION}. */
  version: typeof ACTIVATION_VERSION;
  /** The activated names, without duplicates, in activation order. */
  loaded: string[];
  /** The signature, when a receipt secret is configured. */
  receipt?: Receipt;
}

/** What a receipt is bound to. */
export interface ReceiptBinding {
  /** `load_tool` or `search_tools`. */
  metaTool: string;
  /** The request's thread id; `undefined` or `''` for an anonymous request. */
  threadId: string | undefined;
  /** The id of the meta-tool call. */
  toolCallId: string;
  /** The activated names, in order. */
  names: readonly string[];
}

/** Validated receipt keys: sign with the first, verify with any. */
export interface ReceiptKeys {
  /** The MAC of a binding under the signing key, or `undefined` when the binding cannot be encoded. */
  sign(binding: ReceiptBinding): string | undefined;
  /** Whether `mac` is the MAC of the binding under one of the keys (constant-time per key). */
  verify(binding: ReceiptBinding, mac: string): boolean;
}

/** The `activation.type` of a meta-tool, or `undefined` for any other tool. */
export function activationTypeOf(metaTool: string): Activation['type'] | undefined {
  if (metaTool === LOAD_TOOL) return LOAD_ACTIVATION_TYPE;
  if (metaTool === SEARCH_TOOLS) return AUTO_LOAD_ACTIVATION_TYPE;
  return undefined;
}

/** Whether a string is well-formed Unicode (no lone surrogate), i.e. has a UTF-8 encoding. */
function isWellFormed(value: string): boolean {
  return !/\p{Cs}/u.test(value);
}

function describeSecret(value: unknown): string {
  if (typeof value === 'string') return `a string of ${Buffer.byteLength(value, 'utf8')} UTF-8 bytes`;
  if (value instanceof Uint8Array) return `${value.byteLength} bytes`;
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : 'an array';
  return typeof value === 'object' ? 'an object' : typeof value;
}

function keyBytes(value: unknown, option: string): Uint8Array {
  // A string gives its UTF-8 bytes (a lone surrogate has none: rejected), bytes are copied.
  let bytes: Uint8Array | undefined;
  if (typeof value === 'string' && isWellFormed(value)) bytes = new Uint8Array(Buffer.from(value, 'utf8'));
  else if (value instanceof Uint8Array) bytes = new Uint8Array(value);
  // At least MIN_RECEIPT_SECRET_BYTES of them; the error describes the value, never shows it.
  if (bytes === undefined || bytes.byteLength < MIN_RECEIPT_SECRET_BYTES) {
    throw new RangeError(
      `Invalid ${option}: expected a well-formed string of at least ${MIN_RECEIPT_SECRET_BYTES} UTF-8 bytes or a Uint8Array of at least ${MIN_RECEIPT_SECRET_BYTES} bytes ` +
        `(or a non-empty array of them), received ${describeSecret(value)}. Generate one with crypto.randomBytes(32).toString('base64').`,
    );
  }
  return bytes;
}

/**
 * Checks a receipt secret and makes the keys. Throws an error that names the option (and the index
 * of a bad array element) and never contains the secret.
 *
 * Implements r[store.receipts.secret] and r[store.receipts.confidential].
 *
 * @param secret - the configured secret(s)
 * @param option - the option's name in errors
 */
export function createReceiptKeys(secret: unknown, option = 'receiptSecret'): ReceiptKeys {
  // One secret, or a non-empty array of them (the first signs).
  const list: unknown[] = Array.isArray(secret) ? [...secret] : [secret];
  if (list.length === 0) keyBytes(secret, option);
  const keys = list.map((value, i) => keyBytes(value, Array.isArray(secret) ? `${option}[${i}]` : option));
  const mac = (key: Uint8Array, message: Uint8Array): Buffer => createHmac('sha256', key).update(message).digest();
  /** Receipts that verified, by MAC, least recently used first (bounded); a hit skips the HMAC, a miss takes the full path. */
  const verified = new Map<string, ReceiptBinding>();
  const same = (a: ReceiptBinding, b: ReceiptBinding): boolean =>
    a.metaTool === b.metaTool &&
    (a.threadId ?? '') === (b.threadId ?? '') &&
    a.toolCallId === b.toolCallId &&
    a.names.length === b.names.length &&
    a.names.every((name, i) => name === b.names[i]);
  return {
    sign(binding) {
      const message = canonicalReceiptMessage(binding);
      return message === undefined ? undefined : mac(keys[0]!, message).toString('hex');
    },
    verify(binding, given) {
      // Only 64 lowercase hex digits can match; then compare in constant time under each key.
      if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) return false;
      const remembered = verified.get(given);
      if (remembered !== undefined && same(remembered, binding)) {
        verified.delete(given);
        verified.set(given, remembered);
        return true;
      }
      const message = canonicalReceiptMessage(binding);
      if (message === undefined) return false;
      const expected = Buffer.from(given, 'hex');
      let ok = false;
      for (const key of keys) ok = timingSafeEqual(mac(key, message), expected) || ok;
      if (ok) {
        verified.delete(given);
        verified.set(given, { metaTool: binding.metaTool, threadId: binding.threadId, toolCallId: binding.toolCallId, names: [...binding.names] });
        if (verified.size > VERIFIED_RECEIPT_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
      }
      return ok;
    },
  };
}

/**
 * The canonical message a receipt's MAC covers: each field as its UTF-8 length (4-byte unsigned
 * big-endian) then its UTF-8 bytes — the domain, the version, the meta-tool, the thread id (`''`
 * when anonymous), the tool call id, the number of names, then each name. `undefined` when a field
 * is not well-formed Unicode (it has no UTF-8 encoding).
 *
 * Implements r[store.receipts.mac].
 *
 * @param binding - what the receipt is bound to
 */
export function canonicalReceiptMessage(binding: ReceiptBinding): Uint8Array | undefined {
  // 1. The fields, in order.
  const fields = [
    RECEIPT_DOMAIN,
    String(RECEIPT_VERSION),
    binding.metaTool,
    binding.threadId ?? '',
    binding.toolCallId,
    String(binding.names.length),
    ...binding.names,
  ];
  // 2. Each length-prefixed; a lone surrogate makes the message unencodable.
  const chunks: Buffer[] = [];
  for (const field of fields) {
    if (typeof field !== 'string' || !isWellFormed(field)) return undefined;
    const bytes = Buffer.from(field, 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.byteLength);
    chunks.push(length, bytes);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * The activation object for a result that activated `names` (deduplicated, in order): signed when
 * `keys` and a tool call id are given, unsigned otherwise. `undefined` when nothing was activated,
 * for a tool that is not a meta-tool, or when signing was asked for but is impossible (no tool call
 * id, or a name without a UTF-8 encoding) — a result then carries no receipt.
 *
 * Implements r[store.receipts.shape] and r[store.meta-results.forward].
 *
 * @param metaTool - `load_tool` or `search_tools`
 * @param names - the names the result activates, in order
 * @param signing - the keys and what to bind the receipt to, when receipts are on
 */
export function activationFor(
  metaTool: string,
  names: readonly string[],
  signing?: { keys: ReceiptKeys; threadId: string | undefined; toolCallId: string | undefined },
): Activation | undefined {
  // Only an activating meta-tool result has an activation.
  const type = activationTypeOf(metaTool);
  const loaded = [...new Set(names)];
  if (type === undefined || loaded.length === 0) return undefined;
  const activation: Activation = { type, version: ACTIVATION_VERSION, loaded };
  if (signing === undefined) return activation;
  // Signed: bound to the thread and the call; without a call id there is nothing to bind to.
  const { keys, threadId, toolCallId } = signing;
  if (typeof toolCallId !== 'string' || toolCallId.length === 0) return undefined;
  const mac = keys.sign({ metaTool, threadId, toolCallId, names: loaded });
  if (mac === undefined) return undefined;
  activation.receipt = { version: RECEIPT_VERSION, algorithm: RECEIPT_ALGORITHM, mac };
  return activation;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function own(record: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/**
 * The names a result's receipt activates: its `activation.loaded` when the receipt is well formed
 * and its MAC verifies over this thread, this call and those names; otherwise none. Never throws.
 *
 * Implements r[store.receipts.verify].
 *
 * @param metaTool - the invoked tool's name (`toolInvocation.toolName`)
 * @param result - the invocation's result
 * @param binding - the step's thread id and the part's tool call id
 * @param keys - the configured keys
 */
export function verifiedNames(
  metaTool: string,
  result: unknown,
  binding: { threadId: string | undefined; toolCallId: unknown },
  keys: ReceiptKeys,
): string[] {
  try {
    // Unlike @mastra/core 1.71.0 (r[store.receipts.verify]): Mastra has no receipts and trusts every result part in
    // the messages.
    // The call must have an id, the result an activation of the meta-tool's type and version.
    const { toolCallId } = binding;
    const type = activationTypeOf(metaTool);
    if (type === undefined || typeof toolCallId !== 'string' || toolCallId.length === 0 || !isRecord(result)) return [];
    const activation = own(result, 'activation');
    if (!isRecord(activation) || own(activation, 'type') !== type || own(activation, 'version') !== ACTIVATION_VERSION) return [];
    // `loaded` must be an array of strings, all of them (no partial reading).
    const loaded = own(activation, 'loaded');
    if (!Array.isArray(loaded) || !loaded.every((name): name is string => typeof name === 'string')) return [];
    // A well-formed receipt whose MAC verifies.
    const receipt = own(activation, 'receipt');
    if (!isRecord(receipt) || own(receipt, 'version') !== RECEIPT_VERSION || own(receipt, 'algorithm') !== RECEIPT_ALGORITHM) return [];
    const mac = own(receipt, 'mac');
    if (typeof mac !== 'string') return [];
    return keys.verify({ metaTool, threadId: binding.threadId, toolCallId, names: loaded }, mac) ? [...loaded] : [];
  } catch {
    // A Proxy or a throwing getter in a forged result activates nothing.
    return [];
  }
}

/**
 * Reading tool records and tools without ever throwing: a record whose keys cannot be listed, a
 * value that is not a tool, or a tool whose `id` or `description` getter (or Proxy trap) throws is
 * reported as such instead. Imports nothing, so that both option validation and the catalog use it.
 *
 * @see r[processor.resolved.non-tools]
 * @see r[processor.options.unreadable-tool]
 */
import { errorText, shorten } from './echo.js';

/** What reading one value as a tool found. */
export type ToolRead =
  | {
      /** An object or function whose `id` and `description` could be read. */
      readonly kind: 'tool';
      /** Its `id`, as read (not checked). */
      readonly id: unknown;
      /** Its `description`, as read (not checked). */
      readonly description: unknown;
    }
  | {
      /** `null`, a primitive or an array. */
      readonly kind: 'not-a-tool';
      /** What it was, for messages (`null`, `the number 42`, …). */
      readonly received: string;
    }
  | {
      /** Inspecting it threw. */
      readonly kind: 'unreadable';
      /** What could not be read. */
      readonly field: 'id' | 'description' | 'value';
      /** The thrown value's text, bounded. */
      readonly error: string;
    };

/** One own enumerable key of a record, with its value, or what reading the value threw. */
export type RecordItem = { readonly key: string; readonly value: unknown } | { readonly key: string; readonly error: string };

/** A record's items in key order, or what listing its keys threw. */
export type RecordRead = { readonly ok: true; readonly items: readonly RecordItem[] } | { readonly ok: false; readonly error: string };

/** A bounded description of a value that is not a tool (`null`, a primitive or an array), for messages. */
export function received(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return `the string ${JSON.stringify(shorten(value))}`;
  if (typeof value === 'object') return 'an array';
  if (typeof value === 'symbol') return 'a symbol';
  return `the ${typeof value} ${shorten(String(value))}`;
}

/**
 * Reads a value as a tool: an object or a function (not an array) whose `id` and `description`
 * can be read. Never throws.
 *
 * @param value - anything
 */
export function readTool(value: unknown): ToolRead {
  // Objects and functions only; arrays are not tools (`Array.isArray` throws on a revoked Proxy).
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return { kind: 'not-a-tool', received: received(value) };
  try {
    if (Array.isArray(value)) return { kind: 'not-a-tool', received: received(value) };
  } catch (error) {
    return { kind: 'unreadable', field: 'value', error: errorText(error) };
  }
  // Read `id`, then `description`, once each.
  let id: unknown;
  try {
    id = (value as { id?: unknown }).id;
  } catch (error) {
    return { kind: 'unreadable', field: 'id', error: errorText(error) };
  }
  let description: unknown;
  try {
    description = (value as { description?: unknown }).description;
  } catch (error) {
    return { kind: 'unreadable', field: 'description', error: errorText(error) };
  }
  return { kind: 'tool', id, description };
}

/**
 * Lists a record's own enumerable string keys, in order, with their values. `undefined`, `null`
 * and values that are not objects read as an empty record. Never throws.
 *
 * @param record - a tool record (the `tools` option, or a step's `args.tools`)
 */
export function readRecord(record: unknown): RecordRead {
  const items: RecordItem[] = [];
  const error = visitRecord(
    record,
    (key, value) => items.push({ key, value }),
    (key, error) => items.push({ key, error }),
  );
  return error === undefined ? { ok: true, items } : { ok: false, error };
}

/**
 * Visits a record's own enumerable string keys, in order, with their values (or what reading a
 * value threw), as {@link readRecord} lists them, without listing them first. `undefined`,
 * `null` and values that are not objects read as an empty record. Never throws (unless a
 * visitor does).
 *
 * @param record - a tool record
 * @param onValue - told of each key and its value
 * @param onError - told of each key whose value could not be read, with the thrown value's text
 * @returns what listing the keys threw, if it did
 */
export function visitRecord(record: unknown, onValue: (key: string, value: unknown) => void, onError: (key: string, error: string) => void): string | undefined {
  if (record === null || (typeof record !== 'object' && typeof record !== 'function')) return undefined;
  let keys: string[];
  try {
    keys = Object.keys(record);
  } catch (error) {
    return errorText(error);
  }
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    let value: unknown;
    try {
      value = (record as Record<string, unknown>)[key];
    } catch (error) {
      onError(key, errorText(error));
      continue;
    }
    onValue(key, value);
  }
  return undefined;
}

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

/** A bounded description of a value that is not a tool. */
function received(value: unknown): string {
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
  if (record === null || (typeof record !== 'object' && typeof record !== 'function')) return { ok: true, items: [] };
  let keys: string[];
  try {
    keys = Object.keys(record);
  } catch (error) {
    return { ok: false, error: errorText(error) };
  }
  const items: RecordItem[] = [];
  for (const key of keys) {
    try {
      items.push({ key, value: (record as Record<string, unknown>)[key] });
    } catch (error) {
      items.push({ key, error: errorText(error) });
    }
  }
  return { ok: true, items };
}

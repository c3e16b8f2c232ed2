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

/** What {@link readToolInto} found, as {@link ToolRead}'s `kind`. */
export type ToolReadKind = ToolRead['kind'];

/**
 * What {@link readToolInto} writes: reused from item to item, so that reading a record of 10 000
 * tools makes no object per tool. Only the fields of the kind read are meaningful.
 */
export interface ToolScratch {
  /** For {@link readValueInto}: the value read. */
  value: unknown;
  /** For `tool`: its `id`, as read. */
  id: unknown;
  /** For `tool`: its `description`, as read. */
  description: unknown;
  /** For `unreadable`: what could not be read. */
  field: 'id' | 'description' | 'value';
  /** For `unreadable` (and a failed {@link readKeys} or {@link readValueInto}): the thrown value's text, bounded. */
  error: string;
}

/** A fresh scratch for {@link readToolInto}. */
export function toolScratch(): ToolScratch {
  return { value: undefined, id: undefined, description: undefined, field: 'value', error: '' };
}

/**
 * Reads a value as a tool, as {@link readTool} does (the same reads, in the same order, once
 * each), into `scratch` instead of a new object: an object or a function (not an array) whose
 * `id` and `description` can be read. For `not-a-tool`, {@link received} describes the value.
 * Never throws.
 *
 * Implements r[processor.resolved.non-tools] and r[processor.options.unreadable-tool].
 *
 * @param value - anything
 * @param scratch - written with what was read (its other fields are left as they were)
 * @returns the kind of {@link ToolRead} it is
 */
export function readToolInto(value: unknown, scratch: ToolScratch): ToolReadKind {
  // Objects and functions only; arrays are not tools (`Array.isArray` throws on a revoked Proxy).
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return 'not-a-tool';
  let field: ToolScratch['field'] = 'value';
  try {
    if (Array.isArray(value)) return 'not-a-tool';
    // Read `id`, then `description`, once each.
    field = 'id';
    scratch.id = (value as { id?: unknown }).id;
    field = 'description';
    scratch.description = (value as { description?: unknown }).description;
  } catch (error) {
    scratch.field = field;
    scratch.error = errorText(error);
    return 'unreadable';
  }
  return 'tool';
}

/**
 * Reads a value as a tool: an object or a function (not an array) whose `id` and `description`
 * can be read. Never throws. ({@link readToolInto}, as a new object.)
 *
 * @param value - anything
 */
export function readTool(value: unknown): ToolRead {
  const scratch = toolScratch();
  const kind = readToolInto(value, scratch);
  if (kind === 'tool') return { kind, id: scratch.id, description: scratch.description };
  if (kind === 'unreadable') return { kind, field: scratch.field, error: scratch.error };
  return { kind, received: received(value) };
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

/** The keys of a record that is not an object: none. */
const NO_KEYS: readonly string[] = Object.freeze([]);

/**
 * A record's own enumerable string keys, in order (`Object.keys`): none for `undefined`, `null`
 * and values that are not objects; `undefined` when listing them threw (its text in
 * `scratch.error`). Never throws.
 *
 * @param record - a tool record
 * @param scratch - receives what listing the keys threw, if it did
 */
export function readKeys(record: unknown, scratch: ToolScratch): readonly string[] | undefined {
  if (record === null || (typeof record !== 'object' && typeof record !== 'function')) return NO_KEYS;
  try {
    return Object.keys(record);
  } catch (error) {
    scratch.error = errorText(error);
    return undefined;
  }
}

/**
 * Reads one key of a record (listed by {@link readKeys}) into `scratch.value`; `false` when
 * reading it threw (its text in `scratch.error`). Never throws.
 *
 * @param record - the record the key was listed from
 * @param key - one of its keys
 * @param scratch - receives the value, or what reading it threw
 */
export function readValueInto(record: unknown, key: string, scratch: ToolScratch): boolean {
  try {
    scratch.value = (record as Record<string, unknown>)[key];
    return true;
  } catch (error) {
    scratch.error = errorText(error);
    return false;
  }
}

/**
 * Visits a record's own enumerable string keys, in order, with their values (or what reading a
 * value threw), as {@link readRecord} lists them, without listing them first. `undefined`,
 * `null` and values that are not objects read as an empty record. Never throws (unless a
 * visitor does). ({@link readKeys} and {@link readValueInto}, with callbacks.)
 *
 * @param record - a tool record
 * @param onValue - told of each key and its value
 * @param onError - told of each key whose value could not be read, with the thrown value's text
 * @returns what listing the keys threw, if it did
 */
export function visitRecord(record: unknown, onValue: (key: string, value: unknown) => void, onError: (key: string, error: string) => void): string | undefined {
  const scratch = toolScratch();
  const keys = readKeys(record, scratch);
  if (keys === undefined) return scratch.error;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (readValueInto(record, key, scratch)) onValue(key, scratch.value);
    else onError(key, scratch.error);
  }
  return undefined;
}

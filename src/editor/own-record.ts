/**
 * A zod record schema that keeps every own key, `__proto__` included. zod 4's `z.record` skips
 * a `__proto__` key silently (so that it cannot replace the prototype of the object it builds);
 * a stored tool id, server name or provider id spelled `__proto__` would then vanish without a
 * word. This schema defines each key as an own data property of a plain object instead.
 *
 * @see r[editor.model.own-keys] r[mcp.schema.own-keys]
 * @module
 */
import { z } from 'zod';

function isRecordInput(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Defines `key` on `record` as an own enumerable data property, so that `__proto__` is a key like
 * any other and never replaces the prototype.
 *
 * @see r[editor.model.own-keys]
 */
export function defineOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A record schema over the own enumerable string keys of an object: each key is checked with
 * `key`, each value with `value`, issues keep their codes with the key prepended to their path,
 * and the output is a plain object whose keys are all own data properties.
 *
 * @param key - the key schema (a string schema)
 * @param value - the value schema
 * @see r[editor.model.own-keys] r[mcp.schema.own-keys]
 */
export function ownRecord<V>(key: z.ZodType<string>, value: z.ZodType<V>): z.ZodType<Record<string, V>> {
  return z.unknown().transform((input, ctx) => {
    // An object that is not an array.
    if (!isRecordInput(input)) {
      ctx.addIssue({ code: 'invalid_type', expected: 'record', input, message: `expected a record (an object of keys to entries), received ${Array.isArray(input) ? 'an array' : input === null ? 'null' : typeof input}` } as never);
      return z.NEVER;
    }
    // Every own key and its value, each defined as an own property of the result.
    const out: Record<string, V> = {};
    let failed = false;
    for (const k of Object.keys(input)) {
      const parsedKey = key.safeParse(k);
      if (!parsedKey.success) {
        failed = true;
        for (const issue of parsedKey.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [k] });
        continue;
      }
      const parsedValue = value.safeParse(input[k]);
      if (!parsedValue.success) {
        failed = true;
        for (const issue of parsedValue.error.issues) ctx.addIssue({ ...issue, path: [k, ...issue.path] } as never);
        continue;
      }
      defineOwn(out, parsedKey.data, parsedValue.data);
    }
    return failed ? z.NEVER : out;
  }) as unknown as z.ZodType<Record<string, V>>;
}

import { describe, expect, it } from 'vitest';
import { assertStaticNames, canonicalName, entriesOf, readEntries } from '../../src/processor/names.js';
import { MAX_TOOL_NAME_LENGTH } from '../../src/processor/meta-input.js';
import { readKeys, readRecord, readTool, readToolInto, readValueInto, toolScratch } from '../../src/processor/tool-reading.js';
import { orderStepTools } from '../../src/processor/ordering.js';
import { countedTool } from './support/counted-tool.js';

describe('canonical names', () => {
  it('[processor.names.canonical] the id when it is a non-empty string, else the record key', () => {
    expect(canonicalName('weather', { id: 'get_weather' })).toBe('get_weather');
    expect(canonicalName('weather', { id: '' })).toBe('weather');
    expect(canonicalName('weather', { id: 7 })).toBe('weather');
    expect(canonicalName('weather', {})).toBe('weather');
    expect(canonicalName('weather', null)).toBe('weather');
    expect(entriesOf({ k: { id: 'x', description: 'd' }, j: {} }).map((e) => [e.key, e.name, e.description])).toEqual([
      ['k', 'x', 'd'],
      ['j', 'j', ''],
    ]);
  });

  it('[processor.names.duplicate] two tools with one canonical name name both keys', () => {
    const entries = entriesOf({ a: { id: 'same' }, b: { id: 'same' } });
    expect(() => assertStaticNames(entries)).toThrow(/keys "a" and "b" both have the canonical name "same"/);
    expect(() => assertStaticNames(entriesOf({ same: {}, b: { id: 'same' } }))).toThrow(/"same"/);
  });

  it('[processor.names.reserved] a tool named like a meta-tool is rejected', () => {
    expect(() => assertStaticNames(entriesOf({ search_tools: {} }))).toThrow(/reserved for the search_tools meta-tool/);
    expect(() => assertStaticNames(entriesOf({ x: { id: 'load_tool' } }))).toThrow(/"tools\.x".*reserved/);
    expect(() => assertStaticNames(entriesOf({ load: { id: 'loader' } }))).not.toThrow();
  });
});

describe('ordering', () => {
  it('[processor.order.sequence] [processor.pinned.expose] meta-tools, then pass-through in given order, then pinned, then loaded in activation order', () => {
    const out = orderStepTools(
      [['search_tools', 1], ['load_tool', 2]],
      [['z', 3], ['a', 4], ['search_tools', 99]],
      [['p', 7]],
      [['m', 5], ['b', 6]],
    );
    expect(Object.keys(out)).toEqual(['search_tools', 'load_tool', 'z', 'a', 'p', 'm', 'b']);
    expect(out.search_tools).toBe(1);
  });

  it('[processor.order.unique] a pinned or loaded key that is also a pass-through key keeps the pass-through slot and instance; a loaded key that is pinned keeps the pinned slot', () => {
    const out = orderStepTools([['search_tools', 0]], [['a', 1], ['b', 2]], [['p', 5], ['b', 8]], [['c', 3], ['a', 9], ['p', 10]]);
    expect(Object.keys(out)).toEqual(['search_tools', 'a', 'b', 'p', 'c']);
    expect(out.a).toBe(1);
    expect(out.b).toBe(2);
    expect(out.p).toBe(5);
  });

  it('[processor.order.unique] [processor.names.own-keys] __proto__ is an own key, not the prototype', () => {
    const out = orderStepTools([['search_tools', 0]], [], [], [['__proto__', 7]]);
    expect(Object.keys(out)).toEqual(['search_tools', '__proto__']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toBe(7);
  });

  it('[processor.order.unique] [processor.names.own-keys] every key is an own writable, enumerable, configurable data property, inherited names and an inherited setter included', () => {
    const setter = Object.getOwnPropertyDescriptor(Object.prototype, 'hijack');
    let hijacked = 0;
    Object.defineProperty(Object.prototype, 'hijack', { set: () => void hijacked++, configurable: true });
    try {
      const keys = ['search_tools', 'toString', 'constructor', 'hasOwnProperty', 'hijack', 'plain', '__proto__'];
      const out = orderStepTools([['search_tools', 0]], [], keys.slice(1, 4).map((k, i) => [k, i + 1] as const), keys.slice(4).map((k, i) => [k, i + 10] as const));
      expect(Object.keys(out)).toEqual(keys);
      for (const key of keys) expect(Object.getOwnPropertyDescriptor(out, key), key).toMatchObject({ enumerable: true, writable: true, configurable: true });
      expect(out.hijack).toBe(10);
      expect(hijacked).toBe(0);
      expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    } finally {
      if (setter === undefined) delete (Object.prototype as Record<string, unknown>).hijack;
    }
  });
});

describe('reading a request record', () => {
  /** Reads of the items' `id` and `description` getters, in order. */
  const reads: string[] = [];
  const counted = (name: string, id: unknown, description: unknown) => countedTool(reads, name, id, description);
  function record(): Record<string, unknown> {
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const rec: Record<string, unknown> = {
      ok: counted('ok', 'tool_ok', 'does ok'),
      keyed: counted('keyed', undefined, 42),
      empty: counted('empty', '', undefined),
      '': counted('blank', '', 'no name'),
      long: counted('long', 'x'.repeat(300), 'too long'),
      nil: null,
      num: 7,
      text: 'a string',
      list: [counted('inner', 'in', 'array')],
      revoked: revoked.proxy,
      idThrows: {
        get id() {
          throw new Error('id getter');
        },
      },
      descriptionThrows: {
        id: 'd',
        get description() {
          throw new Error('description getter');
        },
      },
      fn: Object.assign(() => undefined, { id: 'fn_tool', description: 'a function' }),
    };
    Object.defineProperty(rec, 'valueThrows', {
      enumerable: true,
      get() {
        throw new TypeError('value getter');
      },
    });
    return rec;
  }

  it('[processor.resolved.non-tools] [processor.names.length] readEntries gives what reading each item with readTool gives, reading each id and description once, in record order', () => {
    // The plain reader: list the items (readRecord), read each with readTool, then apply the name rules.
    reads.length = 0;
    const listed = readRecord(record());
    if (!listed.ok) throw new Error('listed');
    const expected = { entries: [] as unknown[], skipped: [] as unknown[] };
    for (const item of listed.items) {
      if ('error' in item) {
        expected.skipped.push({ key: item.key, reason: 'unreadable', problem: `reading it threw (${item.error})` });
        continue;
      }
      const read = readTool(item.value);
      if (read.kind === 'not-a-tool') expected.skipped.push({ key: item.key, reason: 'not-a-tool', problem: `it is not a tool (received ${read.received})` });
      else if (read.kind === 'unreadable') expected.skipped.push({ key: item.key, reason: 'unreadable', problem: `${read.field === 'value' ? 'inspecting it' : `reading its ${read.field}`} threw (${read.error})` });
      else {
        const name = typeof read.id === 'string' && read.id.length > 0 ? read.id : item.key;
        if (name.length === 0) expected.skipped.push({ key: item.key, reason: 'name-empty' });
        else if (name.length > MAX_TOOL_NAME_LENGTH) expected.skipped.push({ key: item.key, reason: 'name-too-long' });
        else expected.entries.push({ name, key: item.key, tool: item.value, description: typeof read.description === 'string' ? read.description : '' });
      }
    }
    const plainReads = [...reads];
    reads.length = 0;
    const got = readEntries(record());
    expect(reads).toEqual(plainReads);
    expect(reads.filter((r) => r.startsWith('ok.'))).toEqual(['ok.id', 'ok.description']);
    expect(got.entries.map((e) => ({ ...e, tool: typeof e.tool }))).toEqual(expected.entries.map((e) => ({ ...(e as object), tool: typeof (e as { tool: unknown }).tool })));
    // The problems of the name rules are their own messages; their keys and reasons match.
    expect(got.skipped.map((s) => (s.reason.startsWith('name-') ? { key: s.key, reason: s.reason } : s))).toEqual(expected.skipped);
  });

  it('[processor.resolved.non-tools] [processor.options.unreadable-tool] readTool tells tools, values that are not tools and unreadable ones apart', () => {
    const rec = record();
    const read = (key: string) => readTool(rec[key]);
    expect(read('ok')).toEqual({ kind: 'tool', id: 'tool_ok', description: 'does ok' });
    expect(read('keyed')).toEqual({ kind: 'tool', id: undefined, description: 42 });
    expect(read('fn')).toEqual({ kind: 'tool', id: 'fn_tool', description: 'a function' });
    expect(read('nil')).toEqual({ kind: 'not-a-tool', received: 'null' });
    expect(read('num')).toEqual({ kind: 'not-a-tool', received: 'the number 7' });
    expect(read('text')).toEqual({ kind: 'not-a-tool', received: 'the string "a string"' });
    expect(read('list')).toEqual({ kind: 'not-a-tool', received: 'an array' });
    expect(read('revoked')).toMatchObject({ kind: 'unreadable', field: 'value', error: expect.stringMatching(/^TypeError: Cannot perform 'IsArray' on a proxy/) });
    expect(read('idThrows')).toEqual({ kind: 'unreadable', field: 'id', error: 'Error: id getter' });
    expect(read('descriptionThrows')).toEqual({ kind: 'unreadable', field: 'description', error: 'Error: description getter' });
  });

  it('[processor.resolved.non-tools] one scratch read item after item gives what readRecord and readTool give for each', () => {
    const rec = record();
    const scratch = toolScratch();
    const keys = readKeys(rec, scratch);
    const listed = readRecord(rec);
    if (keys === undefined || !listed.ok) throw new Error('listed');
    expect([...keys]).toEqual(listed.items.map((item) => item.key));
    for (const item of listed.items) {
      const ok = readValueInto(rec, item.key, scratch);
      expect(ok).toBe(!('error' in item));
      if (!ok) {
        expect(scratch.error).toBe('error' in item ? item.error : undefined);
        continue;
      }
      const expected = readTool(scratch.value);
      const kind = readToolInto(scratch.value, scratch);
      expect(kind).toBe(expected.kind);
      if (expected.kind === 'tool') expect({ id: scratch.id, description: scratch.description }).toEqual({ id: expected.id, description: expected.description });
      if (expected.kind === 'unreadable') expect({ field: scratch.field, error: scratch.error }).toEqual({ field: expected.field, error: expected.error });
    }
    expect(readKeys(null, scratch)).toEqual([]);
    expect(readKeys(new Proxy({}, { ownKeys: () => { throw new Error('no keys'); } }), scratch)).toBeUndefined();
    expect(scratch.error).toBe('Error: no keys');
  });

  it('[processor.resolved.non-tools] a record whose keys cannot be listed reads as unreadable, with no entries', () => {
    const got = readEntries(new Proxy({}, { ownKeys: () => { throw new Error('no keys'); } }));
    expect(got).toEqual({ entries: [], skipped: [], unreadable: 'Error: no keys' });
    expect(readEntries(null)).toEqual({ entries: [], skipped: [] });
  });
});

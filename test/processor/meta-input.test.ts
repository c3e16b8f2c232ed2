import { describe, expect, it, vi } from 'vitest';
import { checkLoadInput, checkSearchInput, MAX_TOOL_NAME_LENGTH, MAX_TOOL_NAMES, shorten } from '../../src/processor/meta-input.js';

describe('meta-tool input validation', () => {
  it('[processor.input.search] [processor.texts.own] wrong types and over-long queries are errors that name the problem', () => {
    expect(checkSearchInput({ query: 'weather' })).toEqual({ ok: true, value: { query: 'weather' } });
    for (const bad of [undefined, null, 'weather', [], { query: 3 }, { query: ['a'] }, { query: 'x'.repeat(1001) }]) {
      const r = checkSearchInput(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/search_tools/);
    }
    expect(checkSearchInput({ query: 3 })).toEqual({ ok: false, message: 'search_tools: "query" must be a string, received number 3.' });
  });

  it('[processor.input.search] [processor.texts.mastra] a blank query finds nothing, in Mastra\'s words', () => {
    expect(checkSearchInput({ query: '   ' })).toEqual({ ok: false, message: 'No tools found matching "   ". Try different keywords.' });
  });

  it('[processor.input.load] [processor.texts.own] [processor.texts.mastra] wrong types, empty arrays, missing arguments are errors that name the problem', () => {
    expect(checkLoadInput({ toolName: 'a' })).toEqual({ ok: true, value: { names: ['a'], form: 'single' } });
    expect(checkLoadInput({ toolNames: ['a', 'b', 'a'], toolName: 'c' })).toEqual({ ok: true, value: { names: ['a', 'b', 'c'], form: 'list' } });
    expect(checkLoadInput({ toolNames: [], toolName: 'c' })).toEqual({ ok: true, value: { names: ['c'], form: 'list' } });
    // As in @mastra/core 1.71.0: an empty toolName is absent, an empty name in toolNames is just not found.
    expect(checkLoadInput({ toolNames: ['a'], toolName: '' })).toEqual({ ok: true, value: { names: ['a'], form: 'list' } });
    expect(checkLoadInput({ toolNames: [''] })).toEqual({ ok: true, value: { names: [''], form: 'list' } });
    const cases: Array<[unknown, RegExp]> = [
      [null, /expects/],
      [[], /expects/],
      [{}, /^You must provide either toolName \(string\) or toolNames \(array\) to load\.$/],
      [{ toolName: '' }, /^You must provide either toolName/],
      [{ toolNames: [] }, /^toolNames array must not be empty\.$/],
      [{ toolNames: [], toolName: '' }, /^toolNames array must not be empty\.$/],
      [{ toolName: 5 }, /"toolName" must be a string/],
      [{ toolNames: 'a' }, /must be an array/],
      [{ toolNames: ['a', 7] }, /toolNames\[1\]/],
    ];
    for (const [input, message] of cases) {
      const r = checkLoadInput(input);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(message);
    }
  });

  it('[processor.input.bounded] 100 000-character names and 10 000 names are rejected after bounded work, echoing little', () => {
    // Work is counted, not timed: the array elements read and the UTF-16 units examined by codePointAt.
    let elementReads = 0;
    const counted = (items: string[]): string[] =>
      new Proxy(items, {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) elementReads++;
          return Reflect.get(target, key, receiver);
        },
      });
    const huge = 'n'.repeat(100_000);
    const many = counted(Array.from({ length: 10_000 }, (_, i) => `tool_${i}`));
    const manyHuge = counted(Array.from({ length: 10_000 }, () => huge));
    const oneHuge = counted([huge]);
    const codePointAt = vi.spyOn(String.prototype, 'codePointAt');
    let results;
    try {
      results = [
        checkLoadInput({ toolName: huge }),
        checkLoadInput({ toolNames: many }),
        checkLoadInput({ toolNames: manyHuge }),
        checkLoadInput({ toolNames: oneHuge }),
        checkSearchInput({ query: huge }),
      ];
    } finally {
      codePointAt.mockRestore();
    }
    // The count of names is checked before any name is read; only the one name of `oneHuge` is read.
    expect(elementReads).toBe(1);
    // A string of more than twice the limit in UTF-16 units is too long without examining a unit.
    expect(codePointAt).not.toHaveBeenCalled();
    for (const r of results) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message.length).toBeLessThan(300);
    }
    const r = checkLoadInput({ toolNames: many });
    if (!r.ok) expect(r.message).toContain(`at most ${MAX_TOOL_NAMES}`);
  });

  it('[processor.input.bounded] a name near the limit is measured by reading at most twice the limit of UTF-16 units, twice', () => {
    const emoji = '\u{1F600}';
    const codePointAt = vi.spyOn(String.prototype, 'codePointAt');
    try {
      // 260 code points in 460 units: over the limit of 256, so it is counted (once to decide, once for the message).
      const name = `${emoji.repeat(200)}${'a'.repeat(60)}`;
      const r = checkLoadInput({ toolName: name });
      expect(r).toEqual({ ok: false, message: expect.stringContaining('260') });
      expect(codePointAt.mock.calls.length).toBeGreaterThan(MAX_TOOL_NAME_LENGTH);
      expect(codePointAt.mock.calls.length).toBeLessThanOrEqual(2 * 2 * MAX_TOOL_NAME_LENGTH);
    } finally {
      codePointAt.mockRestore();
    }
  });

  it('[processor.input.search] [processor.input.load] [processor.input.bounded] input limits count Unicode code points; an echo never splits a character', () => {
    const emoji = '\u{1F600}';
    expect(checkSearchInput({ query: emoji.repeat(1000) }).ok).toBe(true);
    expect(checkSearchInput({ query: emoji.repeat(1001) }).ok).toBe(false);
    expect(checkSearchInput({ query: 'a'.repeat(1000) }).ok).toBe(true);
    expect(checkSearchInput({ query: `${'a'.repeat(999)}${emoji}${emoji}` }).ok).toBe(false);
    expect(checkLoadInput({ toolName: emoji.repeat(256) }).ok).toBe(true);
    expect(checkLoadInput({ toolNames: [emoji.repeat(257)] }).ok).toBe(false);
    // An echo counts UTF-16 code units (r[processor.options.bounded-echo]) and never ends inside a pair.
    expect(shorten(emoji.repeat(65))).toBe(`${emoji.repeat(32)}…`);
    expect(shorten(`a${emoji.repeat(40)}`)).toBe(`a${emoji.repeat(31)}…`);
    expect(shorten(emoji.repeat(32))).toBe(emoji.repeat(32));
  });
});

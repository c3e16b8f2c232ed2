import { describe, expect, it } from 'vitest';
import { checkLoadInput, checkSearchInput, MAX_TOOL_NAMES, shorten } from '../../src/processor/meta-input.js';

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

  it('[processor.input.bounded] 100 000-character names and 10 000 names are rejected quickly, echoing little', () => {
    const huge = 'n'.repeat(100_000);
    const many = Array.from({ length: 10_000 }, (_, i) => `tool_${i}`);
    const manyHuge = Array.from({ length: 10_000 }, () => huge);
    const started = performance.now();
    const results = [
      checkLoadInput({ toolName: huge }),
      checkLoadInput({ toolNames: many }),
      checkLoadInput({ toolNames: manyHuge }),
      checkLoadInput({ toolNames: [huge] }),
      checkSearchInput({ query: huge }),
    ];
    expect(performance.now() - started).toBeLessThan(100);
    for (const r of results) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message.length).toBeLessThan(300);
    }
    const r = checkLoadInput({ toolNames: many });
    if (!r.ok) expect(r.message).toContain(`at most ${MAX_TOOL_NAMES}`);
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

import { describe, expect, it } from 'vitest';
import { checkLoadInput, checkSearchInput, MAX_TOOL_NAMES } from '../../src/processor/meta-input.js';

describe('meta-tool input validation', () => {
  it('[processor.input.search] wrong types, blank and over-long queries are errors that name the problem', () => {
    expect(checkSearchInput({ query: 'weather' })).toEqual({ ok: true, value: { query: 'weather' } });
    for (const bad of [undefined, null, 'weather', [], { query: 3 }, { query: ['a'] }, { query: '   ' }, { query: 'x'.repeat(1001) }]) {
      const r = checkSearchInput(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/search_tools/);
    }
  });

  it('[processor.input.load] wrong types, empty arrays, missing arguments are errors that name the problem', () => {
    expect(checkLoadInput({ toolName: 'a' })).toEqual({ ok: true, value: { names: ['a'], form: 'single' } });
    expect(checkLoadInput({ toolNames: ['a', 'b', 'a'], toolName: 'c' })).toEqual({ ok: true, value: { names: ['a', 'b', 'c'], form: 'list' } });
    expect(checkLoadInput({ toolNames: [], toolName: 'c' })).toEqual({ ok: true, value: { names: ['c'], form: 'list' } });
    const cases: Array<[unknown, RegExp]> = [
      [null, /expects/],
      [[], /expects/],
      [{}, /provide "toolName"/],
      [{ toolNames: [] }, /must not be empty/],
      [{ toolName: 5 }, /"toolName" must be a string/],
      [{ toolName: '' }, /must not be empty/],
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
});

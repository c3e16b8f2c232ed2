import { describe, expect, it } from 'vitest';
import { decideFilter } from '../../src/processor/filter.js';
import { systemTimers } from '../../src/processor/timers.js';
import { catalogInstruction, catalogLine, systemInstruction } from '../../src/processor/instructions.js';
import { renderText } from '../../src/processor/messages.js';
import { resolveThreadId } from '../../src/processor/thread-id.js';

const args = { toolName: 't', tool: {}, phase: 'search' as const };
const deadline = { timeoutMs: 1_000, timers: systemTimers };
const isAllowed = async (filter: ((a: typeof args) => unknown) | undefined, a: typeof args) =>
  (await decideFilter(filter as never, a, deadline)).allowed;

describe('filter verdicts', () => {
  it('[processor.filter.allow-only-true] only true (returned or resolved) allows', async () => {
    expect(await isAllowed(undefined, args)).toBe(true);
    expect(await isAllowed(() => true, args)).toBe(true);
    expect(await isAllowed(async () => true, args)).toBe(true);
    for (const verdict of [false, 1, 'yes', {}, [], null, undefined, 'true']) {
      expect(await isAllowed(() => verdict as boolean, args)).toBe(false);
      expect(await isAllowed(async () => verdict as boolean, args)).toBe(false);
    }
  });

  it('[processor.filter.allow-only-true] a throw or a rejection denies', async () => {
    expect(
      await isAllowed(() => {
        throw new Error('policy down');
      }, args),
    ).toBe(false);
    expect(await isAllowed(() => Promise.reject(new Error('nope')), args)).toBe(false);
  });
});

describe('thread id', () => {
  const ctx = (entries: Record<string, unknown>) => ({ get: (k: string) => entries[k] });
  it('[processor.thread.resolve] mastra__threadId first, else MastraMemory.thread.id, else none', () => {
    expect(resolveThreadId(ctx({ mastra__threadId: 't1', MastraMemory: { thread: { id: 't2' } } }))).toBe('t1');
    expect(resolveThreadId(ctx({ MastraMemory: { thread: { id: 't2' }, resourceId: 'r' } }))).toBe('t2');
    expect(resolveThreadId(ctx({ mastra__threadId: '', MastraMemory: { thread: { id: 't2' } } }))).toBe('t2');
    expect(resolveThreadId(ctx({}))).toBeUndefined();
    expect(resolveThreadId(undefined)).toBeUndefined();
  });

  it('[processor.thread.resolve] a malformed memory context counts as no thread', () => {
    for (const memory of ['x', 1, { thread: 'x' }, { thread: { id: 5 } }, { thread: null }, { thread: { id: '' } }]) {
      expect(resolveThreadId(ctx({ MastraMemory: memory }))).toBeUndefined();
    }
    expect(
      resolveThreadId({
        get: () => {
          throw new Error('boom');
        },
      }),
    ).toBeUndefined();
    const throwingThread = { get thread(): unknown { throw new Error('boom'); } };
    expect(resolveThreadId(ctx({ MastraMemory: throwingThread }))).toBeUndefined();
  });

  it('[processor.thread.numeric] a finite number or bigint mastra__threadId is its decimal string', () => {
    expect(resolveThreadId(ctx({ mastra__threadId: 42 }))).toBe('42');
    expect(resolveThreadId(ctx({ mastra__threadId: 42n }))).toBe('42');
    expect(resolveThreadId(ctx({ mastra__threadId: -0 }))).toBe('0');
    expect(resolveThreadId(ctx({ mastra__threadId: 1.5 }))).toBe('1.5');
    expect(resolveThreadId(ctx({ mastra__threadId: 0 }))).toBe('0');
    // Not finite, or another type: no thread id from the reserved key; the memory context decides.
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, true, {}, ['7'], Symbol('t')]) {
      expect(resolveThreadId(ctx({ mastra__threadId: value }))).toBeUndefined();
      expect(resolveThreadId(ctx({ mastra__threadId: value, MastraMemory: { thread: { id: 'm' } } }))).toBe('m');
    }
  });
});

describe('instructions', () => {
  it('[processor.instructions.mode] [processor.texts.mastra] explicit mode says search, then load before use', () => {
    const text = systemInstruction(false);
    expect(text).toBe(renderText('instruction.explicit'));
    expect(text).toMatch(/search_tools/);
    expect(text).toMatch(/load_tool with a toolName or toolNames/);
    expect(text).toMatch(/must be loaded before they can be used/);
  });

  it('[processor.instructions.mode] [processor.texts.mastra] autoLoad mode says results are loaded at once, from the next turn, with no load step', () => {
    const text = systemInstruction(true);
    expect(text).toBe(renderText('instruction.auto-load'));
    expect(text).toMatch(/search_tools/);
    expect(text).not.toMatch(/load_tool/);
    expect(text).toMatch(/loaded automatically/);
    expect(text).toMatch(/no separate load step/);
    expect(text).toMatch(/next turn/);
  });

  it('[processor.instructions.mode] neither instruction holds a line that reads like a catalog line', () => {
    for (const text of [systemInstruction(false), systemInstruction(true)]) {
      expect(text.split('\n').filter((line) => line.startsWith('- `'))).toEqual([]);
    }
  });

  it('[processor.catalog.inject] one line per tool, descriptions cut to 150 characters, none when empty', () => {
    expect(catalogLine('a', 'short')).toBe('- `a`: short');
    expect(catalogLine('a', '')).toBe('- `a`');
    const long = catalogLine('a', 'x'.repeat(200));
    expect(long).toBe(`- \`a\`: ${'x'.repeat(147)}...`);
    // Cut by code points, as search results are: an emoji at the cut is kept whole, never split.
    const emoji = catalogLine('a', `${'x'.repeat(146)}😀😀😀😀😀`);
    expect(emoji).toBe(`- \`a\`: ${'x'.repeat(146)}😀...`);
    expect(emoji).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(catalogInstruction(false, [])).toBeUndefined();
    expect(catalogInstruction(false, ['- `a`'])).toMatch(/load_tool[\s\S]*Available tools:\n- `a`$/);
    expect(catalogInstruction(true, ['- `a`'])).toMatch(/search_tools[\s\S]*Available tools:\n- `a`$/);
  });
});

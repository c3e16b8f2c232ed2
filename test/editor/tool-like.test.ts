import { createTool } from '@mastra/core/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withDescription } from '../../src/editor/index.js';

describe('description overrides', () => {
  it('[editor.descriptions.copy] a plain tool is copied with a new description and left unchanged', () => {
    const original = { id: 'search', description: 'old', execute: async () => 'ran', extra: { k: 1 } };
    const copy = withDescription(original, 'new');
    expect(copy).not.toBe(original);
    expect(copy.description).toBe('new');
    expect(original.description).toBe('old');
    expect(copy.execute).toBe(original.execute);
    expect(copy.extra).toBe(original.extra);
    expect(Object.keys(copy).sort()).toEqual(Object.keys(original).sort());
  });

  it('[editor.descriptions.copy] a Mastra Tool keeps its prototype, schema and execute', async () => {
    const original = createTool({
      id: 'weather',
      description: 'Code description',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }) => ({ forecast: `sunny in ${city}` }),
    });
    const copy = withDescription(original, 'Agent description');
    expect(Object.getPrototypeOf(copy)).toBe(Object.getPrototypeOf(original));
    expect(copy.constructor).toBe(original.constructor);
    expect(copy.description).toBe('Agent description');
    expect(original.description).toBe('Code description');
    expect(copy.id).toBe('weather');
    expect(copy.inputSchema).toBe(original.inputSchema);
    await expect(copy.execute!({ city: 'Lyon' }, {} as never)).resolves.toEqual({ forecast: 'sunny in Lyon' });
  });

  it('[editor.descriptions.copy] getters, symbols and non-enumerable properties are kept; a non-writable description is replaced on the copy only', () => {
    const sym = Symbol('meta');
    const original: Record<string | symbol, unknown> = { id: 't' };
    Object.defineProperty(original, 'description', { value: 'frozen', writable: false, enumerable: true });
    Object.defineProperty(original, 'hidden', { value: 42, enumerable: false });
    Object.defineProperty(original, 'computed', { get: () => 'got', enumerable: true });
    original[sym] = 'symbol';
    const copy = withDescription(original as { description?: string }, 'changed') as Record<string | symbol, unknown>;
    expect(copy.description).toBe('changed');
    expect(original.description).toBe('frozen');
    expect(copy.hidden).toBe(42);
    expect(Object.getOwnPropertyDescriptor(copy, 'computed')?.get).toBeTypeOf('function');
    expect(copy[sym]).toBe('symbol');
  });
});

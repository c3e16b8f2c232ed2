/**
 * Edges of the tool copies that the mutation run of the `editor` scope found untested: the
 * replaced `description` or `execute` is a plain data property of the copy (a caller can assign,
 * delete and spread it as on an object literal), and a copy of a tool without `execute` fails
 * with an error that names the tool.
 */
import { describe, expect, it } from 'vitest';
import { withDescription, withExecute } from '../../src/editor/index.js';

const plainData = (value: unknown) => ({ value, writable: true, enumerable: true, configurable: true });

describe('withDescription', () => {
  it('[editor.descriptions.copy] the new description is a plain data property a caller can reassign and delete', () => {
    const original = { id: 'search', description: 'old', execute: async () => 'ran' };
    const copy = withDescription(original, 'new');
    expect(Object.getOwnPropertyDescriptor(copy, 'description')).toEqual(plainData('new'));
    // ES modules run in strict mode: assigning or deleting a read-only or non-configurable property would throw.
    copy.description = 'newer';
    expect(copy.description).toBe('newer');
    expect(delete (copy as { description?: string }).description).toBe(true);
    expect(Object.hasOwn(copy, 'description')).toBe(false);
    expect(original.description).toBe('old');
  });
});

describe('withExecute', () => {
  it('[mcp.loader.shape] [mcp.pool.tool-calls] the new execute is a plain data property: spread, reassigned and deleted like any other', async () => {
    const original = { id: 'search', description: 'd', execute: async (input: unknown) => `ran ${String(input)}` };
    const copy = withExecute(original, async (run, input, context) => `via pool: ${String(await run(input, context))}`);
    const descriptor = Object.getOwnPropertyDescriptor(copy, 'execute');
    expect(descriptor).toMatchObject({ writable: true, enumerable: true, configurable: true });
    // A spread copy (what @mastra/editor 0.14.0 makes of a described tool) keeps the pooled execute.
    const spread = { ...copy };
    expect(await spread.execute('x')).toBe('via pool: ran x');
    const replacement = async () => 'replaced';
    copy.execute = replacement;
    expect(copy.execute).toBe(replacement);
    expect(delete (copy as { execute?: unknown }).execute).toBe(true);
    expect(Object.hasOwn(copy, 'execute')).toBe(false);
    expect(await original.execute('y')).toBe('ran y');
  });

  it('[mcp.loader.shape] running the original of a tool without execute fails with an error naming the tool', async () => {
    const copy = withExecute({ id: 'broken', description: 'd' }, async (run, input, context) => run(input, context));
    const call = (copy as unknown as { execute: (input: unknown, context: unknown) => Promise<unknown> }).execute({}, {});
    await expect(call).rejects.toThrowError(new TypeError('tool "broken" has no execute function'));
  });
});

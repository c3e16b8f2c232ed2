import { describe, expect, it } from 'vitest';
import { toolSearchProcessorOptionsSchema, ToolSearchOptionsError, validateToolSearchOptions } from '../../src/processor/options.js';

const tool = { id: 't', description: 'a tool', execute: async () => ({}) };

function errorOf(options: unknown): ToolSearchOptionsError {
  try {
    validateToolSearchOptions(options);
  } catch (e) {
    if (e instanceof ToolSearchOptionsError) return e;
    throw e;
  }
  throw new Error('expected validation to fail');
}

describe('processor options', () => {
  it.each([
    [{ tools: { t: tool }, search: { topK: 0 } }, 'search.topK', 'a positive integer'],
    [{ tools: { t: tool }, search: { topK: 2.5 } }, 'search.topK', 'a positive integer'],
    [{ tools: { t: tool }, search: { minScore: 1.5 } }, 'search.minScore', 'a number in [0, 1]'],
    [{ tools: { t: tool }, search: { minScore: -0.1 } }, 'search.minScore', 'a number in [0, 1]'],
    [{ tools: { t: tool }, ttl: -1 }, 'ttl', '>= 0'],
    [{ tools: { t: tool }, ttl: Number.POSITIVE_INFINITY }, 'ttl', '>= 0'],
    [{ tools: { t: tool }, storage: 'redis' }, 'storage', "one of 'in-memory' or 'context'"],
    [{ tools: [tool] }, 'tools', 'a record of tools'],
    [{}, 'tools', 'a record of tools'],
    [{ tools: { t: 42 } }, 'tools.t', 'a tool object'],
    [{ tools: { t: { id: '' } } }, 'tools.t', 'non-empty string'],
    [{ tools: { t: { description: 7 } } }, 'tools.t', 'description'],
    [{ tools: { t: tool }, search: { autoLoad: 'yes' } }, 'search.autoLoad', 'a boolean'],
    [{ tools: { t: tool }, filter: true }, 'filter', 'a function'],
  ])('[processor.options.validate] rejects %j naming %s and what it allows', (options, option, allowed) => {
    const error = errorOf(options);
    expect(error.option).toBe(option);
    expect(error.message).toContain(`"${option}"`);
    expect(error.message).toContain(allowed);
  });

  it('[processor.options.validate] rejects a non-object options value', () => {
    expect(errorOf(undefined).option).toBe('options');
    expect(errorOf('tools').message).toContain('options object');
  });

  it('[processor.options.validate] accepts every documented option and ignores unknown keys', () => {
    const options = {
      tools: { t: tool, bare: {} },
      includeResolvedTools: true,
      injectCatalog: true,
      search: { topK: 3, minScore: 0, autoLoad: true },
      storage: 'context',
      ttl: 0,
      filter: () => true,
      clock: () => 0,
      somethingElse: 1,
    };
    expect(validateToolSearchOptions(options)).toBe(options);
    expect(() => validateToolSearchOptions({ tools: {}, search: { minScore: 1 } })).not.toThrow();
  });

  it('[processor.options.schema] the exported zod schema is the one used for validation', () => {
    expect(toolSearchProcessorOptionsSchema.safeParse({ tools: { t: tool }, search: { topK: 0 } }).success).toBe(false);
    expect(toolSearchProcessorOptionsSchema.safeParse({ tools: { t: tool }, search: { topK: 5 } }).success).toBe(true);
    expect(toolSearchProcessorOptionsSchema.shape.storage.unwrap().options).toEqual(['in-memory', 'context']);
  });
});

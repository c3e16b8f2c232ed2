import { createTool } from '@mastra/core/tools';
import { describe, expect, it } from 'vitest';
import { ToolSearchOptionsError, ToolSearchProcessor } from '../../src/index.js';

const tool = (id?: string) => createTool({ ...(id === undefined ? {} : { id }), description: 'a tool', execute: async () => ({}) } as never);

/** The error the constructor throws for `options`, which must be a ToolSearchOptionsError. */
function constructorError(options: unknown): ToolSearchOptionsError {
  try {
    new ToolSearchProcessor(options as never).dispose();
  } catch (error) {
    expect(error).toBeInstanceOf(ToolSearchOptionsError);
    return error as ToolSearchOptionsError;
  }
  throw new Error(`expected the constructor to throw for ${JSON.stringify(options)}`);
}

describe('one error family for the constructor', () => {
  it.each([
    ['a non-object', 'x', 'options'],
    ['a bad option', { tools: {}, search: { topK: 0 } }, 'search.topK'],
    ['a bad tool', { tools: { weather: 42 } }, 'tools.weather'],
    ['a reserved id', { tools: { finder: tool('search_tools') } }, 'tools.finder'],
    ['a reserved key', { tools: { load_tool: tool() } }, 'tools.load_tool'],
    ['a duplicate id', { tools: { a: tool('same'), weather: tool('same') } }, 'tools.weather'],
    ['a key equal to an earlier id', { tools: { a: tool('same'), same: tool() } }, 'tools.same'],
  ])('[processor.options.errors] %s throws a ToolSearchOptionsError for %j with option %s', (_what, options, option) => {
    const error = constructorError(options);
    expect(error.name).toBe('ToolSearchOptionsError');
    expect(error.option).toBe(option);
    // The message names the path: quoted, or for the options value itself, the word `options`.
    expect(error.message).toContain(option === 'options' ? 'Invalid ToolSearchProcessor options' : `"${option}"`);
  });

  it('[processor.options.errors] [processor.names.duplicate] a duplicate names both keys and how to fix it', () => {
    const error = constructorError({ tools: { a: tool('same'), weather: tool('same') } });
    expect(error.message).toMatch(/keys "a" and "weather" both have the canonical name "same"/);
    expect(error.message).toMatch(/Give one of them a different id/);
  });
});

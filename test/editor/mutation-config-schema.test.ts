/**
 * Edges of stored configuration validation that the mutation run of the `editor` scope found
 * untested: the error's `name`, array indices kept as numbers in issue paths, `null` where a map
 * is expected, and the resolved maps being plain objects a caller can change.
 */
import { describe, expect, it } from 'vitest';
import { EditorConfigError, parseAgentToolConfig, resolveAgentTools } from '../../src/editor/index.js';
import { FakeLoader, storedClient, tool } from './fakes.js';

function configError(input: unknown): EditorConfigError {
  try {
    parseAgentToolConfig(input);
  } catch (error) {
    if (error instanceof EditorConfigError) return error;
    throw error;
  }
  throw new Error('expected an EditorConfigError');
}

describe('EditorConfigError', () => {
  it('[editor.model.validation-path] the error is named EditorConfigError', () => {
    const error = configError({ tools: 5 });
    expect(error.name).toBe('EditorConfigError');
    expect(String(error)).toMatch(/^EditorConfigError: Invalid agent tool configuration: tools: /);
  });

  it('[editor.model.validation-path] [editor.model.variant] a variant index stays a number in the issue path', () => {
    const error = configError({ tools: [{ value: { a: {} } }, { value: 5 }], mcpClients: { docs: { tools: { s: { description: 1 } } } } });
    expect(error.issues.map((i) => i.path)).toEqual([
      ['tools', 1, 'value'],
      ['mcpClients', 'docs', 'tools', 's', 'description'],
    ]);
    expect(error.message).toContain('tools.1.value: ');
  });

  it('[editor.model.validation-path] [editor.model.mcp-reference] null where a map of tools is expected is an issue at its path', () => {
    const error = configError({ mcpClients: { docs: { tools: null } } });
    expect(error.issues).toEqual([{ path: ['mcpClients', 'docs', 'tools'], message: 'expected a record (an object of keys to entries), received null' }]);
  });
});

describe('resolved maps', () => {
  it('[editor.model.own-keys] the resolved tools and origins are plain objects: each entry can be reassigned and deleted', async () => {
    const loader = new FakeLoader({ docs: { main: { search: tool('search') } } });
    const r = await resolveAgentTools(
      { tools: JSON.parse('{"__proto__": {}}') as object, mcpClients: { docs: { tools: {} } } },
      { mode: 'override', codeTools: { code: tool('code') }, registeredTools: (id) => (id === '__proto__' ? tool('proto') : undefined), mcpClients: { docs: storedClient({ main: {} }) }, mcpLoader: loader, requestContext: {} },
    );
    const ids = ['code', '__proto__', 'main_search'];
    expect(Object.keys(r.tools)).toEqual(ids);
    for (const id of ids) {
      expect(Object.getOwnPropertyDescriptor(r.tools, id)).toMatchObject({ writable: true, enumerable: true, configurable: true });
      expect(Object.getOwnPropertyDescriptor(r.origins, id)).toMatchObject({ writable: true, enumerable: true, configurable: true });
    }
    // ES modules run in strict mode: a read-only or non-configurable entry would throw here.
    const replacement = tool('replacement');
    r.tools.main_search = replacement;
    expect(r.tools.main_search).toBe(replacement);
    expect(delete r.tools.code).toBe(true);
    expect(delete r.origins.code).toBe(true);
    expect(Object.keys(r.tools)).toEqual(['__proto__', 'main_search']);
    expect(Object.keys(r.origins)).toEqual(['__proto__', 'main_search']);
  });
});

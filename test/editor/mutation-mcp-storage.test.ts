/**
 * Edges of the stored MCP client namespace that the mutation run of the `editor` scope found
 * untested: the errors' names, one line per issue in a validation message, and the in-memory
 * backend's name in the message of a stored value that fails validation.
 */
import { describe, expect, it } from 'vitest';
import {
  createInMemoryMcpClientBackend,
  createMcpNamespace,
  McpClientConflictError,
  McpClientNotFoundError,
  McpClientValidationError,
} from '../../src/editor/index.js';
import { rejection } from './fakes.js';

const client = { id: 'docs', name: 'Docs', servers: { main: { type: 'stdio', command: 'node' } } };

describe('stored MCP client errors', () => {
  it('[mcp.storage.validate] a validation error is named McpClientValidationError and lists one issue per line', async () => {
    const mcp = createMcpNamespace();
    const error = await rejection(mcp.create({ name: '', servers: { main: { type: 'http', url: 'ftp://x' } } }));
    expect(error).toBeInstanceOf(McpClientValidationError);
    expect(error.name).toBe('McpClientValidationError');
    const issues = (error as McpClientValidationError).issues;
    expect(issues.length).toBe(2);
    expect(error.message).toBe(`Invalid input of mcp.create():\n${issues.map((i) => `  - ${i.path}: ${i.message}`).join('\n')}`);
    expect(error.message.split('\n')).toHaveLength(3);
    expect(await mcp.list()).toEqual([]);
  });

  it('[mcp.storage.not-found] update and delete of an unknown id throw an error named McpClientNotFoundError', async () => {
    const mcp = createMcpNamespace();
    for (const attempt of [mcp.update({ id: 'missing', name: 'x' }), mcp.delete('missing')]) {
      const error = await rejection(attempt);
      expect(error).toBeInstanceOf(McpClientNotFoundError);
      expect(error.name).toBe('McpClientNotFoundError');
      expect(String(error)).toMatch(/^McpClientNotFoundError: No stored MCP client has id "missing"/);
    }
  });

  it('[mcp.storage.duplicate-id] create with a taken id throws an error named McpClientConflictError', async () => {
    const mcp = createMcpNamespace();
    await mcp.create(client);
    const error = await rejection(mcp.create(client));
    expect(error).toBeInstanceOf(McpClientConflictError);
    expect(error.name).toBe('McpClientConflictError');
    expect(String(error)).toMatch(/^McpClientConflictError: A stored MCP client with id "docs" already exists/);
  });
});

describe('in-memory backend', () => {
  it('[mcp.storage.backends] [mcp.storage.read-validate] the default backend is named "memory" in the error of an invalid stored value', async () => {
    const backend = createInMemoryMcpClientBackend();
    expect(backend.kind).toBe('memory');
    // A value written around the namespace, as another writer of the same storage could.
    await backend.insert({ id: 'bad', name: 'Bad', servers: { main: { type: 'stdio', command: '' } } });
    const mcp = createMcpNamespace({ backend });
    for (const read of [mcp.getById('bad'), mcp.list()]) {
      const error = await rejection(read);
      expect(error).toBeInstanceOf(McpClientValidationError);
      expect(error.message).toContain('Invalid stored MCP client "bad" in the memory backend:\n  - servers.main.command: ');
    }
  });
});

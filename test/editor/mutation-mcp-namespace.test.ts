/**
 * Edges of the stored MCP client namespace that the mutation run of the `editor` scope found
 * untested: the context each validation error names (create input, update input, merged
 * update, the id argument of getById and delete), an id argument that is empty or not a
 * string, and a backend of one's own that reads a missing id as `undefined`, stores a value
 * that is not an object, or lists a row without an id.
 */
import { describe, expect, it } from 'vitest';
import {
  McpClientConflictError,
  McpClientNotFoundError,
  McpClientValidationError,
  createInMemoryMcpClientBackend,
  createMcpNamespace,
  type McpClientBackend,
  type StoredMcpClientWithId,
} from '../../src/editor/mcp/index.js';
import { rejection } from './fakes.js';

const local = { id: 'local', name: 'Local tools', servers: { fs: { type: 'stdio' as const, command: 'node' } } };

/** A backend of one's own over raw rows, as a host might write: `read` of a missing id gives `undefined`. */
function rawBackend(rows: Map<string, unknown>, extra: unknown[] = []): McpClientBackend {
  return {
    kind: 'raw',
    insert: async (client: StoredMcpClientWithId) => void rows.set(client.id, structuredClone(client)),
    read: async (id: string) => structuredClone(rows.get(id)),
    replace: async (client: StoredMcpClientWithId) => void rows.set(client.id, structuredClone(client)),
    remove: async (id: string) => void rows.delete(id),
    readAll: async () => [...rows.values(), ...extra].map((row) => structuredClone(row)),
  };
}

describe('validation errors name what was validated', () => {
  it('[mcp.storage.validate] create names its input', async () => {
    const mcp = createMcpNamespace();
    const error = await rejection(mcp.create({ ...local, name: '' }));
    expect(error).toBeInstanceOf(McpClientValidationError);
    expect((error as Error).message).toMatch(/^Invalid input of mcp\.create\(\):\n {2}- name: /);
  });

  it('[mcp.storage.validate] [mcp.storage.update-replace] update names its input, or the client whose merged config is invalid', async () => {
    // A stored config whose server breaks the schema (an HTTP server with headers).
    const broken = { id: 'local', name: 'Local tools', servers: { api: { type: 'http', url: 'http://h/', headers: { 'X-Key': 'k' } } } };
    const mcp = createMcpNamespace({ backend: rawBackend(new Map([['local', broken]])) });
    const patch = await rejection(mcp.update({ id: 'local', name: '' }));
    expect(patch).toBeInstanceOf(McpClientValidationError);
    expect((patch as Error).message).toMatch(/^Invalid input of mcp\.update\(\):\n {2}- name: /);
    // A valid patch that leaves the broken part: the merged config is what is invalid.
    const merged = await rejection(mcp.update({ id: 'local', name: 'Renamed' }));
    expect(merged).toBeInstanceOf(McpClientValidationError);
    expect((merged as Error).message).toMatch(/^Invalid update of MCP client "local":\n {2}- servers\.api\.headers: /);
  });
});

describe('an id argument that is not a non-empty string', () => {
  const expected = [{ path: 'id', message: 'expected a non-empty string id' }];

  it('[mcp.schema.shape] [mcp.storage.not-found] getById of an empty or non-string id is a validation error naming the argument', async () => {
    const mcp = createMcpNamespace();
    for (const id of ['', 42, undefined, null]) {
      const error = await rejection(mcp.getById(id as string));
      expect(error).toBeInstanceOf(McpClientValidationError);
      expect((error as McpClientValidationError).name).toBe('McpClientValidationError');
      expect((error as McpClientValidationError).code).toBe('invalid-mcp-client');
      expect((error as McpClientValidationError).issues).toStrictEqual(expected);
      expect((error as Error).message).toBe('Invalid argument of mcp.getById():\n  - id: expected a non-empty string id');
    }
    // A non-empty id that is not stored is not an error.
    expect(await mcp.getById('Stryker was here!')).toBeNull();
  });

  it('[mcp.schema.shape] [mcp.storage.not-found] delete of an empty or non-string id is a validation error, not a missing client', async () => {
    const mcp = createMcpNamespace();
    for (const id of ['', 7]) {
      const error = await rejection(mcp.delete(id as string));
      expect(error).toBeInstanceOf(McpClientValidationError);
      expect(error).not.toBeInstanceOf(McpClientNotFoundError);
      expect((error as McpClientValidationError).issues).toStrictEqual(expected);
      expect((error as Error).message).toBe('Invalid argument of mcp.delete():\n  - id: expected a non-empty string id');
    }
  });
});

describe('a backend of one\'s own', () => {
  it('[mcp.storage.backends] [mcp.storage.not-found] a backend reading a missing id as undefined: getById gives null, update throws not found', async () => {
    const mcp = createMcpNamespace({ backend: rawBackend(new Map()) });
    expect(await mcp.getById('missing')).toBeNull();
    const update = await rejection(mcp.update({ ...local, id: 'missing' }));
    expect(update).toBeInstanceOf(McpClientNotFoundError);
    expect((update as McpClientNotFoundError).id).toBe('missing');
  });

  it('[mcp.storage.not-found] [mcp.storage.duplicate-id] a backend reading a missing id as undefined: create stores the id, delete of a missing id throws not found', async () => {
    const rows = new Map<string, unknown>();
    const mcp = createMcpNamespace({ backend: rawBackend(rows) });
    expect(await mcp.create(local)).toStrictEqual(local);
    expect(rows.has(local.id)).toBe(true);
    expect(await rejection(mcp.create(local))).toBeInstanceOf(McpClientConflictError);
    const missing = await rejection(mcp.delete('missing'));
    expect(missing).toBeInstanceOf(McpClientNotFoundError);
    expect((missing as McpClientNotFoundError).id).toBe('missing');
    await mcp.delete(local.id);
    expect(rows.size).toBe(0);
  });

  it('[mcp.storage.update-replace] an update giving every field repairs a stored value that is not an object at all', async () => {
    const rows = new Map<string, unknown>([['junk', 'not a config']]);
    const mcp = createMcpNamespace({ backend: rawBackend(rows) });
    expect(await rejection(mcp.getById('junk'))).toBeInstanceOf(McpClientValidationError);
    const repaired = await mcp.update({ id: 'junk', name: local.name, servers: local.servers });
    expect(repaired).toStrictEqual({ id: 'junk', name: local.name, servers: local.servers });
    expect(await mcp.getById('junk')).toStrictEqual(repaired);
  });

  it('[mcp.storage.list-order] [mcp.storage.backends] list leaves out a backend row without an id, which no getById could reach', async () => {
    const rows = new Map<string, unknown>([['b', { ...local, id: 'b' }], ['a', { ...local, id: 'a' }]]);
    const { id: _id, ...withoutId } = local;
    const mcp = createMcpNamespace({ backend: rawBackend(rows, [withoutId]) });
    const listed = await mcp.list();
    expect(listed.map((c) => c.id)).toStrictEqual(['a', 'b']);
    for (const c of listed) expect(Object.hasOwn(c, 'id') && typeof c.id === 'string').toBe(true);
  });

  it('[mcp.storage.backends] the in-memory backend behaves the same as a backend of one\'s own for these edges', async () => {
    const mcp = createMcpNamespace({ backend: createInMemoryMcpClientBackend() });
    expect(await mcp.getById('missing')).toBeNull();
    expect(await rejection(mcp.delete('missing'))).toBeInstanceOf(McpClientNotFoundError);
  });

  it('[mcp.storage.backends] the in-memory backend itself, as a host may wrap it, reads a missing id as null, as McpClientBackend documents', async () => {
    const backend = createInMemoryMcpClientBackend();
    expect(await backend.read('missing')).toBeNull();
    await backend.insert(local);
    const read = await backend.read(local.id);
    expect(read).toStrictEqual(local);
    // A copy: changing what was read leaves the stored row as it was.
    (read as { name: string }).name = 'changed';
    expect(await backend.read(local.id)).toStrictEqual(local);
  });
});

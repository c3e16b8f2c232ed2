/**
 * The default, in-process backend of the stored MCP client namespace.
 *
 * @see r[mcp.storage.backends]
 * @module
 */
import type { McpClientBackend, StoredMcpClientWithId } from './backend.js';

/**
 * Creates an empty in-memory backend. Values are deep-copied on the way in and out, so a
 * caller mutating a returned object never changes what is stored.
 *
 * @see r[mcp.storage.backends] r[mcp.storage.copy]
 */
export function createInMemoryMcpClientBackend(): McpClientBackend {
  const rows = new Map<string, StoredMcpClientWithId>();
  return {
    kind: 'memory',
    insert: async (client) => {
      rows.set(client.id, structuredClone(client));
    },
    read: async (id) => {
      const row = rows.get(id);
      return row === undefined ? null : structuredClone(row);
    },
    replace: async (client) => {
      rows.set(client.id, structuredClone(client));
    },
    remove: async (id) => {
      rows.delete(id);
    },
    readAll: async () => [...rows.values()].map((row) => structuredClone(row)),
  };
}

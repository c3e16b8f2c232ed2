/**
 * A backend over Mastra's own storage domain for stored MCP clients (`mcpClients`), the one
 * `@mastra/editor` 0.14.0's `editor.mcp` namespace reads and writes. Works with any
 * `MastraCompositeStore`, e.g. `@mastra/core`'s `InMemoryStore` or `@mastra/libsql`'s `LibSQLStore`.
 *
 * @see r[mcp.storage.backends] r[mcp.storage.editor-interop]
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { MastraCompositeStore, MCPClientsStorage, StorageMCPClientSnapshotType } from '@mastra/core/storage';
import type { McpClientBackend, StoredMcpClientWithId } from '../../editor/mcp/storage/backend.js';

const STATUSES = ['draft', 'published', 'archived'] as const;

/**
 * Reduces a resolved Mastra record (thin record merged with its version snapshot) to the
 * stored MCP client fields. Record metadata (`status`, `activeVersionId`, `authorId`,
 * `metadata`, `createdAt`, `updatedAt`, `resolvedVersionId`) is not part of the config;
 * `null` stands for "absent" in SQL adapters.
 *
 * @see r[mcp.schema.editor-compat]
 */
export function fromMastraResolvedRecord(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { id: record['id'], name: record['name'], servers: record['servers'] };
  if (record['description'] !== undefined && record['description'] !== null) out['description'] = record['description'];
  return out;
}

function snapshotOf(client: StoredMcpClientWithId): StorageMCPClientSnapshotType {
  return {
    name: client.name,
    ...(client.description === undefined ? {} : { description: client.description }),
    // Our `rules` is `unknown` (kept, never evaluated); Mastra types it as a RuleGroup.
    servers: client.servers as StorageMCPClientSnapshotType['servers'],
  };
}

/**
 * Creates a backend over `storage.getStore('mcpClients')`.
 *
 * 1. The first call runs `storage.init()` once (idempotent in Mastra's adapters).
 * 2. `insert` creates the record and its version 1, as `editor.mcp.create` does.
 * 3. `read` returns the record resolved the way the Editor resolves it for agents:
 *    the active version, or the latest when none is active.
 * 4. `replace` writes a new version and makes it the active one, so the Editor's agents and
 *    this namespace both see the update at once.
 * 5. `readAll` lists records of every status (`draft`, `published`, `archived`) and resolves
 *    each one as `read` does.
 *
 * @param storage - a Mastra composite store (e.g. `InMemoryStore`, `LibSQLStore`).
 * @see r[mcp.storage.backends] r[mcp.storage.editor-interop]
 */
export function createMastraMcpClientBackend(storage: MastraCompositeStore): McpClientBackend {
  let ready: Promise<MCPClientsStorage> | undefined;
  const mcpStore = (): Promise<MCPClientsStorage> => {
    ready ??= (async () => {
      // Run migrations once.
      await storage.init();
      const store = await storage.getStore('mcpClients');
      if (store === undefined) {
        throw new Error(
          'This Mastra storage adapter has no "mcpClients" domain; use an adapter that supports the Editor (InMemoryStore, LibSQLStore, …).',
        );
      }
      return store;
    })();
    return ready;
  };

  return {
    kind: 'mastra:mcpClients',
    insert: async (client) => {
      // Record + version 1.
      const store = await mcpStore();
      await store.create({ mcpClient: { id: client.id, ...snapshotOf(client) } });
    },
    read: async (id) => {
      // Active version, else latest.
      const store = await mcpStore();
      const resolved = await store.getByIdResolved(id);
      return resolved === null ? null : fromMastraResolvedRecord(resolved as unknown as Record<string, unknown>);
    },
    replace: async (client) => {
      // New version, then activate it.
      const store = await mcpStore();
      const latest = await store.getLatestVersion(client.id);
      const version = await store.createVersion({
        id: randomUUID(),
        mcpClientId: client.id,
        versionNumber: (latest?.versionNumber ?? 0) + 1,
        ...snapshotOf(client),
        changedFields: ['name', 'description', 'servers'],
        changeMessage: 'Updated through tool-search-reference mcp.update()',
      });
      await store.update({ id: client.id, activeVersionId: version.id });
    },
    remove: async (id) => {
      const store = await mcpStore();
      await store.delete(id);
    },
    readAll: async () => {
      // Every status, each resolved like read().
      const store = await mcpStore();
      const ids = new Set<string>();
      for (const status of STATUSES) {
        const page = await store.list({ perPage: false, status });
        for (const record of page.mcpClients) ids.add(record.id);
      }
      const out: unknown[] = [];
      for (const id of ids) {
        const resolved = await store.getByIdResolved(id);
        if (resolved !== null) out.push(fromMastraResolvedRecord(resolved as unknown as Record<string, unknown>));
      }
      return out;
    },
  };
}

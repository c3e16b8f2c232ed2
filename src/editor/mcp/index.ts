/**
 * The pure part of the editor's MCP support: stored MCP client schema, the `mcp` storage
 * namespace, its backend interface and in-memory backend, and connection keys. The
 * `@mastra/mcp` tool loader and the Mastra storage backend are in `src/mastra/mcp`
 * (entry `tool-search-reference/mcp`).
 *
 * @see spec/mcp.md
 * @module
 */
export * from './schema.js';
export * from './errors.js';
export type { McpClientBackend, StoredMcpClientWithId } from './storage/backend.js';
export { createInMemoryMcpClientBackend } from './storage/memory-backend.js';
export { createMcpNamespace, type McpNamespace, type McpNamespaceOptions, type McpClientUpdateInput } from './storage/mcp-namespace.js';
export { connectionKey, serverConnectionKey } from './connection-key.js';
export {
  createConnectionPool,
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_MAX_CONNECTIONS,
  type ConnectionPool,
  type ConnectionPoolOptions,
  type ConnectionPoolStats,
  type PoolClient,
  type PoolEntry,
} from './connection-pool.js';

/**
 * Public barrel of the MCP binding of the editor: stored MCP client schema, the `mcp` storage
 * namespace and its backends, and the `@mastra/mcp` tool loader.
 *
 * @see spec/mcp.md
 * @module
 */
export * from './schema.js';
export * from './errors.js';
export type { McpClientBackend, StoredMcpClientWithId } from './storage/backend.js';
export { createInMemoryMcpClientBackend } from './storage/memory-backend.js';
export { createMcpNamespace, type McpNamespace, type McpNamespaceOptions, type McpClientUpdateInput } from './storage/mcp-namespace.js';
export * from '../../mastra/mcp/index.js';
export { connectionKey } from './connection-key.js';

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
export { createMastraMcpClientBackend, fromMastraResolvedRecord } from './storage/mastra-backend.js';
export { createMcpNamespace, type McpNamespace, type McpNamespaceOptions, type McpClientUpdateInput } from './storage/mcp-namespace.js';
export {
  createMcpToolLoader,
  type ClosableMcpToolLoader,
  type McpToolLoaderOptions,
  type McpLoaderDiagnosticCode,
} from './loader/mcp-tool-loader.js';
export { isValidBearerToken, toMcpServerDefinition, type StdioStderr } from './loader/server-definition.js';
export { connectionKey } from './loader/connection-key.js';

/**
 * `tool-search-reference/mcp`: the MCP binding. The `@mastra/mcp` tool loader (`@mastra/mcp`
 * 1.18+ or 2.x) and the Mastra storage backend of stored MCP clients. The stored MCP client
 * schema, the `mcp` namespace and the in-memory backend are pure and live in
 * `tool-search-reference/editor`. See `spec/mcp.md`.
 *
 * @module mcp
 */
export { createMastraMcpClientBackend, fromMastraResolvedRecord } from './mastra-backend.js';
export {
  createMcpToolLoader,
  type ClosableMcpToolLoader,
  type McpClientClass,
  type McpClientLike,
  type McpConnectionStats,
  type McpToolLoaderOptions,
  type McpLoaderDiagnosticCode,
} from './mcp-tool-loader.js';
export { isValidBearerToken, toMcpServerDefinition, type StdioStderr } from './server-definition.js';

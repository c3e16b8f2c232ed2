/**
 * The MCP binding: the `@mastra/mcp` tool loader and the Mastra storage backend of stored MCP
 * clients. See `spec/mcp.md`.
 *
 * @module
 */
export { createMastraMcpClientBackend, fromMastraResolvedRecord } from './mastra-backend.js';
export {
  createMcpToolLoader,
  type ClosableMcpToolLoader,
  type McpToolLoaderOptions,
  type McpLoaderDiagnosticCode,
} from './mcp-tool-loader.js';
export { isValidBearerToken, toMcpServerDefinition, type StdioStderr } from './server-definition.js';

/**
 * Structured diagnostics of a tool resolution.
 *
 * @module
 */

/**
 * Which part of the resolution a diagnostic comes from.
 *
 * @see r[editor.failure.diagnostic-shape]
 */
export type DiagnosticSource = 'registered' | 'mcp' | 'integration' | 'tool-provider' | 'description-only';

/**
 * Diagnostic codes the pure resolver emits. MCP loaders may add codes of their own.
 *
 * - `registered-tool-missing`: a `tools` key names no registered tool.
 * - `mcp-client-not-found`: an `mcpClients` key names no stored MCP client.
 * - `mcp-client-lookup-failed`: looking up a stored MCP client threw.
 * - `mcp-loader-missing`: MCP tools were selected but no `McpToolLoader` was given.
 * - `mcp-load-failed`: the MCP loader threw for a whole client.
 * - `mcp-namespace-collision`: two MCP tools of one client produce the same namespaced id.
 * - `integration-provider-missing` / `integration-failed`: a legacy integration provider is unknown / threw.
 * - `tool-provider-missing` / `tool-provider-failed`: a V1 tool provider is unknown / threw.
 * - `description-target-missing`: in description-only mode, a description names a tool the code agent lacks.
 * - `field-ignored`: in description-only mode, a non-empty field other than `tools` is ignored.
 *
 * @see r[editor.failure.diagnostic-shape]
 */
export type KnownDiagnosticCode =
  | 'registered-tool-missing'
  | 'mcp-client-not-found'
  | 'mcp-client-lookup-failed'
  | 'mcp-loader-missing'
  | 'mcp-load-failed'
  | 'mcp-namespace-collision'
  | 'integration-provider-missing'
  | 'integration-failed'
  | 'tool-provider-missing'
  | 'tool-provider-failed'
  | 'description-target-missing'
  | 'field-ignored';

/**
 * One thing that went wrong (or was skipped) while resolving, without stopping
 * the resolution.
 *
 * Implements r[editor.failure.diagnostic-shape].
 */
export interface ResolutionDiagnostic {
  /** A stable, machine-readable code; see {@link KnownDiagnosticCode}. */
  code: KnownDiagnosticCode | (string & {});
  /** The source the diagnostic belongs to. */
  source: DiagnosticSource;
  /** A human-readable sentence naming what is wrong and how to fix it. */
  message: string;
  /** The stored MCP client id, for MCP diagnostics. */
  clientId?: string;
  /** The MCP server name, when one server is concerned. */
  serverName?: string;
  /** The integration or tool provider id, for provider diagnostics. */
  providerId?: string;
  /** The tool id concerned, when one tool is concerned. */
  toolId?: string;
  /** The thrown value, when the diagnostic reports an exception. */
  cause?: unknown;
}

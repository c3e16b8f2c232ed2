/**
 * The editor adapter for this reference implementation (`src/editor`): stored
 * MCP clients are served by an in-memory {@link McpToolLoader} that returns the
 * case's data, so no server is started.
 *
 * @module
 */
import {
  EditorConfigError,
  EditorResolutionError,
  evaluateRuleGroup,
  resolveAgentTools,
  type IntegrationToolProvider,
  type McpClientConfigLike,
  type McpToolLoader,
  type ResolveAgentToolsOptions,
  type RuleGroup,
  type ToolLike,
} from '../../../editor/index.js';
import { packageVersion } from '../../paths.js';
import type { ToolData } from '../case/schema.js';
import { ORIGIN_KEY, originOf, type EditorAdapter, type EvaluateObservation, type ResolveObservation, type ResolveRequest, type ToolOrigin } from './types.js';

/** A plain tool object built from data, marked with its source. */
export function dataTool(data: ToolData, origin: ToolOrigin): ToolLike {
  return { id: data.id, description: data.description, [ORIGIN_KEY]: origin } as ToolLike;
}

const record = (tools: ToolData[], origin: ToolOrigin): Record<string, ToolLike> =>
  Object.fromEntries(tools.map((t) => [t.id, dataTool(t, origin)]));

/** Maps a thrown error to the neutral error code of an observation. */
function errorCode(error: unknown): string {
  if (error instanceof EditorConfigError) return 'config-invalid';
  if (error instanceof EditorResolutionError) return error.code;
  return 'exception';
}

/** Builds the options of `resolveAgentTools` from a request given as data. */
function resolveOptions(request: ResolveRequest): ResolveAgentToolsOptions {
  // Stored MCP clients, transport-neutral: 'http' servers whose URLs are never reached.
  const mcpClients: Record<string, McpClientConfigLike> = {};
  for (const [clientId, client] of Object.entries(request.mcpClients)) {
    mcpClients[clientId] = {
      name: client.name,
      servers: Object.fromEntries(
        Object.entries(client.servers).map(([name, s]) => [
          name,
          { type: 'http', url: `http://127.0.0.1:9/${clientId}/${name}`, ...(s.tools !== undefined ? { tools: s.tools } : {}) },
        ]),
      ),
    };
  }
  const mcpLoader: McpToolLoader = {
    loadServerTools: async (client) => {
      const data = request.mcpClients[client.id];
      const servers: Record<string, Record<string, ToolLike>> = {};
      for (const [name, s] of Object.entries(data?.servers ?? {})) servers[name] = record(s.offers, 'mcp');
      return { servers, diagnostics: [] };
    },
  };
  const integrationProviders: Record<string, IntegrationToolProvider> = {};
  for (const [providerId, tools] of Object.entries(request.integrations)) {
    const byId = record(tools, 'integration');
    integrationProviders[providerId] = {
      listToolIds: async () => tools.map((t) => t.id),
      resolveTools: async (ids) => Object.fromEntries(ids.filter((id) => Object.hasOwn(byId, id)).map((id) => [id, byId[id]!])),
    };
  }
  const sources = {
    registeredTools: record(request.registered, 'registered'),
    mcpClients,
    mcpLoader,
    integrationProviders,
    requestContext: new Map(Object.entries(request.requestContext)),
  };
  return request.mode === 'standalone'
    ? { mode: 'standalone', ...sources }
    : { mode: request.mode, codeTools: record(request.codeTools, 'code'), ...sources };
}

/**
 * The reference adapter: `evaluateRuleGroup` and `resolveAgentTools` of `src/editor`.
 * It claims every feature.
 */
export function referenceEditorAdapter(): EditorAdapter {
  return {
    implementation: { name: 'tool-search-reference/editor', version: packageVersion() },
    features: ['diagnostics', 'mcp', 'integrations', 'code-agents'],
    async evaluate({ group, context }): Promise<EvaluateObservation> {
      try {
        return { outcome: 'holds', holds: evaluateRuleGroup(group as RuleGroup, context) };
      } catch (error) {
        return { outcome: 'error', code: errorCode(error), message: error instanceof Error ? error.message : String(error) };
      }
    },
    async resolve(request): Promise<ResolveObservation> {
      try {
        const result = await resolveAgentTools(request.config, resolveOptions(request));
        return {
          outcome: 'tools',
          tools: Object.entries(result.tools).map(([id, tool]) => ({ id, description: tool.description, origin: originOf(tool, 'mcp') })),
          diagnostics: result.diagnostics.map((d) => d.code),
        };
      } catch (error) {
        return { outcome: 'error', code: errorCode(error), message: error instanceof Error ? error.message : String(error) };
      }
    },
    async close() {},
  };
}

/**
 * Whether a configuration's resolution can depend on the request.
 *
 * @module
 */
import { parseAgentToolConfig, type AgentToolConfig } from '../config/schema.js';
import { hasRuledVariants, possibleValues } from '../config/variants.js';
import { lookup, type Lookup, type McpClientConfigLike } from '../sources.js';
import type { ResolutionMode } from './options.js';

/** Options of {@link resolutionDependsOnRequest}. */
export interface RequestDependenceOptions {
  /** The resolution mode; `description-only` reads only the `tools` field. */
  mode: ResolutionMode;
  /** Stored MCP client configurations by id. */
  mcpClients?: Lookup<McpClientConfigLike>;
}

async function referencesHttpServer(clientId: string, clients: Lookup<McpClientConfigLike> | undefined): Promise<boolean> {
  let client: McpClientConfigLike | undefined;
  try {
    client = await lookup(clients, clientId);
  } catch {
    // A client that cannot be read now might be readable later: stay on the safe side.
    return true;
  }
  return client !== undefined && Object.values(client.servers).some((s) => s.type === 'http');
}

/**
 * Whether resolving `config` can give different tools for different requests,
 * in which case it MUST be resolved per request.
 *
 * Implements r[editor.request.depends]. It is true when:
 * 1. the mode reads a field with a variant that has rules; or, outside
 *    `description-only` mode:
 * 2. some value of `integrationTools` selects tools of a provider (providers
 *    receive the request context); or
 * 3. some value of `toolProviders` names a provider; or
 * 4. some value of `mcpClients` selects tools (`tools` present) of a stored
 *    client that has an HTTP server (the caller's token goes to it), or of a
 *    client whose lookup throws.
 *
 * @param config - the agent's tool fields (validated here).
 * @param options - the mode and the stored MCP clients.
 */
export async function resolutionDependsOnRequest(config: unknown, options: RequestDependenceOptions): Promise<boolean> {
  const parsed: AgentToolConfig = parseAgentToolConfig(config);
  // Ruled variants in a field the mode reads.
  if (hasRuledVariants(parsed.tools)) return true;
  if (options.mode === 'description-only') return false;
  if (hasRuledVariants(parsed.mcpClients) || hasRuledVariants(parsed.integrationTools) || hasRuledVariants(parsed.toolProviders)) {
    return true;
  }
  // Legacy integrations with a selection.
  if (possibleValues(parsed.integrationTools).some((v) => Object.values(v).some((ref) => ref.tools !== undefined))) return true;
  // V1 tool providers.
  if (possibleValues(parsed.toolProviders).some((v) => Object.keys(v).length > 0)) return true;
  // Selected MCP clients with an HTTP server.
  for (const value of possibleValues(parsed.mcpClients)) {
    for (const [clientId, ref] of Object.entries(value)) {
      if (ref.tools !== undefined && (await referencesHttpServer(clientId, options.mcpClients))) return true;
    }
  }
  return false;
}

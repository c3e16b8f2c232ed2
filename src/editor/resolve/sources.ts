/**
 * Resolution of each tool source, one function per source.
 *
 * Every function returns `[id, tool]` pairs in contribution order plus
 * diagnostics, and never throws because of a failing source.
 *
 * @module
 */
import type { KnownDiagnosticCode, ResolutionDiagnostic } from '../diagnostics.js';
import type { StoredToolProviderConfig, ToolSelection, ToolSourceReference } from '../config/schema.js';
import {
  lookup,
  type IntegrationToolProvider,
  type Lookup,
  type McpClientConfigLike,
  type McpToolLoader,
  type ProviderRequest,
  type ToolProviderV1,
} from '../sources.js';
import { withDescription, type ToolLike } from '../tool-like.js';
import { selectMcpTools } from './mcp-selection.js';

/** Tools contributed by one source, in order, and the diagnostics met. */
export interface SourceContribution {
  /** `[id, tool]` pairs in contribution order. */
  tools: [string, ToolLike][];
  /** Problems met. */
  diagnostics: ResolutionDiagnostic[];
}

function describe(tool: ToolLike, description: string | undefined): ToolLike {
  return description === undefined || description === '' ? tool : withDescription(tool, description);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Resolves every entry of a source field concurrently and concatenates the
 * contributions in entry order; an absent field contributes nothing.
 */
async function resolveEach<T>(
  entries: Readonly<Record<string, T>> | undefined,
  resolveOne: (id: string, entry: T) => Promise<SourceContribution>,
): Promise<SourceContribution> {
  if (entries === undefined) return { tools: [], diagnostics: [] };
  const parts = await Promise.all(Object.entries(entries).map(([id, entry]) => resolveOne(id, entry)));
  return { tools: parts.flatMap((c) => c.tools), diagnostics: parts.flatMap((c) => c.diagnostics) };
}

/** How the diagnostics of one kind of provider (integration or V1 tool provider) read. */
interface ProviderDiagnostics {
  /** The diagnostic source. */
  source: 'integration' | 'tool-provider';
  /** The code when the provider id is not registered. */
  missingCode: KnownDiagnosticCode;
  /** The message when the provider id is not registered. */
  missingMessage: (providerId: string) => string;
  /** The code when the provider throws. */
  failedCode: KnownDiagnosticCode;
  /** The message when the provider throws, before `: <error message>`. */
  failedMessage: (providerId: string) => string;
}

/**
 * The part shared by integration and V1 tool providers: look the provider up,
 * let `resolveTools` produce its tools, apply the non-empty descriptions of
 * `entries` to returned tools with the same id, and turn an unknown provider
 * or any throw into one diagnostic.
 *
 * @see r[editor.descriptions.integration] r[editor.failure.isolated]
 */
async function resolveFromProvider<P>(
  providerId: string,
  providers: Lookup<P> | undefined,
  diagnostics: ProviderDiagnostics,
  resolveTools: (provider: P) => Promise<Record<string, ToolLike>>,
  entries: Readonly<Record<string, { description?: string | undefined }>>,
): Promise<SourceContribution> {
  try {
    const provider = await lookup(providers, providerId);
    if (provider === undefined) {
      return {
        tools: [],
        diagnostics: [{
          code: diagnostics.missingCode,
          source: diagnostics.source,
          providerId,
          message: diagnostics.missingMessage(providerId),
        }],
      };
    }
    const tools = await resolveTools(provider);
    return {
      tools: Object.entries(tools).map(([id, tool]) => [id, describe(tool, Object.hasOwn(entries, id) ? entries[id]?.description : undefined)]),
      diagnostics: [],
    };
  } catch (error) {
    return {
      tools: [],
      diagnostics: [{
        code: diagnostics.failedCode,
        source: diagnostics.source,
        providerId,
        // Unlike @mastra/editor 0.14.0 (r[editor.failure.isolated]): the Editor also isolates failures but only logs
        // them; here each is a diagnostic.
        message: `${diagnostics.failedMessage(providerId)}: ${errorText(error)}`,
        cause: error,
      }],
    };
  }
}

/**
 * Registered tools: each key of the `tools` field is looked up in the registry.
 *
 * Implements r[editor.registered.lookup] and r[editor.descriptions.registered]:
 * 1. For each key in order, look the tool up.
 * 2. Not found (or the lookup throws): `registered-tool-missing`, skip.
 * 3. With a non-empty description, contribute a described copy; else the tool itself.
 */
export async function resolveRegisteredTools(
  selection: ToolSelection | undefined,
  registry: Lookup<ToolLike> | undefined,
): Promise<SourceContribution> {
  const out: SourceContribution = { tools: [], diagnostics: [] };
  if (selection === undefined) return out;
  for (const [id, entry] of Object.entries(selection)) {
    // Look up.
    let tool: ToolLike | undefined;
    let cause: unknown;
    try {
      tool = await lookup(registry, id);
    } catch (error) {
      cause = error;
    }
    // Missing.
    if (tool === undefined) {
      out.diagnostics.push({
        code: 'registered-tool-missing',
        source: 'registered',
        toolId: id,
        message: `Tool "${id}" is selected in the stored agent but is not in the tool registry${cause === undefined ? '' : ` (${errorText(cause)})`}; register it or remove it from "tools"`,
        ...(cause === undefined ? {} : { cause }),
      });
      continue;
    }
    // Description.
    out.tools.push([id, describe(tool, entry.description)]);
  }
  return out;
}

/**
 * MCP tools of every referenced stored client.
 *
 * Implements r[editor.mcp.omitted-tools], r[editor.mcp.client-missing],
 * r[editor.mcp.auth-token] and r[editor.failure.isolated]:
 * 1. A reference without `tools` contributes nothing; its client is not loaded.
 * 2. Look the stored client up; unknown → `mcp-client-not-found`; throwing → `mcp-client-lookup-failed`.
 * 3. Without a loader → `mcp-loader-missing`.
 * 4. Load the client's servers with the caller's token (when any); a throwing
 *    loader → `mcp-load-failed`; the loader's own diagnostics are kept.
 * 5. Select, namespace and describe (see `selectMcpTools`).
 * Clients load concurrently; contributions are concatenated in reference order.
 */
export async function resolveMcpTools(
  references: Readonly<Record<string, ToolSourceReference>> | undefined,
  clients: Lookup<McpClientConfigLike> | undefined,
  loader: McpToolLoader | undefined,
  authToken: string | undefined,
): Promise<SourceContribution> {
  return resolveEach(references, async (clientId, reference): Promise<SourceContribution> => {
    const diagnostics: ResolutionDiagnostic[] = [];
    const fail = (code: string, message: string, cause?: unknown): SourceContribution => ({
      tools: [],
      diagnostics: [...diagnostics, { code, source: 'mcp', clientId, message, ...(cause === undefined ? {} : { cause }) }],
    });
    // Nothing selected.
    const agentTools = reference.tools;
    if (agentTools === undefined) return { tools: [], diagnostics };
    // Stored client.
    let client: McpClientConfigLike | undefined;
    try {
      client = await lookup(clients, clientId);
    } catch (error) {
      return fail('mcp-client-lookup-failed', `Reading stored MCP client "${clientId}" failed: ${errorText(error)}`, error);
    }
    if (client === undefined) {
      // Unlike @mastra/editor 0.14.0 (r[editor.mcp.client-missing]): the Editor falls back to a code-defined MCP
      // server of the same id.
      return fail('mcp-client-not-found', `Stored MCP client "${clientId}" is referenced in "mcpClients" but does not exist; create it or remove the reference`);
    }
    // Loader.
    if (loader === undefined) {
      return fail('mcp-loader-missing', `Tools of stored MCP client "${clientId}" are selected but no MCP loader was given; pass "mcpLoader"`);
    }
    // Load with the caller's token.
    let loaded;
    try {
      // Unlike @mastra/editor 0.14.0 (r[editor.mcp.auth-token]): a stored standalone agent without conditional fields
      // resolves its MCP tools once there, so no caller's token is forwarded.
      loaded = await loader.loadServerTools({ ...client, id: clientId }, authToken === undefined ? {} : { authToken });
    } catch (error) {
      return fail('mcp-load-failed', `Loading the tools of stored MCP client "${clientId}" failed: ${errorText(error)}`, error);
    }
    diagnostics.push(...loaded.diagnostics);
    // Select.
    const selection = selectMcpTools(clientId, client, loaded.servers, agentTools);
    return { tools: selection.tools, diagnostics: [...diagnostics, ...selection.diagnostics] };
  });
}

const INTEGRATION_DIAGNOSTICS: ProviderDiagnostics = {
  source: 'integration',
  missingCode: 'integration-provider-missing',
  missingMessage: (providerId) => `Integration provider "${providerId}" is referenced in "integrationTools" but is not registered; register it or remove the reference`,
  failedCode: 'integration-failed',
  failedMessage: (providerId) => `Integration provider "${providerId}" failed`,
};

/**
 * Legacy integration tools.
 *
 * Implements r[editor.integration.selection], r[editor.descriptions.integration]
 * and r[editor.failure.isolated]:
 * 1. A reference without `tools` contributes nothing.
 * 2. Unknown provider → `integration-provider-missing`.
 * 3. `{}` selects every id from `listToolIds`; otherwise the keys, in order.
 * 4. Resolve them; a throw → `integration-failed`.
 * 5. Apply non-empty descriptions of the selection to the returned tools.
 */
export async function resolveIntegrationTools(
  references: Readonly<Record<string, ToolSourceReference>> | undefined,
  providers: Lookup<IntegrationToolProvider> | undefined,
  request: ProviderRequest,
): Promise<SourceContribution> {
  return resolveEach(references, async (providerId, reference) => {
    // Nothing selected.
    const selection = reference.tools;
    if (selection === undefined) return { tools: [], diagnostics: [] };
    // Provider; 4. a throw; 5. descriptions: see `resolveFromProvider`.
    return resolveFromProvider(providerId, providers, INTEGRATION_DIAGNOSTICS, async (provider) => {
      // Which ids.
      const wanted = Object.keys(selection);
      const ids = wanted.length === 0 ? await provider.listToolIds(request) : wanted;
      // Resolve.
      return provider.resolveTools(ids, selection, request);
    }, selection);
  });
}

const TOOL_PROVIDER_DIAGNOSTICS: ProviderDiagnostics = {
  source: 'tool-provider',
  missingCode: 'tool-provider-missing',
  missingMessage: (providerId) => `Tool provider "${providerId}" is referenced in "toolProviders" but is not registered in the editor; register it or remove the reference`,
  failedCode: 'tool-provider-failed',
  failedMessage: (providerId) => `Tool provider "${providerId}" failed`,
};

/**
 * V1 tool-provider tools.
 *
 * Implements r[editor.providers.resolve], r[editor.descriptions.integration] and
 * r[editor.failure.isolated]:
 * 1. For each provider id in order, look the provider up; unknown → `tool-provider-missing`.
 * 2. Resolve its tools from its stored configuration; a throw → `tool-provider-failed`.
 * 3. Apply non-empty descriptions of `config.tools` to returned tools with the same id.
 */
export async function resolveToolProviderTools(
  configs: Readonly<Record<string, StoredToolProviderConfig>> | undefined,
  providers: Lookup<ToolProviderV1> | undefined,
  request: ProviderRequest,
): Promise<SourceContribution> {
  return resolveEach(configs, (providerId, config) =>
    // Provider; 2. resolve (a throw: see `resolveFromProvider`); 3. descriptions of `config.tools`.
    resolveFromProvider(providerId, providers, TOOL_PROVIDER_DIAGNOSTICS, (provider) => provider.resolveTools(config, request), config.tools),
  );
}

/**
 * The Editor's tool resolution: which tools a stored agent configuration gives
 * an agent for one request.
 *
 * @module
 */
import type { ResolutionDiagnostic } from '../diagnostics.js';
import { EditorResolutionError, type EditorConfigError } from '../errors.js';
import { parseAgentToolConfig, type AgentToolConfig } from '../config/schema.js';
import { possibleValues, resolveConditionalField } from '../config/variants.js';
import { readAuthToken, type RequestContextLike } from '../rules/context.js';
import type { ProviderRequest } from '../sources.js';
import { defineOwn } from '../own-record.js';
import { withDescription, type ToolLike } from '../tool-like.js';
import type { ResolveAgentToolsOptions, ResolvedAgentTools, ToolSourceName } from './options.js';
import { resolutionDependsOnRequest } from './request-dependence.js';
import {
  resolveIntegrationTools,
  resolveMcpTools,
  resolveRegisteredTools,
  resolveToolProviderTools,
  type SourceContribution,
} from './sources.js';

function checkOptions(options: ResolveAgentToolsOptions): void {
  const mode: unknown = options.mode;
  if (mode !== 'standalone' && mode !== 'override' && mode !== 'description-only') {
    throw new EditorResolutionError('invalid-options', `options.mode must be "standalone", "override" or "description-only", got ${JSON.stringify(mode)}`);
  }
  if (mode === 'standalone' && options.codeTools !== undefined) {
    throw new EditorResolutionError('invalid-options', 'options.codeTools is not allowed with mode "standalone": a stored standalone agent has no code-defined tools; use mode "override" or "description-only" for a code-defined agent');
  }
  if (mode !== 'standalone' && (options.codeTools === undefined || options.codeTools === null)) {
    throw new EditorResolutionError('invalid-options', `options.codeTools is required with mode "${String(mode)}": pass the code-defined agent's tools`);
  }
}

/**
 * Description-only mode.
 *
 * Implements r[editor.descriptions.only-mode]:
 * 1. Resolve the `tools` field for this request.
 * 2. For each code tool, in order: with a non-empty stored description, a
 *    described copy; otherwise the code tool itself. No tool is added or removed.
 * 3. Stored descriptions of tools the code agent lacks give
 *    `description-target-missing`; non-empty other fields give `field-ignored`.
 */
function resolveDescriptionOnly(
  config: AgentToolConfig,
  codeTools: Readonly<Record<string, ToolLike>>,
  context: RequestContextLike,
): ResolvedAgentTools {
  // The `tools` field.
  const selection = resolveConditionalField(config.tools, context) ?? {};
  // Code tools, described.
  const tools: Record<string, ToolLike> = {};
  const origins: Record<string, ToolSourceName> = {};
  for (const [id, tool] of Object.entries(codeTools)) {
    const description = Object.hasOwn(selection, id) ? selection[id]?.description : undefined;
    defineOwn(tools, id, description === undefined || description === '' ? tool : withDescription(tool, description));
    defineOwn(origins, id, 'code');
  }
  // Diagnostics.
  const diagnostics: ResolutionDiagnostic[] = [];
  for (const [id, entry] of Object.entries(selection)) {
    if (!Object.hasOwn(codeTools, id) && entry.description !== undefined && entry.description !== '') {
      diagnostics.push({
        code: 'description-target-missing',
        source: 'description-only',
        toolId: id,
        message: `A description is stored for tool "${id}", which the code-defined agent does not have; description-only mode never adds tools`,
      });
    }
  }
  for (const field of ['mcpClients', 'integrationTools', 'toolProviders'] as const) {
    if (possibleValues(config[field]).some((v) => Object.keys(v).length > 0)) {
      diagnostics.push({
        code: 'field-ignored',
        source: 'description-only',
        message: `Field "${field}" is ignored: in description-only mode the Editor only changes descriptions of the code-defined agent's tools`,
      });
    }
  }
  return { tools, origins, diagnostics };
}

/**
 * Resolves the tools a stored configuration gives an agent.
 *
 * Implements r[editor.order.sources], r[editor.order.replace],
 * r[editor.order.standalone], r[editor.order.override],
 * r[editor.order.static-override], r[editor.request.static-refused] and
 * r[editor.descriptions.only-mode]:
 * 1. Check the options and validate `config` (r[editor.model.validation-path]).
 * 2. A static resolution (no `requestContext`) of a configuration that depends
 *    on the request is refused (r[editor.request.depends]).
 * 3. In `description-only` mode, only describe the code tools.
 * 4. Resolve each field's variants for this request (r[editor.variants.merge]).
 * 5. Resolve the sources concurrently: registered tools, MCP tools (with the
 *    caller's token), legacy integrations and V1 tool providers.
 * 6. Merge in order — code tools (not in `standalone`), registered, MCP, legacy
 *    integrations, tool providers — a later tool replacing an earlier one of
 *    the same id entirely.
 *
 * @param config - a stored agent (or its tool fields); validated here.
 * @param options - the mode, code tools, sources and request context.
 * @throws {@link EditorConfigError} when `config` is invalid.
 * @throws {@link EditorResolutionError} on invalid options or a refused static resolution.
 */
export async function resolveAgentTools(config: unknown, options: ResolveAgentToolsOptions): Promise<ResolvedAgentTools> {
  // Options and configuration.
  checkOptions(options);
  // Unlike @mastra/editor 0.14.0 (r[editor.model.validation-path]): the Editor does not validate a stored
  // configuration when it resolves it.
  const parsed = parseAgentToolConfig(config);
  // Static resolution only when nothing depends on the request.
  const isStatic = options.requestContext === undefined;
  // Unlike @mastra/editor 0.14.0 (r[editor.request.static-refused]): the Editor resolves a standalone agent without
  // conditional fields once, statically, even with HTTP MCP servers.
  if (isStatic && (await resolutionDependsOnRequest(parsed, { mode: options.mode, ...(options.mcpClients ? { mcpClients: options.mcpClients } : {}) }))) {
    throw new EditorResolutionError(
      'request-required',
      'This stored tool configuration depends on the request (conditional variants, providers, or an HTTP MCP server that may receive the caller\'s token); resolve it per request by passing options.requestContext',
    );
  }
  const context: RequestContextLike = options.requestContext ?? {};
  // Description-only mode.
  if (options.mode === 'description-only') return resolveDescriptionOnly(parsed, options.codeTools, context);
  // Variants.
  const request: ProviderRequest = options.requestContext === undefined ? {} : { requestContext: options.requestContext };
  const toolsField = resolveConditionalField(parsed.tools, context);
  const mcpField = resolveConditionalField(parsed.mcpClients, context);
  const integrationField = resolveConditionalField(parsed.integrationTools, context);
  // A static resolution never gets here with a tool provider named (step 2), so a
  // static override stops after legacy integrations (r[editor.order.static-override]).
  const providersField = resolveConditionalField(parsed.toolProviders, context);
  // Sources, concurrently.
  const [registered, mcp, integration, providers] = await Promise.all([
    resolveRegisteredTools(toolsField, options.registeredTools),
    resolveMcpTools(mcpField, options.mcpClients, options.mcpLoader, readAuthToken(options.requestContext)),
    resolveIntegrationTools(integrationField, options.integrationProviders, request),
    resolveToolProviderTools(providersField, options.toolProviders, request),
  ]);
  // Merge in order.
  const code: SourceContribution = { tools: options.mode === 'override' ? Object.entries(options.codeTools) : [], diagnostics: [] };
  const ordered: [ToolSourceName, SourceContribution][] = [
    ['code', code],
    ['registered', registered],
    ['mcp', mcp],
    ['integration', integration],
    ['tool-provider', providers],
  ];
  const tools: Record<string, ToolLike> = {};
  const origins: Record<string, ToolSourceName> = {};
  const diagnostics: ResolutionDiagnostic[] = [];
  for (const [source, contribution] of ordered) {
    for (const [id, tool] of contribution.tools) {
      // Own data properties: an id `__proto__` (from a provider's JSON, say) is a key like any
      // other and never replaces the prototype of `tools` (r[editor.model.own-keys]).
      defineOwn(tools, id, tool);
      defineOwn(origins, id, source);
    }
    diagnostics.push(...contribution.diagnostics);
  }
  return { tools, origins, diagnostics };
}

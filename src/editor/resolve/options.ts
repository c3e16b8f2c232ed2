/**
 * Options and result of `resolveAgentTools`.
 *
 * @module
 */
import type { ResolutionDiagnostic } from '../diagnostics.js';
import type { RequestContextLike } from '../rules/context.js';
import type {
  IntegrationToolProvider,
  Lookup,
  McpClientConfigLike,
  McpToolLoader,
  ToolProviderV1,
} from '../sources.js';
import type { ToolLike } from '../tool-like.js';

/**
 * How a stored configuration applies.
 *
 * - `standalone`: a stored agent with no code-defined tools.
 * - `override`: a code-defined agent whose editor setting lets the Editor add
 *   and remove tools; stored tools merge over the code tools.
 * - `description-only`: a code-defined agent whose editor setting lets the
 *   Editor change tool descriptions only.
 *
 * @see r[editor.order.standalone] r[editor.order.override] r[editor.descriptions.only-mode]
 */
export type ResolutionMode = 'standalone' | 'override' | 'description-only';

/** The sources shared by every mode. */
export interface ResolveSourcesOptions {
  /** The runtime tool registry: tool id to tool. */
  registeredTools?: Lookup<ToolLike>;
  /** Stored MCP client configurations by id (a record, or e.g. `(id) => store.getById(id)`). */
  mcpClients?: Lookup<McpClientConfigLike>;
  /** Loads stored MCP clients' tools; required as soon as MCP tools are selected. */
  mcpLoader?: McpToolLoader;
  /** Legacy integration providers by id. */
  integrationProviders?: Lookup<IntegrationToolProvider>;
  /** V1 tool providers by id. */
  toolProviders?: Lookup<ToolProviderV1>;
  /**
   * The request context. Omitted for a static resolution, which is refused when
   * the configuration depends on the request (r[editor.request.static-refused]).
   */
  requestContext?: RequestContextLike;
}

/** Options of a standalone resolution: no code tools. */
export interface ResolveStandaloneOptions extends ResolveSourcesOptions {
  /** A stored agent with no code-defined tools. */
  mode: 'standalone';
  /** Not allowed: a standalone agent has no code tools. */
  codeTools?: undefined;
}

/** Options of a resolution over a code-defined agent. */
export interface ResolveCodeAgentOptions extends ResolveSourcesOptions {
  /** `override` or `description-only`. */
  mode: 'override' | 'description-only';
  /** The code-defined agent's tools for this request, in order. */
  codeTools: Readonly<Record<string, ToolLike>>;
}

/** Options of `resolveAgentTools`. */
export type ResolveAgentToolsOptions = ResolveStandaloneOptions | ResolveCodeAgentOptions;

/**
 * Where a resolved tool came from.
 *
 * @see r[editor.order.sources]
 */
export type ToolSourceName = 'code' | 'registered' | 'mcp' | 'integration' | 'tool-provider';

/** The result of a resolution. */
export interface ResolvedAgentTools {
  /**
   * Tool id to tool. Key order is the order in which ids were first contributed
   * (a replaced tool keeps its place), except that integer-like ids come first
   * as ECMAScript orders object keys.
   */
  tools: Record<string, ToolLike>;
  /** Tool id to the source whose tool won. */
  origins: Record<string, ToolSourceName>;
  /** Problems met; a failing source never drops another source's tools. */
  diagnostics: ResolutionDiagnostic[];
}

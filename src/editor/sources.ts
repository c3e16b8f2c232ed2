/**
 * The injected sources a resolution reads from: the tool registry, stored MCP
 * clients and their loader, legacy integration providers and V1 tool providers.
 *
 * These are interfaces only; the MCP binding in `src/editor/mcp` implements
 * {@link McpToolLoader} with `@mastra/mcp`.
 *
 * @module
 */
import type { ResolutionDiagnostic } from './diagnostics.js';
import type { RequestContextLike } from './rules/context.js';
import type { StoredToolProviderConfig, ToolEntry } from './config/schema.js';
import type { ToolLike } from './tool-like.js';

/**
 * Something that maps ids to values: a plain record or a lookup function.
 * A lookup returning `undefined` (or `null`) means "not found".
 */
export type Lookup<T> =
  | Readonly<Record<string, T>>
  | ((id: string) => T | undefined | null | Promise<T | undefined | null>);

/**
 * The part of a stored MCP server configuration the pure resolver reads.
 * The full shape (transport, command, url, …) is `StoredMcpServer` in `./mcp/schema.js`.
 */
export interface McpServerConfigLike {
  /** Transport: `'stdio'` or `'http'`. Only `'http'` servers can receive the caller's token. */
  type?: string;
  /** Server-level allow-list: bare tool name to entry. Omitted or empty selects every tool. */
  tools?: Readonly<Record<string, { description?: string | undefined }>>;
  /** Transport-specific fields, read by the loader only. */
  [key: string]: unknown;
}

/**
 * The part of a stored MCP client configuration the pure resolver reads.
 * The full, validated shape is `StoredMcpClient` in `./mcp/schema.js`.
 */
export interface McpClientConfigLike {
  /** The stored id; the resolver sets it to the id the agent references. */
  id?: string;
  /** Display name. */
  name: string;
  /** Servers keyed by server name. */
  servers: Readonly<Record<string, McpServerConfigLike>>;
  /** Other stored fields (description, …). */
  [key: string]: unknown;
}

/** What a loader returns for one stored MCP client. */
export interface McpLoadResult {
  /** serverName -> bare tool name -> tool. A server that failed to load is absent. */
  servers: Record<string, Record<string, ToolLike>>;
  /** Problems met while loading (a server that did not start, …). */
  diagnostics: ResolutionDiagnostic[];
}

/**
 * Loads the raw (un-namespaced, unfiltered) tools of every server of one stored
 * MCP client, for one request.
 *
 * The resolver calls it at most once per referenced client per resolution, with
 * the caller's token when the request carries one (r[editor.mcp.auth-token]).
 * Namespacing, allow-lists and descriptions are the resolver's job, not the
 * loader's.
 */
export interface McpToolLoader {
  /** Loads every server's tools of `client`; per-server failures go to `diagnostics`. */
  loadServerTools(client: McpClientConfigLike & { id: string }, request: { authToken?: string }): Promise<McpLoadResult>;
}

/** The request a provider resolves for. */
export interface ProviderRequest {
  /** The request context, absent for a static resolution. */
  requestContext?: RequestContextLike;
}

/**
 * A legacy integration provider (the `integrationTools` field).
 *
 * @see r[editor.integration.selection]
 */
export interface IntegrationToolProvider {
  /** Every tool id the provider offers; used when the agent selects all tools with `{}`. */
  listToolIds(request: ProviderRequest): Promise<readonly string[]>;
  /** The executable tools for `toolIds`, keyed by tool id. */
  resolveTools(
    toolIds: readonly string[],
    selection: Readonly<Record<string, ToolEntry>>,
    request: ProviderRequest,
  ): Promise<Record<string, ToolLike>>;
}

/**
 * A V1 tool provider (the `toolProviders` field), e.g. Composio or Arcade.
 * Connection fan-out and renaming are the provider's business.
 *
 * @see r[editor.providers.resolve]
 */
export interface ToolProviderV1 {
  /** The executable tools for this agent's stored provider configuration, keyed by tool id. */
  resolveTools(config: StoredToolProviderConfig, request: ProviderRequest): Promise<Record<string, ToolLike>>;
}

/**
 * Reads `id` from a {@link Lookup}. Returns `undefined` when absent.
 * Only own properties of a record count.
 */
export async function lookup<T>(source: Lookup<T> | undefined, id: string): Promise<T | undefined> {
  if (source === undefined) return undefined;
  if (typeof source === 'function') return (await source(id)) ?? undefined;
  return Object.hasOwn(source, id) ? source[id] : undefined;
}

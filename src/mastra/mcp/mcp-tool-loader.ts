/**
 * The MCP tool loader: reaches the servers of a stored MCP client through `@mastra/mcp`'s
 * `MCPClient` and returns their raw tools per server, with structured diagnostics.
 *
 * @see r[mcp.loader.shape] r[mcp.loader.failure] r[mcp.isolation.connection-key]
 *   r[mcp.isolation.close]
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { IMastraLogger } from '@mastra/core/logger';
import { noopLogger } from '@mastra/core/logger';
import { MCPClient, type MastraMCPServerDefinition } from '@mastra/mcp';
import type { ResolutionDiagnostic } from '../../editor/diagnostics.js';
import type { McpClientConfigLike, McpLoadResult, McpToolLoader } from '../../editor/sources.js';
import type { ToolLike } from '../../editor/tool-like.js';
import { formatPath } from '../../editor/errors.js';
import { storedMcpServerSchema, type StoredMcpServer } from '../../editor/mcp/schema.js';
import { connectionKey } from '../../editor/mcp/connection-key.js';
import { isValidBearerToken, toMcpServerDefinition, type StdioStderr } from './server-definition.js';

/** Diagnostic codes the MCP loader adds to the resolver's. */
export type McpLoaderDiagnosticCode =
  /** A stored server does not match the stored MCP client schema. */
  | 'mcp-server-invalid-config'
  /** A server did not start, did not connect, or failed to list its tools. */
  | 'mcp-server-unavailable'
  /** The caller's token cannot be sent as a Bearer token; the client's HTTP servers were skipped. */
  | 'mcp-auth-token-invalid';

/**
 * The part of `@mastra/mcp`'s `MCPClient` the loader uses. The `MCPClient` of `@mastra/mcp`
 * 1.18+ and of 2.x both have it.
 */
export interface McpClientLike {
  /** Sets the logger of the client and its server connections. */
  __setLogger(logger: IMastraLogger): void;
  /** Connects (where needed) and lists the tools of every server, with per-server errors. */
  listToolsetsWithErrors(options?: { perServerTimeoutMs?: number }): Promise<{
    toolsets: Record<string, Record<string, unknown>>;
    errors: Record<string, string>;
    errorDetails: Record<string, unknown>;
  }>;
  /** Disconnects every server (ending stdio subprocesses). */
  disconnect(): Promise<void>;
}

/** A constructor of {@link McpClientLike}s: `MCPClient` of `@mastra/mcp` 1.18+ or 2.x. */
export type McpClientClass = new (options: { id: string; servers: Record<string, MastraMCPServerDefinition> }) => McpClientLike;

/** Options of {@link createMcpToolLoader}. */
export interface McpToolLoaderOptions {
  /**
   * The `MCPClient` class to connect with. Defaults to the `MCPClient` of the installed
   * `@mastra/mcp` (1.18+ or 2.x). Pass one to pick a major explicitly, for instance
   * `import { MCPClient } from '@mastra/mcp-v2'` where both are installed under npm aliases.
   * What differs between the majors, as this loader uses them: 2.x speaks the stateless MCP
   * revision 2026-07-28 to servers that offer it (no `initialize` handshake, no session) and
   * the server's own revision otherwise; it has no SSE fallback (an HTTP server must speak
   * Streamable HTTP) and no roots or sampling, which this loader never uses. Discovery, tool
   * names and ids, bearer headers and stdio servers behave the same with both.
   */
  mcpClientClass?: McpClientClass;
  /** Logger given to every `MCPClient`. Defaults to a no-op logger: failures become diagnostics. */
  logger?: IMastraLogger;
  /** stderr handling of stdio servers. Defaults to `'inherit'`, as in `@mastra/mcp`. */
  stdioStderr?: StdioStderr;
  /**
   * `@mastra/mcp`'s `connectTimeout` for HTTP servers: how long the connection phase may take.
   * Defaults to `@mastra/mcp`'s 3000 ms. With `@mastra/mcp` 1.x, a server that does not answer
   * Streamable HTTP in this time is then tried over the legacy SSE transport; 2.x has no SSE
   * fallback, and the server is reported `mcp-server-unavailable`.
   */
  httpConnectTimeoutMs?: number;
  /** Upper bound on one server's discovery (connect + list tools), in ms. Defaults to `@mastra/mcp`'s. */
  discoveryTimeoutMs?: number;
}

/** An {@link McpToolLoader} that owns connections and must be closed. */
export interface ClosableMcpToolLoader extends McpToolLoader {
  /** Number of open `MCPClient`s (one per distinct client content and token). */
  readonly openConnections: number;
  /** Disconnects every `MCPClient` (ending stdio subprocesses); later loads throw. */
  close(): Promise<void>;
}

interface CacheEntry {
  readonly client: McpClientLike;
}

function firstLine(message: string): string {
  const line = message.split('\n', 1)[0] ?? message;
  return line.trim();
}

function diagnostic(
  code: McpLoaderDiagnosticCode,
  clientId: string,
  serverName: string,
  message: string,
  cause?: unknown,
): ResolutionDiagnostic {
  return { source: 'mcp', code, clientId, serverName, message, ...(cause === undefined ? {} : { cause }) };
}

/**
 * Creates an MCP tool loader.
 *
 * `loadServerTools(client, { authToken })`:
 * 1. Validate every stored server of `client`; an invalid one yields `mcp-server-invalid-config`
 *    and is skipped.
 * 2. If a token is given and it is not a valid Bearer token, every HTTP server of the client
 *    yields `mcp-auth-token-invalid` and is skipped; stdio servers still load.
 * 3. Key a connection by the servers' transport content and the token; reuse the cached
 *    `MCPClient` of that key or create one (HTTP servers carry the token, stdio servers never).
 * 4. List tools per server (`listToolsetsWithErrors`): tools come back keyed by the server's own
 *    (bare) tool names; each tool's `id` is `serverName_toolName` as `@mastra/mcp` builds it.
 * 5. Every server that failed yields `mcp-server-unavailable`; the other servers' tools are
 *    returned. `@mastra/mcp` forgets a failed server connection, so the next load retries it.
 *
 * @see r[mcp.loader.shape] r[mcp.loader.failure] r[mcp.loader.partial] r[mcp.loader.retry]
 *   r[mcp.loader.invalid-server] r[mcp.isolation.connection-key]
 *   r[mcp.isolation.close] r[mcp.auth.http-bearer] r[mcp.auth.stdio-never] r[mcp.auth.token-syntax]
 */
export function createMcpToolLoader(options: McpToolLoaderOptions = {}): ClosableMcpToolLoader {
  const logger = options.logger ?? noopLogger;
  const stderr = options.stdioStderr ?? 'inherit';
  const instance = randomUUID();
  const cache = new Map<string, CacheEntry>();
  let closed = false;

  const entryFor = (key: string, definitions: Record<string, MastraMCPServerDefinition>): CacheEntry => {
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    // A unique id per loader and key: MCPClient keeps a process-wide instance registry by id,
    // and disconnects a registered instance when another one with the same id but a different
    // configuration is created. Ids never collide across tokens or loaders.
    const client = new (options.mcpClientClass ?? MCPClient)({ id: `tool-search-reference:${instance}:${key}`, servers: definitions });
    client.__setLogger(logger);
    const entry: CacheEntry = { client };
    cache.set(key, entry);
    return entry;
  };

  return {
    get openConnections() {
      return cache.size;
    },

    async loadServerTools(client: McpClientConfigLike & { id: string }, request: { authToken?: string }): Promise<McpLoadResult> {
      if (closed) throw new Error('This MCP tool loader is closed; create a new one with createMcpToolLoader().');
      const diagnostics: ResolutionDiagnostic[] = [];
      const token = request.authToken === undefined || request.authToken === '' ? undefined : request.authToken;
      // Unlike @mastra/editor 0.14.0 (r[mcp.auth.token-syntax]): it copies any token into the header, so a token with
      // a line break fails inside fetch.
      const tokenUsable = token === undefined || isValidBearerToken(token);

      // Validate each stored server. 2. Skip HTTP servers when the token is unusable.
      const servers: Record<string, StoredMcpServer> = {};
      for (const [serverName, raw] of Object.entries(client.servers)) {
        const parsed = storedMcpServerSchema.safeParse(raw);
        if (!parsed.success) {
          const where = parsed.error.issues
            .map((i) => {
              const path = formatPath(['servers', serverName, ...i.path]);
              return i.code === 'unrecognized_keys' ? `${path}: unknown key(s) ${i.keys.join(', ')}` : `${path}: ${i.message}`;
            })
            .join('; ');
          diagnostics.push(
            diagnostic(
              'mcp-server-invalid-config',
              client.id,
              serverName,
              `MCP server "${serverName}" of client "${client.id}" has an invalid stored config (${where}); fix it with mcp.update().`,
            ),
          );
          continue;
        }
        if (parsed.data.type === 'http' && !tokenUsable) {
          diagnostics.push(
            diagnostic(
              'mcp-auth-token-invalid',
              client.id,
              serverName,
              `The request's mastra__authToken cannot be sent as "Authorization: Bearer" (RFC 6750 b64token characters only), so HTTP server "${serverName}" of client "${client.id}" was not contacted; fix the token the caller sends.`,
            ),
          );
          continue;
        }
        servers[serverName] = parsed.data;
      }
      const names = Object.keys(servers);
      if (names.length === 0) return { servers: {}, diagnostics };

      // One MCPClient per (transport content, token).
      const sendToken = tokenUsable ? token : undefined;
      const definitions: Record<string, MastraMCPServerDefinition> = {};
      for (const name of names) definitions[name] = toMcpServerDefinition(servers[name]!, sendToken, stderr, options.httpConnectTimeoutMs);
      // Unlike @mastra/editor 0.14.0 (r[mcp.isolation.connection-key]): it creates new MCPClient({ id: clientId }) per
      // resolution, so each caller's client disconnects the previous one.
      const { client: mcp } = entryFor(connectionKey(servers, sendToken), definitions);

      // Tools per server, bare names.
      const listed =
        options.discoveryTimeoutMs === undefined
          ? await mcp.listToolsetsWithErrors()
          : await mcp.listToolsetsWithErrors({ perServerTimeoutMs: options.discoveryTimeoutMs });
      const out: Record<string, Record<string, ToolLike>> = {};
      for (const name of names) {
        const toolset = listed.toolsets[name];
        if (toolset !== undefined) {
          const tools: Record<string, ToolLike> = {};
          for (const [toolName, tool] of Object.entries(toolset)) tools[toolName] = tool as unknown as ToolLike;
          out[name] = tools;
          continue;
        }
        // A failed server: a diagnostic, the others still count.
        const error = listed.errors[name] ?? 'the server returned no tool list';
        diagnostics.push(
          diagnostic(
            'mcp-server-unavailable',
            client.id,
            name,
            `MCP server "${name}" of client "${client.id}" did not load: ${firstLine(error)}. Check its stored ${servers[name]!.type === 'stdio' ? 'command and args' : 'url'} and that it is running.`,
            listed.errorDetails[name],
          ),
        );
      }
      return { servers: out, diagnostics };
    },

    async close() {
      closed = true;
      const entries = [...cache.values()];
      cache.clear();
      await Promise.allSettled(entries.map((e) => e.client.disconnect()));
    },
  };
}

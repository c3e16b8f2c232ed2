/**
 * The MCP tool loader: reaches the servers of a stored MCP client through `@mastra/mcp`'s
 * `MCPClient`, one pooled connection per server, and returns their raw tools per server, with
 * structured diagnostics.
 *
 * @see r[mcp.loader.shape] r[mcp.loader.failure] r[mcp.isolation.connection-key]
 *   r[mcp.isolation.close] r[mcp.pool.bounded]
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
import { serverConnectionKey } from '../../editor/mcp/connection-key.js';
import { createConnectionPool, type ConnectionPoolStats, type PoolEntry } from '../../editor/mcp/connection-pool.js';
import { withExecute } from '../../editor/tool-like.js';
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
  /**
   * Open server connections kept at most (a positive integer); least recently used ones are
   * closed beyond. Connections in use by a load or a tool call are never closed, so the count
   * goes above only while more than this many run at once. Default 32
   * (`DEFAULT_MAX_CONNECTIONS`).
   *
   * @see r[mcp.pool.bounded]
   */
  maxConnections?: number;
  /**
   * Milliseconds without use after which a connection is closed; 0 keeps idle connections
   * until evicted or `close()`. Default 300 000 (five minutes, `DEFAULT_IDLE_TIMEOUT_MS`).
   *
   * @see r[mcp.pool.idle]
   */
  idleTimeoutMs?: number;
  /** Clock of the idle timeout, in milliseconds. Default `Date.now`. */
  clock?: () => number;
}

/** Counters of a loader's connections (those of its pool; `failed`: servers that did not connect or list their tools). */
export type McpConnectionStats = ConnectionPoolStats;

/** An {@link McpToolLoader} that owns connections and must be closed. */
export interface ClosableMcpToolLoader extends McpToolLoader {
  /** Number of open server connections (one `MCPClient` each). */
  readonly openConnections: number;
  /** Counts the loader's connections. */
  connectionStats(): McpConnectionStats;
  /** Closes the connections idle for longer than `idleTimeoutMs` now; returns how many. */
  closeIdleConnections(): number;
  /** Disconnects every `MCPClient` (ending stdio subprocesses); later loads and tool calls throw. */
  close(): Promise<void>;
}

/** A single-server `MCPClient`; disconnecting it also ends its SSE fallback's event stream for good. */
interface ServerClient {
  readonly mcp: McpClientLike;
  disconnect(): Promise<void>;
}

/** One server's connection in the pool. */
type Connection = PoolEntry<ServerClient>;

/** What one server's discovery gave. */
type Listed = { tools: Record<string, ToolLike> } | { error: string; cause: unknown };

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

function defineOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Creates an MCP tool loader.
 *
 * `loadServerTools(client, { authToken })`:
 * 1. Validate every stored server of `client`; an invalid one, or one named `__proto__`, yields
 *    `mcp-server-invalid-config` and is skipped.
 * 2. If a token is given and it is not a valid Bearer token, every HTTP server of the client
 *    yields `mcp-auth-token-invalid` and is skipped; stdio servers still load.
 * 3. For each server, concurrently: take the pooled connection of its key (server name,
 *    transport content, and the token for an HTTP server only), or open one (a single-server
 *    `MCPClient`; HTTP servers carry the token, stdio servers never).
 * 4. List its tools (`listToolsetsWithErrors`): tools come back keyed by the server's own (bare)
 *    tool names; each tool's `id` is `serverName_toolName` as `@mastra/mcp` builds it. Each
 *    returned tool runs its calls through the pool, on the live connection of its key.
 * 5. A server that failed yields `mcp-server-unavailable` and its connection is closed and
 *    forgotten, so the next load retries it; the other servers' tools are returned.
 *
 * @see r[mcp.loader.shape] r[mcp.loader.failure] r[mcp.loader.partial] r[mcp.loader.retry]
 *   r[mcp.loader.invalid-server] r[mcp.isolation.connection-key] r[mcp.pool.bounded]
 *   r[mcp.pool.idle] r[mcp.pool.in-use] r[mcp.pool.failed] r[mcp.pool.tool-calls]
 *   r[mcp.isolation.close] r[mcp.auth.http-bearer] r[mcp.auth.stdio-never] r[mcp.auth.token-syntax]
 */
export function createMcpToolLoader(options: McpToolLoaderOptions = {}): ClosableMcpToolLoader {
  const logger = options.logger ?? noopLogger;
  const stderr = options.stdioStderr ?? 'inherit';
  const instance = randomUUID();
  const pool = createConnectionPool<ServerClient>({
    ...(options.maxConnections === undefined ? {} : { maxConnections: options.maxConnections }),
    ...(options.idleTimeoutMs === undefined ? {} : { idleTimeoutMs: options.idleTimeoutMs }),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
  });
  let generation = 0;
  let closed = false;
  /** The latest listing of each live connection, for tool calls on a reopened connection. */
  const listings = new WeakMap<Connection, Promise<Listed>>();

  // A unique id per connection: MCPClient keeps a process-wide instance registry by id, returns
  // the registered instance for an equal configuration, and disconnects a registered instance
  // when another one with the same id but a different configuration is created.
  const open = (key: string, serverName: string, server: StoredMcpServer, token: string | undefined) => (): ServerClient => {
    const state = { closed: false };
    const servers: Record<string, MastraMCPServerDefinition> = {};
    defineOwn(servers, serverName, toMcpServerDefinition(server, token, stderr, options.httpConnectTimeoutMs, () => state.closed));
    const mcp = new (options.mcpClientClass ?? MCPClient)({ id: `tool-search-reference:${instance}:${key}:${++generation}`, servers });
    mcp.__setLogger(logger);
    return {
      mcp,
      disconnect() {
        state.closed = true;
        return mcp.disconnect();
      },
    };
  };

  /**
   * Lists one connection's tools; a failure closes and forgets the connection. The latest
   * listing of each connection is remembered for tool calls that reopened it.
   */
  const list = (connection: Connection, serverName: string): Promise<Listed> => {
    const listing = (async (): Promise<Listed> => {
      const listed =
        options.discoveryTimeoutMs === undefined
          ? await connection.client.mcp.listToolsetsWithErrors()
          : await connection.client.mcp.listToolsetsWithErrors({ perServerTimeoutMs: options.discoveryTimeoutMs });
      const toolset = Object.hasOwn(listed.toolsets, serverName) ? listed.toolsets[serverName] : undefined;
      if (toolset !== undefined) return { tools: toolset as unknown as Record<string, ToolLike> };
      // r[mcp.pool.failed]: a failed connection is never kept.
      await pool.discard(connection);
      const error = (Object.hasOwn(listed.errors, serverName) ? listed.errors[serverName] : undefined) ?? 'the server returned no tool list';
      return { error, cause: Object.hasOwn(listed.errorDetails, serverName) ? listed.errorDetails[serverName] : undefined };
    })();
    listings.set(connection, listing);
    return listing;
  };

  /**
   * A tool whose calls run on the live connection of its key: the connection it was listed on
   * while that stays open, else a reopened one (r[mcp.pool.tool-calls]).
   */
  const pooledTool = (key: string, serverName: string, toolName: string, create: () => ServerClient, origin: Connection, tool: ToolLike): ToolLike =>
    withExecute(tool, async (original, input, context) => {
      if (closed) throw new Error(`MCP tool "${toolName}" of server "${serverName}" cannot run: its loader is closed.`);
      return pool.use(key, create, async (connection) => {
        if (connection === origin) return original(input, context);
        const listed = await (listings.get(connection) ?? list(connection, serverName));
        if ('error' in listed) throw new Error(`MCP server "${serverName}" did not reconnect for tool "${toolName}": ${firstLine(listed.error)}`);
        const live = Object.hasOwn(listed.tools, toolName) ? (listed.tools[toolName] as { execute?: (input: unknown, context: unknown) => Promise<unknown> }) : undefined;
        if (typeof live?.execute !== 'function') throw new Error(`MCP server "${serverName}" no longer offers tool "${toolName}".`);
        return live.execute(input, context);
      });
    });

  return {
    get openConnections() {
      return pool.stats().open;
    },

    connectionStats() {
      return pool.stats();
    },

    closeIdleConnections() {
      return pool.sweepIdle();
    },

    async loadServerTools(client: McpClientConfigLike & { id: string }, request: { authToken?: string }): Promise<McpLoadResult> {
      if (closed) throw new Error('This MCP tool loader is closed; create a new one with createMcpToolLoader().');
      const diagnostics: ResolutionDiagnostic[] = [];
      const token = request.authToken === undefined || request.authToken === '' ? undefined : request.authToken;
      // Unlike @mastra/editor 0.14.0 (r[mcp.auth.token-syntax]): it copies any token into the header, so a token with
      // a line break fails inside fetch.
      const tokenUsable = token === undefined || isValidBearerToken(token);

      // Validate each stored server. 2. Skip HTTP servers when the token is unusable.
      const servers: Array<readonly [string, StoredMcpServer]> = [];
      for (const [serverName, raw] of Object.entries(client.servers)) {
        if (serverName === '__proto__') {
          // r[mcp.schema.own-keys]: @mastra/mcp assigns server names as keys of plain objects.
          diagnostics.push(
            diagnostic(
              'mcp-server-invalid-config',
              client.id,
              serverName,
              `MCP server "__proto__" of client "${client.id}" cannot be loaded: @mastra/mcp keys its results by server name in plain objects, where "__proto__" is not a key; rename the server with mcp.update().`,
            ),
          );
          continue;
        }
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
        servers.push([serverName, parsed.data]);
      }
      if (servers.length === 0) return { servers: {}, diagnostics };

      // One pooled connection per server; 4. its tools, bare names.
      const sendToken = tokenUsable ? token : undefined;
      const results = await Promise.all(
        servers.map(async ([serverName, server]) => {
          // Unlike @mastra/editor 0.14.0 (r[mcp.isolation.connection-key]): it creates new MCPClient({ id: clientId }) per
          // resolution, so each caller's client disconnects the previous one.
          const key = serverConnectionKey(serverName, server, server.type === 'http' ? sendToken : undefined);
          const create = open(key, serverName, server, sendToken);
          return pool.use(key, create, async (connection) => {
            const listed = await list(connection, serverName);
            if ('error' in listed) return listed;
            const tools: Record<string, ToolLike> = {};
            for (const [toolName, tool] of Object.entries(listed.tools)) {
              defineOwn(tools, toolName, pooledTool(key, serverName, toolName, create, connection, tool));
            }
            return { tools };
          });
        }),
      );
      const out: Record<string, Record<string, ToolLike>> = {};
      for (const [i, [serverName, server]] of servers.entries()) {
        const result = results[i]!;
        if ('tools' in result) {
          defineOwn(out, serverName, result.tools);
          continue;
        }
        // A failed server: a diagnostic, the others still count.
        diagnostics.push(
          diagnostic(
            'mcp-server-unavailable',
            client.id,
            serverName,
            `MCP server "${serverName}" of client "${client.id}" did not load: ${firstLine(result.error)}. Check its stored ${server.type === 'stdio' ? 'command and args' : 'url'} and that it is running.`,
            result.cause,
          ),
        );
      }
      return { servers: out, diagnostics };
    },

    async close() {
      closed = true;
      await pool.close();
    },
  };
}

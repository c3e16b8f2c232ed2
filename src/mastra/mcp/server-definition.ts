/**
 * Converts a stored server definition into the server definition `@mastra/mcp`'s `MCPClient`
 * expects, adding the caller's token to HTTP servers only.
 *
 * @see r[mcp.transport.stdio] r[mcp.transport.http] r[mcp.auth.http-bearer] r[mcp.auth.stdio-never]
 * @module
 */
import type { MastraMCPServerDefinition } from '@mastra/mcp';
import type { StoredMcpServer } from '../../editor/mcp/schema.js';

/** How a stdio server's stderr is handled (Node's `child_process.spawn` semantics). */
export type StdioStderr = 'inherit' | 'pipe' | 'ignore';

/**
 * RFC 6750 `b64token`: the only characters a Bearer token may contain.
 *
 * @see r[mcp.auth.token-syntax]
 */
const B64_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/**
 * Whether `token` can be sent as `Authorization: Bearer <token>`.
 *
 * @see r[mcp.auth.token-syntax]
 */
export function isValidBearerToken(token: string): boolean {
  return B64_TOKEN.test(token);
}

/**
 * Builds the `MCPClient` definition of one stored server.
 *
 * 1. A stdio server gets `command`, `args`, `env` and `timeout` as stored, and nothing else:
 *    never the caller's token, in no field and in no environment variable.
 * 2. An HTTP server gets `url` (parsed) and `timeout`; when `authToken` is given, every
 *    request of its transport carries `Authorization: Bearer <authToken>` through `requestInit`.
 *
 * @param server - the validated stored server.
 * @param authToken - the caller's token, already checked with {@link isValidBearerToken}.
 * @param stderr - stderr handling for stdio servers.
 * @param httpConnectTimeoutMs - `@mastra/mcp`'s `connectTimeout` for HTTP servers (its default: 3000 ms):
 *   after it, `@mastra/mcp` 1.x tries its SSE fallback and 2.x (which has none) gives up.
 * @param isClosed - when given, tells whether the loader has closed this connection: the SSE
 *   fallback's event stream then answers HTTP 204, which ends its reconnection for good
 *   (r[mcp.pool.failed]; `@mastra/mcp` 1.x leaves the event stream of a failed connection
 *   reconnecting every 3 s otherwise).
 * @see r[mcp.transport.stdio] r[mcp.transport.http] r[mcp.auth.http-bearer] r[mcp.auth.stdio-never]
 */
export function toMcpServerDefinition(
  server: StoredMcpServer,
  authToken: string | undefined,
  stderr: StdioStderr,
  httpConnectTimeoutMs?: number,
  isClosed?: () => boolean,
): MastraMCPServerDefinition {
  if (server.type === 'stdio') {
    // stdio: stored fields only.
    return {
      command: server.command,
      ...(server.args === undefined ? {} : { args: [...server.args] }),
      ...(server.env === undefined ? {} : { env: { ...server.env } }),
      ...(server.timeout === undefined ? {} : { timeout: server.timeout }),
      stderr,
    };
  }
  // http: url, timeout, and the bearer header when a token is present.
  return {
    url: new URL(server.url),
    ...(server.timeout === undefined ? {} : { timeout: server.timeout }),
    ...(httpConnectTimeoutMs === undefined ? {} : { connectTimeout: httpConnectTimeoutMs }),
    // Unlike @mastra/editor 0.14.0 (r[mcp.auth.http-bearer]): the Editor resolves a stored standalone agent once,
    // without a request, so its HTTP servers never get a caller's token.
    ...(authToken === undefined ? {} : { requestInit: { headers: { Authorization: `Bearer ${authToken}` } } }),
    ...(isClosed === undefined
      ? {}
      : {
          eventSourceInit: {
            fetch: (url: string | URL, init?: RequestInit) =>
              isClosed() ? Promise.resolve(new Response(null, { status: 204 })) : globalThis.fetch(url, init),
          },
        }),
  };
}

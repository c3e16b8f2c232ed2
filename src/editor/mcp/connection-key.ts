/**
 * The keys of the loader's connections.
 *
 * @see r[mcp.isolation.connection-key]
 * @module
 */
import { createHash } from 'node:crypto';
import type { StoredMcpServer } from './schema.js';

/** Sorted-key copy for hashing; keys are defined as own properties, so `__proto__` counts too. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      Object.defineProperty(out, key, { value: canonical((value as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

/**
 * The key of one server's connection: the server name, its transport content (everything but
 * the `tools` allow-list), and, for an HTTP server only, the caller's token or its absence. A
 * stdio server never receives the token (r[mcp.auth.stdio-never]), so its key leaves it out and
 * one subprocess serves every caller.
 *
 * @param serverName - the server's name in its stored client (tool ids are `serverName_toolName`)
 * @param server - the validated stored server
 * @param authToken - the token sent to HTTP servers, if any
 * @see r[mcp.isolation.connection-key]
 */
export function serverConnectionKey(serverName: string, server: StoredMcpServer, authToken: string | undefined): string {
  const { tools: _tools, ...transport } = server;
  return createHash('sha256')
    .update(JSON.stringify([serverName, canonical(transport)]))
    .update('\u0000')
    .update(server.type === 'stdio' ? '\u0000stdio' : authToken === undefined ? '\u0000no-token' : `token:${authToken}`)
    .digest('hex');
}

/**
 * Hashes the transport content of a client's servers together with the caller's token.
 *
 * @deprecated The loader keys each server's connection with {@link serverConnectionKey}; this
 *   key of a whole server set is kept for callers that used it.
 * The `tools` allow-lists and descriptions are left out: they filter and relabel tools but do
 * not change a connection. Two calls share a connection only when both the transport content and
 * the token (or its absence) are equal.
 *
 * @see r[mcp.isolation.connection-key]
 */
export function connectionKey(servers: Readonly<Record<string, StoredMcpServer>>, authToken: string | undefined): string {
  const transport: Record<string, unknown> = {};
  for (const [name, server] of Object.entries(servers)) {
    const { tools: _tools, ...rest } = server;
    Object.defineProperty(transport, name, { value: rest, enumerable: true, writable: true, configurable: true });
  }
  return createHash('sha256')
    .update(JSON.stringify(canonical(transport)))
    .update('\u0000')
    .update(authToken === undefined ? '\u0000no-token' : `token:${authToken}`)
    .digest('hex');
}

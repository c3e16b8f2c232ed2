/**
 * The key of the loader's connection cache.
 *
 * @see r[mcp.isolation.connection-key]
 * @module
 */
import { createHash } from 'node:crypto';
import type { StoredMcpServer } from './schema.js';

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = canonical((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/**
 * Hashes the transport content of a client's servers together with the caller's token.
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
    transport[name] = rest;
  }
  return createHash('sha256')
    .update(JSON.stringify(canonical(transport)))
    .update('\u0000')
    .update(authToken === undefined ? '\u0000no-token' : `token:${authToken}`)
    .digest('hex');
}

/**
 * Edges of the loader's connection keys that the mutation run of the `editor` scope found
 * untested (the loader tests that use them run in the `mcp` projects only): which servers and
 * tokens share a key. A key is an opaque string; only which keys are equal matters, so every test
 * compares keys and never pins a digest.
 */
import { describe, expect, it } from 'vitest';
import { connectionKey, serverConnectionKey, type StoredMcpServer } from '../../src/editor/index.js';

const stdio: StoredMcpServer = { type: 'stdio', command: 'node', args: ['server.js', '--port', '1'], env: { A: '1', B: '2' }, timeout: 5 };
const http: StoredMcpServer = { type: 'http', url: 'https://example.com/mcp', timeout: 5 };

describe('serverConnectionKey', () => {
  it('[mcp.isolation.connection-key] a key is a string, equal for equal transport content whatever the key order', () => {
    const key = serverConnectionKey('docs', stdio, undefined);
    expect(typeof key).toBe('string');
    // The same content written in another key order, at the top level and inside env.
    const reordered = { timeout: 5, env: { B: '2', A: '1' }, args: ['server.js', '--port', '1'], command: 'node', type: 'stdio' } as StoredMcpServer;
    expect(serverConnectionKey('docs', reordered, undefined)).toBe(key);
    // The tools allow-list filters tools, it does not change the connection.
    expect(serverConnectionKey('docs', { ...stdio, tools: { search: { description: 'd' } } }, undefined)).toBe(key);
  });

  it('[mcp.isolation.connection-key] another server name or any other transport field gives another key', () => {
    const key = serverConnectionKey('docs', stdio, undefined);
    expect(serverConnectionKey('other', stdio, undefined)).not.toBe(key);
    const variants: StoredMcpServer[] = [
      { ...stdio, command: 'deno' },
      { ...stdio, args: ['server.js', '--port', '2'] },
      { ...stdio, args: ['--port', 'server.js', '1'] },
      { ...stdio, env: { A: '1', B: '3' } },
      { ...stdio, env: { A: '1' } },
      { ...stdio, timeout: 6 },
    ];
    const keys = variants.map((s) => serverConnectionKey('docs', s, undefined));
    expect(new Set([key, ...keys]).size).toBe(variants.length + 1);
    // Two HTTP servers at other URLs are two connections.
    expect(serverConnectionKey('web', { ...http, url: 'https://example.org/mcp' }, 't')).not.toBe(serverConnectionKey('web', http, 't'));
  });

  it('[mcp.isolation.connection-key] [mcp.auth.stdio-never] a stdio key leaves the token out; an HTTP key holds the token or its absence', () => {
    // One subprocess for every caller of a stdio server.
    expect(serverConnectionKey('docs', stdio, 't')).toBe(serverConnectionKey('docs', stdio, undefined));
    expect(serverConnectionKey('docs', stdio, 't')).toBe(serverConnectionKey('docs', stdio, 'u'));
    // One HTTP connection per token, and one for no token, which is not the token "undefined".
    const keys = [undefined, 't', 'u', 'undefined', ''].map((token) => serverConnectionKey('web', http, token));
    expect(new Set(keys).size).toBe(keys.length);
    expect(serverConnectionKey('web', http, 't')).toBe(serverConnectionKey('web', { ...http }, 't'));
  });
});

describe('connectionKey (deprecated key of a whole server set)', () => {
  const servers: Record<string, StoredMcpServer> = { docs: stdio, web: http };

  it('[mcp.isolation.connection-key] a key is a string, equal for equal transport content and token whatever the key order', () => {
    const key = connectionKey(servers, 't');
    expect(typeof key).toBe('string');
    const reordered = {
      web: { timeout: 5, url: 'https://example.com/mcp', type: 'http' },
      docs: { env: { B: '2', A: '1' }, type: 'stdio', timeout: 5, command: 'node', args: ['server.js', '--port', '1'], tools: { x: {} } },
    } as Record<string, StoredMcpServer>;
    expect(connectionKey(reordered, 't')).toBe(key);
  });

  it('[mcp.isolation.connection-key] other servers, other transport content or another token give another key', () => {
    const keys = [
      connectionKey(servers, 't'),
      connectionKey(servers, 'u'),
      connectionKey(servers, undefined),
      connectionKey(servers, 'undefined'),
      connectionKey(servers, ''),
      connectionKey({ docs: stdio }, 't'),
      connectionKey({ docs: { ...stdio, command: 'deno' }, web: http }, 't'),
      connectionKey({ docs: stdio, web: { ...http, url: 'https://example.org/mcp' } }, 't'),
      connectionKey({ main: stdio, web: http }, 't'),
      connectionKey({}, 't'),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});

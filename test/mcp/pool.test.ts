import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredMcpServer } from '../../src/editor/mcp/index.js';
import { createMcpToolLoader } from '../../src/mastra/mcp/index.js';
import { startHttpMcpFixture, type HttpMcpFixture } from './fixtures/http-server.js';
import { raiseListenerLimit } from './support/listeners.js';
import { callText, fixtureServer, isAlive } from './support/servers.js';

let http: HttpMcpFixture;
let restore: () => void;
beforeAll(async () => {
  restore = raiseListenerLimit(64);
  http = await startHttpMcpFixture();
});
afterAll(async () => {
  await http.close();
  restore();
});

const signalListeners = () => process.listenerCount('SIGTERM') + process.listenerCount('SIGHUP');
/** `@mastra/mcp`'s exit hook installs one process-wide SIGTERM listener of its own, once. */
const EXIT_HOOK = 1;

/** Waits (bounded, by count of turns) until `done()` holds; background disconnects settle. */
async function eventually(done: () => boolean): Promise<boolean> {
  for (let i = 0; i < 250 && !done(); i++) await new Promise((r) => setTimeout(r, 20));
  return done();
}

describe('MCP loader connection bounds over real servers', () => {
  it('[mcp.pool.bounded] [mcp.pool.tool-calls] 120 caller tokens leave at most maxConnections clients and signal listeners; evicted tools still call with their token', async () => {
    const before = signalListeners();
    const loader = createMcpToolLoader({ maxConnections: 8, stdioStderr: 'ignore' });
    try {
      const client = { id: 'remote', name: 'Remote', servers: { remote: { type: 'http', url: http.url } as StoredMcpServer } };
      const tools = [];
      for (let i = 0; i < 120; i++) {
        const { servers, diagnostics } = await loader.loadServerTools(client, { authToken: `caller-${i}` });
        expect(diagnostics).toEqual([]);
        tools.push(servers['remote']!['whoami']);
      }
      expect(loader.openConnections).toBe(8);
      expect(loader.connectionStats()).toMatchObject({ open: 8, created: 120, evicted: 112 });
      expect(await eventually(() => signalListeners() <= before + EXIT_HOOK + 2 * 8)).toBe(true);
      // A tool of an evicted connection reopens one for its own token.
      for (const i of [0, 57, 119]) {
        expect(JSON.parse(await callText(tools[i], { nonce: `n${i}` }))).toEqual({ nonce: `n${i}`, authorization: `Bearer caller-${i}` });
      }
      expect(loader.openConnections).toBe(8);
    } finally {
      await loader.close();
    }
    expect(await eventually(() => signalListeners() <= before + EXIT_HOOK)).toBe(true);
  });

  it('[mcp.isolation.connection-key] [mcp.auth.stdio-never] a stdio server is one subprocess for every caller token', async () => {
    const loader = createMcpToolLoader({ stdioStderr: 'ignore' });
    try {
      const client = { id: 'local', name: 'Local', servers: { fix: fixtureServer(), remote: { type: 'http', url: http.url } as StoredMcpServer } };
      const pids = new Set<string>();
      for (let i = 0; i < 20; i++) {
        const { servers } = await loader.loadServerTools(client, { authToken: `caller-${i}` });
        pids.add(await callText(servers['fix']!['pid'], {}));
        expect(JSON.parse(await callText(servers['remote']!['whoami'], { nonce: 'x' })).authorization).toBe(`Bearer caller-${i}`);
      }
      expect(pids.size).toBe(1);
      // One stdio connection and one HTTP connection per token.
      expect(loader.connectionStats()).toMatchObject({ open: 21, created: 21 });
    } finally {
      await loader.close();
    }
  });

  it('[mcp.pool.failed] [mcp.loader.retry] a failed server leaves no open connection and is tried again at the next load', async () => {
    const loader = createMcpToolLoader({ stdioStderr: 'ignore' });
    try {
      const client = { id: 'broken', name: 'Broken', servers: { gone: { type: 'stdio', command: process.execPath, args: ['-e', 'process.exit(3)'] } as StoredMcpServer } };
      for (let i = 0; i < 5; i++) {
        const { diagnostics } = await loader.loadServerTools(client, { authToken: `t${i}` });
        expect(diagnostics.map((d) => d.code)).toEqual(['mcp-server-unavailable']);
      }
      expect(loader.connectionStats()).toMatchObject({ open: 0, created: 5, failed: 5 });
    } finally {
      await loader.close();
    }
  });

  it('[mcp.pool.failed] a failed HTTP connection leaves no SSE event stream reconnecting behind (counted requests)', async () => {
    // Streamable HTTP gets 404 (so @mastra/mcp 1.x falls back to SSE); the SSE stream's GET is cut
    // off, a network error after which an event stream would reconnect every 3 s.
    let streamRequests = 0;
    const server = createServer((req, res) => {
      if (req.method === 'GET') {
        streamRequests++;
        req.socket.destroy();
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    const loader = createMcpToolLoader({ stdioStderr: 'ignore' });
    try {
      const { diagnostics } = await loader.loadServerTools({ id: 'sse', name: 'SSE', servers: { down: { type: 'http', url, timeout: 1000 } } }, {});
      expect(diagnostics.map((d) => d.code)).toEqual(['mcp-server-unavailable']);
      expect(loader.connectionStats()).toMatchObject({ open: 0, failed: 1 });
      const seen = streamRequests;
      await new Promise((r) => setTimeout(r, 3_500)); // longer than the event stream's 3 s retry
      expect(streamRequests).toBeLessThanOrEqual(seen + 1); // at most the one reconnection already under way
      const settledCount = streamRequests;
      await new Promise((r) => setTimeout(r, 3_500));
      expect(streamRequests).toBe(settledCount);
    } finally {
      await loader.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('[mcp.pool.idle] a connection idle beyond idleTimeoutMs is closed (its subprocess ends); its tools reopen one', async () => {
    let now = 0;
    const loader = createMcpToolLoader({ stdioStderr: 'ignore', idleTimeoutMs: 60_000, clock: () => now });
    try {
      const { servers } = await loader.loadServerTools({ id: 'idle', name: 'Idle', servers: { fix: fixtureServer() } }, {});
      const pid = Number(await callText(servers['fix']!['pid'], {}));
      now += 60_001;
      expect(loader.closeIdleConnections()).toBe(1);
      expect(loader.openConnections).toBe(0);
      expect(await eventually(() => !isAlive(pid))).toBe(true);
      const again = Number(await callText(servers['fix']!['pid'], {}));
      expect(again).not.toBe(pid);
      expect(loader.connectionStats()).toMatchObject({ open: 1, created: 2, idleClosed: 1 });
    } finally {
      await loader.close();
    }
  });

  it('[mcp.isolation.close] [mcp.pool.tool-calls] after close() a loaded tool throws instead of reconnecting', async () => {
    const loader = createMcpToolLoader({ stdioStderr: 'ignore' });
    const { servers } = await loader.loadServerTools({ id: 'c', name: 'C', servers: { fix: fixtureServer() } }, {});
    await loader.close();
    await expect(callText(servers['fix']!['add'], { a: 1, b: 2 })).rejects.toThrow(/loader is closed/);
  });

  it('[mcp.schema.own-keys] [mcp.loader.partial] a stdio server named __proto__ is reported by name; the client\'s other servers load', async () => {
    const loader = createMcpToolLoader({ stdioStderr: 'ignore' });
    try {
      const servers = JSON.parse('{}') as Record<string, StoredMcpServer>;
      Object.defineProperty(servers, '__proto__', { value: fixtureServer(), enumerable: true });
      servers['ok'] = fixtureServer();
      const loaded = await loader.loadServerTools({ id: 'proto', name: 'Proto', servers }, {});
      expect(loaded.diagnostics).toHaveLength(1);
      expect(loaded.diagnostics[0]).toMatchObject({ code: 'mcp-server-invalid-config', serverName: '__proto__', clientId: 'proto' });
      expect(loaded.diagnostics[0]!.message).toMatch(/"__proto__".*rename the server/);
      expect(Object.keys(loaded.servers)).toEqual(['ok']);
      expect(Object.getPrototypeOf(loaded.servers)).toBe(Object.prototype);
      expect(await callText(loaded.servers['ok']!['add'], { a: 20, b: 22 })).toBe('42');
    } finally {
      await loader.close();
    }
  });
});

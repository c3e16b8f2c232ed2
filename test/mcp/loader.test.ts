import { createServer } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectionKey, type StoredMcpServer } from '../../src/editor/mcp/index.js';
import { createMcpToolLoader, toMcpServerDefinition } from '../../src/mastra/mcp/index.js';
import { startHttpMcpFixture } from './fixtures/http-server.js';
import { useHttpFixtureAndLoader } from './support/http-loader.js';
import { callText, everythingEntryPath, fixtureServer, isAlive } from './support/servers.js';

const suite = useHttpFixtureAndLoader(64, { stdioStderr: 'ignore' });
let deadUrl: string;

async function unusedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/mcp`;
}

function httpServer(url = suite.http.url): StoredMcpServer {
  return { type: 'http', url };
}

function requestsSince(mark: number) {
  return suite.http.requests.slice(mark);
}

beforeAll(async () => {
  deadUrl = await unusedPortUrl();
});

describe('MCP tool loader over real servers', () => {
  it('[mcp.loader.shape] [mcp.transport.stdio] loads every tool of a stdio server by bare name, ids prefixed by the server name', async () => {
    const { servers, diagnostics } = await suite.loader.loadServerTools(
      { id: 'fix', name: 'Fixture', servers: { my_fix: { ...fixtureServer({ FIXTURE_GREETING: 'hi' }), tools: { add: {} } } } },
      {},
    );
    expect(diagnostics).toEqual([]);
    // No allow-list is applied by the loader: env_dump and echo are here although `tools` lists only add.
    expect(Object.keys(servers['my_fix']!).sort()).toEqual(['add', 'echo', 'env_dump', 'pid']);
    expect(servers['my_fix']!['add']!.id).toBe('my_fix_add');
    expect(servers['my_fix']!['add']!.description).toBe('Add two numbers and return the sum.');
    expect(await callText(servers['my_fix']!['add'], { a: 2, b: 40 })).toBe('42');
    const env = JSON.parse(await callText(servers['my_fix']!['env_dump'], {})) as Record<string, string>;
    expect(env['FIXTURE_GREETING']).toBe('hi');
  });

  it('[mcp.transport.stdio] runs a foreign stdio server (@modelcontextprotocol/server-everything)', async () => {
    const { servers, diagnostics } = await suite.loader.loadServerTools(
      { id: 'everything', name: 'Everything', servers: { everything: { type: 'stdio', command: process.execPath, args: [everythingEntryPath, 'stdio'] } } },
      {},
    );
    expect(diagnostics).toEqual([]);
    const tools = servers['everything']!;
    expect(Object.keys(tools)).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    expect(tools['get-sum']!.id).toBe('everything_get-sum');
    expect(await callText(tools['echo'], { message: 'ping' })).toContain('ping');
  });

  it('[mcp.transport.http] [mcp.auth.http-bearer] reaches a Streamable-HTTP server; every request carries the bearer token', async () => {
    const mark = suite.http.requests.length;
    const { servers, diagnostics } = await suite.loader.loadServerTools(
      { id: 'remote', name: 'Remote', servers: { remote: { ...httpServer(), timeout: 10_000 } } },
      { authToken: 'tok-A.1~x/y+z=' },
    );
    expect(diagnostics).toEqual([]);
    expect(Object.keys(servers['remote']!).sort()).toEqual(['search_docs', 'whoami']);
    const echoed = JSON.parse(await callText(servers['remote']!['whoami'], { nonce: 'bearer-1' }));
    expect(echoed).toEqual({ nonce: 'bearer-1', authorization: 'Bearer tok-A.1~x/y+z=' });
    const seen = requestsSince(mark);
    expect(seen.map((r) => r.rpcMethod)).toEqual(expect.arrayContaining(['initialize', 'tools/list', 'tools/call']));
    for (const r of seen) expect(r.authorization).toBe('Bearer tok-A.1~x/y+z=');
  });

  it('[mcp.auth.no-token] without a token (or with an empty one) no Authorization header is sent', async () => {
    for (const request of [{}, { authToken: '' }]) {
      const mark = suite.http.requests.length;
      const { servers } = await suite.loader.loadServerTools({ id: 'anon', name: 'Anon', servers: { remote: httpServer() } }, request);
      const echoed = JSON.parse(await callText(servers['remote']!['whoami'], { nonce: 'anon' }));
      expect(echoed.authorization).toBeNull();
      const seen = requestsSince(mark);
      expect(seen.length).toBeGreaterThan(0);
      for (const r of seen) expect(r.authorization).toBeUndefined();
    }
  });

  it('[mcp.auth.stdio-never] a stdio server of a client with a token never sees it, in env or definition', async () => {
    const token = 'stdio-must-not-see-this-token';
    const { servers, diagnostics } = await suite.loader.loadServerTools(
      { id: 'mixed', name: 'Mixed', servers: { fix: fixtureServer({ PLAIN: '1' }), remote: httpServer() } },
      { authToken: token },
    );
    expect(diagnostics).toEqual([]);
    const envText = await callText(servers['fix']!['env_dump'], {});
    expect(envText).not.toContain(token);
    expect(JSON.parse(envText)['PLAIN']).toBe('1');
    const definition = toMcpServerDefinition(fixtureServer({ PLAIN: '1' }), token, 'ignore');
    expect(JSON.stringify(definition)).not.toContain(token);
    expect(definition).not.toHaveProperty('requestInit');
    // The HTTP server of the same client does get it.
    const echoed = JSON.parse(await callText(servers['remote']!['whoami'], { nonce: 'mixed' }));
    expect(echoed.authorization).toBe(`Bearer ${token}`);
  });

  it('[mcp.auth.token-syntax] a token that is not a b64token skips HTTP servers with a diagnostic; stdio still loads', async () => {
    for (const bad of ['has space', 'line\r\nX-Injected: 1', 'tok\u00e9n']) {
      const mark = suite.http.requests.length;
      const { servers, diagnostics } = await suite.loader.loadServerTools(
        { id: 'badtok', name: 'Bad token', servers: { fix: fixtureServer(), remote: httpServer() } },
        { authToken: bad },
      );
      expect(Object.keys(servers)).toEqual(['fix']);
      expect(diagnostics).toHaveLength(1);
      expect(diagnostics[0]).toMatchObject({ source: 'mcp', code: 'mcp-auth-token-invalid', clientId: 'badtok', serverName: 'remote' });
      expect(diagnostics[0]!.message).not.toContain(bad);
      expect(requestsSince(mark)).toEqual([]);
    }
  });

  it('[mcp.loader.failure] [mcp.loader.partial] a server that does not start yields a diagnostic; the others still load', async () => {
    const { servers, diagnostics } = await suite.loader.loadServerTools(
      {
        id: 'partly-broken',
        name: 'Partly broken',
        servers: {
          ok: fixtureServer(),
          missing_binary: { type: 'stdio', command: '/nonexistent/tsr-mcp-server' },
          crashes: { type: 'stdio', command: process.execPath, args: ['-e', 'process.exit(3)'] },
          remote_down: { type: 'http', url: deadUrl, timeout: 2000 },
        },
      },
      { authToken: 'secret-token-in-failure' },
    );
    expect(Object.keys(servers)).toEqual(['ok']);
    expect(Object.keys(servers['ok']!).sort()).toEqual(['add', 'echo', 'env_dump', 'pid']);
    const failed = diagnostics.map((d) => d.serverName).sort();
    expect(failed).toEqual(['crashes', 'missing_binary', 'remote_down']);
    for (const d of diagnostics) {
      expect(d).toMatchObject({ source: 'mcp', code: 'mcp-server-unavailable', clientId: 'partly-broken' });
      expect(d.message).toContain(`"${d.serverName!}"`);
      expect(d.message).toContain('"partly-broken"');
      // ...and what to check: the command of a stdio server, the url of an HTTP one.
      expect(d.message).toMatch(d.serverName === 'remote_down' ? /Check its stored url/ : /Check its stored command and args/);
      // Diagnostics never echo the caller's token.
      expect(JSON.stringify({ message: d.message, cause: d.cause })).not.toContain('secret-token-in-failure');
    }
  });

  it('[mcp.loader.retry] a server that was down is reached on the next load once it is up', async () => {
    const url = await unusedPortUrl();
    const client = { id: 'flaky', name: 'Flaky', servers: { later: { type: 'http', url, timeout: 2000 } } };
    const first = await suite.loader.loadServerTools(client, { authToken: 'retry-token' });
    expect(first.servers).toEqual({});
    expect(first.diagnostics.map((d) => d.code)).toEqual(['mcp-server-unavailable']);
    const late = await startHttpMcpFixture(Number(new URL(url).port));
    try {
      const second = await suite.loader.loadServerTools(client, { authToken: 'retry-token' });
      expect(second.diagnostics).toEqual([]);
      const echoed = JSON.parse(await callText(second.servers['later']!['whoami'], { nonce: 'retry' }));
      expect(echoed.authorization).toBe('Bearer retry-token');
    } finally {
      await late.close();
    }
  });

  it('[mcp.loader.invalid-server] an invalid stored server is skipped with a diagnostic naming its path', async () => {
    const { servers, diagnostics } = await suite.loader.loadServerTools(
      {
        id: 'half-valid',
        name: 'Half valid',
        servers: { ok: fixtureServer(), legacy: { type: 'http', url: suite.http.url, headers: { 'X-Api-Key': 'k' } } },
      },
      {},
    );
    expect(Object.keys(servers)).toEqual(['ok']);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ source: 'mcp', code: 'mcp-server-invalid-config', clientId: 'half-valid', serverName: 'legacy' });
    expect(diagnostics[0]!.message).toContain('servers.legacy');
    expect(diagnostics[0]!.message).toContain('headers');
  });

  it('[mcp.isolation.connection-key] one connection per (content, token); tools of one token keep that token', async () => {
    const own = createMcpToolLoader({ stdioStderr: 'ignore' });
    try {
      const client = { id: 'iso', name: 'Iso', servers: { remote: httpServer() } };
      const a1 = await own.loadServerTools(client, { authToken: 'alice' });
      const a2 = await own.loadServerTools({ ...client, servers: { remote: { ...httpServer(), tools: { whoami: {} } } } }, { authToken: 'alice' });
      expect(own.openConnections).toBe(1);
      const b = await own.loadServerTools(client, { authToken: 'bob' });
      const anon = await own.loadServerTools(client, {});
      expect(own.openConnections).toBe(3);
      expect(b.servers['remote']!['whoami']).not.toBe(a1.servers['remote']!['whoami']);
      expect(anon.servers['remote']!['whoami']).not.toBe(b.servers['remote']!['whoami']);
      // Alice's tools, loaded before Bob's, still call with Alice's token.
      expect(JSON.parse(await callText(a1.servers['remote']!['whoami'], { nonce: 'a1' })).authorization).toBe('Bearer alice');
      expect(JSON.parse(await callText(a2.servers['remote']!['whoami'], { nonce: 'a2' })).authorization).toBe('Bearer alice');
      expect(JSON.parse(await callText(b.servers['remote']!['whoami'], { nonce: 'b' })).authorization).toBe('Bearer bob');
      expect(JSON.parse(await callText(anon.servers['remote']!['whoami'], { nonce: 'anon' })).authorization).toBeNull();
    } finally {
      await own.close();
    }
    // The key ignores allow-lists and key order, not tokens or transport fields.
    const s: Record<string, StoredMcpServer> = { x: { type: 'stdio', command: 'node', args: ['a'], env: { A: '1', B: '2' } } };
    const reordered: Record<string, StoredMcpServer> = { x: { env: { B: '2', A: '1' }, args: ['a'], command: 'node', type: 'stdio', tools: { t: {} } } };
    expect(connectionKey(reordered, 't')).toBe(connectionKey(s, 't'));
    expect(connectionKey(s, 't')).not.toBe(connectionKey(s, 'u'));
    expect(connectionKey(s, undefined)).not.toBe(connectionKey(s, 't'));
    expect(connectionKey({ x: { type: 'stdio', command: 'node', args: ['b'] } }, 't')).not.toBe(connectionKey(s, 't'));
  });

  it('[mcp.isolation.close] close() ends stdio subprocesses and later loads throw', async () => {
    const own = createMcpToolLoader({ stdioStderr: 'ignore' });
    const { servers } = await own.loadServerTools({ id: 'closing', name: 'Closing', servers: { fix: fixtureServer() } }, {});
    const pid = Number(await callText(servers['fix']!['pid'], {}));
    expect(isAlive(pid)).toBe(true);
    await own.close();
    expect(own.openConnections).toBe(0);
    // The SDK's stdio transport ends the child on close; wait (bounded) for the OS to reap it.
    for (let i = 0; i < 250 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 20));
    expect(isAlive(pid)).toBe(false);
    await expect(own.loadServerTools({ id: 'closing', name: 'Closing', servers: { fix: fixtureServer() } }, {})).rejects.toThrow(/closed/);
  });
});

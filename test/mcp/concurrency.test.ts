import { describe, expect, it } from 'vitest';
import { useHttpFixtureAndLoader } from './support/http-loader.js';
import { callText } from './support/servers.js';

const CALLERS = 50;

// 50 connections open at once on a shared 2-core CI box: give Streamable HTTP more than
// @mastra/mcp's default 3 s before it would switch to its SSE fallback.
const suite = useHttpFixtureAndLoader(4 * CALLERS, { httpConnectTimeoutMs: 20_000, maxConnections: 2 * CALLERS });

describe('token isolation under concurrency', () => {
  it('[mcp.isolation.concurrent] [mcp.auth.http-bearer] 50 concurrent resolutions with distinct tokens: every call carries its own caller token', async () => {
    const client = { id: 'shared-remote', name: 'Shared remote', servers: { remote: { type: 'http', url: suite.http.url } } };
    const tokens = Array.from({ length: CALLERS }, (_, i) => `caller-${i}.${Math.random().toString(36).slice(2)}`);
    const mark = suite.http.requests.length;

    // Each caller resolves and calls at once; resolutions and calls of all callers interleave.
    const outcomes = await Promise.all(
      tokens.map(async (token, i) => {
        const { servers, diagnostics } = await suite.loader.loadServerTools(client, { authToken: token });
        const whoami = servers['remote']?.['whoami'];
        const calls = [];
        for (let k = 0; k < 2; k++) {
          calls.push(callText(whoami, { nonce: `c${i}-k${k}` }).then((text) => JSON.parse(text) as { nonce: string; authorization: string | null }));
        }
        return { token, diagnostics, replies: await Promise.all(calls) };
      }),
    );

    expect(suite.loader.openConnections).toBe(CALLERS);
    for (const [i, { token, diagnostics, replies }] of outcomes.entries()) {
      expect(diagnostics).toEqual([]);
      // The server saw this caller's token for each of this caller's calls...
      expect(replies).toEqual([
        { nonce: `c${i}-k0`, authorization: `Bearer ${token}` },
        { nonce: `c${i}-k1`, authorization: `Bearer ${token}` },
      ]);
    }
    // ...and so does the server's own request log, call by call.
    const seen = suite.http.requests.slice(mark);
    const calls = seen.filter((r) => r.rpcMethod === 'tools/call');
    expect(calls).toHaveLength(CALLERS * 2);
    for (const call of calls) {
      const caller = Number(/^c(\d+)-k\d$/.exec(call.nonce ?? '')?.[1]);
      expect(call.authorization).toBe(`Bearer ${tokens[caller]!}`);
    }
    // No request at all went out without a token or with a token of nobody.
    const known = new Set(tokens.map((t) => `Bearer ${t}`));
    for (const r of seen) expect(known.has(r.authorization ?? '')).toBe(true);
  });

  it('[mcp.isolation.connection-key] concurrent loads with one token share one connection', async () => {
    const client = { id: 'same-token', name: 'Same token', servers: { remote: { type: 'http', url: suite.http.url } } };
    const before = suite.loader.openConnections;
    const loads = await Promise.all(Array.from({ length: 10 }, () => suite.loader.loadServerTools(client, { authToken: 'same-caller' })));
    expect(suite.loader.openConnections).toBe(before + 1);
    for (const [i, { servers, diagnostics }] of loads.entries()) {
      expect(diagnostics).toEqual([]);
      const reply = JSON.parse(await callText(servers['remote']?.['whoami'], { nonce: `same-${i}` }));
      expect(reply).toEqual({ nonce: `same-${i}`, authorization: 'Bearer same-caller' });
    }
  });
});

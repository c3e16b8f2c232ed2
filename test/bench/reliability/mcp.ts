/**
 * The MCP loader against the real fixture servers of `test/mcp/fixtures`: many caller tokens,
 * stdio subprocesses, and failed connections.
 */
import type { StoredMcpServer } from '../../../src/editor/mcp/index.js';
import { createMcpToolLoader } from '../../../src/mastra/mcp/index.js';
import { startHttpMcpFixture } from '../../mcp/fixtures/http-server.js';
import { callText, fixtureServer } from '../../mcp/support/servers.js';
import { bytes, childProcesses, count, heapAfterGc, settle, signalListeners, table, type Section } from './measure.js';

/** Runs the section. */
export async function mcpSection(quick: boolean): Promise<Section> {
  const tokens = quick ? 500 : 10_000;
  process.setMaxListeners(Math.max(process.getMaxListeners(), 100));
  const http = await startHttpMcpFixture();
  const rows: string[][] = [];
  try {
    // 1. Distinct caller tokens over HTTP.
    const listenersBefore = signalListeners();
    const heapBefore = heapAfterGc();
    const loader = createMcpToolLoader({ stdioStderr: 'ignore' });
    const client = { id: 'remote', name: 'Remote', servers: { remote: { type: 'http', url: http.url } as StoredMcpServer } };
    for (let i = 0; i < tokens; i++) await loader.loadServerTools(client, { authToken: `caller-${i}` });
    await settle(() => signalListeners() <= listenersBefore + 1 + 2 * loader.openConnections);
    const stats = loader.connectionStats();
    rows.push([`${count(tokens)} caller tokens, one HTTP server`, count(stats.open), count(stats.created), count(stats.evicted), `${count(signalListeners() - listenersBefore)}`, bytes(heapAfterGc() - heapBefore), '—']);
    await loader.close();

    // 2. One stdio server (and one HTTP server) of one client, many caller tokens.
    const stdioTokens = quick ? 20 : 200;
    const childrenBefore = childProcesses();
    const local = createMcpToolLoader({ stdioStderr: 'ignore' });
    const pids = new Set<string>();
    const mixed = { id: 'mixed', name: 'Mixed', servers: { fix: fixtureServer(), remote: { type: 'http', url: http.url } as StoredMcpServer } };
    for (let i = 0; i < stdioTokens; i++) {
      const { servers } = await local.loadServerTools(mixed, { authToken: `caller-${i}` });
      pids.add(await callText(servers['fix']!['pid'], {}));
    }
    const localStats = local.connectionStats();
    rows.push([`${count(stdioTokens)} caller tokens, a client with one stdio and one HTTP server`, count(localStats.open), count(localStats.created), count(localStats.evicted), '—', '—', `${count(childProcesses() - childrenBefore)} (${pids.size} distinct stdio pid)`]);
    await local.close();

    // 3. A server that fails at every load.
    const failing = createMcpToolLoader({ stdioStderr: 'ignore' });
    const failures = quick ? 20 : 200;
    const listenersBeforeFailures = signalListeners();
    const broken = { id: 'broken', name: 'Broken', servers: { gone: { type: 'http', url: 'http://127.0.0.1:9/mcp', timeout: 1000 } as StoredMcpServer } };
    for (let i = 0; i < failures; i++) await failing.loadServerTools(broken, { authToken: `t${i}` });
    const failedStats = failing.connectionStats();
    rows.push([`${count(failures)} loads of an HTTP server that is down`, count(failedStats.open), count(failedStats.created), `${count(failedStats.failed)} failed`, `${count(signalListeners() - listenersBeforeFailures)} (left by @mastra/mcp)`, '—', '—']);
    await failing.close();
  } finally {
    await http.close();
  }
  return {
    title: 'MCP loader connections',
    body: [
      'Real servers: the Streamable-HTTP fixture and the stdio fixture of `test/mcp/fixtures`, one loader with the defaults (`maxConnections` 32, `idleTimeoutMs` 5 min) per row.',
      '',
      table(['input', 'open clients after', 'clients created', 'closed (least recently used)', 'process signal listeners added', 'heap retained', 'child processes'], rows),
      '',
      'Before this change (issue 10\'s figures) the loader kept one client per token and client until `close()`: 10 000 tokens left 10 000 open clients (+94 MB, 10 001 signal listeners), cached failed connections, and started one stdio subprocess (≈82 MB) per token.',
      'The listeners of failed connections are registered by `@mastra/mcp` 1.18 before it connects and never removed when connecting fails (see `spec/mcp.md`); no `disconnect()` reaches them.',
      'Comparison with `@mastra/editor` 0.14.0 does not apply: it keys its client by stored client id, so each new token replaces (and disconnects) the previous caller\'s client.',
    ].join('\n'),
  };
}

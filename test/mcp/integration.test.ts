import { RequestContext } from '@mastra/core/request-context';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAgentTools } from '../../src/editor/index.js';
import { createMcpNamespace } from '../../src/editor/mcp/index.js';
import { createMcpToolLoader, type ClosableMcpToolLoader } from '../../src/mastra/mcp/index.js';
import { ToolSearchProcessor } from '../../src/index.js';
import { startHttpMcpFixture, type HttpMcpFixture } from './fixtures/http-server.js';
import { scriptedAgent, scriptedModel } from './support/scripted-agent.js';

let http: HttpMcpFixture;
let loader: ClosableMcpToolLoader;

beforeAll(async () => {
  http = await startHttpMcpFixture();
  loader = createMcpToolLoader();
});

afterAll(async () => {
  await loader.close();
  await http.close();
});

describe('resolved MCP tools in a real Agent with ToolSearchProcessor', () => {
  it('[mcp.isolation.concurrent] [mcp.auth.http-bearer] the model searches, loads and calls an MCP tool; each call carries its caller token', async () => {
    // A stored MCP client (server name with "_") and a stored standalone agent selecting one tool.
    const mcp = createMcpNamespace();
    await mcp.create({ id: 'docs', name: 'Docs', servers: { docs_remote: { type: 'http', url: http.url, tools: {} } } });
    const storedAgent = {
      mcpClients: { docs: { tools: { whoami: { description: 'Tell which credentials the docs server received for this caller' } } } },
    };
    const diagnostics: unknown[] = [];
    // Per-request tool resolution: the request context carries the caller's token.
    const tools = async ({ requestContext }: { requestContext: RequestContext }) => {
      const resolved = await resolveAgentTools(storedAgent, {
        mode: 'standalone',
        mcpClients: (id) => mcp.getById(id),
        mcpLoader: loader,
        requestContext,
      });
      diagnostics.push(...resolved.diagnostics);
      return resolved.tools;
    };
    const processor = new ToolSearchProcessor({ tools: {}, includeResolvedTools: true });

    const run = async (user: string) => {
      const scripted = scriptedModel([
        { toolName: 'search_tools', input: { query: 'which credentials did the docs server receive' } },
        { toolName: 'load_tool', input: { toolName: 'docs_remote_whoami' } },
        { toolName: 'docs_remote_whoami', input: { nonce: `nonce-${user}` } },
        { text: `done ${user}` },
      ]);
      const agent = scriptedAgent(scripted.model, tools, [processor]);
      const requestContext = new RequestContext();
      requestContext.set('mastra__threadId', `thread-${user}`);
      requestContext.set('mastra__authToken', `token-${user}`);
      const out = await agent.generate('Who am I to the docs server?', { requestContext, maxSteps: 6 } as never);
      return { user, out, scripted };
    };

    const users = ['alice', 'bob', 'carol'];
    const results = await Promise.all(users.map(run));

    expect(diagnostics).toEqual([]);
    for (const { user, out, scripted } of results) {
      expect(out.text).toBe(`done ${user}`);
      // Withheld until loaded, then exposed.
      expect(scripted.offered[0]).not.toContain('docs_remote_whoami');
      expect(scripted.offered[2]).toContain('docs_remote_whoami');
      // The server saw this caller's token for this caller's call.
      const callsOfUser = http.requests.filter((r) => r.rpcMethod === 'tools/call' && r.nonce === `nonce-${user}`);
      expect(callsOfUser).toHaveLength(1);
      expect(callsOfUser[0]!.authorization).toBe(`Bearer token-${user}`);
      // And the tool result the model got says so too.
      const results = (out as unknown as { toolResults: Array<{ payload?: { toolName: string; result: unknown } }> }).toolResults;
      const whoami = results.map((r) => r.payload).find((p) => p?.toolName === 'docs_remote_whoami');
      expect(JSON.stringify(whoami?.result)).toContain(`Bearer token-${user}`);
    }
  });
});

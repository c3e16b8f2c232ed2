/**
 * Edges of the tool sources that the mutation run of the `editor` scope found untested: the
 * exact message of each source's diagnostic, a `cause` only on diagnostics that report a
 * thrown value (never an own `cause: undefined`), a loader request without a token carrying no
 * `authToken` key, and a legacy integration reference without `tools` contributing nothing,
 * its provider neither looked up nor asked.
 */
import { describe, expect, it } from 'vitest';
import { resolveAgentTools, type McpClientConfigLike, type McpLoadResult, type McpToolLoader } from '../../src/editor/index.js';
import { FakeLoader, storedClient, tool } from './fakes.js';

describe('registered tools', () => {
  it('[editor.registered.lookup] [editor.failure.diagnostic-shape] a missing tool\'s diagnostic has no cause; a throwing lookup\'s has it, and its text', async () => {
    const down = new Error('registry down');
    const r = await resolveAgentTools({ tools: { gone: {}, boom: {} } }, {
      mode: 'standalone',
      registeredTools: (id) => {
        if (id === 'boom') throw down;
        return undefined;
      },
    });
    expect(r.diagnostics).toStrictEqual([
      {
        code: 'registered-tool-missing',
        source: 'registered',
        toolId: 'gone',
        message: 'Tool "gone" is selected in the stored agent but is not in the tool registry; register it or remove it from "tools"',
      },
      {
        code: 'registered-tool-missing',
        source: 'registered',
        toolId: 'boom',
        message: 'Tool "boom" is selected in the stored agent but is not in the tool registry (registry down); register it or remove it from "tools"',
        cause: down,
      },
    ]);
    expect(Object.hasOwn(r.diagnostics[0]!, 'cause')).toBe(false);
  });
});

describe('MCP tools', () => {
  it('[editor.mcp.client-missing] [editor.failure.isolated] [editor.failure.diagnostic-shape] each MCP failure reads what is wrong and how to fix it; only a thrown one has a cause', async () => {
    const locked = new Error('db locked');
    const lookupClient = (id: string): McpClientConfigLike | undefined => {
      if (id === 'unreadable') throw locked;
      return id === 'docs' ? storedClient({ s: {} }) : undefined;
    };
    const config = { mcpClients: { ghost: { tools: {} }, unreadable: { tools: {} }, docs: { tools: {} } } };
    const withLoader = await resolveAgentTools(config, { mode: 'standalone', mcpClients: lookupClient, mcpLoader: new FakeLoader({ docs: { s: { x: tool('x') } } }), requestContext: {} });
    expect(Object.keys(withLoader.tools)).toStrictEqual(['s_x']);
    expect(withLoader.diagnostics).toStrictEqual([
      {
        code: 'mcp-client-not-found',
        source: 'mcp',
        clientId: 'ghost',
        message: 'Stored MCP client "ghost" is referenced in "mcpClients" but does not exist; create it or remove the reference',
      },
      {
        code: 'mcp-client-lookup-failed',
        source: 'mcp',
        clientId: 'unreadable',
        message: 'Reading stored MCP client "unreadable" failed: db locked',
        cause: locked,
      },
    ]);
    expect(Object.hasOwn(withLoader.diagnostics[0]!, 'cause')).toBe(false);
    const withoutLoader = await resolveAgentTools({ mcpClients: { docs: { tools: {} } } }, { mode: 'standalone', mcpClients: lookupClient, requestContext: {} });
    expect(withoutLoader.diagnostics).toStrictEqual([
      {
        code: 'mcp-loader-missing',
        source: 'mcp',
        clientId: 'docs',
        message: 'Tools of stored MCP client "docs" are selected but no MCP loader was given; pass "mcpLoader"',
      },
    ]);
    expect(Object.hasOwn(withoutLoader.diagnostics[0]!, 'cause')).toBe(false);
  });

  it('[editor.mcp.auth-token] without a caller\'s token the loader\'s request has no authToken key at all', async () => {
    const requests: object[] = [];
    const loader: McpToolLoader = {
      async loadServerTools(_client, request): Promise<McpLoadResult> {
        requests.push(request);
        return { servers: {}, diagnostics: [] };
      },
    };
    const options = { mode: 'standalone' as const, mcpClients: { docs: storedClient({ s: {} }) }, mcpLoader: loader };
    await resolveAgentTools({ mcpClients: { docs: { tools: {} } } }, { ...options, requestContext: {} });
    await resolveAgentTools({ mcpClients: { docs: { tools: {} } } }, { ...options, requestContext: { mastra__authToken: 'tok' } });
    expect(requests).toStrictEqual([{}, { authToken: 'tok' }]);
    expect(Object.keys(requests[0]!)).toStrictEqual([]);
  });
});

describe('legacy integrations and tool providers', () => {
  it('[editor.integration.selection] a reference without tools contributes nothing: its provider is not looked up, known or not', async () => {
    const looked: string[] = [];
    const asked: string[] = [];
    const r = await resolveAgentTools({ integrationTools: { unknown: {}, legacy: {} } }, {
      mode: 'standalone',
      integrationProviders: (id) => {
        looked.push(id);
        return id === 'legacy'
          ? {
              listToolIds: async () => (asked.push('list'), ['l']),
              resolveTools: async () => (asked.push('resolve'), { l: tool('l') }),
            }
          : undefined;
      },
      requestContext: {},
    });
    expect(r.tools).toStrictEqual({});
    expect(r.origins).toStrictEqual({});
    expect(r.diagnostics).toStrictEqual([]);
    expect(looked).toStrictEqual([]);
    expect(asked).toStrictEqual([]);
  });

  it('[editor.failure.isolated] [editor.failure.diagnostic-shape] unknown and failing providers give diagnostics that read what is wrong', async () => {
    const listFailed = new Error('list failed');
    const r = await resolveAgentTools(
      { integrationTools: { missing: { tools: {} }, failing: { tools: {} } }, toolProviders: { nope: { tools: { a: {} } } } },
      {
        mode: 'standalone',
        integrationProviders: { failing: { listToolIds: async () => { throw listFailed; }, resolveTools: async () => ({}) } },
        toolProviders: {},
        requestContext: {},
      },
    );
    expect(r.diagnostics).toStrictEqual([
      {
        code: 'integration-provider-missing',
        source: 'integration',
        providerId: 'missing',
        message: 'Integration provider "missing" is referenced in "integrationTools" but is not registered; register it or remove the reference',
      },
      {
        code: 'integration-failed',
        source: 'integration',
        providerId: 'failing',
        message: 'Integration provider "failing" failed: list failed',
        cause: listFailed,
      },
      {
        code: 'tool-provider-missing',
        source: 'tool-provider',
        providerId: 'nope',
        message: 'Tool provider "nope" is referenced in "toolProviders" but is not registered in the editor; register it or remove the reference',
      },
    ]);
  });
});

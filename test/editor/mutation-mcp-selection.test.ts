/**
 * Edges of MCP tool selection that the mutation run of the `editor` scope found untested: the
 * text of a namespace collision, a tool the server names with the empty string, and an agent key
 * spelled `undefined`, which describes only the tool of that name.
 */
import { describe, expect, it } from 'vitest';
import { selectMcpTools, type ToolSelection } from '../../src/editor/index.js';
import { storedClient, tool } from './fakes.js';

describe('MCP tool selection', () => {
  it('[editor.mcp.namespace-parse] [editor.failure.diagnostic-shape] a collision names the tool, both servers, the client and the fix', () => {
    const client = storedClient({ a: {}, a_b: {} });
    const loaded = { a: { b_c: tool('b_c'), x: tool('x') }, a_b: { c: tool('c') } };
    const r = selectMcpTools('client-1', client, loaded, {});
    expect(r.tools.map(([id]) => id)).toEqual(['a_x', 'a_b_c']);
    expect(r.diagnostics).toEqual([
      {
        code: 'mcp-namespace-collision',
        source: 'mcp',
        clientId: 'client-1',
        serverName: 'a',
        toolId: 'a_b_c',
        message:
          'MCP tool "b_c" of server "a" in client "client-1" would get the id "a_b_c", which reads as tool "c" of server "a_b"; ' +
          'rename one of the servers so that neither name is a prefix of the other followed by "_"',
      },
    ]);
  });

  it('[editor.mcp.namespace-parse] [editor.failure.isolated] a tool named "" is skipped with a diagnostic; the other tools stay', () => {
    // The id "a_" reads as no server's tool (a server name must be followed by "_" and at least one character).
    const client = storedClient({ a: {}, b: {} });
    const loaded = { a: { '': tool('empty'), x: tool('x') }, b: { y: tool('y') } };
    for (const agentTools of [{}, { x: {}, y: {} }] as ToolSelection[]) {
      const r = selectMcpTools('c', client, loaded, agentTools);
      expect(r.tools.map(([id]) => id)).toEqual(['a_x', 'b_y']);
      expect(r.diagnostics.map((d) => [d.code, d.serverName, d.toolId])).toEqual([['mcp-namespace-collision', 'a', 'a_']]);
      // The message says what is wrong, and names no other server or tool.
      expect(r.diagnostics[0]!.message).toBe('MCP server "a" in client "c" reports a tool with an empty name, which gets no id of its own ("a_" names no tool); the tool is skipped');
    }
  });

  it('[editor.descriptions.mcp-precedence] [editor.mcp.agent-allow-list] an agent key "undefined" describes only the tool named undefined', () => {
    const client = storedClient({ docs: { tools: { search: { description: 'server: search' }, fetch: { description: 'server: fetch' }, undefined: {} } } });
    const loaded = { docs: { search: tool('search'), fetch: tool('fetch'), undefined: tool('undefined') } };
    // search is selected by its namespaced key only, fetch by its bare key only.
    const agentTools = { docs_search: {}, fetch: { description: '' }, undefined: { description: 'agent: undefined' } };
    const r = selectMcpTools('c', client, loaded, agentTools);
    expect(r.tools.map(([id, t]) => [id, t.description])).toEqual([
      ['docs_search', 'server: search'],
      ['docs_fetch', 'server: fetch'],
      ['docs_undefined', 'agent: undefined'],
    ]);
    expect(r.diagnostics).toEqual([]);
  });
});

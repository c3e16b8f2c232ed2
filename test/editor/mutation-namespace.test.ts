/**
 * Edges of MCP namespacing that the mutation run of the `editor` scope found untested: the
 * longest server name wins whatever the order of the server names.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseNamespacedName, selectMcpTools } from '../../src/editor/index.js';
import { storedClient, tool } from './fakes.js';

describe('namespaced names against server names in any order', () => {
  it('[editor.mcp.namespace-parse] the longest fitting server wins when it comes first, last or in between', () => {
    expect(parseNamespacedName('my_docs_search', ['my_docs', 'my'])).toEqual({ serverName: 'my_docs', toolName: 'search' });
    expect(parseNamespacedName('a_b_c_d', ['a_b', 'a_b_c', 'a'])).toEqual({ serverName: 'a_b_c', toolName: 'd' });
    // Every order of the same names gives the same answer.
    const names = ['a', 'a_b', 'a_b_c', 'b'];
    fc.assert(
      fc.property(fc.shuffledSubarray(names, { minLength: 1 }), fc.constantFrom('a_b_c_d', 'a_b_x', 'a_x', 'b_y', 'c_z'), (servers, name) => {
        const fitting = servers.filter((s) => name.length > s.length + 1 && name.startsWith(`${s}_`));
        const longest = fitting.sort((x, y) => y.length - x.length)[0];
        const expected = longest === undefined ? undefined : { serverName: longest, toolName: name.slice(longest.length + 1) };
        expect(parseNamespacedName(name, servers)).toEqual(expected);
      }),
    );
  });

  it('[editor.mcp.namespace-parse] [editor.mcp.agent-allow-list] a namespaced agent key reaches the tool of the longer server stored first', () => {
    // Server my_docs is stored before my: the key my_docs_search names tool search of my_docs.
    const client = storedClient({ my_docs: {}, my: {} });
    const loaded = { my_docs: { search: tool('search') }, my: { docs_search: tool('docs_search'), fetch: tool('fetch') } };
    const r = selectMcpTools('c', client, loaded, { my_docs_search: {} });
    expect(r.tools.map(([id]) => id)).toEqual(['my_docs_search']);
    expect(r.tools[0]![1]).toBe(loaded.my_docs.search);
    expect(r.diagnostics.map((d) => [d.code, d.toolId])).toEqual([['mcp-namespace-collision', 'my_docs_search']]);
  });
});

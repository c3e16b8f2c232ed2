import { describe, expect, it } from 'vitest';
import { namespacedToolId, parseNamespacedName, selectMcpTools } from '../../src/editor/index.js';
import { storedClient, tool } from './fakes.js';

const ids = (r: ReturnType<typeof selectMcpTools>) => r.tools.map(([id]) => id);
const descriptions = (r: ReturnType<typeof selectMcpTools>) => Object.fromEntries(r.tools.map(([id, t]) => [id, t.description]));

describe('namespacing', () => {
  it('[editor.mcp.namespace] tool search of server docs becomes docs_search', () => {
    expect(namespacedToolId('docs', 'search')).toBe('docs_search');
    const r = selectMcpTools('c', storedClient({ docs: {} }), { docs: { search: tool('search') } }, {});
    expect(ids(r)).toEqual(['docs_search']);
  });

  it('[editor.mcp.namespace-parse] names are parsed against the server names, longest match first', () => {
    const servers = ['my', 'my_docs', 'web'];
    expect(parseNamespacedName('my_docs_search', servers)).toEqual({ serverName: 'my_docs', toolName: 'search' });
    expect(parseNamespacedName('my_fetch', servers)).toEqual({ serverName: 'my', toolName: 'fetch' });
    expect(parseNamespacedName('web_a_b', servers)).toEqual({ serverName: 'web', toolName: 'a_b' });
    expect(parseNamespacedName('search', servers)).toBeUndefined();
    expect(parseNamespacedName('web_', servers)).toBeUndefined();
    expect(parseNamespacedName('docs_search', servers)).toBeUndefined();
  });

  it('[editor.mcp.namespace-parse] a server name containing _ keeps its allow-list, descriptions and bare names', () => {
    const client = storedClient({ my_docs: { tools: { search: { description: 'Server says' } } } });
    const loaded = { my_docs: { search: tool('search'), admin: tool('admin') } };
    const r = selectMcpTools('c', client, loaded, { search: {} });
    expect(ids(r)).toEqual(['my_docs_search']);
    expect(descriptions(r)).toEqual({ my_docs_search: 'Server says' });
  });

  it('[editor.mcp.namespace-parse] a tool whose id reads as another server\'s is skipped with a collision diagnostic', () => {
    const client = storedClient({ a: {}, a_b: {} });
    const loaded = { a: { b_c: tool('a:b_c'), d: tool('a:d') }, a_b: { c: tool('a_b:c') } };
    const r = selectMcpTools('client1', client, loaded, {});
    expect(ids(r)).toEqual(['a_d', 'a_b_c']);
    expect(r.tools.find(([id]) => id === 'a_b_c')?.[1].id).toBe('a_b:c');
    expect(r.diagnostics).toEqual([
      expect.objectContaining({ code: 'mcp-namespace-collision', source: 'mcp', clientId: 'client1', serverName: 'a', toolId: 'a_b_c' }),
    ]);
  });
});

describe('allow-lists', () => {
  const loaded = { docs: { search: tool('search'), fetch: tool('fetch'), admin: tool('admin') } };

  it('[editor.mcp.server-allow-list] a non-empty server map keeps only the tools it names, for every agent', () => {
    const client = storedClient({ docs: { tools: { search: {}, fetch: {} } } });
    expect(ids(selectMcpTools('c', client, loaded, {}))).toEqual(['docs_search', 'docs_fetch']);
    expect(ids(selectMcpTools('c', client, loaded, { admin: {}, search: {} }))).toEqual(['docs_search']);
  });

  it('[editor.mcp.server-allow-list] an omitted or explicitly empty server map keeps every tool', () => {
    expect(ids(selectMcpTools('c', storedClient({ docs: {} }), loaded, {}))).toEqual(['docs_search', 'docs_fetch', 'docs_admin']);
    expect(ids(selectMcpTools('c', storedClient({ docs: { tools: {} } }), loaded, {}))).toEqual(['docs_search', 'docs_fetch', 'docs_admin']);
  });

  it('[editor.mcp.agent-allow-list] an agent map limits further; an empty one keeps all; keys may be namespaced or bare', () => {
    const client = storedClient({ docs: {}, web: {} });
    const two = { docs: { search: tool('d:search'), fetch: tool('d:fetch') }, web: { search: tool('w:search'), fetch: tool('w:fetch') } };
    expect(ids(selectMcpTools('c', client, two, {}))).toEqual(['docs_search', 'docs_fetch', 'web_search', 'web_fetch']);
    expect(ids(selectMcpTools('c', client, two, { search: {} }))).toEqual(['docs_search', 'web_search']);
    expect(ids(selectMcpTools('c', client, two, { web_fetch: {} }))).toEqual(['web_fetch']);
    expect(ids(selectMcpTools('c', client, two, { docs_fetch: {}, search: {} }))).toEqual(['docs_search', 'docs_fetch', 'web_search']);
    expect(ids(selectMcpTools('c', client, two, { nothing: {} }))).toEqual([]);
  });

  it('[editor.mcp.agent-allow-list] a key that reads as namespaced names that server\'s tool only, not a bare tool of that name', () => {
    const client = storedClient({ docs: {}, web: {} });
    const loadedTwo = { docs: { search: tool('d:search') }, web: { docs_search: tool('w:docs_search') } };
    expect(ids(selectMcpTools('c', client, loadedTwo, { docs_search: {} }))).toEqual(['docs_search']);
    expect(ids(selectMcpTools('c', client, loadedTwo, { web_docs_search: {} }))).toEqual(['web_docs_search']);
  });
});

describe('order and descriptions', () => {
  it('[editor.mcp.order] servers in stored order, tools in loader order; servers the loader did not return are skipped', () => {
    const client = storedClient({ b: {}, a: {}, c: {} });
    const loaded = { a: { z: tool('a:z'), y: tool('a:y') }, b: { x: tool('b:x') }, stray: { q: tool('q') } };
    expect(ids(selectMcpTools('c', client, loaded, {}))).toEqual(['b_x', 'a_z', 'a_y']);
  });

  it('[editor.descriptions.mcp-precedence] agent namespaced > agent bare > server-stored > the tool\'s own', () => {
    const client = storedClient({ docs: { tools: { search: { description: 'server S' }, fetch: { description: 'server F' }, list: { description: 'server L' }, read: {} } } });
    const loaded = { docs: { search: tool('s', 'own S'), fetch: tool('f', 'own F'), list: tool('l', 'own L'), read: tool('r', 'own R') } };
    const r = selectMcpTools('c', client, loaded, {
      docs_search: { description: 'agent namespaced S' },
      search: { description: 'agent bare S' },
      fetch: { description: 'agent bare F' },
      list: {},
      read: {},
    });
    expect(descriptions(r)).toEqual({
      docs_search: 'agent namespaced S',
      docs_fetch: 'agent bare F',
      docs_list: 'server L',
      docs_read: 'own R',
    });
    expect(loaded.docs.search.description).toBe('own S');
  });

  it('[editor.model.empty-description] an empty agent description neither overrides nor hides the server description', () => {
    const client = storedClient({ docs: { tools: { search: { description: 'server S' } } } });
    const r = selectMcpTools('c', client, { docs: { search: tool('s', 'own') } }, { docs_search: { description: '' }, search: { description: '' } });
    expect(descriptions(r)).toEqual({ docs_search: 'server S' });
    const r2 = selectMcpTools('c', storedClient({ docs: { tools: { search: { description: '' } } } }), { docs: { search: tool('s', 'own') } }, {});
    expect(descriptions(r2)).toEqual({ docs_search: 'own' });
  });
});

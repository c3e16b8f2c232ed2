import { Mastra } from '@mastra/core';
import { InMemoryStore, type MastraCompositeStore } from '@mastra/core/storage';
import { MastraEditor } from '@mastra/editor';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpNamespace } from '../../src/editor/mcp/index.js';
import { createMastraMcpClientBackend, fromMastraResolvedRecord } from '../../src/mastra/mcp/index.js';
import { libsqlOnTempFile } from './support/backends.js';

interface StoreKind {
  name: string;
  create(): { storage: MastraCompositeStore; dispose: () => Promise<void> };
}

const stores: StoreKind[] = [
  { name: '@mastra/core InMemoryStore', create: () => ({ storage: new InMemoryStore(), dispose: async () => undefined }) },
  { name: '@mastra/libsql LibSQLStore (file)', create: () => libsqlOnTempFile() },
];

const rules = { operator: 'OR', conditions: [{ field: 'tier', operator: 'equals', value: 'pro' }] };

describe.each(stores)('interop with @mastra/editor 0.14.0 over $name', (kind) => {
  let dispose: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await dispose?.();
    dispose = undefined;
  });

  function setup() {
    const { storage, dispose: d } = kind.create();
    dispose = d;
    const editor = new MastraEditor();
    new Mastra({ storage, editor, logger: false });
    const mcp = createMcpNamespace({ backend: createMastraMcpClientBackend(storage) });
    return { editor, mcp };
  }

  it('[mcp.storage.editor-interop] [mcp.schema.editor-compat] reads a client written by editor.mcp.create, dropping record metadata', async () => {
    const { editor, mcp } = setup();
    await editor.mcp.create({
      id: 'written-by-editor',
      authorId: 'user-1',
      metadata: { team: 'docs' },
      name: 'Editor client',
      description: 'made in Studio',
      servers: {
        docs_v2: { type: 'http', url: 'https://docs.example.test/mcp', timeout: 3000, tools: { search: { description: 'Find pages', rules } } },
        fs: { type: 'stdio', command: 'node', args: ['fs.mjs'], env: { ROOT: '/srv' } },
      },
    } as never);
    const expected = {
      id: 'written-by-editor',
      name: 'Editor client',
      description: 'made in Studio',
      servers: {
        docs_v2: { type: 'http', url: 'https://docs.example.test/mcp', timeout: 3000, tools: { search: { description: 'Find pages', rules } } },
        fs: { type: 'stdio', command: 'node', args: ['fs.mjs'], env: { ROOT: '/srv' } },
      },
    };
    expect(await mcp.getById('written-by-editor')).toEqual(expected);
    expect(await mcp.list()).toEqual([expected]);
  });

  it('[mcp.storage.editor-interop] an update made here is what editor.mcp.getById returns next', async () => {
    const { editor, mcp } = setup();
    await editor.mcp.create({
      id: 'shared',
      name: 'Before',
      servers: { a: { type: 'stdio', command: 'node' } },
    } as never);
    const servers = { b: { type: 'http' as const, url: 'http://127.0.0.1:9/mcp' } };
    await mcp.update({ id: 'shared', name: 'After', servers });
    editor.mcp.clearCache();
    const seen = (await editor.mcp.getById('shared')) as unknown as Record<string, unknown>;
    expect({ name: seen['name'], servers: seen['servers'] }).toEqual({ name: 'After', servers });
    // And a client created here is visible to the Editor.
    await mcp.create({ id: 'ours', name: 'Ours', servers });
    const theirs = (await editor.mcp.getById('ours')) as unknown as Record<string, unknown>;
    expect({ id: theirs['id'], name: theirs['name'], servers: theirs['servers'] }).toEqual({ id: 'ours', name: 'Ours', servers });
  });

  it('[mcp.storage.list-order] list returns clients of every status (draft, published, archived), each once, by id', async () => {
    const { storage, dispose: d } = kind.create();
    dispose = d;
    const mcp = createMcpNamespace({ backend: createMastraMcpClientBackend(storage) });
    const servers = { a: { type: 'stdio' as const, command: 'node' } };
    for (const id of ['p-published', 'a-archived', 'd-draft']) await mcp.create({ id, name: id, servers });
    const store = (await storage.getStore('mcpClients'))!;
    await store.update({ id: 'p-published', status: 'published' });
    await store.update({ id: 'a-archived', status: 'archived' });
    expect((await mcp.list()).map((c) => c.id)).toEqual(['a-archived', 'd-draft', 'p-published']);
  });

  it('[mcp.schema.editor-compat] a description stored as null reads as absent', async () => {
    const { storage, dispose: d } = kind.create();
    dispose = d;
    await storage.init();
    const store = (await storage.getStore('mcpClients'))!;
    await store.create({ mcpClient: { id: 'plain', name: 'Plain', description: null, servers: {} } as never });
    const mcp = createMcpNamespace({ backend: createMastraMcpClientBackend(storage) });
    const read = await mcp.getById('plain');
    expect(read).toEqual({ id: 'plain', name: 'Plain', servers: {} });
    expect(read !== null && 'description' in read).toBe(false);
    expect(fromMastraResolvedRecord({ id: 'x', name: 'X', description: null, servers: {}, status: 'draft' })).toEqual({
      id: 'x',
      name: 'X',
      servers: {},
    });
  });
});

/**
 * The three backends the `mcp` namespace must behave the same over (r[mcp.storage.backends]),
 * each with a way to write a raw (possibly invalid) value behind the namespace's back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryStore, type MastraCompositeStore } from '@mastra/core/storage';
import { LibSQLStore } from '@mastra/libsql';
import { createInMemoryMcpClientBackend, type McpClientBackend, type StoredMcpClientWithId } from '../../../src/editor/mcp/index.js';
import { createMastraMcpClientBackend } from '../../../src/mastra/mcp/index.js';

export interface BackendFixture {
  readonly backend: McpClientBackend;
  /** Writes a value straight into the underlying store, without validation. */
  writeRaw(value: Record<string, unknown> & { id: string }): Promise<void>;
  /** Releases files and handles. */
  dispose(): Promise<void>;
}

export interface BackendKind {
  readonly name: string;
  create(): Promise<BackendFixture>;
}

function mastraFixture(storage: MastraCompositeStore, dispose: () => Promise<void>): BackendFixture {
  return {
    backend: createMastraMcpClientBackend(storage),
    async writeRaw(value) {
      await storage.init();
      const store = (await storage.getStore('mcpClients'))!;
      const { id, ...snapshot } = value;
      await store.create({ mcpClient: { id, ...(snapshot as Record<string, unknown>) } as never });
    },
    dispose,
  };
}

/** A fresh LibSQL store on a database file in a new temp dir. */
export function libsqlOnTempFile(): { storage: LibSQLStore; dispose: () => Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), 'tsr-mcp-libsql-'));
  const storage = new LibSQLStore({ id: 'tsr-mcp-test', url: `file:${join(dir, 'mastra.db')}` });
  return {
    storage,
    dispose: async () => {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const backendKinds: readonly BackendKind[] = [
  {
    name: 'in-memory (default)',
    async create() {
      const backend = createInMemoryMcpClientBackend();
      return {
        backend,
        writeRaw: (value) => backend.insert(value as unknown as StoredMcpClientWithId),
        dispose: async () => undefined,
      };
    },
  },
  {
    name: '@mastra/core InMemoryStore',
    async create() {
      return mastraFixture(new InMemoryStore(), async () => undefined);
    },
  },
  {
    name: '@mastra/libsql LibSQLStore (file)',
    async create() {
      const { storage, dispose } = libsqlOnTempFile();
      return mastraFixture(storage, dispose);
    },
  },
];

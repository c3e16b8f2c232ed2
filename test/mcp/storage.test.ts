import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  McpClientConflictError,
  McpClientNotFoundError,
  McpClientValidationError,
  createMcpNamespace,
  type McpNamespace,
} from '../../src/editor/mcp/index.js';
import { backendKinds, type BackendFixture } from './support/backends.js';

const docs = {
  id: 'docs',
  name: 'Docs',
  description: 'Documentation search',
  servers: {
    docs: { type: 'http' as const, url: 'http://127.0.0.1:9/mcp', tools: { search: { description: 'Search the docs' } } },
  },
};
const local = {
  id: 'local',
  name: 'Local tools',
  servers: { fs: { type: 'stdio' as const, command: 'node', args: ['fs.mjs'], env: { ROOT: '/srv' }, timeout: 2000 } },
};

describe.each(backendKinds)('mcp namespace over $name', (kind) => {
  let fixture: BackendFixture;
  let mcp: McpNamespace;
  let counter = 0;

  beforeEach(async () => {
    fixture = await kind.create();
    counter = 0;
    mcp = createMcpNamespace({ backend: fixture.backend, generateId: () => `generated-${++counter}` });
  });
  afterEach(async () => {
    await fixture.dispose();
  });

  it('[mcp.storage.crud] [mcp.storage.backends] create, getById, update, delete and list round-trip', async () => {
    expect(await mcp.create(docs)).toEqual(docs);
    expect(await mcp.create(local)).toEqual(local);
    expect(await mcp.getById('docs')).toEqual(docs);
    expect(await mcp.getById('local')).toEqual(local);
    const updated = await mcp.update({ id: 'docs', name: 'Docs v2' });
    expect(updated).toEqual({ ...docs, name: 'Docs v2' });
    expect(await mcp.getById('docs')).toEqual({ ...docs, name: 'Docs v2' });
    expect(await mcp.list()).toEqual([{ ...docs, name: 'Docs v2' }, local]);
    await mcp.delete('docs');
    expect(await mcp.getById('docs')).toBeNull();
    expect(await mcp.list()).toEqual([local]);
  });

  it('[mcp.storage.validate] create rejects a bad config, names every bad path and writes nothing', async () => {
    const bad = {
      id: 'bad',
      name: '',
      servers: { docs: { type: 'http', url: 'http://h/', headers: { Authorization: 'x' } }, fs: { type: 'stdio' } },
    };
    const error = await mcp.create(bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpClientValidationError);
    const paths = (error as McpClientValidationError).issues.map((i) => i.path).sort();
    expect(paths).toEqual(['name', 'servers.docs.headers', 'servers.fs.command']);
    for (const p of paths) expect((error as Error).message).toContain(p);
    expect(await mcp.getById('bad')).toBeNull();
    expect(await mcp.list()).toEqual([]);
  });

  it('[mcp.storage.validate] update rejects a bad patch or a bad result and leaves the stored config', async () => {
    await mcp.create(docs);
    const unknownKey = await mcp.update({ id: 'docs', headers: {} } as never).catch((e: unknown) => e);
    expect(unknownKey).toBeInstanceOf(McpClientValidationError);
    expect((unknownKey as McpClientValidationError).issues.map((i) => i.path)).toEqual(['headers']);
    const badServer = await mcp
      .update({ id: 'docs', servers: { docs: { type: 'http', url: 'nope' } } as never })
      .catch((e: unknown) => e);
    expect(badServer).toBeInstanceOf(McpClientValidationError);
    expect((badServer as McpClientValidationError).issues.map((i) => i.path)).toEqual(['servers.docs.url']);
    expect(await mcp.getById('docs')).toEqual(docs);
  });

  it('[mcp.storage.id-generate] create without id stores under a generated id', async () => {
    const { id: _id, ...withoutId } = docs;
    const created = await mcp.create(withoutId);
    expect(created.id).toBe('generated-1');
    expect(await mcp.getById('generated-1')).toEqual({ ...withoutId, id: 'generated-1' });
  });

  it('[mcp.storage.id-generate] without a generateId option, ids come from crypto.randomUUID', async () => {
    const plain = createMcpNamespace({ backend: fixture.backend });
    const { id: _id, ...withoutId } = local;
    const a = await plain.create(withoutId);
    const b = await plain.create(withoutId);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(a.id).toMatch(uuid);
    expect(b.id).toMatch(uuid);
    expect(a.id).not.toBe(b.id);
    expect(await plain.getById(a.id)).toEqual({ ...withoutId, id: a.id });
  });

  it('[mcp.storage.duplicate-id] create with a taken id throws McpClientConflictError and keeps the stored one', async () => {
    await mcp.create(docs);
    const error = await mcp.create({ ...docs, name: 'Impostor' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpClientConflictError);
    expect((error as McpClientConflictError).id).toBe('docs');
    expect((error as Error).message).toContain('"docs"');
    expect(await mcp.getById('docs')).toEqual(docs);
  });

  it('[mcp.storage.not-found] getById returns null; update and delete of an unknown id throw naming it', async () => {
    expect(await mcp.getById('missing')).toBeNull();
    const u = await mcp.update({ id: 'missing', name: 'x' }).catch((e: unknown) => e);
    expect(u).toBeInstanceOf(McpClientNotFoundError);
    expect((u as Error).message).toContain('"missing"');
    const d = await mcp.delete('missing').catch((e: unknown) => e);
    expect(d).toBeInstanceOf(McpClientNotFoundError);
    expect((d as McpClientNotFoundError).id).toBe('missing');
  });

  it('[mcp.storage.update-replace] update replaces only the given fields; servers as a whole', async () => {
    await mcp.create(docs);
    const servers = { other: { type: 'stdio' as const, command: 'python3', args: ['-m', 'srv'] } };
    const next = await mcp.update({ id: 'docs', servers });
    expect(next).toEqual({ id: 'docs', name: 'Docs', description: 'Documentation search', servers });
    const renamed = await mcp.update({ id: 'docs', description: 'New text' });
    expect(renamed).toEqual({ id: 'docs', name: 'Docs', description: 'New text', servers });
    expect(await mcp.getById('docs')).toEqual(renamed);
  });

  it('[mcp.storage.update-replace] an update replacing a broken part repairs a stored config', async () => {
    await fixture.writeRaw({ id: 'broken', name: 'Broken', servers: { api: { type: 'http', url: 'http://h/', headers: { 'X-Key': 'k' } } } });
    const still = await mcp.update({ id: 'broken', name: 'Still broken' }).catch((e: unknown) => e);
    expect(still).toBeInstanceOf(McpClientValidationError);
    expect((still as McpClientValidationError).issues.map((i) => i.path)).toEqual(['servers.api.headers']);
    const servers = { api: { type: 'http' as const, url: 'http://h/' } };
    expect(await mcp.update({ id: 'broken', servers })).toEqual({ id: 'broken', name: 'Broken', servers });
    expect(await mcp.getById('broken')).toEqual({ id: 'broken', name: 'Broken', servers });
  });

  it('[mcp.storage.read-validate] a stored value that breaks the schema is reported with id and path', async () => {
    await fixture.writeRaw({
      id: 'foreign',
      name: 'Foreign',
      servers: { api: { type: 'http', url: 'http://h/', headers: { 'X-Key': 'k' } } },
    });
    for (const read of [() => mcp.getById('foreign'), () => mcp.list()]) {
      const error = await read().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpClientValidationError);
      expect((error as Error).message).toContain('"foreign"');
      expect((error as Error).message).toContain(`${fixture.backend.kind} backend`);
      expect((error as McpClientValidationError).issues.map((i) => i.path)).toEqual(['servers.api.headers']);
    }
  });

  it('[mcp.storage.list-order] list returns every client once, ordered by id', async () => {
    for (const id of ['m', 'B', 'a', 'z-1', 'Z']) await mcp.create({ ...local, id });
    expect((await mcp.list()).map((c) => c.id)).toEqual(['B', 'Z', 'a', 'm', 'z-1']);
  });

  it('[mcp.storage.copy] returned values do not alias stored state', async () => {
    const created = await mcp.create(docs);
    created.servers['docs']!.tools!['search']!.description = 'mutated';
    const read = (await mcp.getById('docs'))!;
    expect(read).toEqual(docs);
    read.name = 'mutated';
    (await mcp.list())[0]!.servers = {};
    expect(await mcp.getById('docs')).toEqual(docs);
    const updated = await mcp.update({ id: 'docs', name: 'Docs v2' });
    updated.servers['docs']!.tools!['search']!.description = 'mutated again';
    updated.name = 'mutated';
    expect(await mcp.getById('docs')).toEqual({ ...docs, name: 'Docs v2' });
  });

  it('[mcp.storage.serialized] of concurrent creates with one id exactly one succeeds', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => mcp.create({ ...local, name: `racer ${i}` })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(failed).toHaveLength(7);
    for (const f of failed) expect(f.reason).toBeInstanceOf(McpClientConflictError);
    expect(await mcp.list()).toEqual([(ok[0] as PromiseFulfilledResult<unknown>).value]);
  });
});

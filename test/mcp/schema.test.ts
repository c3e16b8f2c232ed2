import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toConfigIssues } from '../../src/editor/mcp/errors.js';
import { storedMcpClientSchema } from '../../src/editor/mcp/schema.js';

const valid = {
  id: 'docs-client',
  name: 'Docs',
  description: 'Documentation servers',
  servers: {
    docs: { type: 'http', url: 'https://docs.example.test/mcp', timeout: 5000, tools: { search: { description: 'Search docs' } } },
    local_fs: { type: 'stdio', command: 'node', args: ['server.mjs'], env: { ROOT: '/tmp' }, timeout: 1000, tools: {} },
  },
} as const;

function paths(value: unknown): string[] {
  const r = storedMcpClientSchema.safeParse(value);
  return r.success ? [] : toConfigIssues(r.error).map((i) => i.path);
}

describe('stored MCP client schema', () => {
  it('[mcp.schema.shape] accepts a full client and requires a non-empty name and a server map', () => {
    expect(storedMcpClientSchema.parse(valid)).toEqual(valid);
    expect(storedMcpClientSchema.safeParse({ name: 'x', servers: {} }).success).toBe(true);
    expect(paths({ servers: {} })).toEqual(['name']);
    expect(paths({ name: '', servers: {} })).toEqual(['name']);
    expect(paths({ name: 'x' })).toEqual(['servers']);
    expect(paths({ name: 'x', servers: {}, id: '' })).toEqual(['id']);
    expect(paths({ name: 'x', servers: {}, description: 3 })).toEqual(['description']);
    expect(paths({ name: 'x', servers: { '': { type: 'stdio', command: 'n' } } })).toEqual(['servers[""]']);
    expect(paths({ name: 'x', servers: [] })).toEqual(['servers']);
    expect(paths({ name: 3, servers: {} })).toEqual(['name']);
  });

  it('[mcp.schema.transport] discriminates stdio and http and rejects other types', () => {
    expect(paths({ name: 'x', servers: { a: { type: 'stdio' } } })).toEqual(['servers.a.command']);
    expect(paths({ name: 'x', servers: { a: { type: 'stdio', command: '' } } })).toEqual(['servers.a.command']);
    expect(paths({ name: 'x', servers: { a: { type: 'stdio', command: 'n', args: [1] } } })).toEqual(['servers.a.args.0']);
    expect(paths({ name: 'x', servers: { a: { type: 'stdio', command: 'n', env: { A: 1 } } } })).toEqual(['servers.a.env.A']);
    expect(paths({ name: 'x', servers: { a: { type: 'http' } } })).toEqual(['servers.a.url']);
    expect(paths({ name: 'x', servers: { a: { type: 'sse', url: 'http://h/' } } })).toEqual(['servers.a.type']);
    expect(paths({ name: 'x', servers: { a: { url: 'http://h/' } } })).toEqual(['servers.a.type']);
  });

  it('[mcp.schema.http-url] requires an absolute http or https url', () => {
    for (const url of ['http://127.0.0.1:1/mcp', 'https://x.test/mcp']) {
      expect(paths({ name: 'x', servers: { a: { type: 'http', url } } })).toEqual([]);
    }
    for (const url of ['/relative/mcp', 'ftp://x.test/', 'file:///etc/passwd', 'not a url']) {
      expect(paths({ name: 'x', servers: { a: { type: 'http', url } } })).toEqual(['servers.a.url']);
    }
  });

  it('[mcp.schema.timeout] requires a positive integer timeout', () => {
    for (const timeout of [0, -1, 1.5, '100']) {
      expect(paths({ name: 'x', servers: { a: { type: 'http', url: 'http://h/', timeout } } })).toEqual(['servers.a.timeout']);
    }
    expect(paths({ name: 'x', servers: { a: { type: 'stdio', command: 'n', timeout: 1 } } })).toEqual([]);
  });

  it('[mcp.schema.strict] rejects headers on an HTTP server and names the key in the path', () => {
    const r = storedMcpClientSchema.safeParse({
      name: 'x',
      servers: { docs: { type: 'http', url: 'http://h/', headers: { Authorization: 'Bearer leak' } } },
    });
    expect(r.success).toBe(false);
    const issues = toConfigIssues(r.error!);
    expect(issues.map((i) => i.path)).toEqual(['servers.docs.headers']);
    expect(issues[0]!.message).toContain('"headers"');
    // A stdio field on an HTTP server is unknown too.
    expect(paths({ name: 'x', servers: { docs: { type: 'http', url: 'http://h/', command: 'node' } } })).toEqual(['servers.docs.command']);
  });

  it('[mcp.schema.strict] an unknown key at any level is an error naming its path', () => {
    const levels = [
      (k: string) => ({ ...valid, [k]: 1 }),
      (k: string) => ({ ...valid, servers: { ...valid.servers, docs: { ...valid.servers.docs, [k]: 1 } } }),
      (k: string) => ({ ...valid, servers: { ...valid.servers, local_fs: { ...valid.servers.local_fs, [k]: 1 } } }),
      (k: string) => ({ ...valid, servers: { ...valid.servers, docs: { ...valid.servers.docs, tools: { search: { [k]: 1 } } } } }),
    ];
    const prefixes = ['', 'servers.docs.', 'servers.local_fs.', 'servers.docs.tools.search.'];
    const known = new Set(['id', 'name', 'description', 'servers', 'type', 'url', 'timeout', 'tools', 'command', 'args', 'env', 'rules']);
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !known.has(k) && k !== '__proto__'),
        fc.integer({ min: 0, max: levels.length - 1 }),
        (key, level) => {
          // A plain key extends the dotted path; any other is written as JSON in brackets.
          const prefix = prefixes[level]!;
          const expected = /^[A-Za-z0-9_$-]+$/.test(key) ? `${prefix}${key}` : `${prefix.replace(/\.$/, '')}[${JSON.stringify(key)}]`;
          expect(paths(levels[level]!(key))).toEqual([expected]);
        },
      ),
    );
  });

  it('[mcp.schema.tool-entry] accepts description and rules on tool entries, keeping rules as data', () => {
    const rules = { operator: 'AND', conditions: [{ field: 'user.tier', operator: 'equals', value: 'pro' }] };
    const parsed = storedMcpClientSchema.parse({
      name: 'x',
      servers: { a: { type: 'stdio', command: 'n', tools: { t: { description: 'd', rules } } } },
    });
    const server = parsed.servers['a']!;
    expect(server.tools).toEqual({ t: { description: 'd', rules } });
    expect(paths({ name: 'x', servers: { a: { type: 'stdio', command: 'n', tools: { t: { description: 5 } } } } })).toEqual([
      'servers.a.tools.t.description',
    ]);
  });
});

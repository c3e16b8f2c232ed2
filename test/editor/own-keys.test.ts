import { describe, expect, it } from 'vitest';
import { parseAgentToolConfig, resolveAgentTools, type ToolLike, type ToolProviderV1 } from '../../src/editor/index.js';
import { createInMemoryMcpClientBackend, createMcpNamespace, storedMcpClientSchema } from '../../src/editor/mcp/index.js';
import { FakeLoader, storedClient, tool } from './fakes.js';

const PROTO = '__proto__';

describe('__proto__ keys', () => {
  it('[editor.model.own-keys] stored ids spelled __proto__ are kept by validation, in every map of the data model', () => {
    const parsed = parseAgentToolConfig(
      JSON.parse(`{
        "tools": { "__proto__": { "description": "stored" }, "a": {} },
        "mcpClients": { "__proto__": { "tools": { "__proto__": {} } } },
        "integrationTools": { "__proto__": { "tools": {} } },
        "toolProviders": { "__proto__": { "tools": { "__proto__": {} }, "connections": { "__proto__": [] } } }
      }`),
    );
    expect(Object.keys(parsed.tools!)).toEqual([PROTO, 'a']);
    expect(Object.getPrototypeOf(parsed.tools)).toBe(Object.prototype);
    expect((parsed.tools as Record<string, { description?: string }>)[PROTO]).toEqual({ description: 'stored' });
    const mcp = parsed.mcpClients as Record<string, { tools: Record<string, unknown> }>;
    expect(Object.keys(mcp)).toEqual([PROTO]);
    expect(Object.keys(mcp[PROTO]!.tools)).toEqual([PROTO]);
    expect(Object.keys(parsed.integrationTools!)).toEqual([PROTO]);
    const providers = parsed.toolProviders as Record<string, { tools: object; connections: object }>;
    expect(Object.keys(providers[PROTO]!.tools)).toEqual([PROTO]);
    expect(Object.keys(providers[PROTO]!.connections)).toEqual([PROTO]);
  });

  it('[editor.model.own-keys] [editor.model.validation-path] bad values under a __proto__ key are reported at their path, not dropped', () => {
    expect(() => parseAgentToolConfig(JSON.parse('{ "tools": { "__proto__": { "bogus": 1 } } }'))).toThrow(/tools\.__proto__/);
  });

  it('[editor.model.own-keys] a provider returning a JSON object with a __proto__ key cannot replace the prototype of the resolved tools', async () => {
    const provider: ToolProviderV1 = {
      resolveTools: async () => {
        const tools = JSON.parse('{ "__proto__": { "id": "evil", "description": "from JSON", "polluted": true }, "ok": { "id": "ok", "description": "fine" } }') as Record<string, ToolLike>;
        return tools;
      },
    };
    const r = await resolveAgentTools(
      { tools: { [PROTO]: {} } as never, toolProviders: { arcade: { tools: {} } } },
      { mode: 'standalone', toolProviders: { arcade: provider }, registeredTools: JSON.parse('{ "__proto__": { "id": "registered", "description": "r" } }'), requestContext: {} },
    );
    expect(Object.getPrototypeOf(r.tools)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(r.origins)).toBe(Object.prototype);
    expect((r.tools as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.keys(r.tools)).toEqual([PROTO, 'ok']);
    expect(Object.hasOwn(r.tools, PROTO)).toBe(true);
    expect(r.tools[PROTO]!.id).toBe('evil'); // the provider's replaced the registered one, as any later source does
    expect(r.origins[PROTO]).toBe('tool-provider');
  });

  it('[editor.model.own-keys] description-only and MCP tools keep __proto__ as a key', async () => {
    const codeTools = JSON.parse('{}') as Record<string, ToolLike>;
    Object.defineProperty(codeTools, PROTO, { value: tool('code'), enumerable: true });
    const only = await resolveAgentTools(JSON.parse('{ "tools": { "__proto__": { "description": "new" } } }'), { mode: 'description-only', codeTools, requestContext: {} });
    expect(Object.keys(only.tools)).toEqual([PROTO]);
    expect(only.tools[PROTO]!.description).toBe('new');
    const servers = JSON.parse('{ "__proto__": { "__proto__": { "id": "m", "description": "mcp tool" } } }');
    const r = await resolveAgentTools(JSON.parse('{ "mcpClients": { "c": { "tools": {} } } }'), {
      mode: 'standalone',
      mcpClients: { c: storedClient(JSON.parse('{ "__proto__": {} }')) },
      mcpLoader: new FakeLoader({ c: servers }),
      requestContext: {},
    });
    expect(Object.keys(r.tools)).toEqual([`${PROTO}_${PROTO}`]); // serverName_toolName
  });

  it('[mcp.schema.own-keys] a stored MCP client keeps server, tool and environment names spelled __proto__', async () => {
    const raw = JSON.parse(`{ "name": "n", "servers": { "__proto__": { "type": "stdio", "command": "node", "env": { "__proto__": "x" }, "tools": { "__proto__": {} } } } }`);
    const parsed = storedMcpClientSchema.parse(raw);
    expect(Object.keys(parsed.servers)).toEqual([PROTO]);
    const server = parsed.servers[PROTO]!;
    expect(server.type === 'stdio' && Object.keys(server.env!)).toEqual([PROTO]);
    expect(Object.keys(server.tools!)).toEqual([PROTO]);
    const mcp = createMcpNamespace({ backend: createInMemoryMcpClientBackend() });
    const created = await mcp.create({ ...raw, id: 'p' });
    expect(Object.keys(created.servers)).toEqual([PROTO]);
    expect(Object.keys((await mcp.getById('p'))!.servers)).toEqual([PROTO]);
  });
});

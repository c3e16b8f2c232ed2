import { describe, expect, it } from 'vitest';
import {
  EditorConfigError,
  EditorResolutionError,
  resolutionDependsOnRequest,
  resolveAgentTools,
  type ResolveAgentToolsOptions,
  type RuleGroup,
} from '../../src/editor/index.js';
import { FakeIntegration, FakeLoader, FakeToolProvider, storedClient, tool } from './fakes.js';

const when = (key: string, value: unknown): RuleGroup => ({ operator: 'AND', conditions: [{ field: key, operator: 'equals', value }] });

/** Every source gives a tool `shared` and one of its own. */
function everySource() {
  const loader = new FakeLoader({ docs: { main: { shared: tool('mcp:shared'), lookup: tool('mcp:lookup') } } });
  return {
    config: {
      tools: { shared: {}, reg: {} },
      mcpClients: { docs: { tools: {} } },
      integrationTools: { legacy: { tools: {} } },
      toolProviders: { arcade: { tools: { shared: {}, prov: {} } } },
    },
    codeTools: { shared: tool('code:shared'), code: tool('code:code') },
    sources: {
      registeredTools: { shared: tool('registered:shared'), reg: tool('registered:reg') },
      mcpClients: { docs: storedClient({ main: {} }) },
      mcpLoader: loader,
      integrationProviders: { legacy: new FakeIntegration({ main_shared: tool('integration:main_shared'), shared: tool('integration:shared'), legacyOnly: tool('integration:legacyOnly') }) },
      toolProviders: { arcade: new FakeToolProvider('provider') },
    },
    loader,
  };
}
const labels = (tools: Record<string, { id?: string }>) => Object.fromEntries(Object.entries(tools).map(([k, t]) => [k, t.id]));

describe('sources and order', () => {
  it('[editor.order.sources] [editor.order.override] code, registered, MCP, legacy integrations, then tool providers', async () => {
    const s = everySource();
    const r = await resolveAgentTools(s.config, { mode: 'override', codeTools: s.codeTools, ...s.sources, requestContext: {} });
    expect(labels(r.tools)).toEqual({
      shared: 'provider:shared',
      code: 'code:code',
      reg: 'registered:reg',
      main_shared: 'integration:main_shared',
      main_lookup: 'mcp:lookup',
      legacyOnly: 'integration:legacyOnly',
      prov: 'provider:prov',
    });
    expect(r.origins).toEqual({
      shared: 'tool-provider',
      code: 'code',
      reg: 'registered',
      main_shared: 'integration',
      main_lookup: 'mcp',
      legacyOnly: 'integration',
      prov: 'tool-provider',
    });
    expect(r.diagnostics).toEqual([]);
  });

  it('[editor.order.replace] a later source replaces the whole tool, description included', async () => {
    const codeTool = { ...tool('code:t', 'code description'), extra: 'only on code tool' };
    const registered = tool('registered:t', 'registered description');
    const r = await resolveAgentTools(
      { tools: { t: {} } },
      { mode: 'override', codeTools: { t: codeTool }, registeredTools: { t: registered }, requestContext: {} },
    );
    expect(r.tools.t).toBe(registered);
    expect('extra' in r.tools.t!).toBe(false);
    const described = await resolveAgentTools(
      { tools: { t: {} } },
      { mode: 'override', codeTools: { t: tool('code:t', 'code description') }, registeredTools: { t: { id: 'registered:t' } }, requestContext: {} },
    );
    expect(described.tools.t).toEqual({ id: 'registered:t' });
  });

  it('[editor.order.key-order] ids keep the place of their first contribution', async () => {
    const r = await resolveAgentTools(
      { tools: { b: {}, z: {}, a: {} } },
      { mode: 'override', codeTools: { a: tool('code:a'), c: tool('code:c') }, registeredTools: { a: tool('r:a'), b: tool('r:b'), z: tool('r:z') }, requestContext: {} },
    );
    expect(Object.keys(r.tools)).toEqual(['a', 'c', 'b', 'z']);
    expect(r.tools.a?.id).toBe('r:a');
  });

  it('[editor.order.standalone] a standalone agent has sources 2 to 5 and no code tools', async () => {
    const s = everySource();
    const r = await resolveAgentTools(s.config, { mode: 'standalone', ...s.sources, requestContext: {} });
    expect(Object.keys(r.tools)).toEqual(['shared', 'reg', 'main_shared', 'main_lookup', 'legacyOnly', 'prov']);
    expect(Object.values(r.origins)).not.toContain('code');
    await expect(
      resolveAgentTools({}, { mode: 'standalone', codeTools: { x: tool('x') } } as unknown as ResolveAgentToolsOptions),
    ).rejects.toThrowError(/codeTools is not allowed with mode "standalone"/);
  });

  it('[editor.order.override] override and description-only need the code tools; an unknown mode is refused', async () => {
    await expect(resolveAgentTools({}, { mode: 'override' } as unknown as ResolveAgentToolsOptions)).rejects.toThrowError(/codeTools is required with mode "override"/);
    await expect(resolveAgentTools({}, { mode: 'replace' } as unknown as ResolveAgentToolsOptions)).rejects.toThrowError(EditorResolutionError);
  });

  it('[editor.order.static-override] a static override stops after legacy integrations: tool providers are not consulted', async () => {
    const provider = new FakeToolProvider('provider');
    let looked = 0;
    const r = await resolveAgentTools(
      { tools: { reg: {} }, toolProviders: {} },
      {
        mode: 'override',
        codeTools: { code: tool('code') },
        registeredTools: { reg: tool('reg') },
        toolProviders: (id) => (looked++, id === 'arcade' ? provider : undefined),
      },
    );
    expect(Object.keys(r.tools)).toEqual(['code', 'reg']);
    expect(looked).toBe(0);
    // Naming a provider makes the configuration depend on the request, so a static override of it is refused.
    await expect(
      resolveAgentTools({ toolProviders: { arcade: { tools: { a: {} } } } }, { mode: 'override', codeTools: {}, toolProviders: { arcade: provider } }),
    ).rejects.toThrowError(/resolve it per request/);
    expect(provider.calls).toHaveLength(0);
  });

  it('[editor.order.static-override] a static override naming a provider, even in an unruled variant, is refused before any provider is looked up', async () => {
    const provider = new FakeToolProvider('provider');
    let looked = 0;
    const toolProviders = (id: string) => (looked++, id === 'arcade' ? provider : undefined);
    for (const field of [{ arcade: { tools: { a: {} } } }, [{ value: { arcade: { tools: { a: {} } } } }], { ghost: { tools: {} } }]) {
      const refused = resolveAgentTools(
        { tools: { reg: {} }, toolProviders: field },
        { mode: 'override', codeTools: { code: tool('code') }, registeredTools: { reg: tool('reg') }, toolProviders },
      );
      await expect(refused).rejects.toMatchObject({ code: 'request-required' });
    }
    expect(looked).toBe(0);
    expect(provider.calls).toEqual([]);
    // The same configuration per request does reach the provider, after the other sources.
    const r = await resolveAgentTools(
      { tools: { reg: {} }, toolProviders: { arcade: { tools: { a: {} } } } },
      { mode: 'override', codeTools: { code: tool('code') }, registeredTools: { reg: tool('reg') }, toolProviders, requestContext: {} },
    );
    expect(Object.keys(r.tools)).toEqual(['code', 'reg', 'a']);
    expect(looked).toBe(1);
  });

  it('[editor.order.key-order] integrations and tool providers contribute provider by provider in configuration order, whatever finishes first', async () => {
    const slowIntegration = {
      listToolIds: async () => {
        await new Promise((resolve) => setImmediate(resolve));
        return ['s1', 's2'];
      },
      resolveTools: async (ids: readonly string[]) => Object.fromEntries(ids.map((id) => [id, tool(`slow:${id}`)])),
    };
    const slowProvider = {
      resolveTools: async () => {
        await new Promise((resolve) => setImmediate(resolve));
        return { p1: tool('slow:p1') };
      },
    };
    const r = await resolveAgentTools(
      {
        integrationTools: { slow: { tools: {} }, fast: { tools: {} } },
        toolProviders: { slowP: { tools: { p1: {} } }, fastP: { tools: { p2: {} } } },
      },
      {
        mode: 'standalone',
        integrationProviders: { slow: slowIntegration, fast: new FakeIntegration({ f1: tool('fast:f1') }) },
        toolProviders: { slowP: slowProvider, fastP: new FakeToolProvider('fast') },
        requestContext: {},
      },
    );
    expect(Object.keys(r.tools)).toEqual(['s1', 's2', 'f1', 'p1', 'p2']);
  });
});

describe('descriptions', () => {
  it('[editor.descriptions.registered] a registered tool gets its entry description, the registry copy is untouched', async () => {
    const registered = tool('reg', 'registry description');
    const r = await resolveAgentTools({ tools: { reg: { description: 'agent description' }, plain: { description: '' } } }, {
      mode: 'standalone',
      registeredTools: { reg: registered, plain: tool('plain', 'plain description') },
    });
    expect(r.tools.reg?.description).toBe('agent description');
    expect(r.tools.plain?.description).toBe('plain description');
    expect(registered.description).toBe('registry description');
    await expect((r.tools.reg as ReturnType<typeof tool>).execute()).resolves.toBe('reg');
  });

  it('[editor.descriptions.integration] integration and tool-provider tools get the selection\'s descriptions', async () => {
    const r = await resolveAgentTools(
      {
        integrationTools: { legacy: { tools: { a: { description: 'agent A' }, b: {} } } },
        toolProviders: { arcade: { tools: { p: { toolkit: 'gmail', description: 'agent P' }, q: {} } } },
      },
      {
        mode: 'standalone',
        integrationProviders: { legacy: new FakeIntegration({ a: tool('a'), b: tool('b') }) },
        toolProviders: { arcade: new FakeToolProvider('prov') },
        requestContext: {},
      },
    );
    expect(Object.fromEntries(Object.entries(r.tools).map(([k, t]) => [k, t.description]))).toEqual({
      a: 'agent A',
      b: 'b description',
      p: 'agent P',
      q: 'prov:q description',
    });
  });

  it('[editor.descriptions.only-mode] only code tools are described; nothing is added or removed', async () => {
    const codeTools = { a: tool('a', 'code A'), b: tool('b', 'code B') };
    const loader = new FakeLoader({ docs: { main: { x: tool('x') } } });
    const r = await resolveAgentTools(
      {
        tools: [{ value: { a: { description: 'stored A' }, ghost: { description: 'stored ghost' } } }, { value: { b: { description: 'pro B' } }, rules: when('plan', 'pro') }],
        mcpClients: { docs: { tools: {} } },
        toolProviders: { arcade: { tools: { p: {} } } },
      },
      { mode: 'description-only', codeTools, mcpClients: { docs: storedClient({ main: {} }) }, mcpLoader: loader, registeredTools: { ghost: tool('ghost') }, requestContext: { plan: 'free' } },
    );
    expect(Object.keys(r.tools)).toEqual(['a', 'b']);
    expect(r.tools.a?.description).toBe('stored A');
    expect(r.tools.b).toBe(codeTools.b);
    expect(codeTools.a.description).toBe('code A');
    expect(loader.calls).toEqual([]);
    expect(r.diagnostics.map((d) => [d.code, d.toolId ?? d.message.match(/"(\w+)"/)?.[1]])).toEqual([
      ['description-target-missing', 'ghost'],
      ['field-ignored', 'mcpClients'],
      ['field-ignored', 'toolProviders'],
    ]);
  });
});

describe('empty descriptions', () => {
  it('[editor.model.empty-description] [editor.descriptions.integration] an empty description keeps the integration or provider tool itself', async () => {
    const a = tool('a', 'own A');
    const r = await resolveAgentTools(
      {
        integrationTools: { legacy: { tools: { a: { description: '' } } } },
        toolProviders: { arcade: { tools: { p: { description: '' } } } },
      },
      {
        mode: 'standalone',
        integrationProviders: { legacy: new FakeIntegration({ a }) },
        toolProviders: { arcade: new FakeToolProvider('prov') },
        requestContext: {},
      },
    );
    expect(r.tools.a).toBe(a);
    expect(r.tools.p?.description).toBe('prov:p description');
  });

  it('[editor.model.empty-description] [editor.descriptions.only-mode] an empty stored description keeps the code tool itself and asks for no target', async () => {
    const codeTools = { a: tool('a', 'code A') };
    const r = await resolveAgentTools(
      { tools: { a: { description: '' }, ghost: { description: '' } }, integrationTools: { legacy: { tools: {} } } },
      { mode: 'description-only', codeTools, integrationProviders: { legacy: new FakeIntegration({ l: tool('l') }) }, requestContext: {} },
    );
    expect(r.tools).toEqual({ a: codeTools.a });
    expect(r.tools.a).toBe(codeTools.a);
    expect(r.origins).toEqual({ a: 'code' });
    expect(r.diagnostics).toEqual([expect.objectContaining({ code: 'field-ignored', source: 'description-only', message: expect.stringContaining('"integrationTools"') })]);
  });
});

describe('registered tools, MCP, integrations and providers', () => {
  it('[editor.registered.lookup] keys are looked up in the registry (record or function); missing ones give diagnostics', async () => {
    const r = await resolveAgentTools({ tools: { a: {}, missing: {}, b: {}, boom: {} } }, {
      mode: 'standalone',
      registeredTools: (id) => {
        if (id === 'boom') throw new Error('registry down');
        return id === 'a' || id === 'b' ? tool(id) : undefined;
      },
    });
    expect(Object.keys(r.tools)).toEqual(['a', 'b']);
    expect(r.diagnostics.map((d) => [d.code, d.toolId])).toEqual([
      ['registered-tool-missing', 'missing'],
      ['registered-tool-missing', 'boom'],
    ]);
    expect(r.diagnostics[1]?.message).toMatch(/registry down/);
    const own = await resolveAgentTools({ tools: { toString: {} } }, { mode: 'standalone', registeredTools: {} });
    expect(own.tools).toEqual({});
  });

  it('[editor.mcp.omitted-tools] a reference without tools selects nothing and does not load its client', async () => {
    const loader = new FakeLoader({ docs: { main: { x: tool('x') } } });
    const r = await resolveAgentTools({ mcpClients: { docs: {} } }, { mode: 'standalone', mcpClients: { docs: storedClient({ main: {} }) }, mcpLoader: loader });
    expect(r.tools).toEqual({});
    expect(loader.calls).toEqual([]);
    expect(r.diagnostics).toEqual([]);
  });

  it('[editor.mcp.client-missing] an unknown stored client gives mcp-client-not-found', async () => {
    const loader = new FakeLoader({});
    const r = await resolveAgentTools({ mcpClients: { ghost: { tools: {} } } }, { mode: 'standalone', mcpClients: async () => null, mcpLoader: loader });
    expect(r.tools).toEqual({});
    expect(r.diagnostics).toEqual([expect.objectContaining({ code: 'mcp-client-not-found', source: 'mcp', clientId: 'ghost' })]);
    expect(loader.calls).toEqual([]);
  });

  it('[editor.mcp.order] clients contribute in reference order even when they load concurrently', async () => {
    const slow = {
      calls: [] as string[],
      async loadServerTools(client: { id: string }) {
        this.calls.push(client.id);
        if (client.id === 'first') await new Promise((resolve) => setImmediate(resolve));
        return { servers: { s: { [client.id]: tool(client.id) } }, diagnostics: [] };
      },
    };
    const clients = { first: storedClient({ s: {} }), second: storedClient({ s: {} }) };
    const r = await resolveAgentTools({ mcpClients: { first: { tools: {} }, second: { tools: {} } } }, { mode: 'standalone', mcpClients: clients, mcpLoader: slow });
    expect(Object.keys(r.tools)).toEqual(['s_first', 's_second']);
  });

  it('[editor.mcp.auth-token] the caller\'s token goes to the loader for every client; none without one', async () => {
    const loader = new FakeLoader({ a: { s: { x: tool('x') } }, b: { s: { y: tool('y') } } });
    const config = { mcpClients: { a: { tools: {} }, b: { tools: {} } } };
    const sources = { mcpClients: { a: storedClient({ s: { type: 'http' } }), b: storedClient({ s: {} }) }, mcpLoader: loader };
    await resolveAgentTools(config, { mode: 'standalone', ...sources, requestContext: new Map([['mastra__authToken', 'tok-1']]) });
    await resolveAgentTools(config, { mode: 'standalone', ...sources, requestContext: { mastra__authToken: '' } });
    await resolveAgentTools(config, { mode: 'standalone', ...sources, requestContext: { mastra__authToken: 42 } });
    await resolveAgentTools(config, { mode: 'standalone', ...sources, requestContext: {} });
    expect(loader.calls).toEqual([
      { clientId: 'a', authToken: 'tok-1' },
      { clientId: 'b', authToken: 'tok-1' },
      ...Array.from({ length: 3 }, () => [{ clientId: 'a', authToken: undefined }, { clientId: 'b', authToken: undefined }]).flat(),
    ]);
  });

  it('[editor.mcp.load-per-resolution] every resolution loads anew, each with its own caller\'s token', async () => {
    const loader = new FakeLoader({ a: { s: { x: tool('x') } } });
    const options = { mode: 'standalone' as const, mcpClients: { a: storedClient({ s: { type: 'http' } }) }, mcpLoader: loader };
    const config = { mcpClients: { a: { tools: {} } } };
    const tokens = Array.from({ length: 20 }, (_, i) => `token-${i}`);
    await Promise.all(tokens.map((t) => resolveAgentTools(config, { ...options, requestContext: { mastra__authToken: t } })));
    expect(loader.calls.map((c) => c.authToken).sort()).toEqual([...tokens].sort());
  });

  it('[editor.mcp.load-per-resolution] two resolutions with the same token load twice and each gets its own load\'s tools', async () => {
    let loads = 0;
    const loader = {
      async loadServerTools() {
        loads++;
        return { servers: { s: { x: tool(`load-${loads}`) } }, diagnostics: [] };
      },
    };
    const options = { mode: 'standalone' as const, mcpClients: { a: storedClient({ s: {} }) }, mcpLoader: loader, requestContext: { mastra__authToken: 'same' } };
    const config = { mcpClients: { a: { tools: {} } } };
    const first = await resolveAgentTools(config, options);
    const second = await resolveAgentTools(config, options);
    expect(loads).toBe(2);
    expect(first.tools.s_x?.id).toBe('load-1');
    expect(second.tools.s_x?.id).toBe('load-2');
  });

  it('[editor.integration.selection] the provider gets the selected ids in order, and its tools count under the ids it returns', async () => {
    const asked: (readonly string[])[] = [];
    const renaming = {
      listToolIds: async () => ['x', 'y'],
      resolveTools: async (ids: readonly string[]) => {
        asked.push(ids);
        return Object.fromEntries(ids.map((id) => [`legacy_${id}`, tool(`renamed:${id}`)]));
      },
    };
    const run = (tools: Record<string, object>) =>
      resolveAgentTools({ integrationTools: { legacy: { tools } } }, { mode: 'standalone', integrationProviders: { legacy: renaming }, requestContext: {} });
    expect(Object.keys((await run({ y: {}, x: {} })).tools)).toEqual(['legacy_y', 'legacy_x']);
    expect(Object.keys((await run({})).tools)).toEqual(['legacy_x', 'legacy_y']);
    expect(asked).toEqual([['y', 'x'], ['x', 'y']]);
  });

  it('[editor.integration.selection] omitted tools select nothing, {} every listed id, keys those ids', async () => {
    const provider = new FakeIntegration({ a: tool('a'), b: tool('b'), c: tool('c') });
    const run = (tools?: Record<string, object>) =>
      resolveAgentTools({ integrationTools: { legacy: tools === undefined ? {} : { tools } } }, { mode: 'standalone', integrationProviders: { legacy: provider }, requestContext: { user: 'u1' } });
    expect(Object.keys((await run()).tools)).toEqual([]);
    expect(Object.keys((await run({})).tools)).toEqual(['a', 'b', 'c']);
    expect(Object.keys((await run({ c: {}, a: {} })).tools)).toEqual(['c', 'a']);
    expect(provider.requests).toEqual([{ requestContext: { user: 'u1' } }]);
  });

  it('[editor.providers.resolve] each named provider is asked with its stored configuration and the request', async () => {
    const provider = new FakeToolProvider('p');
    const cfg = { tools: { 'gmail.send': { toolkit: 'gmail' } }, connections: { gmail: [{ kind: 'author' as const, connectionId: 'c1', toolkit: 'gmail' }] } };
    const ctx = new Map([['resourceId', 'r1']]);
    const r = await resolveAgentTools({ toolProviders: { arcade: cfg } }, { mode: 'standalone', toolProviders: { arcade: provider }, requestContext: ctx });
    expect(provider.calls).toEqual([{ config: cfg, request: { requestContext: ctx } }]);
    expect(Object.keys(r.tools)).toEqual(['gmail.send']);
  });
});

describe('failures', () => {
  it('[editor.failure.isolated] failing sources give diagnostics and keep the other sources\' tools', async () => {
    const loader = new FakeLoader(
      { ok: { s: { x: tool('x') } } },
      new Set(['broken']),
      { ok: [{ code: 'mcp-server-failed', source: 'mcp', clientId: 'ok', serverName: 'down', message: 'server down did not start' }] },
    );
    const r = await resolveAgentTools(
      {
        tools: { reg: {}, gone: {} },
        mcpClients: { broken: { tools: {} }, ok: { tools: {} }, ghost: { tools: {} }, unreadable: { tools: {} } },
        integrationTools: { missing: { tools: {} }, failing: { tools: {} }, legacy: { tools: {} } },
        toolProviders: { nope: { tools: { a: {} } }, throws: { tools: { a: {} } }, arcade: { tools: { p: {} } } },
      },
      {
        mode: 'override',
        codeTools: { code: tool('code') },
        registeredTools: { reg: tool('reg') },
        mcpClients: (id) => {
          if (id === 'unreadable') throw new Error('db locked');
          return id === 'broken' || id === 'ok' ? storedClient({ s: {} }) : undefined;
        },
        mcpLoader: loader,
        integrationProviders: {
          legacy: new FakeIntegration({ l: tool('l') }),
          failing: { listToolIds: async () => { throw new Error('list failed'); }, resolveTools: async () => ({}) },
        },
        toolProviders: { arcade: new FakeToolProvider('p'), throws: { resolveTools: async () => { throw new Error('oauth expired'); } } },
        requestContext: {},
      },
    );
    expect(Object.keys(r.tools)).toEqual(['code', 'reg', 's_x', 'l', 'p']);
    // The other sources' tools are the very tools they gave, unchanged.
    expect(r.tools.code?.id).toBe('code');
    expect(r.tools.reg?.description).toBe('reg description');
    expect(r.tools.s_x?.description).toBe('x description');
    expect(r.tools.l?.description).toBe('l description');
    expect(r.diagnostics.map((d) => d.code)).toEqual([
      'registered-tool-missing',
      'mcp-load-failed',
      'mcp-server-failed',
      'mcp-client-not-found',
      'mcp-client-lookup-failed',
      'integration-provider-missing',
      'integration-failed',
      'tool-provider-missing',
      'tool-provider-failed',
    ]);
  });

  it('[editor.failure.isolated] MCP tools selected without a loader give mcp-loader-missing', async () => {
    const r = await resolveAgentTools({ tools: { reg: {} }, mcpClients: { docs: { tools: {} } } }, { mode: 'standalone', registeredTools: { reg: tool('reg') }, mcpClients: { docs: storedClient({ s: {} }) } });
    expect(Object.keys(r.tools)).toEqual(['reg']);
    expect(r.diagnostics).toEqual([expect.objectContaining({ code: 'mcp-loader-missing', clientId: 'docs' })]);
  });

  it('[editor.failure.diagnostic-shape] diagnostics carry code, source, message and the ids concerned', async () => {
    const error = new Error('oauth expired');
    const r = await resolveAgentTools(
      { tools: { gone: {} }, mcpClients: { broken: { tools: {} } }, toolProviders: { throws: { tools: { a: {} } } } },
      {
        mode: 'standalone',
        mcpClients: { broken: storedClient({ s: {} }) },
        mcpLoader: new FakeLoader({}, new Set(['broken'])),
        toolProviders: { throws: { resolveTools: async () => { throw error; } } },
        requestContext: {},
      },
    );
    expect(r.diagnostics).toEqual([
      { code: 'registered-tool-missing', source: 'registered', toolId: 'gone', message: expect.stringMatching(/Tool "gone" .* register it or remove it/) },
      { code: 'mcp-load-failed', source: 'mcp', clientId: 'broken', message: expect.stringMatching(/"broken" failed: cannot start broken/), cause: expect.any(Error) },
      { code: 'tool-provider-failed', source: 'tool-provider', providerId: 'throws', message: 'Tool provider "throws" failed: oauth expired', cause: error },
    ]);
  });

  it('[editor.model.validation-path] an invalid configuration is rejected before any source is consulted', async () => {
    const loader = new FakeLoader({});
    await expect(
      resolveAgentTools({ mcpClients: { docs: { tools: {} } }, tools: { a: { description: 3 } } }, { mode: 'standalone', mcpClients: { docs: storedClient({ s: {} }) }, mcpLoader: loader, requestContext: {} }),
    ).rejects.toThrowError(EditorConfigError);
    expect(loader.calls).toEqual([]);
  });
});

describe('per-request resolution', () => {
  const clients = { web: storedClient({ api: { type: 'http' } }), local: storedClient({ cli: {} }) };

  it('[editor.request.depends] ruled variants, integrations, providers and selected HTTP MCP clients make a config request-dependent', async () => {
    const dep = (config: object, mode: 'standalone' | 'override' | 'description-only' = 'standalone') =>
      resolutionDependsOnRequest(config, { mode, mcpClients: clients });
    expect(await dep({})).toBe(false);
    expect(await dep({ tools: { a: {} } })).toBe(false);
    expect(await dep({ tools: [{ value: { a: {} } }] })).toBe(false);
    expect(await dep({ tools: [{ value: { a: {} } }, { value: {}, rules: when('plan', 'pro') }] })).toBe(true);
    expect(await dep({ mcpClients: [{ value: {}, rules: when('x', 1) }] })).toBe(true);
    expect(await dep({ mcpClients: { local: { tools: {} } } })).toBe(false);
    expect(await dep({ mcpClients: { web: {} } })).toBe(false);
    expect(await dep({ mcpClients: { web: { tools: {} } } })).toBe(true);
    expect(await dep({ mcpClients: [{ value: { web: { tools: { a: {} } } } }] })).toBe(true);
    expect(await dep({ mcpClients: { unknown: { tools: {} } } })).toBe(false);
    expect(await resolutionDependsOnRequest({ mcpClients: { web: { tools: {} } } }, { mode: 'standalone', mcpClients: () => { throw new Error('down'); } })).toBe(true);
    expect(await dep({ integrationTools: { legacy: {} } })).toBe(false);
    expect(await dep({ integrationTools: { legacy: { tools: {} } } })).toBe(true);
    expect(await dep({ toolProviders: {} })).toBe(false);
    expect(await dep({ toolProviders: { arcade: { tools: {} } } })).toBe(true);
    // A ruled variant counts in every field the mode reads, even when its value selects nothing.
    expect(await dep({ integrationTools: [{ value: {}, rules: when('x', 1) }] })).toBe(true);
    expect(await dep({ toolProviders: [{ value: {}, rules: when('x', 1) }] })).toBe(true);
    expect(await dep({ integrationTools: [{ value: { legacy: {} } }] })).toBe(false);
    // description-only reads the tools field only.
    expect(await dep({ mcpClients: [{ value: {}, rules: when('x', 1) }], integrationTools: [{ value: {}, rules: when('x', 1) }] }, 'description-only')).toBe(false);
    expect(await dep({ mcpClients: { web: { tools: {} } }, toolProviders: { arcade: { tools: {} } } }, 'description-only')).toBe(false);
    expect(await dep({ tools: [{ value: {}, rules: when('plan', 'pro') }] }, 'description-only')).toBe(true);
  });

  it('[editor.request.static-refused] a static resolution of a request-dependent config is refused; of a static one it succeeds', async () => {
    const loader = new FakeLoader({ web: { api: { x: tool('x') } }, local: { cli: { y: tool('y') } } });
    const refused = resolveAgentTools({ mcpClients: { web: { tools: {} } } }, { mode: 'standalone', mcpClients: clients, mcpLoader: loader });
    await expect(refused).rejects.toThrowError(EditorResolutionError);
    await expect(refused).rejects.toMatchObject({ code: 'request-required' });
    expect(loader.calls).toEqual([]);
    const ok = await resolveAgentTools({ mcpClients: { local: { tools: {} } } }, { mode: 'standalone', mcpClients: clients, mcpLoader: loader });
    expect(Object.keys(ok.tools)).toEqual(['cli_y']);
    const perRequest = await resolveAgentTools({ mcpClients: { web: { tools: {} } } }, { mode: 'standalone', mcpClients: clients, mcpLoader: loader, requestContext: { mastra__authToken: 't' } });
    expect(Object.keys(perRequest.tools)).toEqual(['api_x']);
    expect(loader.calls).toEqual([{ clientId: 'local', authToken: undefined }, { clientId: 'web', authToken: 't' }]);
  });
});

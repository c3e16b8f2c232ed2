import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveAgentTools, type ToolLike } from '../../src/editor/index.js';
import { FakeIntegration, FakeLoader, storedClient, tool } from './fakes.js';

const POOL = ['s_a', 's_b', 'c', 'd', 'e'] as const;
const subset = fc.subarray([...POOL]);
const SOURCES = ['code', 'registered', 'mcp', 'integration', 'tool-provider'] as const;

describe('merge order', () => {
  it('[editor.order.replace] [editor.order.sources] [editor.order.key-order] the last source giving an id wins with its whole tool; ids keep their first place', async () => {
    await fc.assert(
      fc.asyncProperty(subset, subset, subset, subset, subset, async (code, registered, mcp, integration, provider) => {
        const make = (source: string, ids: readonly string[]) =>
          Object.fromEntries(ids.map((id) => [id, tool(`${source}:${id}`, `${source} says ${id}`)])) as Record<string, ToolLike>;
        const bySource: Record<(typeof SOURCES)[number], Record<string, ToolLike>> = {
          code: make('code', code),
          registered: make('registered', registered),
          // MCP ids are server s's tools a and b.
          mcp: make('mcp', mcp.filter((id) => id.startsWith('s_'))),
          integration: make('integration', integration),
          'tool-provider': make('tool-provider', provider),
        };
        const mcpBare = Object.fromEntries(Object.entries(bySource.mcp).map(([id, t]) => [id.slice(2), t]));
        const result = await resolveAgentTools(
          {
            tools: Object.fromEntries(registered.map((id) => [id, {}])),
            mcpClients: { client: { tools: {} } },
            integrationTools: { legacy: { tools: Object.fromEntries(integration.map((id) => [id, {}])) } },
            toolProviders: { prov: { tools: Object.fromEntries(provider.map((id) => [id, {}])) } },
          },
          {
            mode: 'override',
            codeTools: bySource.code,
            registeredTools: bySource.registered,
            mcpClients: { client: storedClient({ s: {} }) },
            mcpLoader: new FakeLoader({ client: { s: mcpBare } }),
            integrationProviders: { legacy: new FakeIntegration(bySource.integration) },
            toolProviders: { prov: { resolveTools: async () => bySource['tool-provider'] } },
            requestContext: {},
          },
        );
        // Model: fold the sources in order into a Map.
        const model = new Map<string, [string, ToolLike]>();
        for (const source of SOURCES) for (const [id, t] of Object.entries(bySource[source])) model.set(id, [source, t]);
        expect(Object.keys(result.tools).sort()).toEqual([...model.keys()].sort());
        for (const [id, [source, t]] of model) {
          expect(result.tools[id]).toBe(t);
          expect(result.tools[id]?.description).toBe(`${source} says ${id}`);
          expect(result.origins[id]).toBe(source);
        }
        // None of POOL is integer-like, so key order is first-contribution order.
        expect(Object.keys(result.tools)).toEqual([...model.keys()]);
        expect(result.diagnostics).toEqual([]);
      }),
    );
  });
});

/** A selection map: omitted (`undefined`), "all" (`{}`), or the listed keys. */
type Selection = { kind: 'omitted' } | { kind: 'all' } | { kind: 'keys'; keys: string[] };
const asMap = (s: Selection) => (s.kind === 'omitted' ? undefined : s.kind === 'all' ? {} : Object.fromEntries(s.keys.map((k) => [k, {}])));

/**
 * A pair of selections, the second at least as large as the first: omitted <
 * keys K < keys K ∪ E < all. `allowOmitted` is false for the server level, where
 * an omitted map means "all".
 */
function growingSelection(pool: readonly string[], allowOmitted: boolean): fc.Arbitrary<[Selection, Selection]> {
  const sel = (keys: string[]): Selection => (keys.length === 0 ? { kind: 'all' } : { kind: 'keys', keys });
  return fc.oneof(
    fc.tuple(fc.subarray([...pool], { minLength: 1 }), fc.subarray([...pool])).map(([k, e]): [Selection, Selection] => [sel(k), sel([...new Set([...k, ...e])])]),
    fc.subarray([...pool]).map((k): [Selection, Selection] => [sel(k), { kind: 'all' }]),
    ...(allowOmitted ? [fc.constant<[Selection, Selection]>([{ kind: 'omitted' }, { kind: 'all' }])] : []),
    ...(allowOmitted ? [fc.subarray([...pool]).map((k): [Selection, Selection] => [{ kind: 'omitted' }, sel(k)])] : []),
  );
}

describe('allow-list monotonicity', () => {
  const SERVERS = ['docs', 'my_docs', 'web'] as const;
  const TOOLS = ['search', 'fetch', 'docs_search', 'x'] as const;
  const AGENT_KEYS = [...TOOLS, 'docs_fetch', 'my_docs_search', 'web_x', 'web_docs_search', 'my_docs_docs_search'];
  const loaded = fc.record(
    Object.fromEntries(SERVERS.map((s) => [s, fc.subarray([...TOOLS])])) as Record<(typeof SERVERS)[number], fc.Arbitrary<string[]>>,
  );

  it('[editor.mcp.server-allow-list] [editor.mcp.agent-allow-list] a larger allow-list at either level never yields fewer tools', async () => {
    await fc.assert(
      fc.asyncProperty(
        loaded,
        growingSelection(TOOLS, false),
        growingSelection(AGENT_KEYS, true),
        async (servers, [serverSmall, serverLarge], [agentSmall, agentLarge]) => {
          const loader = new FakeLoader({
            c: Object.fromEntries(Object.entries(servers).map(([s, names]) => [s, Object.fromEntries(names.map((n) => [n, tool(`${s}:${n}`)]))])),
          });
          const run = async (server: Selection, agent: Selection) => {
            const client = storedClient(Object.fromEntries(SERVERS.map((s) => [s, server.kind === 'keys' ? { tools: asMap(server)! } : { tools: {} }])));
            const r = await resolveAgentTools(
              { mcpClients: { c: agent.kind === 'omitted' ? {} : { tools: asMap(agent)! } } },
              { mode: 'standalone', mcpClients: { c: client }, mcpLoader: loader, requestContext: {} },
            );
            return new Set(Object.keys(r.tools));
          };
          const small = await run(serverSmall, agentSmall);
          for (const larger of [await run(serverLarge, agentSmall), await run(serverSmall, agentLarge), await run(serverLarge, agentLarge)]) {
            for (const id of small) expect(larger.has(id)).toBe(true);
          }
        },
      ),
    );
  });

  it('[editor.registered.lookup] a larger tools selection never yields fewer registered tools', async () => {
    await fc.assert(
      fc.asyncProperty(subset, subset, subset, async (registry, base, extra) => {
        const registeredTools = Object.fromEntries(registry.map((id) => [id, tool(id)]));
        const run = async (keys: string[]) =>
          Object.keys((await resolveAgentTools({ tools: Object.fromEntries(keys.map((k) => [k, {}])) }, { mode: 'standalone', registeredTools })).tools);
        const small = await run(base);
        const large = await run([...new Set([...base, ...extra])]);
        expect(large).toEqual(expect.arrayContaining(small));
        expect(small.every((id) => (registry as readonly string[]).includes(id))).toBe(true);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analysisCacheStats, search } from '../../src/scoring/index.js';
import { catalogWithResolved, IndexCache, requestCatalog, resolveName, searchableResolvedEntries, staticCatalog, type StepCatalog } from '../../src/processor/catalog.js';
import { entriesOf } from '../../src/processor/names.js';

const NAMES = ['alpha', 'beta', 'gamma', 'search_tools', 'load_tool', 'delta_tool', 'alpha'] as const;
const DESCRIPTIONS = ['finds weather', 'sends mail', 'reads files', 'weather and mail', ''] as const;
const QUERIES = ['weather', 'mail', 'files alpha', 'delta'];

/** One record item: its key, and a tool (id and description from small pools, so contents repeat) or a non-tool. */
const item = fc.record({
  key: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'load_tool'),
  id: fc.option(fc.constantFrom(...NAMES), { nil: undefined }),
  description: fc.constantFrom(...DESCRIPTIONS),
  notATool: fc.boolean(),
});

/** A request's tool record; new tool objects every time, same strings. */
function recordOf(items: ReadonlyArray<{ key: string; id: string | undefined; description: string; notATool: boolean }>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const i of items) out[i.key] = i.notATool && i.key === 'e' ? 42 : { id: i.id, description: i.description };
  return out;
}

/** What a step observes of its catalog: entries, every name's resolution, and search results. */
function observed(catalog: StepCatalog): unknown {
  const names = [...new Set([...NAMES, 'a', 'b', 'c', 'd', 'e', 'constructor'])];
  return {
    entries: catalog.entries.map((e) => [e.name, e.key, e.description, e.tool]),
    resolved: names.map((n) => resolveName(catalog, n)?.tool ?? null),
    byName: [...names, ...catalog.entries.map((e) => e.name)].map((n) => [n, catalog.byName.has(n), catalog.byName.get(n)?.tool ?? null]),
    aliases: [...catalog.aliases.entries()],
    hits: catalog.entries.length === 0 ? [] : QUERIES.map((q) => search(catalog.index, q)),
  };
}

describe('request catalogs over cached layouts', () => {
  it('[processor.resolved.layout] [processor.resolved.index-cache] a sequence of requests through one cache observes what a cold build of each gives', () => {
    const staticBase = staticCatalog(entriesOf({ s: { id: 'static_tool', description: 'static weather' } }));
    const empty = staticCatalog(entriesOf({}));
    fc.assert(
      fc.property(
        fc.array(fc.record({ items: fc.array(item, { maxLength: 6 }), withStatic: fc.boolean(), searches: fc.boolean() }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 3 }),
        (requests, budget) => {
          const cache = new IndexCache({ maxBytes: [0, 2_000, 50_000, 16 * 1024 * 1024][budget]!, maxEntries: 2 });
          for (const r of requests) {
            const tools = recordOf(r.items);
            const base = r.withStatic ? staticBase : empty;
            const warm = requestCatalog(base, tools, () => {}, cache);
            const cold = catalogWithResolved(base, searchableResolvedEntries(tools), new IndexCache({ maxBytes: 0 }));
            if (r.searches) expect(observed(warm)).toEqual(observed(cold));
            else expect(warm.entries.map((e) => e.tool)).toEqual(cold.entries.map((e) => e.tool));
            expect(cache.bytes).toBeLessThanOrEqual([0, 2_000, 50_000, 16 * 1024 * 1024][budget]!);
            expect(cache.size).toBeLessThanOrEqual(2);
          }
        },
      ),
    );
  });

  it('[processor.resolved.layout] a repeated content in new tool objects analyses nothing and builds no index; a changed description builds one', () => {
    const stamp = Math.random().toString(36).slice(2);
    const docs = Array.from({ length: 50 }, (_, i) => ({ name: `tool_${i}_${stamp}`, description: `does thing ${i} ${stamp}` }));
    const record = (changed?: number) => Object.fromEntries(docs.map((d, i) => [d.name, { id: d.name, description: i === changed ? `${d.description} revised` : d.description }]));
    const cache = new IndexCache();
    const base = staticCatalog(entriesOf({}));
    void requestCatalog(base, record(), () => {}, cache).index;
    const before = analysisCacheStats().documents;
    const builds = cache.builds;
    for (let step = 0; step < 5; step++) {
      const catalog = requestCatalog(base, record(), () => {}, cache);
      expect(search(catalog.index, docs[7]!.name)[0]?.name).toBe(docs[7]!.name);
    }
    const after = analysisCacheStats().documents;
    expect(after.hits + after.misses).toBe(before.hits + before.misses);
    expect(cache.builds).toBe(builds);
    // One description changed: one index is built, kept beside the first under the same names.
    void requestCatalog(base, record(3), () => {}, cache).index;
    expect(cache.builds).toBe(builds + 1);
    expect(cache.size).toBe(2);
    void requestCatalog(base, record(), () => {}, cache).index;
    expect(cache.builds).toBe(builds + 1);
  });
});

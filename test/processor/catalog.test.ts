import { describe, expect, it } from 'vitest';
import { analysisCacheStats } from '../../src/scoring/index.js';
import { catalogWithResolved, IndexCache, resolveName, searchableResolvedEntries, staticCatalog } from '../../src/processor/catalog.js';
import { entriesOf } from '../../src/processor/names.js';
import { ToolSearchProcessor } from '../../src/index.js';
import { Conversation, makeTool, requestContext } from './support/harness.js';

describe('request catalogs', () => {
  it('[processor.resolved.index-cache] indexes are shared by content only, in a bounded cache', () => {
    const cache = new IndexCache(4);
    const base = staticCatalog(entriesOf({ s: { id: 'static_tool', description: 'static' } }));
    const a = catalogWithResolved(base, searchableResolvedEntries({ x: { id: 'lookup', description: 'look up' } }), cache);
    const b = catalogWithResolved(base, searchableResolvedEntries({ x: { id: 'lookup', description: 'look up' } }), cache);
    expect(a.index).toBe(b.index);
    expect(cache.size).toBe(1);
    // Same content, different instances: one index, each catalog resolves to its own instance.
    expect(resolveName(a, 'lookup')!.tool).not.toBe(resolveName(b, 'lookup')!.tool);
    // Different description: a different index.
    const c = catalogWithResolved(base, searchableResolvedEntries({ x: { id: 'lookup', description: 'look up v2' } }), cache);
    expect(c.index).not.toBe(a.index);
    for (let i = 0; i < 10; i++) void catalogWithResolved(base, searchableResolvedEntries({ [`t${i}`]: { description: `d${i}` } }), cache).index;
    expect(cache.size).toBe(4);
  });

  it('[processor.resolved.searchable] [processor.resolved.replace] static then resolved order; resolved replaces same-named static; meta names and repeats are skipped', () => {
    const base = staticCatalog(entriesOf({ a: { id: 'alpha', description: 'static alpha' }, b: { id: 'beta', description: 'static beta' } }));
    const resolvedAlpha = { id: 'alpha', description: 'resolved alpha' };
    const cat = catalogWithResolved(
      base,
      searchableResolvedEntries({ one: resolvedAlpha, search_tools: { description: 'x' }, two: { id: 'load_tool' }, three: { id: 'gamma' }, four: { id: 'gamma', description: 'second gamma' } }),
      new IndexCache(),
    );
    expect(cat.entries.map((e) => e.name)).toEqual(['beta', 'alpha', 'gamma']);
    expect(resolveName(cat, 'alpha')!.tool).toBe(resolvedAlpha);
    expect(resolveName(cat, 'gamma')!.description).toBe('');
    expect(resolveName(base, 'alpha')!.description).toBe('static alpha');
  });

  it('[processor.resolved.replace] a resolved tool also replaces a static tool of the same record key; names stay unique', () => {
    const base = staticCatalog(entriesOf({ search: { id: 'doc_search' }, docs: { id: 'docs_v1' }, keep: { id: 'kept' } }));
    const web = { id: 'web_search', description: 'web' };
    const cat = catalogWithResolved(base, searchableResolvedEntries({ search: web, other: { id: 'docs_v1' } }), new IndexCache());
    // `search` (same key) and `docs` (same id `docs_v1`) are replaced; `keep` stays.
    expect(cat.entries.map((e) => [e.key, e.name])).toEqual([
      ['keep', 'kept'],
      ['search', 'web_search'],
      ['other', 'docs_v1'],
    ]);
    expect(resolveName(cat, 'search')!.tool).toBe(web);
    expect(resolveName(cat, 'doc_search')).toBeUndefined();
    expect(new Set(cat.entries.map((e) => e.key)).size).toBe(cat.entries.length);
    expect(new Set(cat.entries.map((e) => e.name)).size).toBe(cat.entries.length);
  });

  it('[processor.resolved.replace] [processor.resolved.pass-through] the replacement holds for that request only', async () => {
    const staticAlpha = makeTool('alpha', 'static alpha');
    const p = new ToolSearchProcessor({ tools: { alpha: staticAlpha }, includeResolvedTools: true });
    const mine = makeTool('alpha', 'resolved alpha', 'mine');
    const withOwn = new Conversation(p, requestContext('t1'), { alpha: mine });
    const without = new Conversation(p, requestContext('t2'), {});
    for (const c of [withOwn, without]) {
      expect((await c.step()).keys).toEqual(['search_tools', 'load_tool']);
      await c.call('load_tool', { toolName: 'alpha' });
    }
    expect((await withOwn.step()).tools.alpha).toBe(mine);
    expect((await without.step()).tools.alpha).toBe(staticAlpha);
    // Without includeResolvedTools the request's tools pass through, unsearchable.
    const plain = new Conversation(new ToolSearchProcessor({ tools: {} }), requestContext('t3'), { alpha: mine });
    const s = await plain.step();
    expect(s.keys).toEqual(['search_tools', 'load_tool', 'alpha']);
    expect(s.tools.alpha).toBe(mine);
    expect(((await plain.call('search_tools', { query: 'alpha' })) as { results: unknown[] }).results).toEqual([]);
  });

  it('[processor.resolved.index-cache] a step that never searches looks up no index and analyses no tool; a search builds once per content', async () => {
    const p = new ToolSearchProcessor({ tools: {}, includeResolvedTools: true });
    const stamp = Math.random().toString(36).slice(2);
    const fresh = (rev: number) => ({
      alpha: makeTool(`alpha_${stamp}`, `alpha tool ${stamp} revision ${rev}`),
      beta: makeTool(`beta_${stamp}`, `beta helper ${stamp}`),
    });
    const c = new Conversation(p, requestContext('lazy'), fresh(1));
    const before = analysisCacheStats().documents;
    // Steps whose tools change every time, and that never search: nothing is analysed.
    for (let rev = 2; rev < 6; rev++) {
      c.requestTools = fresh(rev);
      await c.step();
    }
    const after = analysisCacheStats().documents;
    expect(after.misses + after.hits).toBe(before.misses + before.hits);
    // A search analyses the step's tools (only the changed one is new to the memo) and finds them.
    await c.call('search_tools', { query: `revision ${stamp}` });
    const searched = analysisCacheStats().documents;
    expect(searched.misses - after.misses).toBe(2);
    c.requestTools = { ...fresh(5), beta: c.requestTools.beta };
    await c.step();
    const found = (await c.call('search_tools', { query: 'helper' })) as { results: Array<{ name: string }> };
    expect(found.results.map((r) => r.name)).toEqual([`beta_${stamp}`]);
    // Only the new alpha instance (same content: a memo hit) and no new analysis of beta.
    expect(analysisCacheStats().documents.misses).toBe(searched.misses);
  });
});

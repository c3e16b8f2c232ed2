import { describe, expect, it } from 'vitest';
import { DEFAULT_INDEX_CACHE_MAX_BYTES, DEFAULT_MAX_THREADS, ToolSearchProcessor } from '../../src/index.js';
import { catalogWithResolved, searchableResolvedEntries, staticCatalog } from '../../src/processor/catalog.js';
import { IndexCache, layoutBytes } from '../../src/processor/index-cache.js';
import { entriesOf } from '../../src/processor/names.js';
import { buildSearchIndex, estimateSearchIndexBytes } from '../../src/scoring/index.js';
import { Conversation, makeTool, requestContext } from './support/harness.js';

const tools = () => ({ a: makeTool('a', 'alpha tool'), b: makeTool('b', 'beta tool'), c: makeTool('c', 'gamma tool') });

describe('per-thread state bounds', () => {
  it('[processor.options.max-threads] [processor.options.defaults] maxThreads bounds the in-memory threads; default 10 000', async () => {
    expect(DEFAULT_MAX_THREADS).toBe(10_000);
    const p = new ToolSearchProcessor({ tools: tools(), maxThreads: 2 });
    const threads = ['t1', 't2', 't3'].map((t) => new Conversation(p, requestContext(t)));
    for (const c of threads) {
      await c.step();
      await c.call('load_tool', { toolName: 'a' });
    }
    expect(p.getStateStats()).toMatchObject({ threadCount: 2, evictions: 1 });
    expect((await threads[0]!.step()).keys).toEqual(['search_tools', 'load_tool']); // evicted: unloaded
    expect((await threads[2]!.step()).keys).toEqual(['search_tools', 'load_tool', 'a']);
  });

  it('[processor.options.validate] [processor.options.max-threads] maxThreads and indexCacheMaxBytes are validated by name', () => {
    for (const maxThreads of [0, -3, 1.5, Number.POSITIVE_INFINITY, '5' as never]) {
      expect(() => new ToolSearchProcessor({ tools: {}, maxThreads })).toThrow(/"maxThreads": expected a positive integer/);
    }
    for (const indexCacheMaxBytes of [-1, 0.5, Number.NaN, '1' as never]) {
      expect(() => new ToolSearchProcessor({ tools: {}, indexCacheMaxBytes })).toThrow(/"indexCacheMaxBytes": expected a non-negative integer/);
    }
    expect(() => new ToolSearchProcessor({ tools: {}, maxThreads: 1, indexCacheMaxBytes: 0 })).not.toThrow();
  });

  it('[processor.order.stable] [store.loaded.known-only] a loaded resolved tool missing from one request comes back at its old position (both stores)', async () => {
    for (const storage of ['in-memory', 'context'] as const) {
      const p = new ToolSearchProcessor({ tools: {}, includeResolvedTools: true, storage });
      const resolved = tools();
      const c = new Conversation(p, requestContext('t'), resolved);
      await c.step();
      await c.call('load_tool', { toolNames: ['a', 'b', 'c'] });
      expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'a', 'b', 'c']);
      c.requestTools = { b: resolved.b, c: resolved.c }; // one request lacks a
      expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'b', 'c']);
      c.requestTools = resolved;
      expect((await c.step()).keys, storage).toEqual(['search_tools', 'load_tool', 'a', 'b', 'c']);
    }
  });

  it('[processor.order.stable] [processor.resume.loaded-tools] context mode: 1 001 other threads neither flip a thread\'s order nor empty its resume', async () => {
    const p = new ToolSearchProcessor({ tools: tools(), storage: 'context' });
    const c = new Conversation(p, requestContext('t'));
    await c.step();
    await c.call('load_tool', { toolName: 'a' });
    await c.step();
    await c.call('load_tool', { toolName: 'b' });
    await c.step();
    await c.call('load_tool', { toolName: 'a' }); // already loaded: a later result naming a
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'a', 'b']);
    for (let i = 0; i < 1_001; i++) await new Conversation(p, requestContext(`other-${i}`)).step();
    expect(Object.keys(await p.getLoadedToolsForRequestContext({ requestContext: requestContext('t') }))).toEqual(['a', 'b']);
    c.messages.splice(1, 1); // the first load of a leaves the conversation
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'a', 'b']);
  });
});

describe('index cache bounded by bytes', () => {
  const base = staticCatalog(entriesOf({}));
  const requestWith = (i: number, descriptionBytes: number) =>
    searchableResolvedEntries({ big: { id: `tool_${i}`, description: `${'lorem ipsum dolor '.repeat(Math.ceil(descriptionBytes / 18)).slice(0, descriptionBytes)} ${i}` } });

  it('[processor.resolved.index-cache] 40 requests each with one large description retain at most maxBytes (counted, not timed)', () => {
    const maxBytes = 1_000_000;
    const cache = new IndexCache({ maxBytes });
    for (let i = 0; i < 40; i++) void catalogWithResolved(base, requestWith(i, 200_000), cache).index;
    expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
    expect(cache.size).toBeGreaterThanOrEqual(1);
    expect(cache.size).toBeLessThan(40 / 8);
    expect(DEFAULT_INDEX_CACHE_MAX_BYTES).toBe(16 * 1024 * 1024);
  });

  it('[processor.resolved.index-cache] an index above the whole budget is used but not kept; 0 caches nothing; 32 entries at most', () => {
    const small = new IndexCache({ maxBytes: 10_000 });
    const huge = catalogWithResolved(base, requestWith(1, 50_000), small);
    expect(huge.index.size).toBe(1);
    expect(small.size).toBe(0);
    const off = new IndexCache({ maxBytes: 0 });
    const one = catalogWithResolved(base, requestWith(2, 10), off);
    expect(catalogWithResolved(base, requestWith(2, 10), off).index).not.toBe(one.index);
    expect(off.size).toBe(0);
    const counted = new IndexCache();
    for (let i = 0; i < 100; i++) void catalogWithResolved(base, requestWith(i, 10), counted).index;
    expect(counted.size).toBe(32);
  });

  it('[processor.resolved.index-cache] the accounted bytes are the sum of the kept indexes\' estimates, and grow with text and terms', () => {
    const cache = new IndexCache({ maxBytes: 10_000_000 });
    const entries = [0, 1, 2].map((i) => requestWith(i, 1_000 * (i + 1)));
    let expected = 0;
    for (const e of entries) {
      const index = catalogWithResolved(base, e, cache).index;
      // The estimate of the index (its descriptions included; with the derivation basis of r[search.index.derived], more than a plain build's) and the layout of its names (r[processor.resolved.index-cache], r[processor.resolved.layout]).
      expect(estimateSearchIndexBytes(index)).toBeGreaterThan(estimateSearchIndexBytes(buildSearchIndex(e.map((x) => ({ name: x.name, description: x.description })))));
      expected += estimateSearchIndexBytes(index);
      expected += layoutBytes(e.map((x) => x.name));
    }
    expect(cache.bytes).toBe(expected);
    const short = estimateSearchIndexBytes(buildSearchIndex([{ name: 'x', description: 'a b c' }]));
    const long = estimateSearchIndexBytes(buildSearchIndex([{ name: 'x', description: 'a '.repeat(5_000) }]));
    const manyTerms = estimateSearchIndexBytes(buildSearchIndex([{ name: 'x', description: Array.from({ length: 2_500 }, (_, i) => `w${i}`).join(' ') }]));
    expect(long).toBeGreaterThan(short + 9_990); // the 10 000-character description is kept (shared with the tool), not copied
    expect(manyTerms).toBeGreaterThan(long); // same text length, far more terms and postings
  });
});

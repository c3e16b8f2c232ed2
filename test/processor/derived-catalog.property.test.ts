import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogWithResolved, IndexCache, requestCatalog, searchableResolvedEntries, staticCatalog, type StepCatalog } from '../../src/processor/catalog.js';
import { entriesOf } from '../../src/processor/names.js';
import { estimateSearchIndexBytes, search } from '../../src/scoring/index.js';

// Names with compounds and without; descriptions from words that make and unmake vocabulary,
// compound ownership and shared terms (r[search.index.compound]).
const NAMES = ['getrandomimage', 'hdbcarpark', 'send_mail', 'weather_now', 'carpark_rates', 'image_tool', 'list_repos', 'deploy', 'mailbox', 'rent_car'];
const WORDS = ['get', 'random', 'image', 'car', 'park', 'carpark', 'weather', 'mail', 'box', 'repos', 'rental', 'deploy', 'revision', '7', 'the', 'forecast', 'mailbox'];
const QUERIES = ['random image', 'car park', 'weather forecast', 'mail box. Deploy repos.', 'rentl', 'revision 7', 'getrandomimage', 'carpark'];

const description = fc.array(fc.constantFrom(...WORDS), { maxLength: 6 }).map((w) => w.join(' '));

/** What a step observes of its catalog's search: results with and without a filter and a topK. */
function observed(catalog: StepCatalog): unknown {
  const odd = (name: string) => name.length % 2 === 1;
  return {
    entries: catalog.entries.map((e) => [e.name, e.description]),
    hits: QUERIES.map((q) => [search(catalog.index, q), search(catalog.index, q, { topK: 2, filter: odd }), search(catalog.index, q, { minScore: 0.3 })]),
  };
}

describe('request catalogs whose indexes are derived from kept ones', () => {
  it('[search.index.derived] [processor.resolved.layout] successive steps changing a few descriptions observe, through one cache, what a cold build gives, within the byte budget', () => {
    const base = staticCatalog(entriesOf({}));
    fc.assert(
      fc.property(
        fc.array(description, { minLength: NAMES.length, maxLength: NAMES.length }),
        fc.array(fc.record({ changes: fc.array(fc.record({ at: fc.nat(), description }), { maxLength: 3 }), duplicate: fc.boolean() }), { minLength: 1, maxLength: 15 }),
        fc.constantFrom(16 * 1024 * 1024, 60_000, 20_000),
        (initial, steps, maxBytes) => {
          const cache = new IndexCache({ maxBytes, maxEntries: 3 });
          const descriptions = [...initial];
          for (const step of steps) {
            for (const { at, description: text } of step.changes) descriptions[at % descriptions.length] = text;
            // New tool objects every step; a duplicate of one name (the first one wins, r[processor.resolved.searchable]).
            const tools: Record<string, unknown> = {};
            NAMES.forEach((name, i) => (tools[name] = { id: name, description: descriptions[i] }));
            if (step.duplicate) tools.extra = { id: NAMES[0], description: 'a duplicate' };
            const warm = requestCatalog(base, tools, () => {}, cache);
            const cold = catalogWithResolved(base, searchableResolvedEntries(tools), new IndexCache({ maxBytes: 0 }));
            expect(observed(warm)).toEqual(observed(cold));
            expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
            expect(cache.size).toBeLessThanOrEqual(3);
          }
        },
      ),
    );
  });

  it('[search.index.derived] a step that changes one description of a kept catalog derives its index: it analyses one tool, and its bytes count its overlay once beside the shared root', () => {
    const stamp = Math.random().toString(36).slice(2);
    const docs = Array.from({ length: 500 }, (_, i) => ({ name: `tool_${i}_${stamp}`, description: `does thing ${i % 31} for ${stamp}` }));
    const record = (revision: number) =>
      Object.fromEntries(docs.map((d, i) => [d.name, { id: d.name, description: i === (revision * 37) % docs.length && revision > 0 ? `${d.description} revision ${revision}` : d.description }]));
    const cache = new IndexCache();
    const base = staticCatalog(entriesOf({}));
    const first = requestCatalog(base, record(0), () => {}, cache).index;
    const rootBytes = cache.bytes;
    expect(cache.derivations).toBe(0);
    for (let revision = 1; revision <= 3; revision++) {
      const index = requestCatalog(base, record(revision), () => {}, cache).index;
      expect(search(index, `revision ${revision}`)[0]?.name).toBe(docs[(revision * 37) % docs.length]!.name);
    }
    expect(cache.derivations).toBe(3);
    expect(cache.size).toBe(4);
    // The root is counted once; each derived index adds far less than a whole index.
    const added = cache.bytes - rootBytes;
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThan(estimateSearchIndexBytes(first));
  });
});

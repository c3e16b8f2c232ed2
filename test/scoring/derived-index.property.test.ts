import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyseDocument, analysisCacheStats } from '../../src/scoring/analysis.js';
import { DerivedIndex, deriveIndex, derivedChangeLimit, type Replacement } from '../../src/scoring/derived-index.js';
import { buildSearchIndex, rankCandidates, search, selectQueryTerms, type SearchDocument } from '../../src/scoring/index.js';
import { asToolIndex } from '../../src/scoring/rank.js';
import { assembleIndex, type ToolIndex } from '../../src/scoring/search-index.js';
import { postingsByTerm } from './support/derivations.js';

// Names with and without compounds (r[search.index.compound]); descriptions from words that
// make and unmake their vocabulary and ownership (`against`, a stopword, is a part of compound
// length outside the vocabulary).
const NAMES = ['getrandomimage', 'hdbcarpark', 'send_mail', 'readFiles', 'weather_now', 'carpark_rates', 'image_tool', 'list_repos', 'get_user', 'deploy', 'rent_car', 'mailbox', 'against_rules'];
const WORDS = ['get', 'random', 'image', 'car', 'park', 'carpark', 'randomimage', 'weather', 'mail', 'files', 'the', 'and', 'repos', 'repository', 'rental', 'user', 'users', 'deploy', 'revision', '42', 'Café', 'naïve', 'forecast', 'getrandomimage', 'aga', 'inst', 'against'];
const QUERIES = ['random image', 'car park', 'weather', 'mail files', 'repositori', 'rentl', 'getrandomimage', 'send mail', 'deploy the forecast. Find users.', 'revision 42', 'cafe', 'imagee', 'forecst', 'aga inst'];

const description = fc.array(fc.constantFrom(...WORDS), { maxLength: 7 }).map((w) => w.join(' '));

/** Everything a query can observe of an index, and its terms' postings. */
function observed(index: ToolIndex): unknown {
  return {
    size: index.size,
    hits: QUERIES.map((q) => [rankCandidates(index, q), search(index, q, { topK: 2 }), search(index, q, { topK: 1, minScore: 0.2 })]),
    terms: QUERIES.map((q) => selectQueryTerms(index, q).map((t) => [t.term, t.weight, [...t.postings.slots], [...t.postings.strengths], t.postings.idf])),
  };
}

/** The index the cache would keep for `docs`, from `previous` (derived when it can be). */
function next(previous: ToolIndex | undefined, before: readonly SearchDocument[], docs: readonly SearchDocument[]): ToolIndex {
  if (previous !== undefined) {
    const replacements: Replacement[] = [];
    docs.forEach((d, slot) => {
      if (d.description !== before[slot]!.description) replacements.push({ slot, analysis: analyseDocument(d.name, d.description) });
    });
    const derived = deriveIndex(previous, replacements);
    if (derived !== undefined) return derived;
  }
  return assembleIndex(docs.map((d) => analyseDocument(d.name, d.description)), undefined, true);
}

describe('indexes derived by replacing tools', () => {
  it('[search.index.derived] a chain of derived indexes observes, at every step, what a cold build of that catalog gives', () => {
    let derivations = 0;
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: NAMES.length }),
        fc.array(description, { minLength: NAMES.length, maxLength: NAMES.length }),
        fc.array(fc.array(fc.record({ at: fc.nat(), description }), { maxLength: 3 }), { minLength: 1, maxLength: 12 }),
        (names, descriptions, steps) => {
          let docs: SearchDocument[] = names.map((name, i) => ({ name, description: descriptions[i]! }));
          let index = next(undefined, docs, docs);
          for (const step of steps) {
            const before = docs;
            docs = docs.map((d) => ({ ...d }));
            for (const { at, description: text } of step) docs[at % docs.length]!.description = text;
            index = next(index, before, docs);
            if (index instanceof DerivedIndex) derivations++;
            const cold = asToolIndex(buildSearchIndex(docs));
            expect(observed(index)).toEqual(observed(cold));
            expect(postingsByTerm(index)).toEqual(postingsByTerm(cold));
            docs.forEach((d, slot) => expect([index.names[slot], index.descriptionOf(slot)]).toEqual([d.name, d.description]));
          }
        },
      ),
    );
    // (The property would hold vacuously if nothing were ever derived.)
    expect(derivations).toBeGreaterThan(0);
  });

  it('[search.index.derived] a derived index analyses only the replaced tools and shares its root; past the change limit it is refused', () => {
    const stamp = Math.random().toString(36).slice(2);
    const n = 2_000;
    const docs = Array.from({ length: n }, (_, i) => ({ name: `tool_${i}_${stamp}`, description: `reads thing ${i % 97} of ${stamp} and more` }));
    const root = assembleIndex(docs.map((d) => analyseDocument(d.name, d.description)), undefined, true);
    const before = analysisCacheStats().documents;
    const change = (index: ToolIndex, slot: number, text: string) => deriveIndex(index, [{ slot, analysis: analyseDocument(docs[slot]!.name, text) }]);
    let index: ToolIndex = root;
    for (let k = 0; k < 10; k++) index = change(index, k * 7, `revision ${k} of ${stamp}`)!;
    const after = analysisCacheStats().documents;
    // Each step analyses its new description and looks its old one up: two analyses, whatever n is.
    expect(after.hits + after.misses - (before.hits + before.misses)).toBe(20);
    expect(index).toBeInstanceOf(DerivedIndex);
    expect((index as DerivedIndex).root).toBe(root);
    expect((index as DerivedIndex).changed.size).toBe(10);
    // More tools replaced since the root than the limit allows: refused (the caller assembles a new root).
    const limit = derivedChangeLimit(n);
    const many = Array.from({ length: limit + 1 }, (_, slot) => ({ slot, analysis: analyseDocument(docs[slot]!.name, `other ${slot}`) }));
    expect(deriveIndex(root, many.slice(0, limit))).toBeInstanceOf(DerivedIndex);
    expect(deriveIndex(root, many)).toBeUndefined();
    // An index without a derivation basis (not kept by the index cache) derives nothing.
    expect(deriveIndex(asToolIndex(buildSearchIndex(docs)), many.slice(0, 1))).toBeUndefined();
  });
});

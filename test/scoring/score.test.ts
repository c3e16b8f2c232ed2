import { describe, expect, it } from 'vitest';
import {
  buildSearchIndex,
  MAX_FUZZY_TERMS,
  MAX_QUERY_TERMS,
  rankCandidates,
  search,
  selectQueryTerms,
  tokenize,
  tokenizeQuery,
  type QueryStats,
} from '../../src/scoring/index.js';

// The catalog of the worked example; term counts come from the tokenizer.
const catalog = [
  { name: 'weather', description: 'forecast for cities' }, // description terms: forecast, citi
  { name: 'mailer', description: 'send weather reports by mail' }, // send, weather, report, mail
  { name: 'calendar', description: 'plan meetings' }, // plan, meet
];

/** The spec's formula, written out independently of src/scoring for this catalog. */
function expectedScore(query: string[], slot: number): number {
  const k1 = 3.5;
  const docs = catalog.map((d) => ({ name: tokenize(d.name), description: tokenize(d.description) }));
  const avg = docs.reduce((s, d) => s + d.description.length, 0) / docs.length;
  const n = docs.length;
  let num = 0;
  let den = 0;
  for (const t of [...query].sort()) {
    const df = docs.filter((d) => d.name.includes(t) || d.description.includes(t)).length;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    const w = idf ** 1.5;
    const d = docs[slot]!;
    const tf =
      1.5 * d.name.filter((x) => x === t).length +
      d.description.filter((x) => x === t).length / (0.8 + (0.2 * d.description.length) / avg);
    num += w * (tf / (tf + k1));
    den += w;
  }
  return Math.round((num / den) * 1e4) / 1e4;
}

const fresh = (): QueryStats => ({ termsLookedUp: 0, postingsVisited: 0, trigramPostingsVisited: 0 });

describe('scoring', () => {
  const index = buildSearchIndex(catalog);

  it('[search.score.field-weight] [search.score.saturation] [search.score.idf] [search.score.term-weight] [search.score.formula] worked example', () => {
    expect(tokenize(catalog[0]!.description)).toEqual(['forecast', 'citi']);
    const one = rankCandidates(index, 'weather');
    expect(one.map((h) => h.name)).toEqual(['weather', 'mailer']);
    expect(one[0]!.score).toBeCloseTo(expectedScore(['weather'], 0), 10);
    expect(one[1]!.score).toBeCloseTo(expectedScore(['weather'], 1), 10);
    // Name: tf′ = 1.5, s = 1.5 / 5 = 0.3 exactly, whatever the idf.
    expect(one[0]!.score).toBe(0.3);

    const two = rankCandidates(index, 'weather forecast');
    expect(two.map((h) => h.name)).toEqual(['weather', 'mailer']);
    expect(two[0]!.score).toBeCloseTo(expectedScore(['weather', 'forecast'], 0), 10);
    expect(two[1]!.score).toBeCloseTo(expectedScore(['weather', 'forecast'], 1), 10);
  });

  it('[search.candidates] only tools sharing a scored term are returned', () => {
    expect(rankCandidates(index, 'meetings').map((h) => h.name)).toEqual(['calendar']);
    expect(rankCandidates(index, 'weather').some((h) => h.name === 'calendar')).toBe(false);
  });

  it('[search.score.range] a tool holding every term many times approaches but never exceeds 1', () => {
    const idx = buildSearchIndex([
      { name: 'echo echo echo', description: Array(200).fill('echo').join(' ') },
      { name: 'other', description: 'nothing here' },
    ]);
    const [hit] = rankCandidates(idx, 'echo');
    expect(hit!.score).toBeGreaterThan(0.9);
    expect(hit!.score).toBeLessThanOrEqual(1);
  });

  it('[search.score.rounding] scores have at most 4 decimals and the reported score is the compared one', () => {
    const hits = rankCandidates(index, 'weather forecast');
    for (const h of hits) expect(Math.round(h.score * 1e4) / 1e4).toBe(h.score);
    const at = hits[1]!.score;
    expect(rankCandidates(index, 'weather forecast', { minScore: at }).map((h) => h.name)).toContain('mailer');
    expect(rankCandidates(index, 'weather forecast', { minScore: at + 1e-4 }).map((h) => h.name)).not.toContain('mailer');
  });

  it('[search.score.name-over-description] a name match outranks a description mention', () => {
    const idx = buildSearchIndex([
      { name: 'billing', description: 'create an invoice for customers' },
      { name: 'invoice', description: 'create a bill for customers' },
    ]);
    expect(search(idx, 'invoice').map((h) => h.name)).toEqual(['invoice', 'billing']);
    // Even against the shortest possible description.
    const idx2 = buildSearchIndex([
      { name: 'billing', description: 'invoice' },
      { name: 'invoice', description: 'create a bill for many different customers of the shop' },
    ]);
    expect(search(idx2, 'invoice').map((h) => h.name)).toEqual(['invoice', 'billing']);
  });

  it('[search.query.terms] repeated query words count once', () => {
    expect(rankCandidates(index, 'weather weather weather')).toEqual(rankCandidates(index, 'weather'));
    expect(selectQueryTerms(index, 'weather unknownword').map((t) => t.term)).toEqual(['weather']);
  });

  it('[search.query.fuzzy] an unknown term stands for the closest index term by trigram similarity', () => {
    const idx = buildSearchIndex([
      { name: 'StrologyTool', description: 'Povides strology services for you.' },
      { name: 'airqualityforeast', description: 'Air quality foreast for any zip code.' },
    ]);
    const terms = selectQueryTerms(idx, 'astrology');
    expect(terms.map((t) => [t.term, t.similarity])).toEqual([['strologi', 14 / 17]]);
    expect(search(idx, 'astrology').map((h) => h.name)).toEqual(['StrologyTool']);
    expect(search(idx, 'forecast').map((h) => h.name)).toEqual(['airqualityforeast']);
    // Below 0.4, nothing; shorter than 4 code points, never.
    expect(search(idx, 'zebra')).toEqual([]);
    expect(selectQueryTerms(idx, 'ai')).toEqual([]);
  });

  // Greek letters: folded to themselves, never stemmed, so the trigram counts below are exact.
  const simOf = (idx: ReturnType<typeof buildSearchIndex>, q: string) => selectQueryTerms(idx, q).map((t) => [t.term, t.similarity]);

  it('[search.query.fuzzy] a similarity of exactly 0.4 matches, a lower one does not', () => {
    // ^αβγδ$ has 4 trigrams; ^αβγκλμ$ 6, sharing ^αβ and αβγ: 2·2 / (4 + 6) = 0.4.
    expect(simOf(buildSearchIndex([{ name: 'αβγκλμ', description: '' }]), 'αβγδ')).toEqual([['αβγκλμ', 0.4]]);
    // ^αβγκλμν$ has 7: 2·2 / (4 + 7) < 0.4.
    expect(simOf(buildSearchIndex([{ name: 'αβγκλμν', description: '' }]), 'αβγδ')).toEqual([]);
  });

  it('[search.query.fuzzy] only terms of 4 to 32 code points take part, on both sides', () => {
    // 3 code points: never matched, though the similarity (4/7) is above 0.4.
    expect(simOf(buildSearchIndex([{ name: 'αβγδ', description: '' }]), 'αβγ')).toEqual([]);
    expect(simOf(buildSearchIndex([{ name: 'αβγ', description: '' }]), 'αβγδ')).toEqual([]);
    // 32 code points match their one-letter typo; 33 do not.
    const greek = [...'αβγδεζηθικλμνξοπρστυφχψω'];
    const word = (n: number) => Array.from({ length: n }, (_, i) => greek[i % 24]!).join('');
    const typo = (w: string) => [...w].slice(0, -1).join('') + 'ж';
    const w32 = word(32);
    const w33 = word(33);
    expect([...w32]).toHaveLength(32);
    const [hit32] = selectQueryTerms(buildSearchIndex([{ name: w32, description: '' }]), typo(w32));
    expect(hit32?.term).toBe(w32);
    expect(hit32!.similarity).toBeGreaterThan(0.4);
    expect(hit32!.similarity).toBeLessThan(1);
    expect(selectQueryTerms(buildSearchIndex([{ name: w33, description: '' }]), typo(w33))).toEqual([]);
    expect(selectQueryTerms(buildSearchIndex([{ name: typo(w33), description: '' }]), w33)).toEqual([]);
  });

  it('[search.query.fuzzy] equal similarities go to the index term first in code-unit order', () => {
    // αβγδε shares 4 of its 5 trigrams with each 6-letter term: 8/11 for both.
    const idx = buildSearchIndex([
      { name: 'αβγδεη', description: '' },
      { name: 'αβγδεζ', description: '' },
    ]);
    expect(simOf(idx, 'αβγδε')).toEqual([['αβγδεζ', 8 / 11]]);
  });

  it('[search.query.fuzzy] several unknown terms on one index term: the highest similarity counts', () => {
    // Against ^αβγδεζη$ (7 trigrams): αβγδεζ (6) shares 5 → 10/13; αβγδεζθ (7, later in code-unit order) → 10/14.
    const idx = buildSearchIndex([{ name: 'αβγδεζη', description: '' }, { name: 'other', description: '' }]);
    expect(simOf(idx, 'αβγδεζ αβγδεζθ')).toEqual([['αβγδεζη', 10 / 13]]);
    expect(simOf(idx, 'αβγδεζθ αβγδεζ')).toEqual([['αβγδεζη', 10 / 13]]);
  });

  it('[search.query.fuzzy] at most 16 unknown terms, the first in code-unit order', () => {
    const letters = 'abcdefghijklmnopqrst';
    const words = [...letters].map((c) => `qu${c}xylophon`);
    const idx = buildSearchIndex(words.map((w) => ({ name: w, description: '' })));
    const typos = words.map((w) => w.slice(0, -1) + 'x');
    const stats = fresh();
    const terms = selectQueryTerms(idx, [...typos].reverse().join(' '), stats);
    expect(MAX_FUZZY_TERMS).toBe(16);
    expect(terms).toHaveLength(16);
    expect(terms.every((t) => t.similarity < 1)).toBe(true);
    expect(terms.map((t) => t.term)).toEqual(words.slice(0, MAX_FUZZY_TERMS).map((w) => tokenizeQuery(w)[0]));
  });

  it('[search.query.term-cap] beyond 64 scored terms, the heaviest 64 are kept', () => {
    const rare = Array.from({ length: MAX_QUERY_TERMS }, (_, i) => `zeta${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}q`);
    const common = ['alpha', 'bravo', 'charlie'];
    const docs = [
      ...rare.map((w) => ({ name: w, description: '' })),
      { name: 'one', description: common.join(' ') },
      { name: 'two', description: common.join(' ') },
    ];
    const idx = buildSearchIndex(docs);
    const stats = fresh();
    const terms = selectQueryTerms(idx, [...common, ...rare].join(' '), stats);
    expect(terms).toHaveLength(MAX_QUERY_TERMS);
    expect(new Set(terms.map((t) => t.term))).toEqual(new Set(rare.map((w) => tokenizeQuery(w)[0])));
    rankCandidates(idx, [...common, ...rare].join(' '), { stats });
    expect(stats.termsLookedUp).toBe(MAX_QUERY_TERMS);
    expect(MAX_QUERY_TERMS).toBe(64);
  });

  it('[search.query.term-cap] among equal weights, the terms first in code-unit order are kept', () => {
    // 65 names with one distinct term each (df 1): equal idf, equal weight.
    const greek = [...'αβγδεζηθικλμνξοπρστυφχψω'];
    const names = Array.from({ length: 65 }, (_, i) => `κ${greek[i % 24]}${greek[Math.floor(i / 24)]}`);
    const idx = buildSearchIndex(names.map((name) => ({ name, description: '' })));
    const query = [...names].reverse().join(' ');
    const kept = selectQueryTerms(idx, query).map((t) => t.term);
    const sorted = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(kept).toEqual(sorted.slice(0, 64));
  });

  it('[search.score.field-weight] names are not length-normalised', () => {
    const idx = buildSearchIndex([
      { name: 'weather', description: 'reads sensors' },
      { name: 'weather_station_monitor_device_panel', description: 'reads sensors' },
      { name: 'other', description: 'reads sensors' },
    ]);
    const hits = rankCandidates(idx, 'weather');
    expect(hits.map((h) => h.name)).toEqual(['weather', 'weather_station_monitor_device_panel']);
    // One name occurrence: tf′ = 1.5 and s = 1.5 / 5 whatever the name's length.
    expect(hits.map((h) => h.score)).toEqual([0.3, 0.3]);
  });
});

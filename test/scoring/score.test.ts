import { describe, expect, it } from 'vitest';
import {
  buildSearchIndex,
  MAX_APPROXIMATE_TERMS,
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
  const k1 = 5;
  const docs = catalog.map((d) => ({ name: tokenize(d.name), description: tokenize(d.description) }));
  const avg = docs.reduce((s, d) => s + d.description.length, 0) / docs.length;
  const avgName = docs.reduce((s, d) => s + d.name.length, 0) / docs.length;
  const n = docs.length;
  let num = 0;
  let den = 0;
  for (const t of [...query].sort()) {
    const df = docs.filter((d) => d.name.includes(t) || d.description.includes(t)).length;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    const w = idf ** 1.25;
    const d = docs[slot]!;
    const tf =
      (1.6 * d.name.filter((x) => x === t).length) / (0.75 + (0.25 * d.name.length) / avgName) +
      d.description.filter((x) => x === t).length / (0.7 + (0.3 * d.description.length) / avg);
    num += w * (tf / (tf + k1));
    den += w;
  }
  return Math.round((num / den) * 1e4) / 1e4;
}

const fresh = (): QueryStats => ({ termsLookedUp: 0, postingsVisited: 0, approximateLookups: 0 });

describe('scoring', () => {
  const index = buildSearchIndex(catalog);

  it('[search.score.field-weight] [search.score.saturation] [search.score.idf] [search.score.term-weight] [search.score.formula] worked example', () => {
    expect(tokenize(catalog[0]!.description)).toEqual(['forecast', 'citi']);
    // `weathers` stems to `weather` but is not the tool's name (r[search.name.exact] stays out).
    const one = rankCandidates(index, 'weathers');
    expect(one.map((h) => h.name)).toEqual(['weather', 'mailer']);
    expect(one[0]!.score).toBeCloseTo(expectedScore(['weather'], 0), 10);
    expect(one[1]!.score).toBeCloseTo(expectedScore(['weather'], 1), 10);
    // Name of the average length (one term each): tf′ = 1.6, s = 1.6 / 6.6 = 0.2424 (rounded), whatever the idf.
    expect(one[0]!.score).toBe(0.2424);

    const two = rankCandidates(index, 'weather forecast');
    expect(two.map((h) => h.name)).toEqual(['weather', 'mailer']);
    // A query that is a name scores that tool 1 (r[search.name.exact]), the others as before.
    const named = rankCandidates(index, 'weather');
    expect(named.map((h) => [h.name, h.score])).toEqual([['weather', 1], ['mailer', one[1]!.score]]);
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

  it('[search.query.terms] repeated query words add no term', () => {
    expect(selectQueryTerms(index, 'weather weather weather').map((t) => t.term)).toEqual(['weather']);
    // One term: its weight is in the numerator and the denominator alike, so the scores are the same.
    expect(rankCandidates(index, 'weather weather weather')).toEqual(rankCandidates(index, 'weathers'));
    expect(selectQueryTerms(index, 'weather unknownword').map((t) => t.term)).toEqual(['weather']);
  });

  it('[search.query.repetition] [search.score.term-weight] a term the query has f times weighs idf^1.25 · 2f / (1 + f)', () => {
    const once = new Map(selectQueryTerms(index, 'mail weather').map((t) => [t.term, t.weight]));
    const idfWeight = (term: string) => selectQueryTerms(index, term)[0]!.postings.idf ** 1.25;
    expect(once.get('weather')).toBe(idfWeight('weather'));
    expect(once.get('mail')).toBe(idfWeight('mail'));
    const weights = (q: string) => new Map(selectQueryTerms(index, q).map((t) => [t.term, t.weight]));
    // Twice: 4/3; three times: 3/2; ten times: 20/11, never 2. Other terms keep their weight.
    expect(weights('weather mail weather').get('weather')).toBeCloseTo((idfWeight('weather') * 4) / 3, 12);
    expect(weights('weather mail weather').get('mail')).toBe(idfWeight('mail'));
    expect(weights('Weather, weathers. WEATHER mail').get('weather')).toBeCloseTo((idfWeight('weather') * 3) / 2, 12);
    expect(weights(`${'weather '.repeat(10)}mail`).get('weather')).toBeCloseTo((idfWeight('weather') * 20) / 11, 12);
  });

  it('[search.query.repetition] the query terms that stand for a term count as its repetitions', () => {
    const idx = buildSearchIndex([
      { name: 'apartments', description: 'Find apartments for renting' },
      { name: 'weather', description: 'Weather forecast' },
    ]);
    const weight = (q: string, term: string) => selectQueryTerms(idx, q).find((t) => t.term === term)!.weight;
    const rent = weight('rent weather', 'rent');
    // `rental` (unknown) stands for `rent`; `rentals` stems to `rental` too.
    expect(weight('rental rent weather', 'rent')).toBeCloseTo((rent * 4) / 3, 12);
    expect(weight('rental rentals rent weather', 'rent')).toBeCloseTo((rent * 3) / 2, 12);
  });

  it('[search.query.repetition] [search.score.formula] a repeated word ranks the tool that holds it first', () => {
    const idx = buildSearchIndex([
      { name: 'play_music', description: 'Play music from a playlist' },
      { name: 'play_video', description: 'Play video from a playlist' },
      { name: 'get_weather', description: 'Weather forecast' },
    ]);
    const names = (q: string) => search(idx, q).map((h) => h.name);
    // Equal weights: catalog order.
    expect(names('music video')).toEqual(['play_music', 'play_video']);
    expect(names('music video video')).toEqual(['play_video', 'play_music']);
    expect(names('music music video')).toEqual(['play_music', 'play_video']);
    // The scores stay weighted averages: idf weights w, strengths s, f = 2 for video.
    const [video, music] = selectQueryTerms(idx, 'music video video').sort((a, b) => (a.term < b.term ? 1 : -1));
    expect(video!.term).toBe('video');
    const s = video!.postings.strengths[0]!;
    const expected = Math.round(((video!.weight * s) / (video!.weight + music!.weight)) * 1e4) / 1e4;
    expect(search(idx, 'music video video')[0]!.score).toBe(expected);
    expect(video!.weight / music!.weight).toBeCloseTo(4 / 3, 12);
  });

  it('[search.query.prefix] an unknown term stands for its longest known prefix of at least 4 code points', () => {
    const idx = buildSearchIndex([
      { name: 'apartments', description: 'Find apartments for renting' },
      { name: 'repo_browser', description: 'Browse a repo' },
      { name: 'cart', description: 'Shopping car' },
    ]);
    expect(selectQueryTerms(idx, 'rental').map((t) => t.term)).toEqual(['rent']);
    expect(search(idx, 'rental').map((h) => h.name)).toEqual(['apartments']);
    expect(selectQueryTerms(idx, 'repositories').map((t) => t.term)).toEqual(['repo']);
    // The longest prefix wins: `rentals` → `rental`? unknown; `renta`? unknown; `rent`.
    expect(selectQueryTerms(idx, 'rentals').map((t) => t.term)).toEqual(['rent']);
    // The prefix `cart` matches `carton`; a prefix of three code points never does (`car` is a
    // term, but `carbon` finds nothing).
    expect(selectQueryTerms(idx, 'carton').map((t) => t.term)).toEqual(['cart']);
    expect(selectQueryTerms(idx, 'carbon').map((t) => t.term)).toEqual([]);
  });

  it('[search.query.typo] an unknown term of at least 7 code points stands for a term one deletion away on each side', () => {
    const idx = buildSearchIndex([
      { name: 'StrologyTool', description: 'Povides strology services for you.' },
      { name: 'airqualityforeast', description: 'Air quality foreast for any zip code.' },
      { name: 'weather', description: 'Weather forecast' },
    ]);
    // astrological → astrolog; strology → strologi: equal after one deletion each.
    expect(selectQueryTerms(idx, 'astrological').map((t) => t.term)).toEqual(['strologi']);
    expect(search(idx, 'astrological')[0]!.name).toBe('StrologyTool');
    // One deletion from the index term (forecast → foreast) and from the query (forecastt → forecast).
    expect(selectQueryTerms(idx, 'foreast').map((t) => t.term)).toEqual(['foreast']);
    expect(selectQueryTerms(idx, 'forecastt').map((t) => t.term)).toEqual(['forecast']);
    expect(selectQueryTerms(idx, 'forecest').map((t) => t.term)).toEqual(['forecast']);
  });

  it('[search.query.typo] fewer than 7 or more than 12 code points on either side never match with a typo', () => {
    const idx = buildSearchIndex([
      { name: 'dork', description: 'dorks' },
      { name: 'button', description: 'press the button' },
      { name: 'errors', description: 'report an error' },
      { name: 'αβγδεζ', description: '' },
    ]);
    for (const q of ['york', 'burton', 'horror']) expect(selectQueryTerms(idx, q), q).toEqual([]);
    // αβγδεξη (7) is one substitution and one deletion from αβγδεζ (6), no prefix of it is a term.
    expect(selectQueryTerms(idx, 'αβγδεξη')).toEqual([]);
    // αβγδεζη (7) becomes αβγδεζ with one deletion, but that term is too short for a typo;
    // it is found as a prefix instead.
    expect(selectQueryTerms(idx, 'αβγδζεη')).toEqual([]);
    expect(selectQueryTerms(idx, 'αβγδεζη').map((t) => t.term)).toEqual(['αβγδεζ']);
    // Both of 7: one substitution matches.
    const idx7 = buildSearchIndex([{ name: 'αβγδεζη', description: '' }]);
    expect(selectQueryTerms(idx7, 'αβγδεζθ').map((t) => t.term)).toEqual(['αβγδεζη']);
    // 12 code points match one substitution; 13 do not.
    const w12 = 'αβγδεζηθικλμ';
    const w13 = 'αβγδεζηθικλμν';
    expect(selectQueryTerms(buildSearchIndex([{ name: w12, description: '' }]), 'αβγδεζηθικλξ').map((t) => t.term)).toEqual([w12]);
    expect(selectQueryTerms(buildSearchIndex([{ name: w13, description: '' }]), 'αβγδεζηθικλμξ')).toEqual([]);
    // A 13-code-point query one deletion from a 12-code-point term is not matched either.
    expect(selectQueryTerms(buildSearchIndex([{ name: 'ωβγδεζηθικλμ', description: '' }]), 'ωβγδεζηθξικλμ')).toEqual([]);
  });

  it('[search.query.typo] among several terms one typo away, the first in code-unit order', () => {
    const idx = buildSearchIndex([
      { name: 'αβγδεζκ', description: '' },
      { name: 'αβγδεζι', description: '' },
    ]);
    expect(selectQueryTerms(idx, 'αβγδεζθ').map((t) => t.term)).toEqual(['αβγδεζι']);
  });

  it('[search.query.prefix] at most 16 unknown terms are matched approximately, the first in query order', () => {
    const letters = 'abcdefghijklmnopqrst';
    const words = [...letters].map((c) => `qu${c}xylophon`);
    const idx = buildSearchIndex(words.map((w) => ({ name: w, description: '' })));
    const typos = words.map((w) => w.slice(0, -1) + 'x');
    const stats = fresh();
    const terms = selectQueryTerms(idx, [...typos].reverse().join(' '), stats);
    expect(MAX_APPROXIMATE_TERMS).toBe(16);
    expect(terms.map((t) => t.term).sort()).toEqual(
      [...words].reverse().slice(0, MAX_APPROXIMATE_TERMS).map((w) => tokenizeQuery(w)[0]).sort(),
    );
    // Unknown terms that match nothing count too: 16 misses first, then nothing more is tried.
    const misses = Array.from({ length: 16 }, (_, i) => `zzq${String.fromCharCode(97 + i)}yyyy`).join(' ');
    expect(selectQueryTerms(idx, `${misses} ${typos[0]}`)).toEqual([]);
  });

  it('[search.query.term-cap] beyond 64 scored terms, the first 64 in query order are kept', () => {
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
    // The three common (light) terms come first and are kept; the last three rare ones are not.
    const kept = [...common, ...rare].slice(0, MAX_QUERY_TERMS).map((w) => tokenizeQuery(w)[0]);
    expect(new Set(terms.map((t) => t.term))).toEqual(new Set(kept));
    rankCandidates(idx, [...common, ...rare].join(' '), { stats });
    expect(stats.termsLookedUp).toBe(MAX_QUERY_TERMS);
    expect(MAX_QUERY_TERMS).toBe(64);
    // Repeats and unknown words take no place.
    const withNoise = ['alpha', 'alpha', 'unknownish', ...common, ...rare].join(' ');
    expect(new Set(selectQueryTerms(idx, withNoise).map((t) => t.term))).toEqual(new Set(kept));
  });

  it('[search.score.field-weight] names are length-normalised with b 0.25', () => {
    const idx = buildSearchIndex([
      { name: 'weather', description: 'reads sensors' },
      { name: 'weather_station_monitor_device_panel', description: 'reads sensors' },
      { name: 'other', description: 'reads sensors' },
    ]);
    // Name lengths 1, 5 and 0 (`other` is a stopword): average 2.
    expect([tokenize('weather').length, tokenize('weather_station_monitor_device_panel').length, tokenize('other').length]).toEqual([1, 5, 0]);
    const hits = rankCandidates(idx, 'weathers');
    expect(hits.map((h) => h.name)).toEqual(['weather', 'weather_station_monitor_device_panel']);
    // tf′ = 1.6 / (0.75 + 0.25 · 1 / 2) = 1.8286, s = 0.2678; tf′ = 1.6 / (0.75 + 0.25 · 5 / 2) = 1.1636, s = 0.1888.
    const s = (tf: number) => Math.round((tf / (tf + 5)) * 1e4) / 1e4;
    expect(hits.map((h) => h.score)).toEqual([s(1.6 / (0.75 + 0.25 / 2)), s(1.6 / (0.75 + (0.25 * 5) / 2))]);
    expect(hits.map((h) => h.score)).toEqual([0.2678, 0.1888]);
  });

  /**
   * A catalog where tool `a` has `zebra` once in a name of `nameTerms` terms, tool `b` has it once in
   * a description of `bDescriptionTerms` terms, and `others` more tools have names of the given term
   * counts; every other description has `descriptionTerms` terms. Returns the catalog and the two
   * sides of r[search.score.name-over-description]'s inequality, from the tokenizer's counts.
   */
  function nameAgainstDescription(nameTerms: number, bDescriptionTerms: number, others: readonly number[], descriptionTerms: number) {
    const pad = (i: number) => `x${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`;
    let next = 0;
    const nameOf = (terms: number) => Array.from({ length: terms }, () => pad(next++)).join('_');
    const filler = (terms: number) => Array.from({ length: terms }, (_, i) => `y${String.fromCharCode(97 + i)}z`).join(' ');
    const docs = [
      { name: `zebra_${nameOf(nameTerms - 1)}`, description: filler(descriptionTerms) },
      { name: nameOf(1), description: `zebra ${filler(bDescriptionTerms - 1)}` },
      ...others.map((terms) => ({ name: nameOf(terms), description: filler(descriptionTerms) })),
    ];
    const names = docs.map((d) => tokenize(d.name).length);
    const descriptions = docs.map((d) => tokenize(d.description).length);
    expect(names).toEqual([nameTerms, 1, ...others]);
    expect(descriptions).toEqual([descriptionTerms, bDescriptionTerms, ...others.map(() => descriptionTerms)]);
    const avgName = names.reduce((x, y) => x + y, 0) / docs.length;
    const avgDescription = descriptions.reduce((x, y) => x + y, 0) / docs.length;
    return {
      docs,
      nameRatio: nameTerms / avgName,
      left: 1.6 * (0.7 + (0.3 * bDescriptionTerms) / avgDescription),
      right: 0.75 + (0.25 * nameTerms) / avgName,
    };
  }

  /** The scores of `a` (the name) and `b` (the description) for the query `zebra`, in rank order. */
  const zebra = (docs: readonly { name: string; description: string }[]) =>
    rankCandidates(buildSearchIndex(docs), 'zebra').map((h) => [h.name.startsWith('zebra') ? 'name' : 'description', h.score] as const);

  it('[search.score.name-over-description] against a description of average length, a name wins below 3.4 times the average name length and loses above', () => {
    // Ten tools, descriptions all of 4 terms; a's name 17 terms, b's 1, the others' 32 ± 1 in all:
    // 17 / (50 / 10) = 3.4 is the boundary (left side 1.6 · 1 = 0.75 + 0.25 · 3.4).
    const below = nameAgainstDescription(17, 4, [5, 5, 5, 5, 4, 4, 4, 1], 4);
    expect(below.nameRatio).toBeCloseTo(170 / 51, 12);
    expect(below.left).toBeGreaterThan(below.right);
    const won = zebra(below.docs);
    expect(won.map(([who]) => who)).toEqual(['name', 'description']);
    expect(won[0]![1]).toBeGreaterThan(won[1]![1]);

    const above = nameAgainstDescription(17, 4, [5, 5, 5, 4, 4, 4, 3, 1], 4);
    expect(above.nameRatio).toBeCloseTo(170 / 49, 12);
    expect(above.left).toBeLessThan(above.right);
    const lost = zebra(above.docs);
    expect(lost.map(([who]) => who)).toEqual(['description', 'name']);
    expect(lost[0]![1]).toBeGreaterThan(lost[1]![1]);
  });

  it('[search.score.name-over-description] a name at 1.48 times the average name length outweighs the shortest description; a longer one may not', () => {
    // 37 tools; b's description is 1 term, the others' 20 (len_d(b) / avglen_d = 37 / 721).
    // a's name 2 terms, the others' 48 in all: 2 / (50 / 37) = 1.48 exactly, the bound.
    const atBound = nameAgainstDescription(2, 1, [...Array<number>(12).fill(2), ...Array<number>(23).fill(1)], 20);
    expect(atBound.nameRatio).toBeCloseTo(1.48, 12);
    expect(atBound.left).toBeGreaterThan(atBound.right);
    const won = zebra(atBound.docs);
    expect(won.map(([who]) => who)).toEqual(['name', 'description']);
    expect(won[0]![1]).toBeGreaterThan(won[1]![1]);
    // The same with the others' names 44 terms in all: 2 / (46 / 37) = 1.61 > 1.48, and the
    // 1-term description now weighs more (1.6 · (0.7 + 0.3 · 37 / 721) < 0.75 + 0.25 · 1.61).
    const beyond = nameAgainstDescription(2, 1, [...Array<number>(8).fill(2), ...Array<number>(27).fill(1)], 20);
    expect(beyond.nameRatio).toBeCloseTo(74 / 46, 12);
    expect(beyond.left).toBeLessThan(beyond.right);
    const lost = zebra(beyond.docs);
    expect(lost.map(([who]) => who)).toEqual(['description', 'name']);
    expect(lost[0]![1]).toBeGreaterThan(lost[1]![1]);
  });
});

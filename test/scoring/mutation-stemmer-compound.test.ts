/**
 * What the unit scope `scoring` of `npm run mutation` showed no test checked in the Porter
 * stemmer's steps (r[search.tokenize.porter]), the compounds' ownership and vocabulary
 * (r[search.index.compound]), the id table's counters, estimate and budget
 * (r[search.index.analysis-cache]) and the ranking heaps (r[search.rank.order]).
 *
 * Every expected stem is worked out by hand from the algorithm as r[search.tokenize.porter]
 * writes it (the paper's, not Porter's later C code); the comments give the steps that decide it.
 */
import { describe, expect, it } from 'vitest';
import { compoundPieces, splitCompound } from '../../src/scoring/compound.js';
import { ELEMENT, MAP_ENTRY_SLACK, stringBytes } from '../../src/scoring/footprint-units.js';
import { porterStem } from '../../src/scoring/index.js';
import { ranksBefore, TopK } from '../../src/scoring/ranked-heap.js';
import { DEFAULT_TERM_ID_MAX_BYTES, existingId, idCount, idGeneration, idOf, idStats, marks, resetIds, trimIds } from '../../src/scoring/term-ids.js';

const stems = (words: string[]) => Object.fromEntries(words.map((w) => [w, porterStem(w)]));

describe('the Porter stemmer\'s steps', () => {
  it('[search.tokenize.porter] the measure counts only VC sequences: a last run of vowels adds nothing', () => {
    // free: step 5a looks at fre, [C]V with m = 0, so the e stays (m = 1 would drop it: fre is no *o).
    // agree: agre is VCV, m = 1, not *o (g, r are both consonants): the e goes.
    expect(stems(['free', 'agree'])).toEqual({ free: 'free', agree: 'agre' });
  });

  it('[search.tokenize.porter] *d is two equal last letters that are consonants', () => {
    // hopping → hopp (*d, not l/s/z) → hop; stopping → stopp → stop (an s elsewhere does not count).
    // seeing → see: ee is no double consonant, and see (m = 0) gets nothing else.
    // telling → tell: ll is kept by step 1b (*L), and step 5b needs m > 1 (tell has m = 1).
    expect(stems(['hopping', 'stopping', 'seeing', 'telling', 'tell'])).toEqual({ hopping: 'hop', stopping: 'stop', seeing: 'see', telling: 'tell', tell: 'tell' });
  });

  it('[search.tokenize.porter] *o ends consonant–vowel–consonant: a last vowel is none', () => {
    // canoeing → canoe (m = 1 but n-o-e ends with a vowel: no e added) → step 5a: cano (m = 1,
    // a-n-o is no *o) → cano.
    expect(porterStem('canoeing')).toBe('cano');
  });

  it('[search.tokenize.porter] step 1a: sses → ss and ies → i, before the rule for s', () => {
    // kindnesses → kindness → step 3 (ness, m(kind) = 1) → kind; with only the s rule it would end
    // kindnesse, which step 3 does not match and step 5a makes kindness.
    // ties → ti; with only the s rule it would be tie, which step 5a leaves (m(ti) = 0).
    expect(stems(['kindnesses', 'ties', 'caresses', 'ponies'])).toEqual({ kindnesses: 'kind', ties: 'ti', caresses: 'caress', ponies: 'poni' });
  });

  it('[search.tokenize.porter] step 1b: (m>0) eed → ee, the measure of the stem before eed', () => {
    // proceed: m(proc) = 1 → procee → step 5a (m(proce) = 1, o-c-e is no *o) → proce.
    // feed: m(f) = 0, unchanged.
    expect(stems(['proceed', 'feed', 'agreed'])).toEqual({ proceed: 'proce', feed: 'feed', agreed: 'agre' });
  });

  it('[search.tokenize.porter] step 1b: ed and ing go only when the stem without them has a vowel', () => {
    // bled: bl has no vowel (the e of ed does not count), so nothing is removed.
    expect(stems(['bled', 'bleed'])).toEqual({ bled: 'bled', bleed: 'bleed' });
  });

  it('[search.tokenize.porter] step 1b: at, bl and iz at the end of the stem get an e, and no other stem does', () => {
    // activated → activat → activate → step 4 (ate, m(activ) = 2) → activ. Without the e, activat
    // would match no step 4 suffix.
    expect(porterStem('activated')).toBe('activ');
    // Stems that begin with at, bl or iz but do not end so get no e:
    // atrophying → atrophy (m = 2) → step 1c: atrophi (an e would stop step 1c and go in step 5a).
    // blotting → blott → *d → blot (blotte would lose its e in step 5a and keep tt).
    // izzying → izzy (m = 1, z-z-y is no *o) → step 1c: izzi. Any a–z term goes through the
    // algorithm (r[search.tokenize.stem]), a word of a dictionary or not.
    expect(stems(['atrophying', 'blotting', 'izzying'])).toEqual({ atrophying: 'atrophi', blotting: 'blot', izzying: 'izzi' });
  });

  it('[search.tokenize.porter] step 1b: the e of *o needs m = 1', () => {
    // unforgiving → unforgiv: m = 3, so no e although g-i-v is *o; with the e, step 4 would strip
    // ive (m(unforg) = 2) to unforg.
    expect(porterStem('unforgiving')).toBe('unforgiv');
  });

  it('[search.tokenize.porter] step 4: ion goes only after s or t, and m > 1', () => {
    // opinion: m(opin) = 2 but opin ends with n; suspicion: suspic has an s, but not last.
    // adoption: m(adopt) = 2 and it ends with t → adopt.
    expect(stems(['opinion', 'suspicion', 'adoption'])).toEqual({ opinion: 'opinion', suspicion: 'suspicion', adoption: 'adopt' });
  });

  it('[search.tokenize.porter] steps 2 and 3 need m > 0', () => {
    // ration: step 2's ation → ate needs m(r) > 0: unchanged; step 4's ion needs m(rat) > 1: unchanged.
    // realize: step 3's alize → al needs m(re) > 0: unchanged; step 4's ize needs m(real) > 1:
    // unchanged; step 5a: m(realiz) = 2 → realiz.
    // relational: m(rel) = 1 → relate; step 4 (ate, m(rel) = 1) keeps it; step 5a: m(relat) = 2 → relat.
    expect(stems(['ration', 'realize', 'relational'])).toEqual({ ration: 'ration', realize: 'realiz', relational: 'relat' });
  });
});

describe('compound ownership and vocabulary', () => {
  it('[search.index.compound] an empty word has no split', () => {
    expect(splitCompound('', new Set(['abc']))).toBeUndefined();
    expect(splitCompound('', { has: () => true })).toBeUndefined();
  });

  it('[search.index.compound] a compound twice in its own name is still its own, and splits each time', () => {
    const pieces = compoundPieces([
      { name: 'getrandomimage_getrandomimage', description: 'a tool' },
      { name: 'getter', description: 'get random things' },
      { name: 'viewer', description: 'image files' },
    ]);
    expect(pieces).toEqual([['get', 'random', 'image', 'get', 'random', 'image'], [], []]);
  });

  it('[search.index.compound] [search.tokenize.stopwords] a stopword is no piece of the vocabulary', () => {
    // load, image and tool are in the vocabulary; the is a stopword, so loadtheimage has no split.
    const tools = [
      { name: 'loadtheimage', description: 'a tool' },
      { name: 'loader', description: 'load the image' },
    ];
    expect(compoundPieces(tools)).toEqual([[], []]);
    // With a word of the vocabulary (no stopword) in its place, it splits.
    expect(compoundPieces([{ name: 'loadoneimage', description: 'a tool' }, { name: 'loader', description: 'load one image' }])).toEqual([['load', 'one', 'image'], []]);
  });

  it('[search.index.compound] [search.index.analysis-cache] compounds are owned and split past the first 1024 ids', () => {
    resetIds();
    const letter = (i: number) => 'abcdefghijklmnopqrstuvwxyz'[i % 26]!;
    const letters = (i: number) => letter(i) + letter(Math.floor(i / 26)) + letter(Math.floor(i / 676));
    // 1100 distinct words (qq + three letters + qq) come first, so the compound's ids are past 1024.
    const filler = Array.from({ length: 1100 }, (_, i) => `qq${letters(i)}qq`).join(' ');
    const pieces = compoundPieces([
      { name: 'filler', description: filler },
      { name: 'getrandomimage', description: 'a tool' },
      { name: 'getter', description: 'get random things' },
      { name: 'viewer', description: 'image files' },
    ]);
    expect(idCount()).toBeGreaterThan(1100);
    expect(pieces).toEqual([[], ['get', 'random', 'image'], [], []]);
    resetIds(DEFAULT_TERM_ID_MAX_BYTES);
  });
});

describe('the id table', () => {
  const entryBytes = (s: string) => MAP_ENTRY_SLACK + 1.5 * ELEMENT + stringBytes(s);

  it('[search.index.analysis-cache] a look-up of a new string is a miss, of a known one a hit', () => {
    resetIds();
    const before = idStats();
    expect(idOf('alpha')).toBe(0);
    expect(idOf('beta')).toBe(1);
    expect(idOf('alpha')).toBe(0);
    const after = idStats();
    expect(after.misses - before.misses).toBe(2);
    expect(after.hits - before.hits).toBe(1);
    expect(after.entries).toBe(2);
  });

  it('[search.index.analysis-cache] an id counts a map entry with its slack, one and a half array slots and its string', () => {
    resetIds();
    expect(idStats().bytes).toBe(0);
    idOf('alpha');
    idOf('βeta');
    // 56 + 12 + (24 + 5) and 56 + 12 + (24 + 2 · 4).
    expect(idStats().bytes).toBe(entryBytes('alpha') + entryBytes('βeta'));
    expect(idStats().bytes).toBe(97 + 100);
    // The scratch of the builds' passes counts too: 8 bytes an id slot (a mark and a value).
    marks.pass(idCount());
    expect(marks.mark.length).toBeGreaterThanOrEqual(2);
    expect(idStats().bytes).toBe(97 + 100 + 8 * marks.mark.length);
    resetIds(DEFAULT_TERM_ID_MAX_BYTES);
  });

  it('[search.index.analysis-cache] the builds\' scratch grows with the table: an empty table keeps none', () => {
    resetIds();
    // A catalog with no tool makes its passes over no id.
    expect(compoundPieces([])).toEqual([]);
    expect(idCount()).toBe(0);
    expect(marks.mark.length).toBe(0);
    expect(idStats().bytes).toBe(0);
    resetIds(DEFAULT_TERM_ID_MAX_BYTES);
  });

  it('[search.index.analysis-cache] the table is emptied only above its budget, not at it', () => {
    resetIds(entryBytes('alpha'));
    idOf('alpha');
    const generation = idGeneration();
    trimIds();
    expect(idGeneration()).toBe(generation);
    expect(existingId('alpha')).toBe(0);
    idOf('beta');
    trimIds();
    expect(idGeneration()).not.toBe(generation);
    expect(existingId('alpha')).toBe(-1);
    expect(idCount()).toBe(0);
    resetIds(DEFAULT_TERM_ID_MAX_BYTES);
  });
});

describe('the ranking heaps', () => {
  it('[search.rank.order] a candidate does not rank before itself', () => {
    expect(ranksBefore(0.5, 3, 0.5, 3)).toBe(false);
    expect(ranksBefore(0.5, 2, 0.5, 3)).toBe(true);
    expect(ranksBefore(0.5, 3, 0.5, 2)).toBe(false);
  });

  it('[search.rank.order] a reset heap keeps its arrays while k fits them, and drains best first', () => {
    const top = new TopK(3);
    for (const [score, tie] of [[0.2, 1], [0.9, 4], [0.5, 0], [0.5, 2]] as const) top.offer(score, tie);
    const first = top.drain();
    expect(first.count).toBe(3);
    expect([...first.scores.subarray(0, 3)]).toEqual([0.9, 0.5, 0.5]);
    expect([...first.ties.subarray(0, 3)]).toEqual([4, 0, 2]);
    // k as large as the arrays, then smaller: the same arrays serve.
    for (const k of [3, 2]) {
      top.reset(k);
      top.offer(0.1, 7);
      top.offer(0.3, 8);
      top.offer(0.2, 9);
      const again = top.drain();
      expect(again.scores).toBe(first.scores);
      expect(again.ties).toBe(first.ties);
      expect(again.count).toBe(k);
      expect([...again.ties.subarray(0, k)]).toEqual([8, 9, 7].slice(0, k));
    }
    // A larger k gets larger arrays.
    top.reset(5);
    top.offer(0.1, 1);
    expect(top.drain().scores.length).toBeGreaterThanOrEqual(5);
  });
});

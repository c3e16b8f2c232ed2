/**
 * What the unit scope `scoring` of `npm run mutation` showed no test checked: code-point counts,
 * which words can be compound pieces and how a compound splits, the byte-bounded memos and the
 * memo of analyses (by tool object and by content), the derivation basis and the estimate of an
 * index's bytes, the head and the scale of the coverage order, a ranked stream's end, a folded part
 * without words, and the word lists' errors.
 */
import { describe, expect, it } from 'vitest';
import { analyseDocument, analysisCacheStats, clearAnalysisCache, codePoints, isLetterWord } from '../../src/scoring/analysis.js';
import { BoundedCache, CACHE_ENTRY_BYTES } from '../../src/scoring/bounded-cache.js';
import { deriveIndex, derivedChangeLimit } from '../../src/scoring/derived-index.js';
import { buildSearchIndex, estimateSearchIndexBytes, porterStem, rankCandidates, search, splitCompound } from '../../src/scoring/index.js';
import { SCORING_PARAMETERS } from '../../src/scoring/parameters.js';
import { assembleIndex } from '../../src/scoring/search-index.js';
import { RankedStream } from '../../src/scoring/ranked-heap.js';
import { parseStemExceptions, readSpecData } from '../../src/scoring/spec-data.js';
import { termsOfFoldedPart } from '../../src/scoring/tokenize.js';
import { referenceIndex, referenceRank } from './support/reference-scorer.js';

describe('code points of a word', () => {
  it('[search.unicode] a surrogate pair is one code point, at either end of the surrogate ranges', () => {
    // U+10000 (D800 DC00) and U+10FFFF (DBFF DFFF) are the first and last pairs.
    expect(codePoints('\ud800\udc00')).toBe(1);
    expect(codePoints('\udbff\udfff')).toBe(1);
    expect(codePoints('a\ud801\udc28b')).toBe(3);
    expect(codePoints('\ud801\udc28\ud801\udc29\ud801\udc2a')).toBe(3);
  });

  it('[search.unicode] a lone surrogate is a code point of its own', () => {
    expect(codePoints('\ud801')).toBe(1);
    expect(codePoints('a\ud801')).toBe(2);
    expect(codePoints('\ud801a')).toBe(2);
    expect(codePoints('\udc28\ud801')).toBe(2);
    expect(codePoints('\ud801\ud801\udc28')).toBe(2);
    // A high surrogate before a code unit just above the low range.
    expect(codePoints('\ud801\ue000')).toBe(2);
    // A code unit just above the high range before a low surrogate.
    expect(codePoints('\udc00\udc00')).toBe(2);
  });

  it('[search.unicode] a low surrogate after a character below the surrogates is a code point of its own', () => {
    expect(codePoints('a\udc00')).toBe(2);
    expect(codePoints('\ud7ff\udc00')).toBe(2);
    expect(codePoints('\ud800\udc00')).toBe(1);
    expect(codePoints('x\udbff\udfffy')).toBe(3);
  });

  it('[search.index.compound] a compound of astral letters counts its code points, not its code units', () => {
    // Deseret small letters (U+10428…): cased letters of a script written with spaces, two code
    // units each. The compound has 17 code points (34 code units, more than 32): it is split.
    const letters = (from: number, n: number) => String.fromCodePoint(...Array.from({ length: n }, (_, i) => 0x10428 + from + i));
    const first = letters(0, 8);
    const second = letters(8, 9);
    // Only a name word is a compound: in a description it is not split.
    const index = buildSearchIndex([
      { name: 'whole', description: `${first}${second}` },
      { name: 'one', description: `${first} words` },
      { name: 'two', description: `${second} words` },
    ]);
    const named = buildSearchIndex([
      { name: `${first}${second}`, description: 'a tool' },
      { name: 'one', description: `${first} words` },
      { name: 'two', description: `${second} words` },
    ]);
    expect(search(index, second, { topK: 5, minScore: 0 }).map((r) => r.name)).toEqual(['two']);
    expect(search(named, second, { topK: 5, minScore: 0 }).map((r) => r.name)).toEqual(['two', `${first}${second}`]);
  });
});

describe('words that can be compound pieces', () => {
  it('[search.index.compound] letters of scripts written with spaces are, beyond ASCII too', () => {
    expect(isLetterWord('abc')).toBe(true);
    expect(isLetterWord('éclair')).toBe(true);
    expect(isLetterWord('город')).toBe(true);
    expect(isLetterWord('\ud801\udc28\ud801\udc29')).toBe(true);
  });

  it('[search.index.compound] [search.tokenize.segmented] digits, marks of other kinds and segmented scripts are not', () => {
    expect(isLetterWord('abc1')).toBe(false);
    expect(isLetterWord('東京')).toBe(false);
    expect(isLetterWord('abc東')).toBe(false);
    expect(isLetterWord('ภาษา')).toBe(false);
    expect(isLetterWord('')).toBe(false);
  });

  it('[search.index.compound] a compound of accented Latin letters is split against the vocabulary', () => {
    const index = buildSearchIndex([
      { name: 'größenänderung', description: 'a tool' },
      { name: 'one', description: 'größen of things' },
      { name: 'two', description: 'änderung of things' },
    ]);
    expect(search(index, 'änderung', { topK: 5, minScore: 0 }).map((r) => r.name)).toEqual(['two', 'größenänderung']);
  });
});

describe('the byte-bounded memo', () => {
  it('[search.index.analysis-cache] forgetting an entry of the young generation gives back its bytes; resetting forgets all', () => {
    const cache = new BoundedCache<string, string>(4 * (100 + CACHE_ENTRY_BYTES));
    cache.set('a', 'A', 100);
    cache.set('b', 'B', 100);
    cache.delete('a');
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 100 + CACHE_ENTRY_BYTES });
    expect(cache.get('a')).toBeUndefined();
    cache.set('c', 'C', 100);
    cache.set('d', 'D', 100);
    cache.reset();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
    expect(cache.get('b')).toBeUndefined();
  });

  it('[search.index.analysis-cache] forgetting an entry of the old generation gives back its bytes', () => {
    const cache = new BoundedCache<string, string>(4 * (100 + CACHE_ENTRY_BYTES));
    cache.set('a', 'A', 100);
    cache.set('b', 'B', 100);
    // The young generation holds half the budget: the next entry makes it the old one.
    cache.set('c', 'C', 100);
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: 3 * (100 + CACHE_ENTRY_BYTES) });
    cache.delete('a');
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: 2 * (100 + CACHE_ENTRY_BYTES) });
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('B');
    // Deleting what is not there changes nothing.
    cache.delete('a');
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: 2 * (100 + CACHE_ENTRY_BYTES) });
  });
});

describe('the memo of analyses', () => {
  it('[search.index.analysis-cache] a name and description met again give the analysis already made', () => {
    clearAnalysisCache();
    const first = analyseDocument('memo_probe_tool', 'finds remembered analyses');
    // An older revision of the description is found behind the newest one.
    const second = analyseDocument('memo_probe_tool', 'a newer description');
    expect(analyseDocument('memo_probe_tool', 'finds remembered analyses')).toBe(first);
    expect(analyseDocument('memo_probe_tool', 'a newer description')).toBe(second);
    expect(second).not.toBe(first);
  });

  it('[search.index.analysis-cache] [search.query.analysis-cache] emptying the memos forgets every analysis, word, query word and id', () => {
    const first = analyseDocument('cleared_probe', 'words to forget');
    buildSearchIndex([{ name: 'cleared_probe', description: 'words to forget' }]);
    search(buildSearchIndex([{ name: 'other_probe', description: 'more words' }]), 'forget words');
    clearAnalysisCache();
    const stats = analysisCacheStats();
    for (const memo of ['words', 'documents', 'ids', 'queryWords'] as const) expect(stats[memo].entries, memo).toBe(0);
    expect(analyseDocument('cleared_probe', 'words to forget')).not.toBe(first);
  });

  it('[search.index.analysis-cache] four revisions of a name\'s description are remembered, the oldest forgotten first', () => {
    clearAnalysisCache();
    const revisions = [1, 2, 3, 4, 5].map((n) => analyseDocument('revised_probe', `revision number ${n}`));
    for (let n = 2; n <= 5; n++) expect(analyseDocument('revised_probe', `revision number ${n}`), `revision ${n}`).toBe(revisions[n - 1]);
    expect(analyseDocument('revised_probe', 'revision number 1')).not.toBe(revisions[0]);
  });

  it('[search.index.analysis-cache] a new revision leaves the tool objects of the revisions kept on the identity path', () => {
    clearAnalysisCache();
    const tool = { name: 'kept_probe', description: 'first revision' };
    const first = analyseDocument(tool.name, tool.description, tool);
    analyseDocument('kept_probe', 'second revision');
    const looked = analysisCacheStats().documents;
    expect(analyseDocument(tool.name, tool.description, tool)).toBe(first);
    expect(analysisCacheStats().documents.hits + analysisCacheStats().documents.misses).toBe(looked.hits + looked.misses);
    // Once forgotten by the memo (four newer revisions), the object no longer finds it either.
    for (const n of [3, 4, 5, 6]) analyseDocument('kept_probe', `revision ${n}`);
    const again = analyseDocument(tool.name, tool.description, tool);
    expect(again).not.toBe(first);
    expect(again).toMatchObject({ name: 'kept_probe', description: 'first revision' });
  });

  it('[search.index.analysis-cache] a tool object renamed since its analysis is analysed again, under its new name', () => {
    clearAnalysisCache();
    const tool = { name: 'alpha_probe', description: 'shared words' };
    const before = buildSearchIndex([tool, { name: 'other', description: 'unrelated' }]);
    expect(search(before, 'alpha_probe', { topK: 5, minScore: 0 }).map((r) => r.name)).toEqual(['alpha_probe']);
    tool.name = 'gamma_probe';
    const renamed = analyseDocument(tool.name, tool.description, tool);
    expect(renamed.name).toBe('gamma_probe');
    expect(renamed.terms).toContain('gamma');
    expect(renamed.terms).not.toContain('alpha');
    const after = buildSearchIndex([tool, { name: 'other', description: 'unrelated' }]);
    expect(search(after, 'gamma', { topK: 5, minScore: 0 }).map((r) => r.name)).toEqual(['gamma_probe']);
  });

  it('[search.index.analysis-cache] a function as the tool object takes the identity path too', () => {
    clearAnalysisCache();
    const tool = Object.assign(() => undefined, { description: 'callable tool' });
    const first = analyseDocument('callable_probe', 'callable tool', tool);
    const looked = analysisCacheStats().documents;
    // Found by the object: the content memo is not asked again.
    expect(analyseDocument('callable_probe', 'callable tool', tool)).toBe(first);
    expect(analysisCacheStats().documents.hits).toBe(looked.hits);
    expect(analysisCacheStats().documents.misses).toBe(looked.misses);
    // A primitive cannot key the identity memo: it is looked up by content.
    expect(analyseDocument('callable_probe', 'callable tool', 5 as unknown as object)).toBe(first);
    expect(analysisCacheStats().documents.hits).toBe(looked.hits + 1);
  });
});

describe('parts and word lists', () => {
  it('[search.tokenize.document] a folded part without a word has no terms', () => {
    expect(termsOfFoldedPart('')).toEqual([]);
    expect(termsOfFoldedPart('-- !!')).toEqual([]);
    expect(termsOfFoldedPart('git hub')).toEqual(['git', 'hub']);
  });

  it('[search.tokenize.stem] the stem exceptions are word-stem pairs; any other line is an error naming the file and the line', () => {
    expect([...parseStemExceptions('# comment\nskies sky  # a pair\n\n  news news\n')]).toEqual([
      ['skies', 'sky'],
      ['news', 'news'],
    ]);
    expect(() => parseStemExceptions('skies sky\nlonely\n')).toThrowError('spec/data/stem-exceptions.txt: "lonely" is not a "word stem" pair');
    expect(() => parseStemExceptions('one two three')).toThrowError('spec/data/stem-exceptions.txt: "one two three" is not a "word stem" pair');
  });

  it('[search.tokenize.stopwords] a word list missing from spec/data is an error naming the file and the fix', () => {
    expect(() => readSpecData('no-such-list.txt')).toThrowError(/cannot read the search word list spec\/data\/no-such-list\.txt \(looked at .*spec\/data\/no-such-list\.txt\); the package must be installed with its spec\/ folder\./);
    try {
      readSpecData('no-such-list.txt');
    } catch (error) {
      expect((error as Error).cause).toBeInstanceOf(Error);
      expect(((error as Error).cause as NodeJS.ErrnoException).code).toBe('ENOENT');
    }
  });
});

describe('the estimate of an index\'s bytes', () => {
  const estimate = (name: string) => estimateSearchIndexBytes(buildSearchIndex([{ name, description: '' }]));
  // Letters that no stemmer step changes: each name is one term of its own length.
  const latin = 'zqxwvkjzqxwvkjz';
  // Deseret small letters: two code units each.
  const deseret = (n: number) => String.fromCodePoint(...Array.from({ length: n }, (_, i) => 0x10428 + i));

  it('[processor.resolved.index-cache] [search.query.typo] a term of 7 to 12 code points counts its one-deletion neighbours before any query builds them', () => {
    // One more letter adds one code unit of name and term; from 7 letters on, the term also has
    // 7 neighbours of 6 letters (at least their letters are counted).
    expect(estimate(latin.slice(0, 7)) - estimate(latin.slice(0, 6))).toBeGreaterThan(7 * 6);
    expect(estimate(latin.slice(0, 12)) - estimate(latin.slice(0, 11))).toBeGreaterThan(12 * 11);
    // A 13-letter term has none: it costs less than a 12-letter one with its 12 neighbours.
    expect(estimate(latin.slice(0, 13))).toBeLessThan(estimate(latin.slice(0, 12)));
  });

  it('[processor.resolved.index-cache] [search.unicode] the neighbours\' typo length is in code points, not code units', () => {
    expect(estimate(deseret(7)) - estimate(deseret(6))).toBeGreaterThan(7 * 6);
    // 12 code points are 24 code units: still counted; 13 (26 units) are not.
    expect(estimate(deseret(12)) - estimate(deseret(11))).toBeGreaterThan(12 * 11);
    expect(estimate(deseret(13))).toBeLessThan(estimate(deseret(12)));
  });

  it('[processor.resolved.index-cache] [search.index.derived] an index kept for derivation counts its basis, at least the typed arrays it adds', () => {
    const extra = (docs: { name: string; description: string }[]) => {
      const tools = docs.map((t) => analyseDocument(t.name, t.description));
      const kept = assembleIndex(tools, SCORING_PARAMETERS, true);
      const basis = kept.basis!;
      const arrays = basis.nameCounts.byteLength + basis.descriptionCounts.byteLength + basis.nameNorms.byteLength + 8 * kept.size;
      return { bytes: estimateSearchIndexBytes(kept) - estimateSearchIndexBytes(assembleIndex(tools, SCORING_PARAMETERS, false)), arrays, pieces: basis.compounds.pieces.size };
    };
    const catalog = [
      { name: 'getrandomimage', description: 'returns a picture' },
      { name: 'random_numbers', description: 'get random values' },
      { name: 'image_tools', description: 'resize an image' },
    ];
    const base = extra(catalog);
    expect(base.pieces).toBe(1);
    expect(base.bytes).toBeGreaterThan(base.arrays);
    // Tools of two-letter words add postings and tools, but no compound bookkeeping (no part has
    // 3 letters): the estimate grows by at least the basis's arrays for them.
    const more = extra([...catalog, ...['ab', 'cd', 'ef', 'gh'].map((name) => ({ name, description: 'xy zw' }))]);
    expect(more.arrays - base.arrays).toBe(4 * (3 * 8 + 16));
    expect(more.bytes - base.bytes).toBeGreaterThanOrEqual(more.arrays - base.arrays);
  });

  it('[processor.resolved.index-cache] the estimate counts the names and descriptions an index keeps alive, at least a byte a code unit', () => {
    const est = (name: string, description: string) => estimateSearchIndexBytes(buildSearchIndex([{ name, description }]));
    // One term either way: only the strings grow.
    const description = (n: number) => Array.from({ length: n }, () => 'word').join(' ');
    expect(est('tool', description(400)) - est('tool', description(1))).toBeGreaterThanOrEqual(description(400).length - description(1).length);
    const name = (n: number) => Array.from({ length: n }, () => 'ab').join('_');
    expect(est(name(300), 'x') - est(name(1), 'x')).toBeGreaterThanOrEqual(name(300).length - name(1).length);
  });

  it('[processor.resolved.index-cache] the estimate counts every posting (a slot and a strength) and every term', () => {
    const est = (description: string) => estimateSearchIndexBytes(buildSearchIndex(Array.from({ length: 20 }, (_, i) => ({ name: `t${i}`, description }))));
    // 20 tools × 3 more postings, 3 more terms (of 4 to 5 letters: no one-deletion neighbours).
    const more = est('alpha beta gamma delta') - est('alpha');
    expect(more).toBeGreaterThanOrEqual(20 * 3 * (4 + 8) + 3 * 4 + 20 * ('alpha beta gamma delta'.length - 'alpha'.length));
  });

  it('[processor.resolved.index-cache] an index this module did not build is estimated as one object', () => {
    expect(estimateSearchIndexBytes(Object.create(null) as Parameters<typeof estimateSearchIndexBytes>[0])).toBe(48);
  });

  it('[search.index.derived] [search.index.compound] the basis counts each tool\'s vocabulary parts, the strings it holds of compound length, its candidates and its pieces', () => {
    const tools = [
      { name: 'getrandomimage', description: 'returns the picture' },
      { name: 'random_numbers', description: 'get random values' },
      { name: 'image_tools', description: 'resize an image' },
      { name: 'numbers', description: 'count things' },
    ].map((t) => analyseDocument(t.name, t.description));
    const { holders, vocabulary, candidateSlots, pieces } = assembleIndex(tools, SCORING_PARAMETERS, true).basis!.compounds;
    const sorted = <V>(m: ReadonlyMap<string, V>) => [...m].sort(([a], [b]) => (a < b ? -1 : 1));
    // Parts of at least 3 letters that are not stopwords (`the` is one), once per tool.
    expect(sorted(vocabulary)).toEqual([
      ['count', 1],
      ['get', 1],
      ['getrandomimage', 1],
      ['image', 1],
      ['numbers', 2],
      ['picture', 1],
      ['random', 1],
      ['resize', 1],
      ['returns', 1],
      ['things', 1],
      ['tools', 1],
      ['values', 1],
    ]);
    // Candidates and parts of 6 to 32 letters, once per tool.
    expect(sorted(holders)).toEqual([
      ['getrandomimage', 1],
      ['numbers', 2],
      ['picture', 1],
      ['random', 1],
      ['resize', 1],
      ['returns', 1],
      ['things', 1],
      ['values', 1],
    ]);
    // Every tool holding a candidate (a name word not in its own description), in slot order;
    // pieces only for the tools that have some.
    expect(sorted(candidateSlots)).toEqual([
      ['getrandomimage', [0]],
      ['numbers', [1, 3]],
    ]);
    expect([...pieces]).toEqual([[0, ['get', 'random', 'image']]]);
  });

  it('[search.index.derived] derivation is refused past max(32, ⌊N / 16⌋) changed tools', () => {
    expect([0, 100, 512, 527, 528, 1024, 100_000].map(derivedChangeLimit)).toEqual([32, 32, 32, 32, 33, 64, 6250]);
  });

  it('[processor.resolved.index-cache] [search.index.derived] a derived index counts its root and what it holds beyond it', () => {
    const tools = [
      { name: 'alpha_tool', description: 'reads alpha records' },
      { name: 'beta_tool', description: 'writes beta records' },
    ].map((t) => analyseDocument(t.name, t.description));
    const root = assembleIndex(tools, SCORING_PARAMETERS, true);
    const derived = deriveIndex(root, [{ slot: 1, analysis: analyseDocument('beta_tool', 'writes beta records and gamma reports') }]);
    expect(derived).toBeDefined();
    expect(estimateSearchIndexBytes(derived!)).toBeGreaterThan(estimateSearchIndexBytes(root));
  });
});

describe('candidates in ranked order', () => {
  it('[search.rank.order] a ranked stream reads higher scores first, then lower ties, and says when none is left', () => {
    const stream = new RankedStream(Float64Array.from([0.5, 0.9, 0.5, 0.1]), Int32Array.from([7, 3, 2, 0]));
    const out = new Float64Array(2);
    const read: number[][] = [];
    while (stream.next(out)) read.push([out[0]!, out[1]!]);
    expect(read).toEqual([
      [0.9, 3],
      [0.5, 2],
      [0.5, 7],
      [0.1, 0],
    ]);
    expect(stream.remaining).toBe(0);
    expect(stream.next(out)).toBe(false);
    expect(new RankedStream(new Float64Array(0), new Int32Array(0)).next(out)).toBe(false);
  });
});

describe('the head of the coverage order', () => {
  // Two names of one name key, `citysendemail`, which is no term of theirs but one word (the
  // other's name holds it, so neither splits): their score is 1 and they cover no sentence. Slot 0
  // is the first candidate after them; the tool of the first sentence follows it only by coverage.
  const catalog = [
    { name: 'send_email', description: 'send an email message' },
    { name: 'weather_now', description: 'weather forecast humid city' },
    ...Array.from({ length: 5 }, (_, i) => ({ name: `weather_${'abcde'[i]}`, description: `weather forecast tomorrow ${'vwxyz'[i]}${'vwxyz'[i]}` })),
    { name: 'mailer', description: 'send email' },
    { name: 'citysendemail', description: 'unrelated' },
    { name: 'CITYSENDEMAIL', description: 'also unrelated' },
  ];

  it('[search.rank.coverage] [search.name.exact] the head is every leading exact name, and the score scale is the first candidate after them', () => {
    const query = 'city; send email';
    const ranked = rankCandidates(buildSearchIndex(catalog), query);
    expect(ranked.map((r) => r.name)).toEqual(['citysendemail', 'CITYSENDEMAIL', 'send_email', 'weather_now', 'mailer']);
    expect(ranked).toEqual(referenceRank(referenceIndex(catalog), query));
  });

  it('[search.rank.coverage] [search.name.exact] an exact name that covers no sentence keeps its place in the head', () => {
    // As above, but the first sentence is in every weather tool: the second sentence's tools
    // would pass the second exact name if it were not in the head.
    const tools = [
      { name: 'weather_now', description: 'weather forecast tomorrow tomorrow weather city' },
      ...Array.from({ length: 5 }, (_, i) => ({ name: `weather_${'abcde'[i]}`, description: `weather forecast tomorrow ${'vwxyz'[i]}${'vwxyz'[i]}` })),
      { name: 'send_email', description: 'send an email message' },
      { name: 'mailer', description: 'send email' },
      { name: 'tomorrowsendemail', description: 'unrelated' },
      { name: 'TOMORROWSENDEMAIL', description: 'also unrelated' },
    ];
    const query = 'tomorrow; send email';
    const ranked = rankCandidates(buildSearchIndex(tools), query);
    expect(ranked.slice(0, 3).map((r) => r.name)).toEqual(['tomorrowsendemail', 'TOMORROWSENDEMAIL', 'send_email']);
    expect(ranked).toEqual(referenceRank(referenceIndex(tools), query));
  });

  it('[search.rank.coverage] two candidates after the head are reordered too', () => {
    const tools = [
      { name: 'weather_a', description: 'weather forecast temperature humidity wind city tomorrow uu' },
      { name: 'weather_b', description: 'weather forecast temperature humidity wind city tomorrow vv' },
      { name: 'send_email', description: 'send an email message to a contact' },
      // Tools the query does not find, so that the weather words weigh more than the email ones.
      ...Array.from({ length: 20 }, (_, i) => ({ name: `other_${i}`, description: 'lists files in folders' })),
    ];
    const query = 'weather forecast temperature humidity wind in the city tomorrow. Then send an email.';
    const ranked = rankCandidates(buildSearchIndex(tools), query);
    expect(ranked.map((r) => r.name)).toEqual(['weather_a', 'send_email', 'weather_b']);
    expect(ranked).toEqual(referenceRank(referenceIndex(tools), query));
  });

  it('[search.rank.coverage] [search.name.exact] relevance is scaled by the first score after the exact names, not by theirs', () => {
    // Scaled by the weather tools' score, their near-duplicate keeps the second place after the
    // head; scaled by the exact names' 1, coverage would put the mail tool there.
    const query = 'weather forecast temperature humidity wind. Then send email.';
    const key = 'weatherforecasttemperaturehumiditywindthensendemail';
    const tools = [
      { name: 'weather_a', description: 'weather forecast temperature humidity wind city tomorrow uu' },
      { name: 'weather_b', description: 'weather forecast temperature humidity wind city tomorrow vv' },
      { name: 'mailer', description: 'send email' },
      ...Array.from({ length: 20 }, (_, i) => ({ name: `other_${i}`, description: 'lists files in folders' })),
      { name: key, description: 'unrelated' },
      { name: key.toUpperCase(), description: 'also unrelated' },
    ];
    const ranked = rankCandidates(buildSearchIndex(tools), query);
    expect(ranked.map((r) => r.name)).toEqual([key, key.toUpperCase(), 'weather_a', 'weather_b', 'mailer']);
    expect(ranked).toEqual(referenceRank(referenceIndex(tools), query));
  });

  it('[search.rank.coverage] a sentence no pool candidate has a term of is left out of the coverage', () => {
    // The only tool with the second sentence's term ranks last, past the pool of 20.
    const letters = (i: number) => String.fromCharCode(97 + (i % 26)) + String.fromCharCode(97 + (Math.floor(i / 26) % 26));
    const tools = [
      ...Array.from({ length: 24 }, (_, i) => ({ name: `weather_${letters(i)}`, description: `weather forecast humidity ${letters(i)}q` })),
      { name: 'mailer', description: `email ${Array.from({ length: 400 }, (_, i) => `pad${letters(i)}`).join(' ')}` },
      ...Array.from({ length: 40 }, (_, i) => ({ name: `other_${i}`, description: 'lists files in folders' })),
    ];
    const query = 'weather forecast humidity. Then send email.';
    const ranked = rankCandidates(buildSearchIndex(tools), query);
    expect(ranked).toHaveLength(25);
    expect(ranked.at(-1)!.name).toBe('mailer');
    expect(ranked).toEqual(referenceRank(referenceIndex(tools), query));
  });
});

describe('compound splits', () => {
  it('[search.index.compound] the split into the fewest pieces wins over one whose first piece is longer', () => {
    // Longest first piece: abcdefg + hij + klmnop (3 pieces); fewest: abcd + efghijklmnop (2).
    const vocabulary = new Set(['abcdefg', 'hij', 'klmnop', 'abcd', 'efghijklmnop']);
    expect(splitCompound('abcdefghijklmnop', vocabulary)).toEqual(['abcd', 'efghijklmnop']);
    // Among splits of as few pieces, the longest first piece.
    expect(splitCompound('abcdefghijklmnop', new Set([...vocabulary, 'abcdef', 'ghijklmnop']))).toEqual(['abcdef', 'ghijklmnop']);
  });
});

describe('the Porter stemmer\'s letter classes', () => {
  const stems = (words: string[]) => Object.fromEntries(words.map((w) => [w, porterStem(w)]));

  it('[search.tokenize.porter] y is a vowel after a consonant and a consonant first or after a vowel', () => {
    // After a consonant: the stem has a vowel (step 1b removes ing/ed), and step 1c turns a last y into i.
    expect(stems(['crying', 'dyed', 'styling', 'syzygy'])).toEqual({ crying: 'cry', dyed: 'dy', styling: 'style', syzygy: 'syzygi' });
    // After a vowel: a consonant, so ay and ey are VC (m = 1, too short for *o) and step 5a drops the e.
    expect(stems(['ayes', 'eyeing'])).toEqual({ ayes: 'ay', eyeing: 'ey' });
    // First: a consonant, so yll and yp have no vowel and keep their ing.
    expect(stems(['ylling', 'yping'])).toEqual({ ylling: 'ylling', yping: 'yping' });
  });

  it('[search.tokenize.porter] *o needs three letters, the last consonant not w, x or y', () => {
    // Two-letter stems of measure 1 get no e in step 1b.
    expect(stems(['abing', 'owing', 'awed', 'ating'])).toEqual({ abing: 'ab', owing: 'ow', awed: 'aw', ating: 'at' });
    // CVC ending in w or x: no e either.
    expect(stems(['snowing', 'boxing', 'fixing'])).toEqual({ snowing: 'snow', boxing: 'box', fixing: 'fix' });
    expect(stems(['hoping', 'filing'])).toEqual({ hoping: 'hope', filing: 'file' });
  });
});

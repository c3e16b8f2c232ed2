/**
 * What the unit scope `scoring` of `npm run mutation` showed no test checked in the analysis of
 * words and tools (r[search.index.analysis-cache], r[search.index.compound]): the ids an analysis
 * keeps for a generation, the word memo's shared entries and their byte estimates, which parts
 * are letter parts and compound candidates, the document estimate's exact units, the revisions a
 * name keeps, a tool object that is `null`, code points next to surrogates, and an empty query's
 * sentences (r[search.query.sentences]).
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  analyseDocument,
  analyseDocumentUncached,
  analyseWord,
  analysisCacheStats,
  clearAnalysisCache,
  configureAnalysisCache,
  documentAnalysisBytes,
  idsOf,
  PART_COMPOUND_LENGTH,
  PART_VOCABULARY,
  wordAnalysisBytes,
} from '../../src/scoring/analysis.js';
import { CACHE_ENTRY_BYTES } from '../../src/scoring/bounded-cache.js';
import { exactArrayBytes, objectBytes, pushedArrayBytes, stringBytes, typedViewsBytes } from '../../src/scoring/footprint-units.js';
import { querySentences } from '../../src/scoring/index.js';

afterEach(() => configureAnalysisCache());

describe('the ids of an analysis', () => {
  it('[search.index.analysis-cache] an analysis that has ids of the current generation keeps them: the same object is returned', () => {
    const a = analyseDocumentUncached('send_email', 'sends an email');
    const ids = idsOf(a);
    expect(ids.terms.length).toBe(a.terms.length);
    expect(ids.parts.length).toBe(a.letterParts.length);
    expect(ids.candidates.length).toBe(a.compoundCandidates.length);
    expect(idsOf(a)).toBe(ids);
    expect(a.ids).toBe(ids);
  });
});

describe('the word memo', () => {
  it('[search.index.analysis-cache] a word met again is the memo\'s analysis, and a lower-case word whose term is itself shares one array for terms and parts', () => {
    clearAnalysisCache();
    expect(analysisCacheStats().words.entries).toBe(0);
    const first = analyseWord('send');
    expect(first.terms).toEqual(['send']);
    expect(first.parts).toEqual(['send']);
    // Key, analysis object, terms grown by push; the parts are the terms (not counted twice).
    expect(analysisCacheStats().words.bytes).toBe(stringBytes('send') + objectBytes(2) + pushedArrayBytes(1) + CACHE_ENTRY_BYTES);
    const hits = analysisCacheStats().words.hits;
    expect(analyseWord('send')).toBe(first);
    expect(analysisCacheStats().words.hits).toBe(hits + 1);
    expect(analysisCacheStats().words.entries).toBe(1);
  });

  it('[search.index.analysis-cache] a word entry\'s estimate is the sum of its units, a part equal to the key not counted again', () => {
    // 'send': 28 (key) + 40 (object of 2 fields) + 184 (17 pushed slots); parts are the terms.
    const terms = ['send'];
    expect(wordAnalysisBytes('send', { terms, parts: terms })).toBe(28 + 40 + 184);
    // 'sending' → term 'send' (28 more), parts ['sending'] made at their size (48 + 8), the key not counted twice.
    expect(wordAnalysisBytes('sending', { terms: ['send'], parts: ['sending'] })).toBe(31 + 40 + 184 + 28 + 56);
  });

  it('[search.index.analysis-cache] clearing the memos empties them', () => {
    analyseWord('forgotten');
    analyseDocument('forgotten_tool', 'is forgotten');
    clearAnalysisCache();
    const stats = analysisCacheStats();
    expect(stats.words.entries).toBe(0);
    expect(stats.documents.entries).toBe(0);
    expect(stats.words.bytes).toBe(0);
  });
});

describe('letter parts and compound candidates of a tool', () => {
  it('[search.index.compound] a part of fewer than 3 code points is no letter part, and a short name word is never a candidate', () => {
    const a = analyseDocumentUncached('getrandomimage sendemail ab', 'xy');
    expect(a.letterParts).toEqual(['getrandomimage', 'sendemail']);
    expect(Array.from(a.letterFlags)).toEqual([PART_COMPOUND_LENGTH | PART_VOCABULARY, PART_COMPOUND_LENGTH | PART_VOCABULARY]);
    expect(a.compoundCandidates).toEqual(['getrandomimage', 'sendemail']);
    expect(analyseDocumentUncached('ab tools', 'xy').letterParts).toEqual(['tools']);
  });

  it('[search.index.compound] a name word with a case boundary is no candidate, even when its first part is long enough', () => {
    const a = analyseDocumentUncached('SpreadsheetTools', 'edits a table');
    expect(a.letterParts.slice(0, 2)).toEqual(['spreadsheet', 'tools']);
    expect(a.compoundCandidates).toEqual([]);
  });

  it('[search.index.compound] a part of 32 code points can be a compound, one of 33 cannot', () => {
    const w32 = 'abcdefghijklmnopqrstuvwxyzabcdef';
    const w33 = `${w32}g`;
    expect(w32.length).toBe(32);
    const a = analyseDocumentUncached(`${w32} ${w33}`, 'long words');
    expect(a.letterParts.slice(0, 2)).toEqual([w32, w33]);
    expect(Array.from(a.letterFlags.subarray(0, 2))).toEqual([PART_COMPOUND_LENGTH | PART_VOCABULARY, PART_VOCABULARY]);
    expect(a.compoundCandidates).toEqual([w32]);
  });
});

describe('the estimate of a tool\'s analysis', () => {
  it('[search.index.analysis-cache] counts its object, three pushed arrays, three views of its counts, its key and hash, its ids, its name and description', () => {
    const formula = (name: string, description: string, t: number, p: number, c: number, key: string) =>
      objectBytes(15) +
      pushedArrayBytes(t) +
      pushedArrayBytes(p) +
      pushedArrayBytes(c) +
      typedViewsBytes(3, 8 * t + p) +
      stringBytes(key) +
      16 +
      objectBytes(4) +
      typedViewsBytes(3, 4 * (t + p + c)) +
      stringBytes(name) +
      stringBytes(description);
    // 144 + 3 × 184 + (416 + 16) + 25 + 16 + 56 + (416 + 16) + 25 + 25.
    expect(documentAnalysisBytes('n', 'd', 1, 1, 1, 'n')).toBe(1707);
    expect(formula('n', 'd', 1, 1, 1, 'n')).toBe(1707);
    // 144 + 3 × 184 + (416 + 32) + 28 + 16 + 56 + (416 + 24) + 28 + 28.
    expect(documentAnalysisBytes('name', 'desc', 3, 2, 1, 'name')).toBe(1740);
    expect(formula('name', 'desc', 3, 2, 1, 'name')).toBe(1740);
  });

  it('[search.index.analysis-cache] a name keeps its 4 latest descriptions, and its entry counts exactly those', () => {
    clearAnalysisCache();
    const revisions = [1, 2, 3, 4, 5].map((n) => analyseDocument('revised_bytes_probe', `revision number ${n}`));
    const kept = revisions.slice(1);
    // The slot and its two arrays made at their size, then per analysis its handle and itself.
    let expected = objectBytes(2) + 2 * exactArrayBytes(4) + CACHE_ENTRY_BYTES;
    for (const a of kept) expected += objectBytes(1) + a.bytes;
    const stats = analysisCacheStats().documents;
    expect(stats.entries).toBe(1);
    expect(stats.bytes).toBe(expected);
  });

  it('[search.index.analysis-cache] a tool object met again with the same strings is found by identity, without a look-up by content', () => {
    clearAnalysisCache();
    const tool = { name: 'identity_probe', description: 'found by its object' };
    const first = analyseDocument(tool.name, tool.description, tool);
    const looked = analysisCacheStats().documents;
    expect(analyseDocument(tool.name, tool.description, tool)).toBe(first);
    const after = analysisCacheStats().documents;
    expect(after.hits).toBe(looked.hits);
    expect(after.misses).toBe(looked.misses);
  });

  it('[search.index.analysis-cache] a tool object that is null cannot key the identity memo: the tool is looked up by content', () => {
    clearAnalysisCache();
    const first = analyseDocument('null_probe', 'null tool object', null as unknown as object);
    expect(analyseDocument('null_probe', 'null tool object')).toBe(first);
    expect(analyseDocument('null_probe', 'null tool object', null as unknown as object)).toBe(first);
  });
});

describe('sentences of an empty query', () => {
  it('[search.query.sentences] an empty query has no sentence', () => {
    expect(querySentences('')).toEqual([]);
    expect(querySentences('send an email')).toEqual(['send an email']);
  });
});

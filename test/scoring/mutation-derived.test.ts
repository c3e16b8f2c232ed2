/**
 * What the unit scope `scoring` of `npm run mutation` showed no test checked in the derivation of
 * an index (r[search.index.derived]): which tools a derivation recomputes (only those whose pieces
 * can change), that a replacement keeps its tool's name, the change limit of a large catalog, that its live terms are built
 * once, and what a derived index's estimated bytes count beyond its root.
 */
import { describe, expect, it } from 'vitest';
import { analyseDocument, type DocumentAnalysis } from '../../src/scoring/analysis.js';
import { DerivedIndex, deriveIndex } from '../../src/scoring/derived-index.js';
import { ELEMENT, MAP_ENTRY, OBJECT, stringBytes } from '../../src/scoring/footprint-units.js';
import { estimateSearchIndexBytes } from '../../src/scoring/index.js';
import { replaced, rootOf, type Tool } from './support/derivations.js';

describe('the tools a derivation recomputes', () => {
  it('[search.index.derived] [search.index.compound] a candidate the replaced tool holds before and after, with another tool, changes no ownership: the tool with that candidate keeps its root pieces', () => {
    // `getrandomimage` is held by tool 0 (its name) and tool 1 (its description), before and
    // after the replacement: not owned, so never split; tool 0 is not one whose pieces can change.
    const root = rootOf([
      ['getrandomimage', 'returns a picture'],
      ['random_numbers', 'calls getrandomimage often'],
      ['image_tools', 'resize an image'],
    ]);
    expect([...replaced(root, 1, 'calls getrandomimage daily').changed.keys()]).toEqual([1]);
  });

  it('[search.index.derived] [search.index.compound] a vocabulary part only the replaced tool has, before and after, neither enters nor leaves: the candidates containing it keep their root pieces', () => {
    // `random` is a vocabulary part of tool 1's description alone, before and after; `values`
    // stays (tool 1's name), `numbers` enters, and no candidate contains it.
    const root = rootOf([
      ['getrandomimage', 'returns a picture'],
      ['get_values', 'random values'],
      ['image_tools', 'resize an image'],
    ]);
    expect([...replaced(root, 1, 'random numbers').changed.keys()]).toEqual([1]);
  });
});

describe('what derivation accepts', () => {
  it('[search.index.derived] a replacement names its tool as the root does: a catalog with another name at that slot is not derived', () => {
    const root = rootOf([
      ['get_user', 'reads a user'],
      ['send_mail', 'sends a mail'],
    ]);
    expect(deriveIndex(root, [{ slot: 1, analysis: analyseDocument('send_note', 'sends a mail') }])).toBeUndefined();
  });

  it('[search.index.derived] in a catalog of 1 024 tools, 64 (⌊N / 16⌋, above 32) may differ from the root, not 65', () => {
    const n = 1_024;
    const names = Array.from({ length: n }, (_, i) => `tool_${i}`);
    const root = rootOf(names.map((name, i) => [name, `reads item ${i % 31}`]));
    const many = names.slice(0, 65).map((name, slot) => ({ slot, analysis: analyseDocument(name, `writes item ${slot}`) }));
    expect([64, 65].map((k) => deriveIndex(root, many.slice(0, k)) instanceof DerivedIndex)).toEqual([true, false]);
  });
});

describe('the terms of a derived index', () => {
  it('[search.index.build] [search.index.derived] a derived index builds its live terms once: every later read returns the list built first', () => {
    const root = rootOf([
      ['get_user', 'reads a user'],
      ['send_mail', 'sends a mail'],
    ]);
    const derived = replaced(root, 1, 'posts a note');
    const first = derived.terms;
    expect(derived.terms).toBe(first);
  });
});

describe('the estimated bytes of a derived index', () => {
  // Words under 7 code points: no term has one-deletion neighbours (r[search.query.typo]).
  const tools: readonly Tool[] = [
    ['get_user', 'reads a user'],
    ['send_mail', 'sends a mail'],
    ['list_repo', 'lists each repo'],
  ];

  it('[processor.resolved.index-cache] [search.index.derived] with nothing replaced, it counts beyond its root its own fields, the postings its memo may keep (4 a tool, 12 bytes each) and a reference per term', () => {
    const root = rootOf(tools);
    const derived = deriveIndex(root, []);
    const memo = 4 * root.size * 12 + 64 * MAP_ENTRY;
    expect(estimateSearchIndexBytes(derived!) - estimateSearchIndexBytes(root)).toBe(OBJECT * 12 + memo + ELEMENT * root.terms.length);
  });

  it('[processor.resolved.index-cache] [search.index.derived] each replaced tool adds its slot, its analysis, its root term ids and its terms; each new term its string; each changed frequency and compound count a map entry', () => {
    const root = rootOf(tools);
    const texts = ['reads a user and a team', 'posts a note'];
    const analyses: DocumentAnalysis[] = texts.map((text, slot) => analyseDocument(root.names[slot]!, text));
    const derived = deriveIndex(root, analyses.map((analysis, slot) => ({ slot, analysis }))) as DerivedIndex;
    const empty = deriveIndex(root, []) as DerivedIndex;
    const before = [0, 1].map((slot) => analyseDocument(root.names[slot]!, root.descriptions[slot]!));
    // (Every tool here has several terms before and after, and new terms enter: no count below is 0 or 1.)
    let expected = 4 * 2;
    const fresh = new Set<string>();
    const frequencies = new Set<string>();
    for (let slot = 0; slot < 2; slot++) {
      const [was, is] = [before[slot]!, analyses[slot]!];
      expected += MAP_ENTRY + 2 * OBJECT + 4 * was.terms.length + is.bytes + 3 * ELEMENT * is.terms.length;
      for (const term of was.terms) frequencies.add(term);
      for (const term of is.terms) {
        frequencies.add(term);
        if (!root.termIds.has(term)) fresh.add(term);
      }
    }
    for (const term of fresh) expected += MAP_ENTRY + ELEMENT + stringBytes(term) + ELEMENT;
    expected += 2 * MAP_ENTRY * frequencies.size + MAP_ENTRY * (derived.counts.holdersDelta.size + derived.counts.vocabularyDelta.size);
    expect(estimateSearchIndexBytes(derived) - estimateSearchIndexBytes(empty)).toBe(expected);
  });
});

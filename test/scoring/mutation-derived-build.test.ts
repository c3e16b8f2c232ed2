/**
 * What the unit scope `scoring` of `npm run mutation` showed no test checked in how a derived
 * index is built and read (r[search.index.derived]): that a tool replaced by an earlier derivation
 * has its pieces recomputed when a part of one of its compounds enters the vocabulary
 * (r[search.index.compound]), and that a derived index counts every term's postings.
 */
import { describe, expect, it } from 'vitest';
import { DerivedIndex } from '../../src/scoring/derived-index.js';
import { postingsByTerm, replaced, rootOf, type Tool } from './support/derivations.js';

describe('a chain of derivations', () => {
  it('[search.index.derived] [search.index.compound] a tool replaced earlier in the chain has a compound split anew when one of its parts enters the vocabulary, though its other compound has no such part', () => {
    // Tool 0's name has two compounds, `getrandomimage` and `hdbcarpark`; the catalog has `get`
    // and `image` but not `random`, so neither splits. The first derivation replaces tool 0 (it
    // is then a changed tool of every later index of the chain); the second describes tool 2
    // with `random`, which enters the vocabulary: `getrandomimage` now splits into
    // get · random · image, and tool 0 holds `random` as a description term.
    const tools: Tool[] = [
      ['getrandomimage_hdbcarpark', 'makes a picture'],
      ['image_tools', 'get an image'],
      ['weather_now', 'today forecast'],
    ];
    const first = replaced(rootOf(tools), 0, 'makes a photo');
    const second = replaced(first, 2, 'random forecast');
    expect(second).toBeInstanceOf(DerivedIndex);
    const cold = rootOf([
      ['getrandomimage_hdbcarpark', 'makes a photo'],
      ['image_tools', 'get an image'],
      ['weather_now', 'random forecast'],
    ]);
    expect([...cold.postingsOf(cold.termIds.get('random')!).slots]).toEqual([0, 2]);
    expect([...second.postingsOf(second.termIds.get('random')!).slots]).toEqual([0, 2]);
    expect(postingsByTerm(second)).toEqual(postingsByTerm(cold));
  });
});

describe('the postings a derived index counts', () => {
  it('[search.index.derived] each term\'s posting count is the number of tools that hold it, for the terms the root\'s postings serve as they are and for the merged ones', () => {
    // `read` and `user` are tool 0's alone, never replaced (served as the root has them);
    // `send` and `mail` stay in tool 1 (its name) and `note` enters it (all three merged).
    const root = rootOf([
      ['get_user', 'reads a user'],
      ['send_mail', 'sends a mail'],
      ['post_note', 'posts a note'],
    ]);
    // (The same description length, so that the average stays and unreplaced terms are the root's.)
    const derived = replaced(root, 1, 'sends a note');
    const count = (term: string): number => derived.postingCount(derived.termIds.get(term)!);
    expect(['read', 'user', 'note', 'send', 'mail', 'post'].map(count)).toEqual([1, 1, 2, 1, 1, 1]);
    for (const term of derived.terms) {
      const t = derived.termIds.get(term)!;
      expect(derived.postingCount(t)).toBe(derived.postingsOf(t).slots.length);
    }
  });
});

/**
 * Splitting the lowercase compounds of tool names (`getrandomimage`, `hdbcarpark`) into words
 * the catalog itself uses, so that a name with no case boundary and no separator is still found
 * by its parts.
 *
 * @see r[search.index.compound]
 */
import { fold } from './fold.js';
import { STOPWORDS } from './spec-data.js';
import { documentWords, splitCaseBoundaries } from './tokenize.js';
import type { SearchDocument } from './types.js';

/** The fewest code points of a piece (and so at least twice that for a compound). */
export const COMPOUND_MIN_PIECE = 3;

/** Compounds longer than this many code points are never split. */
export const COMPOUND_MAX_LENGTH = 32;

/** A folded part that can be a piece or a compound: letters only, of no script written without spaces. */
const LETTERS_ONLY = /^\p{L}+$/u;
const SEGMENTED = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]/u;

function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** The folded case-boundary parts of every word of a text (each distinct word's parts computed once per build). */
function foldedParts(text: string, into: Set<string>, memo: Map<string, readonly string[]>): void {
  for (const word of documentWords(text)) {
    let parts = memo.get(word);
    if (parts === undefined) memo.set(word, (parts = splitCaseBoundaries(word).map(fold)));
    for (const part of parts) into.add(part);
  }
}

function isLetterWord(part: string): boolean {
  return LETTERS_ONLY.test(part) && !SEGMENTED.test(part);
}

/**
 * The split of `word` into the fewest pieces that are all in `vocabulary`, each of at least
 * {@link COMPOUND_MIN_PIECE} code points; among those, the one whose pieces, read from the left,
 * are longest first. `undefined` when there is no split into two or more pieces.
 *
 * Work: at most `n²` look-ups for a word of `n` code points.
 */
export function splitCompound(word: string, vocabulary: ReadonlySet<string>): string[] | undefined {
  const cps = [...word];
  const n = cps.length;
  // best[i]: the best split of the code points i… (undefined when there is none).
  const best: Array<string[] | undefined> = new Array<string[] | undefined>(n + 1);
  best[n] = [];
  for (let i = n - 1; i >= 0; i--) {
    // Longest piece first, so that among equally short splits the first found is kept.
    for (let j = i === 0 ? n - 1 : n; j >= i + COMPOUND_MIN_PIECE; j--) {
      // (The whole word is never one of its own pieces.)
      const rest = best[j];
      if (rest === undefined) continue;
      const piece = cps.slice(i, j).join('');
      if (!vocabulary.has(piece)) continue;
      const current = best[i];
      if (current === undefined || rest.length + 1 < current.length) best[i] = [piece, ...rest];
    }
  }
  const split = best[0];
  return split !== undefined && split.length >= 2 ? split : undefined;
}

/**
 * For every tool, the pieces its name's unsplittable compounds split into (empty for most
 * tools), in the order of the name's words.
 *
 * A compound is a word of the name with no case boundary whose folded form is made only of
 * letters (of no script written without spaces), has 6 to 32 code points, and occurs in no other
 * tool's name or description nor in the tool's own description. It splits against the catalog's
 * vocabulary: the folded case-boundary parts, made only of such letters, of at least 3 code
 * points and not stopwords, of every word of every name and description.
 *
 * Implements r[search.index.compound].
 */
export function compoundPieces(tools: readonly SearchDocument[]): string[][] {
  // The parts of each tool's name and description, and the catalog's vocabulary.
  const owners = new Map<string, number>(); // part → the one tool holding it, or -1 for several
  const descriptionParts: Array<Set<string>> = [];
  const vocabulary = new Set<string>();
  const memo = new Map<string, readonly string[]>();
  tools.forEach((tool, slot) => {
    const own = new Set<string>();
    foldedParts(tool.name, own, memo);
    const description = new Set<string>();
    foldedParts(tool.description, description, memo);
    descriptionParts.push(description);
    for (const part of description) own.add(part);
    for (const part of own) {
      const owner = owners.get(part);
      if (owner === undefined) {
        owners.set(part, slot);
        if (isLetterWord(part) && codePoints(part) >= COMPOUND_MIN_PIECE && !STOPWORDS.has(part)) vocabulary.add(part);
      } else if (owner !== slot) owners.set(part, -1);
    }
  });
  // Each name word that is an unsplittable compound, split against the vocabulary.
  // Unlike @mastra/core 1.71.0 (r[search.index.compound]): Mastra keeps it as one token.
  return tools.map((tool, slot) => {
    const pieces: string[] = [];
    for (const word of documentWords(tool.name)) {
      if (splitCaseBoundaries(word).length > 1) continue;
      const folded = fold(word);
      const length = codePoints(folded);
      if (length < 2 * COMPOUND_MIN_PIECE || length > COMPOUND_MAX_LENGTH || !isLetterWord(folded)) continue;
      if (owners.get(folded) !== slot || descriptionParts[slot]!.has(folded)) continue;
      const split = splitCompound(folded, vocabulary);
      if (split) pieces.push(...split);
    }
    return pieces;
  });
}

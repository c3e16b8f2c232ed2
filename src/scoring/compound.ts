/**
 * Splitting the lowercase compounds of tool names (`getrandomimage`, `hdbcarpark`) into words
 * the catalog itself uses, so that a name with no case boundary and no separator is still found
 * by its parts.
 *
 * What each tool contributes (its candidate compounds and its letter parts) is part of its
 * cached analysis; only the catalog-wide steps run per build, and the vocabulary is gathered only
 * when some candidate is held by one tool alone.
 *
 * @see r[search.index.compound]
 */
import { analyseDocumentUncached, COMPOUND_MAX_LENGTH, COMPOUND_MIN_PIECE, PART_COMPOUND_LENGTH, PART_VOCABULARY, type DocumentAnalysis } from './analysis.js';
import type { SearchDocument } from './types.js';

export { COMPOUND_MAX_LENGTH, COMPOUND_MIN_PIECE } from './analysis.js';

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

/** Shared by every tool without pieces. */
const NO_PIECES: readonly string[] = Object.freeze([]);

/**
 * For every analysed tool of a catalog (one per slot), the pieces its name's unsplittable
 * compounds split into (empty for most tools), in the order of the name's words.
 *
 * A compound is a word of the name with no case boundary whose folded form is made only of
 * letters (of no script written without spaces), has 6 to 32 code points, and occurs in no other
 * tool's name or description nor in the tool's own description. It splits against the catalog's
 * vocabulary: the folded case-boundary parts, made only of such letters, of at least 3 code
 * points and not stopwords, of every word of every name and description.
 *
 * Implements r[search.index.compound].
 *
 * @param tools - the analyses, in slot order
 */
export function compoundPiecesOf(tools: readonly DocumentAnalysis[]): ReadonlyArray<readonly string[]> {
  // The candidates of every tool: candidate → the one tool holding it, or -1 for several.
  let owners: Map<string, number> | undefined;
  tools.forEach((tool, slot) => {
    for (const candidate of tool.compoundCandidates) {
      owners ??= new Map();
      const owner = owners.get(candidate);
      owners.set(candidate, owner === undefined || owner === slot ? slot : -1);
    }
  });
  if (owners === undefined) return tools.map(() => NO_PIECES);
  // A candidate that another tool has as a part of its name or description is no compound.
  tools.forEach((tool, slot) => {
    const { letterParts, letterFlags } = tool;
    for (let i = 0; i < letterParts.length; i++) {
      if ((letterFlags[i]! & PART_COMPOUND_LENGTH) === 0) continue;
      const owner = owners!.get(letterParts[i]!);
      if (owner !== undefined && owner !== slot) owners!.set(letterParts[i]!, -1);
    }
  });
  let alone = false;
  for (const owner of owners.values()) if (owner >= 0) alone = true;
  if (!alone) return tools.map(() => NO_PIECES);
  // The vocabulary, and the split of each compound against it.
  // Unlike @mastra/core 1.71.0 (r[search.index.compound]): Mastra keeps it as one token.
  const vocabulary = new Set<string>();
  for (const tool of tools) {
    const { letterParts, letterFlags } = tool;
    for (let i = 0; i < letterParts.length; i++) if ((letterFlags[i]! & PART_VOCABULARY) !== 0) vocabulary.add(letterParts[i]!);
  }
  return tools.map((tool, slot) => {
    if (tool.compoundCandidates.length === 0) return NO_PIECES;
    const pieces: string[] = [];
    for (const candidate of tool.compoundCandidates) {
      if (owners!.get(candidate) !== slot) continue;
      const split = splitCompound(candidate, vocabulary);
      if (split) pieces.push(...split);
    }
    return pieces.length === 0 ? NO_PIECES : pieces;
  });
}

/**
 * {@link compoundPiecesOf} for documents (each analysed afresh, without the memo of documents).
 *
 * Implements r[search.index.compound].
 *
 * @param tools - the catalog's tools, one per slot (names already unique)
 */
export function compoundPieces(tools: readonly SearchDocument[]): string[][] {
  return compoundPiecesOf(tools.map((t) => analyseDocumentUncached(t.name, t.description))).map((p) => [...p]);
}

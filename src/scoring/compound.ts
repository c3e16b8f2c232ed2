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
import { analyseDocumentUncached, COMPOUND_MAX_LENGTH, COMPOUND_MIN_PIECE, idsOf, PART_COMPOUND_LENGTH, PART_VOCABULARY, type AnalysisIds, type DocumentAnalysis } from './analysis.js';
import { existingId, idCount, marks, otherMarks, trimIds } from './term-ids.js';
import type { SearchDocument } from './types.js';

export { COMPOUND_MAX_LENGTH, COMPOUND_MIN_PIECE } from './analysis.js';

/**
 * The split of `word` into the fewest pieces that are all in `vocabulary`, each of at least
 * {@link COMPOUND_MIN_PIECE} code points; among those, the one whose pieces, read from the left,
 * are longest first. `undefined` when there is no split into two or more pieces.
 *
 * Work: at most `n²` look-ups for a word of `n` code points.
 */
export function splitCompound(word: string, vocabulary: { has(piece: string): boolean }): string[] | undefined {
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

/** The vocabulary of one build: the parts whose ids the pass marked. */
class MarkedVocabulary {
  constructor(readonly stamp: number) {}
  has(piece: string): boolean {
    const id = existingId(piece);
    return id >= 0 && otherMarks.mark[id] === this.stamp;
  }
}

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
 * Owners and the vocabulary are noted by the ids of the parts (`term-ids.ts`), in the builds'
 * shared scratch: no map or set per build.
 *
 * Implements r[search.index.compound].
 *
 * @param tools - the analyses, in slot order
 * @param ids - `idsOf(tools[slot])` for every slot (current generation)
 */
export function compoundPiecesOf(tools: readonly DocumentAnalysis[], ids: readonly AnalysisIds[] = tools.map(idsOf)): ReadonlyArray<readonly string[]> {
  const n = tools.length;
  // The candidates of every tool: candidate → the one tool holding it, or -1 for several.
  const owners = marks.pass(idCount());
  const { mark, value: owner } = marks;
  let any = false;
  for (let slot = 0; slot < n; slot++) {
    const candidates = ids[slot]!.candidates;
    for (let i = 0; i < candidates.length; i++) {
      const id = candidates[i]!;
      any = true;
      if (mark[id] !== owners) {
        mark[id] = owners;
        owner[id] = slot;
      } else if (owner[id] !== slot) owner[id] = -1;
    }
  }
  if (!any) return tools.map(() => NO_PIECES);
  // A candidate that another tool has as a part of its name or description is no compound.
  for (let slot = 0; slot < n; slot++) {
    const flags = tools[slot]!.letterFlags;
    const parts = ids[slot]!.parts;
    for (let i = 0; i < parts.length; i++) {
      if ((flags[i]! & PART_COMPOUND_LENGTH) === 0) continue;
      const id = parts[i]!;
      if (mark[id] === owners && owner[id] !== slot) owner[id] = -1;
    }
  }
  let alone = false;
  for (let slot = 0; slot < n && !alone; slot++) {
    const candidates = ids[slot]!.candidates;
    for (let i = 0; i < candidates.length; i++) if (owner[candidates[i]!]! >= 0) alone = true;
  }
  if (!alone) return tools.map(() => NO_PIECES);
  // The vocabulary, and the split of each compound against it.
  // Unlike @mastra/core 1.71.0 (r[search.index.compound]): Mastra keeps it as one token.
  const vocabulary = new MarkedVocabulary(otherMarks.pass(idCount()));
  const inVocabulary = otherMarks.mark;
  for (let slot = 0; slot < n; slot++) {
    const flags = tools[slot]!.letterFlags;
    const parts = ids[slot]!.parts;
    for (let i = 0; i < parts.length; i++) if ((flags[i]! & PART_VOCABULARY) !== 0) inVocabulary[parts[i]!] = vocabulary.stamp;
  }
  const out: Array<readonly string[]> = new Array<readonly string[]>(n);
  for (let slot = 0; slot < n; slot++) {
    const tool = tools[slot]!;
    const candidates = ids[slot]!.candidates;
    let pieces: string[] | undefined;
    for (let i = 0; i < candidates.length; i++) {
      if (owner[candidates[i]!] !== slot) continue;
      const split = splitCompound(tool.compoundCandidates[i]!, vocabulary);
      if (split) (pieces ??= []).push(...split);
    }
    out[slot] = pieces ?? NO_PIECES;
  }
  return out;
}

/**
 * {@link compoundPiecesOf} for documents (each analysed afresh, without the memo of documents).
 *
 * Implements r[search.index.compound].
 *
 * @param tools - the catalog's tools, one per slot (names already unique)
 */
export function compoundPieces(tools: readonly SearchDocument[]): string[][] {
  const pieces = compoundPiecesOf(tools.map((t) => analyseDocumentUncached(t.name, t.description))).map((p) => [...p]);
  trimIds();
  return pieces;
}

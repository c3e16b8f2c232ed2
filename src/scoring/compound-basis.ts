/**
 * What an index kept for derivation (r[search.index.derived]) records of its catalog's compounds
 * (r[search.index.compound]), so that replacing tools recomputes the compound pieces of only the
 * tools whose pieces can change: how many tools hold each candidate compound or part of compound
 * length, how many tools have each vocabulary part, which tools have each candidate, and every
 * tool's pieces.
 *
 * @see r[search.index.derived]
 * @see r[search.index.compound]
 * @module
 */
import { PART_COMPOUND_LENGTH, PART_VOCABULARY, type DocumentAnalysis } from './analysis.js';

/** The compound bookkeeping of one catalog. */
export interface CompoundBasis {
  /** String → how many tools have it as a candidate compound or as a letter part of compound length. */
  readonly holders: ReadonlyMap<string, number>;
  /** Vocabulary part → how many tools have it. */
  readonly vocabulary: ReadonlyMap<string, number>;
  /** Candidate compound → the slots of the tools that have it, ascending. */
  readonly candidateSlots: ReadonlyMap<string, readonly number[]>;
  /** Slot → its pieces, for the tools that have some. */
  readonly pieces: ReadonlyMap<number, readonly string[]>;
}

/** The strings one tool holds for ownership: its candidates and its parts of compound length, each once. */
export function heldStrings(analysis: DocumentAnalysis): Set<string> {
  const out = new Set<string>(analysis.compoundCandidates);
  for (let i = 0; i < analysis.letterParts.length; i++) if ((analysis.letterFlags[i]! & PART_COMPOUND_LENGTH) !== 0) out.add(analysis.letterParts[i]!);
  return out;
}

/** The vocabulary parts of one tool, each once. */
export function vocabularyParts(analysis: DocumentAnalysis): string[] {
  const out: string[] = [];
  for (let i = 0; i < analysis.letterParts.length; i++) if ((analysis.letterFlags[i]! & PART_VOCABULARY) !== 0) out.push(analysis.letterParts[i]!);
  return out;
}

/**
 * The compound bookkeeping of a catalog's analysed tools and their pieces.
 *
 * @param tools - the analyses, one per slot
 * @param pieces - each slot's compound pieces (`compoundPiecesOf`)
 */
export function compoundBasisOf(tools: readonly DocumentAnalysis[], pieces: ReadonlyArray<readonly string[]>): CompoundBasis {
  const holders = new Map<string, number>();
  const vocabulary = new Map<string, number>();
  const candidateSlots = new Map<string, number[]>();
  const piecesBySlot = new Map<number, readonly string[]>();
  for (let slot = 0; slot < tools.length; slot++) {
    const tool = tools[slot]!;
    for (const s of heldStrings(tool)) holders.set(s, (holders.get(s) ?? 0) + 1);
    for (const p of vocabularyParts(tool)) vocabulary.set(p, (vocabulary.get(p) ?? 0) + 1);
    for (const c of new Set(tool.compoundCandidates)) {
      const list = candidateSlots.get(c);
      if (list === undefined) candidateSlots.set(c, [slot]);
      else list.push(slot);
    }
    if (pieces[slot]!.length > 0) piecesBySlot.set(slot, pieces[slot]!);
  }
  return { holders, vocabulary, candidateSlots, pieces: piecesBySlot };
}

/**
 * Roots and derivations for the tests of the derived index (r[search.index.derived]): a root as
 * the index cache keeps it, the index derived from one by describing a tool anew, and every
 * term's postings as each read of an index gives them (to compare a derived index with a cold build).
 */
import { analyseDocument } from '../../../src/scoring/analysis.js';
import { DerivedIndex, deriveIndex } from '../../../src/scoring/derived-index.js';
import { SCORING_PARAMETERS } from '../../../src/scoring/parameters.js';
import { assembleIndex, type BuiltIndex, type ToolIndex } from '../../../src/scoring/search-index.js';

/** A catalog entry: a tool's name and description. */
export type Tool = readonly [name: string, description: string];

/** The root the index cache keeps for `tools` (assembled with its derivation basis). */
export function rootOf(tools: readonly Tool[]): BuiltIndex {
  return assembleIndex(
    tools.map(([name, description]) => analyseDocument(name, description)),
    SCORING_PARAMETERS,
    true,
  );
}

/** The index derived from `base` (a root or a derived index) with the tool at `slot` described as `text`. */
export function replaced(base: ToolIndex, slot: number, text: string): DerivedIndex {
  return deriveIndex(base, [{ slot, analysis: analyseDocument(base.names[slot]!, text) }]) as DerivedIndex;
}

/** Every term's postings, as each read of the index gives them (list, count, idf, greatest strength), by term. */
export function postingsByTerm(index: ToolIndex): unknown {
  return [...index.terms].sort().map((term) => {
    const t = index.termIds.get(term)!;
    const p = index.postingsOf(t);
    return [term, [...p.slots], [...p.strengths], p.idf, index.postingCount(t), index.idfOf(t), index.maxStrengthOf(t)];
  });
}

/**
 * Building the inverted index of one catalog.
 *
 * @see r[search.index.build]
 */
import { compoundPieces } from './compound.js';
import { nameKey } from './name-key.js';
import { SCORING_PARAMETERS } from './parameters.js';
import { memoisedTokenizer, termsOfFoldedPart, type DocumentTokenizer } from './tokenize.js';
import { truncateDescription } from './truncate.js';
import type { SearchDocument, SearchIndex } from './types.js';

/** The tools that contain one term, in catalog order, with the term's strength in each. */
export interface Postings {
  /** Catalog positions (slots), ascending. */
  readonly slots: readonly number[];
  /** `strengths[i]` is the saturated field-weighted frequency of the term in `slots[i]`, in [0, 1). */
  readonly strengths: readonly number[];
  /** Inverse document frequency of the term in this index (> 0). */
  readonly idf: number;
}

/** The scoring constants an index is built with (internal: the spec fixes them). */
export type ScoringParameters = {
  readonly [K in keyof typeof SCORING_PARAMETERS]: number;
};

/** The index behind the opaque `SearchIndex`. Internal to `src/scoring`. */
export class ToolIndex implements SearchIndex {
  constructor(
    /** Tools in catalog order; a slot is an index into this array. */
    readonly tools: readonly SearchDocument[],
    /**
     * `descriptions[slot]` is the description a result for that tool carries
     * (r[search.result.truncate]), cut once here rather than at every query.
     */
    readonly descriptions: readonly string[],
    /** Term → its postings. A `Map`, so `__proto__` is an ordinary term. */
    readonly postings: ReadonlyMap<string, Postings>,
    /** Name key → the slots of the tools with that key, ascending (r[search.name.key]). */
    readonly nameKeys: ReadonlyMap<string, readonly number[]>,
    /** The constants the strengths were computed with, and that queries use. */
    readonly parameters: ScoringParameters,
    /**
     * For every index term of `typoMinLength` to `typoMaxLength` code points, each string it
     * becomes with one code point deleted → the terms that become it (r[search.query.typo]).
     */
    readonly deletions: ReadonlyMap<string, readonly string[]>,
  ) {}

  /** Number of distinct tools. */
  get size(): number {
    return this.tools.length;
  }
}

function countTerms(terms: readonly string[], into = new Map<string, number>()): Map<string, number> {
  for (const term of terms) into.set(term, (into.get(term) ?? 0) + 1);
  return into;
}

function total(counts: Map<string, number>): number {
  let n = 0;
  for (const c of counts.values()) n += c;
  return n;
}

/** BM25 length normalisation of one field: `1 − b + b · length / average`. */
function lengthNorm(length: number, average: number, b: number): number {
  return average > 0 ? 1 - b + (b * length) / average : 1;
}

/**
 * Resolves duplicate names: a later document with the same name replaces the
 * earlier one's description but keeps the earlier catalog position.
 *
 * Implements r[search.index.duplicate-names].
 */
export function resolveCatalog(docs: readonly SearchDocument[]): SearchDocument[] {
  const slots: SearchDocument[] = [];
  const slotOf = new Map<string, number>();
  for (const doc of docs) {
    const entry = { name: doc.name, description: doc.description };
    const slot = slotOf.get(doc.name);
    if (slot === undefined) {
      slotOf.set(doc.name, slots.length);
      slots.push(entry);
    } else {
      slots[slot] = entry;
    }
  }
  return slots;
}

/** Name key → slots, for the exact-name guarantee. Implements r[search.name.key]. */
function nameKeysOf(tools: readonly SearchDocument[]): Map<string, number[]> {
  const keys = new Map<string, number[]>();
  tools.forEach((tool, slot) => {
    const key = nameKey(tool.name);
    if (key === '') return;
    const slots = keys.get(key);
    if (slots) slots.push(slot);
    else keys.set(key, [slot]);
  });
  return keys;
}

/** Every string each term of `minLength` to `maxLength` code points becomes with one code point deleted. Implements r[search.query.typo]. */
function deletionsOf(terms: Iterable<string>, minLength: number, maxLength: number): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const term of terms) {
    // (A term longer than maxLength UTF-16 units has more than maxLength / 2 code points… check both.)
    if (term.length < minLength || term.length > 2 * maxLength) continue;
    const cps = [...term];
    if (cps.length < minLength || cps.length > maxLength) continue;
    for (const deleted of oneDeletions(cps)) {
      const list = out.get(deleted);
      if (!list) out.set(deleted, [term]);
      else if (list[list.length - 1] !== term) list.push(term);
    }
  }
  return out;
}

/** The strings a sequence of code points becomes with one of them deleted (distinct, in order). */
export function oneDeletions(cps: readonly string[]): string[] {
  const out: string[] = [];
  // Offsets in UTF-16 units of each code point, so each deletion is two slices of the string.
  const text = cps.join('');
  let at = 0;
  for (let i = 0; i < cps.length; i++) {
    const width = cps[i]!.length;
    if (!(i > 0 && cps[i] === cps[i - 1])) out.push(text.slice(0, at) + text.slice(at + width));
    at += width;
  }
  return out;
}

/**
 * Builds the index of a catalog with given constants (the spec's are {@link SCORING_PARAMETERS};
 * other values serve the cross-validation of `npm run eval:search`).
 *
 * @internal
 */
export function buildIndexWith(docs: readonly SearchDocument[], parameters: ScoringParameters): ToolIndex {
  const { k1, nameWeight, nameLengthNormalisation: bName, descriptionLengthNormalisation: bDesc } = parameters;
  // One slot per distinct name, in catalog order.
  const tools = resolveCatalog(docs);
  // Count the terms of each tool's name and description; the pieces of the name's
  // compounds count as description terms. The tokenizer remembers each distinct word's
  // terms for this build only.
  const tokenize = memoisedTokenizer();
  const pieces = compoundPieces(tools);
  const fields = tools.map((t, slot) => {
    const description = countTerms(tokenize(t.description));
    for (const piece of pieces[slot]!) countTerms(termsOfFoldedPart(piece), description);
    return { name: countTerms(tokenize(t.name)), description };
  });
  const lengths = fields.map((f) => ({ name: total(f.name), description: total(f.description) }));
  // Average field lengths over the catalog.
  const n = tools.length;
  const avgName = n > 0 ? lengths.reduce((s, l) => s + l.name, 0) / n : 0;
  const avgDesc = n > 0 ? lengths.reduce((s, l) => s + l.description, 0) / n : 0;
  // For every (tool, term): the field-weighted frequency tf′ and its strength tf′ / (tf′ + k1).
  const building = new Map<string, { slots: number[]; strengths: number[] }>();
  fields.forEach((f, slot) => {
    const len = lengths[slot]!;
    const nameNorm = lengthNorm(len.name, avgName, bName);
    const descNorm = lengthNorm(len.description, avgDesc, bDesc);
    const add = (term: string, tf: number) => {
      let p = building.get(term);
      if (!p) building.set(term, (p = { slots: [], strengths: [] }));
      p.slots.push(slot);
      p.strengths.push(tf / (tf + k1));
    };
    // The name's terms, then the description's terms the name lacks.
    // Unlike @mastra/core 1.71.0 (r[search.score.field-weight]): Mastra indexes `<name> <description>` as one BM25
    // field and adds fixed name boosts.
    for (const [term, count] of f.name) add(term, (nameWeight * count) / nameNorm + (f.description.get(term) ?? 0) / descNorm);
    for (const [term, count] of f.description) if (!f.name.has(term)) add(term, count / descNorm);
  });
  // The inverse document frequency of every term.
  const postings = new Map<string, Postings>();
  for (const [term, p] of building) {
    const df = p.slots.length;
    postings.set(term, { slots: p.slots, strengths: p.strengths, idf: Math.log(1 + (n - df + 0.5) / (df + 0.5)) });
  }
  // The description each tool's results carry, the name keys, and the one-deletion
  // neighbours of the long terms.
  const descriptions = tools.map((t) => truncateDescription(t.description));
  return new ToolIndex(tools, descriptions, postings, nameKeysOf(tools), parameters, deletionsOf(postings.keys(), parameters.typoMinLength, parameters.typoMaxLength));
}

/**
 * Builds the index of a catalog once; queries then reuse it. The work is
 * linear in the catalog's text (and, for compounds, in the square of their lengths).
 *
 * Implements r[search.index.build], r[search.index.duplicate-names],
 * r[search.index.compound], r[search.score.field-weight], r[search.score.saturation],
 * r[search.score.idf], r[search.name.key] and (once per tool) r[search.result.truncate].
 */
export function buildSearchIndex(docs: readonly SearchDocument[]): SearchIndex {
  return buildIndexWith(docs, SCORING_PARAMETERS);
}

/**
 * Building the inverted index of one catalog.
 *
 * @see r[search.index.build]
 */
import { SCORING_PARAMETERS } from './parameters.js';
import { memoisedTokenizer, type DocumentTokenizer } from './tokenize.js';
import { trigramsOf } from './trigrams.js';
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
    /** Trigram → the index terms (of 4 to 32 code points) that contain it. */
    readonly termsByTrigram: ReadonlyMap<string, readonly string[]>,
    /** Index term → its number of distinct trigrams (for terms in `termsByTrigram`). */
    readonly trigramCount: ReadonlyMap<string, number>,
  ) {}

  /** Number of distinct tools. */
  get size(): number {
    return this.tools.length;
  }
}

function countTerms(text: string, tokenize: DocumentTokenizer): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of tokenize(text)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
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

/**
 * Builds the index of a catalog once; queries then reuse it. The work is
 * linear in the catalog's text.
 *
 * Implements r[search.index.build], r[search.index.duplicate-names],
 * r[search.score.field-weight], r[search.score.saturation], r[search.score.idf]
 * and (once per tool) r[search.result.truncate].
 */
export function buildSearchIndex(docs: readonly SearchDocument[]): SearchIndex {
  const { k1, nameWeight, nameLengthNormalisation: bName, descriptionLengthNormalisation: bDesc } = SCORING_PARAMETERS;
  // One slot per distinct name, in catalog order.
  const tools = resolveCatalog(docs);
  // Count the terms of each tool's name and description. The tokenizer
  // remembers each distinct word's terms for this build only.
  const tokenize = memoisedTokenizer();
  const fields = tools.map((t) => ({ name: countTerms(t.name, tokenize), description: countTerms(t.description, tokenize) }));
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
  // The trigrams of every term of 4 to 32 code points, for approximate matching.
  const termsByTrigram = new Map<string, string[]>();
  const trigramCount = new Map<string, number>();
  for (const term of postings.keys()) {
    const length = codePointLength(term);
    if (length < SCORING_PARAMETERS.fuzzyMinLength || length > SCORING_PARAMETERS.fuzzyMaxLength) continue;
    const grams = trigramsOf(term);
    trigramCount.set(term, grams.size);
    for (const g of grams) {
      let list = termsByTrigram.get(g);
      if (!list) termsByTrigram.set(g, (list = []));
      list.push(term);
    }
  }
  // The description each tool's results carry.
  const descriptions = tools.map((t) => truncateDescription(t.description));
  return new ToolIndex(tools, descriptions, postings, termsByTrigram, trigramCount);
}

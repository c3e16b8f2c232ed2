/**
 * Building the inverted index of one catalog from its tools' analyses.
 *
 * Layout: every term has an id; the postings of all terms live in two typed arrays (`slots`,
 * `strengths`), term `t`'s from `offsets[t]` to `offsets[t + 1]`, slots ascending. The analyses
 * of the tools come from the process-wide memo (r[search.index.analysis-cache]), so a build over
 * known tools only assembles: the catalog-level steps (compound splits, average lengths, idf,
 * strengths) run per build, and the one-deletion neighbours of r[search.query.typo] are built on
 * the first query that needs them.
 *
 * @see r[search.index.build]
 */
import { analyseDocument, idsOf, type DocumentAnalysis } from './analysis.js';
import { compoundBasisOf, type CompoundBasis } from './compound-basis.js';
import { compoundPiecesOf } from './compound.js';
import { hashString, nameKey } from './name-key.js';
import { SCORING_PARAMETERS } from './parameters.js';
import { idCount, idOf, marks, stringOf, trimIds } from './term-ids.js';
import { termsOfFoldedPart } from './tokenize.js';
import { DESCRIPTION_MAX_LENGTH, truncateDescription } from './truncate.js';
import type { SearchDocument, SearchIndex } from './types.js';

/**
 * How many typo look-ups of an index read its terms before its one-deletion neighbours are built
 * (r[search.index.build]).
 */
export const TYPO_SCANS = 4;

/** The tools that contain one term, in catalog order, with the term's strength in each. */
export interface Postings {
  /** Catalog positions (slots), ascending. */
  readonly slots: Int32Array;
  /** `strengths[i]` is the saturated field-weighted frequency of the term in `slots[i]`, in [0, 1). */
  readonly strengths: Float64Array;
  /** Inverse document frequency of the term in this index (> 0). */
  readonly idf: number;
}

/**
 * Where term `t`'s postings lie, without a view made for them: `slots[from…to)` and
 * `strengths[from…to)` (see {@link ToolIndex.postingsInto}). One cursor is reused by the
 * scorer for every term of every query.
 */
export interface PostingsCursor {
  /** The array holding the term's slots (ascending from `from` to `to`). */
  slots: Int32Array;
  /** The array holding the term's strengths, parallel to `slots`. */
  strengths: Float64Array;
  /** The first of the term's postings. */
  from: number;
  /** One past the last of the term's postings. */
  to: number;
}

/** A cursor to fill (empty arrays until then). */
export function postingsCursor(): PostingsCursor {
  return { slots: new Int32Array(0), strengths: new Float64Array(0), from: 0, to: 0 };
}

/** The scoring constants an index is built with (internal: the spec fixes them). */
export type ScoringParameters = {
  readonly [K in keyof typeof SCORING_PARAMETERS]: number;
};

export { hashString } from './name-key.js';

/** An open-addressing table of the slots of the tools with a name key, by the key's hash. */
function nameKeyTable(tools: readonly DocumentAnalysis[]): { table: Int32Array; hashes: Int32Array } {
  let capacity = 2;
  while (capacity < 2 * tools.length) capacity *= 2;
  const table = new Int32Array(capacity).fill(-1);
  const hashes = new Int32Array(tools.length);
  const mask = capacity - 1;
  for (let slot = 0; slot < tools.length; slot++) {
    const tool = tools[slot]!;
    if (tool.nameKey === '') continue;
    const h = tool.nameKeyHash;
    hashes[slot] = h;
    let at = h & mask;
    while (table[at] !== -1) at = (at + 1) & mask;
    table[at] = slot;
  }
  return { table, hashes };
}

/** Term → its id in one index (a `Map` for a built index). */
export interface TermLookup {
  has(term: string): boolean;
  get(term: string): number | undefined;
}

/**
 * The index behind the opaque `SearchIndex`, as the scorer reads it: terms by id, each term's
 * postings, and the tools' names and descriptions. Internal to `src/scoring`. Two kinds exist:
 * {@link BuiltIndex}, assembled from analyses, and the index derived from a kept one by replacing
 * some tools (`derived-index.ts`, r[search.index.derived]); the scorer cannot tell them apart.
 */
export abstract class ToolIndex implements SearchIndex {
  #deletions: Map<string, string[]> | undefined;
  #typoScans = 0;

  /** `names[slot]`: the tool's name (a slot is a catalog position). */
  abstract readonly names: readonly string[];
  /** The constants the strengths were computed with, and that queries use. */
  abstract readonly parameters: ScoringParameters;
  /** Term → its id. A `Map`-like look-up, so `__proto__` is an ordinary term. */
  abstract get termIds(): TermLookup;
  /** Every term of the index, once each (in no particular order). */
  abstract get terms(): readonly string[];
  /** The term of an id. */
  abstract termOf(t: number): string;
  /** How many term ids there are: every id is below it (ids of terms no tool holds any more included, in a derived index). */
  abstract get termIdCount(): number;
  /** Postings of term `t` (slots ascending), with its idf. */
  abstract postingsOf(t: number): Postings;
  /**
   * Term `t`'s postings, as {@link ToolIndex.postingsOf} gives them, written into `cursor` (the
   * arrays they lie in and their range) instead of two new views: what a query reads.
   */
  abstract postingsInto(t: number, cursor: PostingsCursor): void;
  /** How many postings term `t` has (the length of {@link ToolIndex.postingsOf}'s `slots`). */
  abstract postingCount(t: number): number;
  /** The greatest strength among term `t`'s postings. */
  abstract maxStrengthOf(t: number): number;
  /** The idf of term `t` (r[search.score.idf]). */
  abstract idfOf(t: number): number;
  /** The strength of term `t` in `slot`, 0 when the tool does not contain it. */
  abstract strengthAt(t: number, slot: number): number;
  /** The full description of the tool at `slot` (results carry it truncated, r[search.result.truncate]). */
  abstract descriptionOf(slot: number): string;

  /**
   * The description of the tool at `slot` as results carry it (r[search.result.truncate]): what
   * `truncateDescription(descriptionOf(slot))` gives.
   */
  resultDescriptionOf(slot: number): string {
    return truncateDescription(this.descriptionOf(slot));
  }
  /**
   * The slots, ascending, of the tools whose name key is `key` (r[search.name.key]); empty for
   * the empty key.
   */
  abstract exactSlots(key: string): number[];

  /** Number of distinct tools. */
  get size(): number {
    return this.names.length;
  }

  /**
   * For every index term of `typoMinLength` to `typoMaxLength` code points, each string it
   * becomes with one code point deleted → the terms that become it (r[search.query.typo]). Built
   * on first use.
   */
  get deletions(): ReadonlyMap<string, readonly string[]> {
    return (this.#deletions ??= deletionsOf(this.terms, this.parameters.typoMinLength, this.parameters.typoMaxLength));
  }

  /**
   * Whether a typo look-up may read the index's terms instead of the one-deletion neighbours:
   * true (and counted) for the first {@link TYPO_SCANS} look-ups while the neighbours are not built.
   * Each reading costs one pass over the terms, a fraction of building the neighbours, so an index
   * searched a few times (one per request) never builds them, and one searched often builds them once.
   */
  takeTypoScan(): boolean {
    if (this.#deletions !== undefined || this.#typoScans >= TYPO_SCANS) return false;
    this.#typoScans++;
    return true;
  }

  /** Whether the one-deletion neighbours have been built (they are built by the first query that needs them). */
  get hasDeletions(): boolean {
    return this.#deletions !== undefined;
  }
}

/**
 * What an index kept by the index cache also holds so that indexes can be derived from it by
 * replacing tools (r[search.index.derived]): each posting's term counts, each slot's length
 * normalisation inputs, and the catalog's candidate compounds.
 */
export interface DerivationBasis {
  /** `nameCounts[i]`: occurrences of the posting's term among its tool's name terms (parallel to `slots`). */
  readonly nameCounts: Int32Array;
  /** `descriptionCounts[i]`: occurrences among its description terms, compound pieces included. */
  readonly descriptionCounts: Int32Array;
  /** `nameNorms[slot]`: the name's length normalisation. */
  readonly nameNorms: Float64Array;
  /** `descriptionLengths[slot]`: the description's length in terms, compound pieces included. */
  readonly descriptionLengths: Float64Array;
  /** Σ `descriptionLengths`. */
  readonly descriptionTotal: number;
  /** The average description length the strengths were computed with. */
  readonly averageDescriptionLength: number;
  /** The catalog's compounds, held and split (r[search.index.compound]). */
  readonly compounds: CompoundBasis;
}

/** An index assembled from its tools' analyses, its postings in flat typed arrays. Internal to `src/scoring`. */
export class BuiltIndex extends ToolIndex {
  #termIds: Map<string, number> | undefined;

  constructor(
    readonly names: readonly string[],
    /** `descriptions[slot]`: the tool's full description. */
    readonly descriptions: readonly string[],
    /** Term id → term. */
    readonly terms: readonly string[],
    /** Term `t`'s postings are `offsets[t]` to `offsets[t + 1]` (exclusive) of `slots` and `strengths`. */
    readonly offsets: Int32Array,
    /** Slots of all postings, term by term, ascending within a term. */
    readonly slots: Int32Array,
    /** Strengths of all postings, parallel to `slots`. */
    readonly strengths: Float64Array,
    /** `idf[t]`: inverse document frequency of term `t`. */
    readonly idf: Float64Array,
    /** `maxStrength[t]`: the greatest strength among term `t`'s postings. */
    readonly maxStrength: Float64Array,
    /** Slots by name-key hash (open addressing, -1 free); see {@link BuiltIndex.exactSlots}. */
    readonly nameKeyTable: Int32Array,
    /** `nameKeyHashes[slot]`: the hash of the tool's name key (r[search.name.key]). */
    readonly nameKeyHashes: Int32Array,
    readonly parameters: ScoringParameters,
    /** What deriving indexes from this one needs; only indexes kept by the index cache have it. */
    readonly basis?: DerivationBasis,
  ) {
    super();
  }

  /**
   * The truncated descriptions of the tools whose description is cut (r[search.result.truncate]),
   * by slot, filled as results first carry them: a result of a long description then costs no
   * scan of its code points and no new string. At most one entry a tool; counted by
   * `builtIndexBytes` whether or not filled.
   */
  #resultDescriptions: (string | undefined)[] | undefined;

  override resultDescriptionOf(slot: number): string {
    const description = this.descriptions[slot]!;
    // (A description of at most DESCRIPTION_MAX_LENGTH code units is never cut.)
    if (description.length <= DESCRIPTION_MAX_LENGTH) return description;
    const cache = (this.#resultDescriptions ??= new Array<string | undefined>(this.names.length).fill(undefined));
    return (cache[slot] ??= truncateDescription(description));
  }

  /** Term → its id. Built on first use (by the first query). */
  get termIds(): ReadonlyMap<string, number> {
    if (this.#termIds === undefined) {
      const ids = new Map<string, number>();
      const terms = this.terms;
      for (let t = 0; t < terms.length; t++) ids.set(terms[t]!, t);
      this.#termIds = ids;
    }
    return this.#termIds;
  }

  termOf(t: number): string {
    return this.terms[t]!;
  }

  get termIdCount(): number {
    return this.terms.length;
  }

  /** Postings of term `t`, as views of the index's arrays. */
  postingsOf(t: number): Postings {
    const from = this.offsets[t]!;
    const to = this.offsets[t + 1]!;
    return { slots: this.slots.subarray(from, to), strengths: this.strengths.subarray(from, to), idf: this.idf[t]! };
  }

  postingsInto(t: number, cursor: PostingsCursor): void {
    cursor.slots = this.slots;
    cursor.strengths = this.strengths;
    cursor.from = this.offsets[t]!;
    cursor.to = this.offsets[t + 1]!;
  }

  postingCount(t: number): number {
    return this.offsets[t + 1]! - this.offsets[t]!;
  }

  maxStrengthOf(t: number): number {
    return this.maxStrength[t]!;
  }

  idfOf(t: number): number {
    return this.idf[t]!;
  }

  /** How many tools hold term `t`. */
  dfOf(t: number): number {
    return this.offsets[t + 1]! - this.offsets[t]!;
  }

  strengthAt(t: number, slot: number): number {
    return strengthIn(this.slots, this.strengths, this.offsets[t]!, this.offsets[t + 1]!, slot);
  }

  descriptionOf(slot: number): string {
    return this.descriptions[slot]!;
  }

  exactSlots(key: string): number[] {
    if (key === '') return [];
    const h = hashString(key);
    const table = this.nameKeyTable;
    const mask = table.length - 1;
    const out: number[] = [];
    for (let at = h & mask; table[at] !== -1; at = (at + 1) & mask) {
      const slot = table[at]!;
      // A hash match is confirmed on the name itself (keys are not kept).
      if (this.nameKeyHashes[slot] === h && nameKey(this.names[slot]!) === key) out.push(slot);
    }
    return out.sort((a, b) => a - b);
  }
}

/** The strength at `slot` among postings `from` to `to` of `slots` and `strengths` (ascending slots), 0 when absent (binary search). */
export function strengthIn(slots: Int32Array, strengths: Float64Array, from: number, to: number, slot: number): number {
  let lo = from;
  let hi = to - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = slots[mid]!;
    if (at === slot) return strengths[mid]!;
    if (at < slot) lo = mid + 1;
    else hi = mid - 1;
  }
  return 0;
}

/**
 * The strength of a term in a tool (r[search.score.field-weight], r[search.score.saturation]):
 * `tf′ / (tf′ + k1)` with `tf′ = nameWeight · inName / nameNorm + inDescription / descriptionNorm`
 * (the name part only when the name has the term). Shared by assembly and derivation, so both
 * compute every strength with the very same operations.
 */
export function strengthOfCounts(inName: number, inDescription: number, nameNorm: number, descriptionNorm: number, nameWeight: number, k1: number): number {
  // The name's terms weigh nameWeight; both fields are length-normalised (nameNorm, descriptionNorm).
  // Unlike @mastra/core 1.71.0 (r[search.score.field-weight]): Mastra indexes `<name> <description>` as one BM25
  // field and adds fixed name boosts.
  // Unlike @mastra/core 1.71.0 (r[search.score.name-over-description]): Mastra's name boost is the same for a name
  // of any length; here a name longer than 1.48 times the average can weigh less than a short description.
  const tf = inName > 0 ? (nameWeight * inName) / nameNorm + inDescription / descriptionNorm : inDescription / descriptionNorm;
  return tf / (tf + k1);
}

/** The idf of a term held by `df` of `n` tools (r[search.score.idf]). */
export function idfOf(n: number, df: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** BM25 length normalisation of one field: `1 − b + b · length / average`. */
export function lengthNorm(length: number, average: number, b: number): number {
  return average > 0 ? 1 - b + (b * length) / average : 1;
}

/**
 * Resolves duplicate names: a later document with the same name replaces the
 * earlier one's description but keeps the earlier catalog position.
 *
 * Implements r[search.index.duplicate-names].
 */
export function resolveCatalog<T extends SearchDocument>(docs: readonly T[]): T[] {
  const slots: T[] = [];
  const slotOf = new Map<string, number>();
  for (const doc of docs) {
    const slot = slotOf.get(doc.name);
    if (slot === undefined) {
      slotOf.set(doc.name, slots.length);
      slots.push(doc);
    } else {
      slots[slot] = doc;
    }
  }
  return slots;
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

/** One tool's terms (as ids, `term-ids.ts`) with the pieces of its compounds counted into its description. */
interface Fields {
  readonly ids: Int32Array;
  readonly nameCounts: Uint32Array;
  readonly descriptionCounts: Uint32Array;
  readonly descriptionLength: number;
}

/**
 * Adds the terms of a tool's compound `pieces` to its fields as description words
 * (r[search.index.compound]), in place: a key not yet among `keys` is appended with counts 0, then
 * its description count rises by one per occurrence. Keys are terms or term ids (`keyOf`).
 * Returns how many terms were added to the description's length.
 */
export function addPieceTerms<K>(keys: K[], nameCounts: number[], descriptionCounts: number[], pieces: readonly string[], keyOf: (term: string) => K): number {
  const at = new Map(keys.map((key, i) => [key, i] as const));
  let added = 0;
  for (const piece of pieces) {
    for (const term of termsOfFoldedPart(piece)) {
      added++;
      const key = keyOf(term);
      let i = at.get(key);
      if (i === undefined) {
        at.set(key, (i = keys.length));
        keys.push(key);
        nameCounts.push(0);
        descriptionCounts.push(0);
      }
      descriptionCounts[i]! += 1;
    }
  }
  return added;
}

/** The fields of a tool whose compounds split into `pieces` (each counts as description words). */
function withPieces(tool: DocumentAnalysis, termIds: Int32Array, pieces: readonly string[]): Fields {
  const ids = Array.from(termIds);
  const nameCounts = Array.from(tool.nameCounts);
  const descriptionCounts = Array.from(tool.descriptionCounts);
  const descriptionLength = tool.descriptionLength + addPieceTerms(ids, nameCounts, descriptionCounts, pieces, idOf);
  return { ids: Int32Array.from(ids), nameCounts: Uint32Array.from(nameCounts), descriptionCounts: Uint32Array.from(descriptionCounts), descriptionLength };
}

/**
 * Assembles the index of a catalog whose tools (one per slot, names unique) are analysed.
 *
 * Terms are mapped to the index's ids (in order of first appearance) through the ids the
 * process-wide table gives the analyses' strings (`term-ids.ts`): typed-array reads, no map
 * look-up per posting.
 *
 * Implements r[search.index.build], r[search.index.compound], r[search.score.field-weight],
 * r[search.score.saturation], r[search.score.idf] and r[search.name.key].
 *
 * @internal
 */
export function assembleIndex(tools: readonly DocumentAnalysis[], parameters: ScoringParameters = SCORING_PARAMETERS, derivable = false): BuiltIndex {
  const { k1, nameWeight, nameLengthNormalisation: bName, descriptionLengthNormalisation: bDesc } = parameters;
  const n = tools.length;
  const analysisIds = tools.map(idsOf);
  // The pieces of the names' compounds count as description terms.
  const pieces = compoundPiecesOf(tools, analysisIds);
  const fieldIds = new Array<Int32Array>(n);
  const nameCountsOf = new Array<Uint32Array>(n);
  const descriptionCountsOf = new Array<Uint32Array>(n);
  const descriptionLengths = new Float64Array(n);
  // Average field lengths over the catalog (summed in catalog order).
  let nameTotal = 0;
  let descriptionTotal = 0;
  let postingCount = 0;
  for (let slot = 0; slot < n; slot++) {
    const tool = tools[slot]!;
    const own = pieces[slot]!;
    const f = own.length === 0 ? undefined : withPieces(tool, analysisIds[slot]!.terms, own);
    fieldIds[slot] = f?.ids ?? analysisIds[slot]!.terms;
    nameCountsOf[slot] = f?.nameCounts ?? tool.nameCounts;
    descriptionCountsOf[slot] = f?.descriptionCounts ?? tool.descriptionCounts;
    descriptionLengths[slot] = f?.descriptionLength ?? tool.descriptionLength;
    nameTotal += tool.nameLength;
    descriptionTotal += descriptionLengths[slot]!;
    postingCount += fieldIds[slot]!.length;
  }
  const avgName = n > 0 ? nameTotal / n : 0;
  const avgDesc = n > 0 ? descriptionTotal / n : 0;
  // Term ids, and how many tools hold each term (df).
  const stamp = marks.pass(idCount());
  const { mark, value: localId } = marks;
  const terms: string[] = [];
  let df = new Int32Array(1024);
  const idsOfPostings = new Int32Array(postingCount);
  let p = 0;
  for (let slot = 0; slot < n; slot++) {
    const ids = fieldIds[slot]!;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      let t: number;
      if (mark[id] !== stamp) {
        mark[id] = stamp;
        t = terms.length;
        localId[id] = t;
        terms.push(stringOf(id));
        if (t === df.length) {
          const grown = new Int32Array(2 * df.length);
          grown.set(df);
          df = grown;
        }
      } else t = localId[id]!;
      df[t]! += 1;
      idsOfPostings[p++] = t;
    }
  }
  const termCount = terms.length;
  // Where each term's postings start.
  const offsets = new Int32Array(termCount + 1);
  for (let t = 0; t < termCount; t++) offsets[t + 1] = offsets[t]! + df[t]!;
  const fill = offsets.slice(0, termCount);
  // For every (tool, term), in catalog order: the field-weighted frequency tf′ and its strength tf′ / (tf′ + k1).
  const slots = new Int32Array(postingCount);
  const strengths = new Float64Array(postingCount);
  const maxStrength = new Float64Array(termCount);
  // What derivation needs (r[search.index.derived]): each posting's counts, each slot's norms.
  const postingNameCounts = derivable ? new Int32Array(postingCount) : undefined;
  const postingDescriptionCounts = derivable ? new Int32Array(postingCount) : undefined;
  const nameNorms = derivable ? new Float64Array(n) : undefined;
  p = 0;
  for (let slot = 0; slot < n; slot++) {
    const nameCounts = nameCountsOf[slot]!;
    const descriptionCounts = descriptionCountsOf[slot]!;
    const nameNorm = lengthNorm(tools[slot]!.nameLength, avgName, bName);
    if (nameNorms !== undefined) nameNorms[slot] = nameNorm;
    const descNorm = lengthNorm(descriptionLengths[slot]!, avgDesc, bDesc);
    for (let i = 0; i < nameCounts.length; i++) {
      const t = idsOfPostings[p++]!;
      const strength = strengthOfCounts(nameCounts[i]!, descriptionCounts[i]!, nameNorm, descNorm, nameWeight, k1);
      const at = fill[t]!++;
      slots[at] = slot;
      strengths[at] = strength;
      if (postingNameCounts !== undefined) {
        postingNameCounts[at] = nameCounts[i]!;
        postingDescriptionCounts![at] = descriptionCounts[i]!;
      }
      if (strength > maxStrength[t]!) maxStrength[t] = strength;
    }
  }
  // The inverse document frequency of every term.
  const idf = new Float64Array(termCount);
  for (let t = 0; t < termCount; t++) idf[t] = idfOf(n, df[t]!);
  // The name keys.
  const { table, hashes } = nameKeyTable(tools);
  const names = new Array<string>(n);
  const descriptions = new Array<string>(n);
  for (let slot = 0; slot < n; slot++) {
    names[slot] = tools[slot]!.name;
    descriptions[slot] = tools[slot]!.description;
  }
  // The id table stays within its budget between builds.
  trimIds();
  let basis: DerivationBasis | undefined;
  if (derivable) {
    basis = {
      nameCounts: postingNameCounts!,
      descriptionCounts: postingDescriptionCounts!,
      nameNorms: nameNorms!,
      descriptionLengths,
      descriptionTotal,
      averageDescriptionLength: avgDesc,
      compounds: compoundBasisOf(tools, pieces),
    };
  }
  return new BuiltIndex(names, descriptions, terms, offsets, slots, strengths, idf, maxStrength, table, hashes, parameters, basis);
}

/**
 * Builds the index of a catalog with given constants (the spec's are {@link SCORING_PARAMETERS};
 * other values serve the cross-validation of `npm run eval:search`).
 *
 * @internal
 */
export function buildIndexWith(docs: readonly SearchDocument[], parameters: ScoringParameters): BuiltIndex {
  // One slot per distinct name, in catalog order; each tool analysed (or found in the memo).
  const tools = resolveCatalog(docs).map((doc) => analyseDocument(doc.name, doc.description, doc));
  return assembleIndex(tools, parameters);
}

/**
 * Builds the index of a catalog once; queries then reuse it. The work is
 * linear in the catalog's text (and, for compounds, in the square of their lengths); the
 * analysis of tools met before in this process is reused (r[search.index.analysis-cache]).
 *
 * Implements r[search.index.build], r[search.index.duplicate-names],
 * r[search.index.compound], r[search.score.field-weight], r[search.score.saturation],
 * r[search.score.idf] and r[search.name.key].
 */
export function buildSearchIndex(docs: readonly SearchDocument[]): SearchIndex {
  return buildIndexWith(docs, SCORING_PARAMETERS);
}

/**
 * An index derived from a kept one by replacing the descriptions of some of its tools: it shares
 * the kept index's postings and holds only what changed (the replaced tools' terms, the changed
 * document frequencies, the new average description length); a term's postings are merged, and
 * their strengths recomputed, when a query reads the term.
 *
 * Derivation always starts from an assembled index (the *root*): an index derived from a derived
 * one holds the root and every tool replaced since, so a chain of derivations never nests, and is
 * refused (the caller assembles a new root) once more than {@link derivedChangeLimit} tools differ
 * from the root.
 *
 * @see r[search.index.derived]
 * @module
 */
import { analyseDocument, type DocumentAnalysis } from './analysis.js';
import { heldStrings, vocabularyParts, type CompoundBasis } from './compound-basis.js';
import { splitCompound } from './compound.js';
import { ELEMENT, MAP_ENTRY, OBJECT, stringBytes } from './footprint-units.js';
import { addPieceTerms, BuiltIndex, idfOf, lengthNorm, strengthIn, strengthOfCounts, ToolIndex, type Postings, type PostingsCursor, type TermLookup } from './search-index.js';

/**
 * The most tools an index derived from a root may differ in before derivation is refused and a new
 * root assembled: 1/16 of the catalog, at least 32 (r[search.index.derived]).
 *
 * @param size - the catalog's number of tools
 */
export function derivedChangeLimit(size: number): number {
  return Math.max(32, Math.floor(size / 16));
}

/** One tool's terms, with the pieces of its compounds counted into its description (as assembly counts them). */
interface Fields {
  readonly terms: readonly string[];
  readonly nameCounts: ArrayLike<number>;
  readonly descriptionCounts: ArrayLike<number>;
  readonly descriptionLength: number;
}

/** One tool of a derived index that differs from the root (replaced, or its compound pieces changed). */
interface ChangedTool extends Fields {
  readonly slot: number;
  /** Its analysis with the current description. */
  readonly analysis: DocumentAnalysis;
  /** The root's term ids of the tool as the root has it. */
  readonly rootIds: Int32Array;
  /** Its description length in the root. */
  readonly rootDescriptionLength: number;
}

/** One tool to replace: its slot and the analysis of its name with its new description. */
export interface Replacement {
  readonly slot: number;
  readonly analysis: DocumentAnalysis;
}

/** A term's merged postings, with the greatest strength. */
interface Merged extends Postings {
  readonly max: number;
}

const EMPTY: readonly number[] = [];

/** The fields of a tool whose compounds split into `pieces` (r[search.index.compound]: each piece's terms count as description words). */
function fieldsOf(analysis: DocumentAnalysis, pieces: readonly string[]): Fields {
  if (pieces.length === 0) return pick(analysis);
  const terms = [...analysis.terms];
  const nameCounts = Array.from(analysis.nameCounts);
  const descriptionCounts = Array.from(analysis.descriptionCounts);
  const descriptionLength = analysis.descriptionLength + addPieceTerms(terms, nameCounts, descriptionCounts, pieces, (term) => term);
  return { terms, nameCounts, descriptionCounts, descriptionLength };
}

/** The fields alone (not the rest of an analysis). */
function pick(f: Fields): Fields {
  return { terms: f.terms, nameCounts: f.nameCounts, descriptionCounts: f.descriptionCounts, descriptionLength: f.descriptionLength };
}

/** Compound counts of a derived catalog: the root's, plus the changes since (r[search.index.compound]). */
class CompoundCounts {
  constructor(
    readonly basis: CompoundBasis,
    readonly holdersDelta: Map<string, number>,
    readonly vocabularyDelta: Map<string, number>,
  ) {}

  holders(s: string): number {
    return (this.basis.holders.get(s) ?? 0) + (this.holdersDelta.get(s) ?? 0);
  }

  inVocabulary(p: string): boolean {
    return (this.basis.vocabulary.get(p) ?? 0) + (this.vocabularyDelta.get(p) ?? 0) > 0;
  }

  /** The pieces of a tool's compounds: each candidate no other tool holds, split against the vocabulary. */
  piecesOf(analysis: DocumentAnalysis): string[] {
    const out: string[] = [];
    const vocabulary = { has: (p: string) => this.inVocabulary(p) };
    for (const candidate of analysis.compoundCandidates) {
      if (this.holders(candidate) !== 1) continue;
      const split = splitCompound(candidate, vocabulary);
      if (split) out.push(...split);
    }
    return out;
  }
}

/**
 * The index of `base`'s catalog with the tools at the given slots described anew (names and
 * order unchanged), derived from `base` without reading its unchanged tools; `undefined` when it
 * cannot be derived and must be assembled: `base` (or its root) keeps no derivation basis, or more
 * than {@link derivedChangeLimit} tools would differ from the root.
 *
 * 1. Each replaced tool's strings leave and enter the catalog's compound counts.
 * 2. The tools whose pieces can change are the replaced ones, those with a candidate whose
 *    ownership changed (held by one tool before and not after, or the reverse), and those with a
 *    candidate containing a part that entered or left the vocabulary.
 * 3. Each of those gets its pieces and terms anew; every other tool is as its root has it.
 *
 * Implements r[search.index.derived] (and r[search.index.compound] for the tools it recomputes).
 *
 * @param base - an index kept by the index cache (assembled with a basis, or derived)
 * @param replacements - the tools whose descriptions differ from `base`'s, each slot once
 */
export function deriveIndex(base: ToolIndex, replacements: readonly Replacement[]): ToolIndex | undefined {
  const root = base instanceof DerivedIndex ? base.root : base;
  if (!(root instanceof BuiltIndex) || root.basis === undefined) return undefined;
  const basis = root.basis.compounds;
  const parent = base instanceof DerivedIndex ? base : undefined;
  const changed = new Map<number, ChangedTool>(parent?.changed);
  const counts = new CompoundCounts(basis, new Map(parent?.counts.holdersDelta), new Map(parent?.counts.vocabularyDelta));
  const limit = derivedChangeLimit(root.size);
  // 1. The replaced tools' strings out (as `base` has them) and in; the status each had before.
  const current = new Map<number, DocumentAnalysis>();
  for (const [slot, tool] of changed) current.set(slot, tool.analysis);
  const befores = new Map<number, DocumentAnalysis>();
  const owned = new Map<string, boolean>();
  const known = new Map<string, boolean>();
  const shift = (analysis: DocumentAnalysis, by: number): void => {
    for (const s of heldStrings(analysis)) {
      if (!owned.has(s)) owned.set(s, counts.holders(s) === 1);
      counts.holdersDelta.set(s, (counts.holdersDelta.get(s) ?? 0) + by);
    }
    for (const p of vocabularyParts(analysis)) {
      if (!known.has(p)) known.set(p, counts.inVocabulary(p));
      counts.vocabularyDelta.set(p, (counts.vocabularyDelta.get(p) ?? 0) + by);
    }
  };
  for (const { slot, analysis } of replacements) {
    if (analysis.name !== root.names[slot]) return undefined;
    const before = current.get(slot) ?? analyseDocument(root.names[slot]!, base.descriptionOf(slot));
    befores.set(slot, before);
    shift(before, -1);
    shift(analysis, 1);
    current.set(slot, analysis);
  }
  // 2. The tools whose pieces can change.
  const affected = new Set<number>(befores.keys());
  for (const [s, was] of owned) {
    if (was === (counts.holders(s) === 1)) continue;
    for (const slot of basis.candidateSlots.get(s) ?? []) if (!current.has(slot)) affected.add(slot);
    for (const [slot, analysis] of current) if (analysis.compoundCandidates.includes(s)) affected.add(slot);
  }
  const entered = [...known].filter(([p, was]) => was !== counts.inVocabulary(p)).map(([p]) => p);
  if (entered.length > 0) {
    const splits = (candidate: string) => entered.some((p) => candidate.includes(p));
    for (const [candidate, slots] of basis.candidateSlots) if (splits(candidate)) for (const s of slots) if (!current.has(s)) affected.add(s);
    for (const [s, analysis] of current) if (analysis.compoundCandidates.some(splits)) affected.add(s);
  }
  // 3. Their pieces and terms anew.
  for (const slot of [...affected].sort((a, b) => a - b)) {
    const analysis = current.get(slot) ?? analyseDocument(root.names[slot]!, root.descriptions[slot]!);
    const fields = fieldsOf(analysis, counts.piecesOf(analysis));
    const previous = changed.get(slot);
    let rootIds = previous?.rootIds;
    let rootDescriptionLength = previous?.rootDescriptionLength;
    if (previous === undefined) {
      // (A tool not changed before is as the root has it: its root analysis with its root pieces.)
      const rooted = fieldsOf(befores.get(slot) ?? analysis, basis.pieces.get(slot) ?? []);
      rootIds = new Int32Array(rooted.terms.length);
      for (let i = 0; i < rooted.terms.length; i++) {
        const t = root.termIds.get(rooted.terms[i]!);
        if (t === undefined) return undefined;
        rootIds[i] = t;
      }
      rootDescriptionLength = rooted.descriptionLength;
    }
    changed.set(slot, { slot, analysis, ...fields, rootIds: rootIds!, rootDescriptionLength: rootDescriptionLength! });
    if (changed.size > limit) return undefined;
  }
  return new DerivedIndex(root, changed, counts);
}

/** An index derived from an assembled one by replacing tools (see the module). Internal to `src/scoring`. */
export class DerivedIndex extends ToolIndex {
  readonly root: BuiltIndex;
  /** The tools replaced since the root, by slot. */
  readonly changed: ReadonlyMap<number, ChangedTool>;
  readonly names: readonly string[];
  readonly parameters: BuiltIndex['parameters'];
  /** The replaced slots, ascending. */
  readonly #slots: Int32Array;
  readonly #averageDescriptionLength: number;
  readonly #averageChanged: boolean;
  /** Terms the root lacks, by id (ids from the root's term count on). */
  readonly #newTerms: string[] = [];
  readonly #newIds = new Map<string, number>();
  /** Term id → the change of its document frequency from the root's (an entry for every term a replaced tool has or had). */
  readonly #dfDelta = new Map<number, number>();
  /** Term id → (slot, name count, description count) of each replaced tool that has it, slots ascending. */
  readonly #overlay = new Map<number, number[]>();
  /** Postings merged by queries, most recent last, bounded by {@link DerivedIndex.#memoLimit} postings. */
  readonly #memo = new Map<number, Merged>();
  #memoPostings = 0;
  readonly #memoLimit: number;
  #live: string[] | undefined;
  readonly #lookup: TermLookup;
  /** Estimated bytes this index retains beyond its root. */
  readonly ownBytes: number;

  /** The compound counts of this catalog. */
  readonly counts: CompoundCounts;

  constructor(root: BuiltIndex, changed: ReadonlyMap<number, ChangedTool>, counts: CompoundCounts) {
    super();
    this.counts = counts;
    this.root = root;
    this.changed = changed;
    this.names = root.names;
    this.parameters = root.parameters;
    const basis = root.basis!;
    const n = root.size;
    const slots = Int32Array.from(changed.keys()).sort();
    this.#slots = slots;
    // 1. The average description length (a sum of integers, exact in any order).
    let total = basis.descriptionTotal;
    let bytes = OBJECT * 12 + 4 * slots.length;
    const termCount = root.terms.length;
    for (let k = 0; k < slots.length; k++) {
      const tool = changed.get(slots[k]!)!;
      const a = tool;
      total += a.descriptionLength - tool.rootDescriptionLength;
      // 2. Document frequencies: the root's terms of the tool out, its current terms in.
      for (let i = 0; i < tool.rootIds.length; i++) {
        const t = tool.rootIds[i]!;
        this.#dfDelta.set(t, (this.#dfDelta.get(t) ?? 0) - 1);
      }
      for (let i = 0; i < a.terms.length; i++) {
        const term = a.terms[i]!;
        let t = root.termIds.get(term) ?? this.#newIds.get(term);
        if (t === undefined) {
          t = termCount + this.#newTerms.length;
          this.#newTerms.push(term);
          this.#newIds.set(term, t);
          bytes += MAP_ENTRY + ELEMENT + stringBytes(term);
        }
        this.#dfDelta.set(t, (this.#dfDelta.get(t) ?? 0) + 1);
        let list = this.#overlay.get(t);
        if (list === undefined) this.#overlay.set(t, (list = []));
        list.push(slots[k]!, a.nameCounts[i]!, a.descriptionCounts[i]!);
      }
      bytes += MAP_ENTRY + 2 * OBJECT + 4 * tool.rootIds.length + tool.analysis.bytes + 3 * ELEMENT * a.terms.length;
    }
    this.#averageDescriptionLength = n > 0 ? total / n : 0;
    this.#averageChanged = this.#averageDescriptionLength !== basis.averageDescriptionLength;
    bytes += 2 * MAP_ENTRY * this.#dfDelta.size + MAP_ENTRY * (counts.holdersDelta.size + counts.vocabularyDelta.size);
    // 3. The merged postings a query reads: at most four per tool, at least one term's.
    this.#memoLimit = 4 * n;
    bytes += this.#memoLimit * 12 + 64 * MAP_ENTRY;
    // (The live terms and their one-deletion neighbours, when a query builds them: as many as the root's.)
    bytes += ELEMENT * this.#newTerms.length + rootTermsBytes(root);
    this.ownBytes = bytes;
    const self = this;
    this.#lookup = {
      get(term: string): number | undefined {
        const t = root.termIds.get(term) ?? self.#newIds.get(term);
        return t !== undefined && self.#df(t) > 0 ? t : undefined;
      },
      has(term: string): boolean {
        return this.get(term) !== undefined;
      },
    };
  }

  get termIds(): TermLookup {
    return this.#lookup;
  }

  /** The live terms (every root term still held by a tool, then the new ones). Built on first use. */
  get terms(): readonly string[] {
    if (this.#live === undefined) {
      const live: string[] = [];
      const rootTerms = this.root.terms;
      for (let t = 0; t < rootTerms.length; t++) if (this.#df(t) > 0) live.push(rootTerms[t]!);
      for (let j = 0; j < this.#newTerms.length; j++) if (this.#df(rootTerms.length + j) > 0) live.push(this.#newTerms[j]!);
      this.#live = live;
    }
    return this.#live;
  }

  get termIdCount(): number {
    return this.root.terms.length + this.#newTerms.length;
  }

  termOf(t: number): string {
    const count = this.root.terms.length;
    return t < count ? this.root.terms[t]! : this.#newTerms[t - count]!;
  }

  /** How many tools hold term `t`. */
  #df(t: number): number {
    return (t < this.root.terms.length ? this.root.dfOf(t) : 0) + (this.#dfDelta.get(t) ?? 0);
  }

  /** Whether term `t`'s postings are the root's as they are (no replaced tool has or had it, the average unchanged). */
  #asRoot(t: number): boolean {
    return !this.#averageChanged && !this.#dfDelta.has(t);
  }

  postingsOf(t: number): Postings {
    if (this.#asRoot(t)) return this.root.postingsOf(t);
    const m = this.#merged(t);
    return { slots: m.slots, strengths: m.strengths, idf: m.idf };
  }

  postingsInto(t: number, cursor: PostingsCursor): void {
    if (this.#asRoot(t)) {
      this.root.postingsInto(t, cursor);
      return;
    }
    const m = this.#merged(t);
    cursor.slots = m.slots;
    cursor.strengths = m.strengths;
    cursor.from = 0;
    cursor.to = m.slots.length;
  }

  postingCount(t: number): number {
    return this.#asRoot(t) ? this.root.postingCount(t) : this.#merged(t).slots.length;
  }

  maxStrengthOf(t: number): number {
    return this.#asRoot(t) ? this.root.maxStrengthOf(t) : this.#merged(t).max;
  }

  idfOf(t: number): number {
    return this.#asRoot(t) ? this.root.idfOf(t) : idfOf(this.root.size, this.#df(t));
  }

  strengthAt(t: number, slot: number): number {
    if (this.#asRoot(t)) return this.root.strengthAt(t, slot);
    const m = this.#merged(t);
    return strengthIn(m.slots, m.strengths, 0, m.slots.length, slot);
  }

  descriptionOf(slot: number): string {
    return this.changed.get(slot)?.analysis.description ?? this.root.descriptions[slot]!;
  }

  exactSlots(key: string): number[] {
    // (The names are the root's.)
    return this.root.exactSlots(key);
  }

  /**
   * Term `t`'s postings in this catalog: the root's, less the replaced tools', merged in slot
   * order with the replaced tools' current ones; every strength computed as assembly computes it
   * (r[search.score.field-weight], r[search.score.saturation]), with this catalog's average.
   */
  #merged(t: number): Merged {
    const known = this.#memo.get(t);
    if (known !== undefined) return known;
    const root = this.root;
    const basis = root.basis!;
    const { nameWeight, k1, descriptionLengthNormalisation: b } = this.parameters;
    const average = this.#averageDescriptionLength;
    const recompute = this.#averageChanged;
    const inRoot = t < root.terms.length;
    const from = inRoot ? root.offsets[t]! : 0;
    const to = inRoot ? root.offsets[t + 1]! : 0;
    const over = this.#overlay.get(t) ?? EMPTY;
    const count = this.#df(t);
    const slots = new Int32Array(count);
    const strengths = new Float64Array(count);
    const replaced = this.#slots;
    let max = 0;
    let out = 0;
    let c = 0;
    let o = 0;
    const emitOverlay = (): void => {
      const slot = over[o]!;
      const tool = this.changed.get(slot)!;
      const s = strengthOfCounts(over[o + 1]!, over[o + 2]!, basis.nameNorms[slot]!, lengthNorm(tool.descriptionLength, average, b), nameWeight, k1);
      slots[out] = slot;
      strengths[out++] = s;
      if (s > max) max = s;
      o += 3;
    };
    for (let i = from; i < to; i++) {
      const slot = root.slots[i]!;
      while (o < over.length && over[o]! < slot) emitOverlay();
      while (c < replaced.length && replaced[c]! < slot) c++;
      if (c < replaced.length && replaced[c] === slot) continue;
      const s = recompute
        ? strengthOfCounts(basis.nameCounts[i]!, basis.descriptionCounts[i]!, basis.nameNorms[slot]!, lengthNorm(basis.descriptionLengths[slot]!, average, b), nameWeight, k1)
        : root.strengths[i]!;
      slots[out] = slot;
      strengths[out++] = s;
      if (s > max) max = s;
    }
    while (o < over.length) emitOverlay();
    const merged: Merged = { slots, strengths, idf: idfOf(root.size, count), max };
    // Kept while the memo's budget allows (oldest first out).
    this.#memo.set(t, merged);
    this.#memoPostings += count;
    for (const [term, m] of this.#memo) {
      if (this.#memoPostings <= this.#memoLimit || term === t) break;
      this.#memo.delete(term);
      this.#memoPostings -= m.slots.length;
    }
    return merged;
  }
}

const rootTerms = new WeakMap<BuiltIndex, number>();

/** Estimated bytes of a root's terms with their one-deletion neighbours (once per root). */
function rootTermsBytes(root: BuiltIndex): number {
  let bytes = rootTerms.get(root);
  if (bytes === undefined) {
    bytes = 0;
    const { typoMinLength, typoMaxLength } = root.parameters;
    for (const term of root.terms) {
      const cps = term.length >= typoMinLength && term.length <= 2 * typoMaxLength ? [...term].length : 0;
      bytes += ELEMENT + (cps >= typoMinLength && cps <= typoMaxLength ? cps * (MAP_ENTRY + 24 + 2 * term.length + OBJECT + ELEMENT) : 0);
    }
    rootTerms.set(root, bytes);
  }
  return bytes;
}

/**
 * The scorer as it was before issue 13, written as the plain spec steps: Map-based postings,
 * one tokenizer memo per build, every candidate ranked by sorting, no cache shared between
 * builds, no heap, no typed arrays. Property tests compare the optimised scorer with it
 * (test/scoring/equivalence.test.ts): same hits, same scores, same order.
 *
 * Kept verbatim apart from names, so that it stays the reference it was; only the leaf
 * definitions (fold, segmentation, stemming, word lists, name keys, truncation, thresholds) are
 * shared with the source, and each of those has its own equivalence test.
 */
import { fold, replaceLoneSurrogates } from '../../../src/scoring/fold.js';
import { nameKey } from '../../../src/scoring/name-key.js';
import { resolveMinScore, resolveTopK } from '../../../src/scoring/options.js';
import { MAX_APPROXIMATE_TERMS, MAX_QUERY_TERMS, SCORING_PARAMETERS } from '../../../src/scoring/parameters.js';
import { segmentWords } from '../../../src/scoring/segment.js';
import { QUERY_FILLERS, STOPWORDS } from '../../../src/scoring/spec-data.js';
import { stem } from '../../../src/scoring/stem.js';
import { truncateDescription } from '../../../src/scoring/truncate.js';
import type { QueryStats, RankOptions, SearchDocument, SearchHit } from '../../../src/scoring/types.js';

// ---- tokenize.ts (before issue 13)

/** What is being analysed: a name or description, or a query. */
type TextKind = 'document' | 'query';

const ASCII_LETTERS = /^[a-z]+$/;

/** A word: a maximal run of letters, combining marks and digits, in any script. */
// Unlike @mastra/core 1.71.0 (r[search.tokenize.words]): Mastra splits on white space and some ASCII punctuation only,
// so `/`, `@`, `+` stay inside its tokens.
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * Scripts written without spaces between words (or, for Hangul, with words
 * that glue particles on). See r[search.tokenize.segmented].
 */
const SEGMENTED_SCRIPT =
  '\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{scx=Hangul}\\p{scx=Thai}\\p{scx=Lao}\\p{scx=Khmer}\\p{scx=Myanmar}';

/** Splits a word into runs of segmented-script text and runs of everything else. */
const SCRIPT_RUN = new RegExp(`[${SEGMENTED_SCRIPT}]+|[^${SEGMENTED_SCRIPT}]+`, 'gu');
const IS_SEGMENTED = new RegExp(`^[${SEGMENTED_SCRIPT}]`, 'u');

/** One character: a base code point with the combining marks that follow it. */
const CHARACTER = /\P{M}\p{M}*|\p{M}+/gu;

/** Runs of digits and runs of non-digits inside a word (`v2api` → `v`, `2`, `api`). */
const DIGIT_RUN = /\p{N}+|[^\p{N}]+/gu;
const IS_DIGITS = /^\p{N}/u;

/** Longest run of adjacent case-boundary parts indexed as one term. */
const MAX_JOINED_PARTS = 3;

/** Case boundaries inside a word, in its original case. */
const LOWER_TO_UPPER = /(\p{Ll}\p{M}*)(?=\p{Lu})/gu;
const ACRONYM_END = /(\p{Lu}\p{M}*)(?=\p{Lu}\p{M}*\p{Ll})/gu;

const IS_MARK = /^\p{M}/u;

/** Both case boundaries need an upper-case letter. */
const HAS_UPPER = /\p{Lu}/u;

/** Whether a term has at least two characters that are not combining marks. */
function hasTwoBaseCharacters(term: string): boolean {
  let bases = 0;
  for (const cp of term) if (!IS_MARK.test(cp) && ++bases === 2) return true;
  return false;
}

/** Whether a folded word or segment is dropped before it yields terms. */
function isDropped(word: string, kind: TextKind): boolean {
  // r[search.tokenize.stopwords], and for a query r[search.query.fillers].
  // Unlike @mastra/core 1.71.0 (r[search.query.fillers]): the words of a request are dropped.
  return STOPWORDS.has(word) || (kind === 'query' && QUERY_FILLERS.has(word));
}

/**
 * Whether a segment is dropped: it is a stopword (or, in a query, a filler), or the concatenation
 * of two or more of them (r[search.tokenize.segmented], added by issue 12's second pass): tried
 * split by split, plainly.
 */
function isDroppedSegment(segment: string, kind: TextKind): boolean {
  if (isDropped(segment, kind)) return true;
  const cps = [...segment];
  for (let cut = 1; cut < cps.length; cut++) {
    if (isDropped(cps.slice(0, cut).join(''), kind) && isDroppedSegment(cps.slice(cut).join(''), kind)) return true;
  }
  return false;
}

function keep(term: string, kind: TextKind, out: string[]): void {
  // r[search.tokenize.min-length]: a single letter outside segmented scripts is dropped.
  if (!IS_DIGITS.test(term) && !hasTwoBaseCharacters(term)) return;
  // r[search.tokenize.stopwords], r[search.query.fillers]: checked before stemming.
  // Unlike @mastra/core 1.71.0 (r[search.tokenize.stopwords]): Mastra's tool search uses no stopwords.
  if (isDropped(term, kind)) return;
  // Unlike @mastra/core 1.71.0 (r[search.tokenize.stem]): Mastra does not stem; `papers` does not find `paper` there.
  out.push(stem(term));
}

/** The character n-grams of one group: each character, and each pair of adjacent characters. */
function groupTerms(chars: readonly string[], out: string[]): void {
  for (let i = 0; i < chars.length; i++) {
    out.push(chars[i]!);
    if (i + 1 < chars.length) out.push(chars[i]! + chars[i + 1]!);
  }
}

function segmentedTerms(run: string, kind: TextKind, out: string[]): void {
  // Unlike @mastra/core 1.71.0 (r[search.tokenize.segmented]): Mastra keeps the run as one token.
  // Cut the run into word segments (ICU's word break iterator).
  // A segment that is a stopword (or, in a query, a filler) is dropped and ends a group; the
  // other segments, adjacent in the run, form groups.
  // Each group yields its characters and its pairs of adjacent characters.
  let group: string[] = [];
  for (const segment of segmentWords(run)) {
    if (isDroppedSegment(segment, kind)) {
      groupTerms(group, out);
      group = [];
      continue;
    }
    for (const ch of segment.match(CHARACTER) ?? []) group.push(ch);
  }
  groupTerms(group, out);
}

function alphabeticTerms(run: string, kind: TextKind, out: string[]): void {
  // r[search.tokenize.digits]: split letters from digits, and keep the whole run too.
  // Unlike @mastra/core 1.71.0 (r[search.tokenize.digits]): Mastra does not split letters from digits.
  const pieces = run.match(DIGIT_RUN) ?? [];
  for (const piece of pieces) {
    // Unlike @mastra/core 1.71.0 (r[search.query.numbers]): a query's numbers (runs of digits)
    // are not terms.
    if (kind === 'query' && IS_DIGITS.test(piece)) continue;
    keep(piece, kind, out);
  }
  if (pieces.length > 1) keep(run, kind, out);
}

/** Appends the terms of already-folded text to `out`. */
function foldedTerms(folded: string, kind: TextKind, out: string[]): void {
  for (const word of folded.match(WORD) ?? []) {
    // Fast path for the common case: a plain a–z word is one alphabetic run of one piece.
    if (ASCII_LETTERS.test(word)) {
      keep(word, kind, out);
      continue;
    }
    for (const run of word.match(SCRIPT_RUN) ?? []) {
      if (IS_SEGMENTED.test(run)) segmentedTerms(run, kind, out);
      else alphabeticTerms(run, kind, out);
    }
  }
}

/**
 * The terms of a query, in order of appearance, with repetitions. Letter case
 * never matters here: the text is folded before it is cut. Request fillers and
 * numbers are not terms of a query.
 *
 * Implements r[search.tokenize.query], r[search.query.fillers] and r[search.query.numbers].
 */
function tokenizeQuery(text: string): string[] {
  const out: string[] = [];
  // Fold the whole text (case, compatibility forms, accents on cased letters).
  // Cut it into words, each word into script runs, each run into terms.
  foldedTerms(fold(text), 'query', out);
  return out;
}

/**
 * The terms a query made of this already-folded text would have, but without
 * the query-only steps: what a name part yields
 * (r[search.tokenize.document], r[search.index.compound]).
 */
function termsOfFoldedPart(folded: string): string[] {
  const out: string[] = [];
  foldedTerms(folded, 'document', out);
  return out;
}

/**
 * Splits one word on its case boundaries: `createIssue` → `create Issue`,
 * `GitHubPR` → `Git Hub PR`, `HTMLParser` → `HTML Parser`.
 *
 * @see r[search.tokenize.case-split]
 */
function splitCaseBoundaries(word: string): string[] {
  // Fast path: without an upper-case letter there is no boundary to mark.
  // Unlike @mastra/core 1.71.0 (r[search.tokenize.case-split]): Mastra does not split on case; `issue` finds
  // `createIssue` there only through its name-substring boost.
  if (!HAS_UPPER.test(word)) return word.split(' ');
  return word.replace(LOWER_TO_UPPER, '$1 ').replace(ACRONYM_END, '$1 ').split(' ');
}

/**
 * Appends the terms of one word of a name or description (found in its
 * original case) to `out`. The terms depend on the word alone.
 */
function documentWordTerms(word: string, out: string[]): void {
  // The word as a query would see it (without the query-only steps).
  foldedTerms(fold(word), 'document', out);
  // When it has case boundaries: each part, and each run of 2 or 3
  // adjacent parts that is not the whole word (`GitHubPR` → `git`, `hub`,
  // `pr`, `github`, `hubpr`).
  // Unlike @mastra/core 1.71.0 (r[search.tokenize.document]): Mastra indexes each word whole, without its case parts.
  const parts = splitCaseBoundaries(word);
  if (parts.length < 2) return;
  for (let i = 0; i < parts.length; i++) {
    for (let len = 1; len <= MAX_JOINED_PARTS && i + len <= parts.length; len++) {
      if (len === parts.length) continue;
      foldedTerms(fold(parts.slice(i, i + len).join('')), 'document', out);
    }
  }
}

/**
 * The words of a name or description, in their original case (lone surrogates separate words).
 */
function documentWords(text: string): string[] {
  return replaceLoneSurrogates(text).match(WORD) ?? [];
}

/**
 * The terms of a tool name or description, with repetitions: the terms a
 * query containing each of its words would have (request fillers and numbers
 * included), plus, for a word with case boundaries (`createIssue`), the terms
 * of each part and of each run of two or three adjacent parts.
 *
 * Implements r[search.tokenize.document].
 */
function tokenize(text: string): string[] {
  const out: string[] = [];
  // Find the words in the original case (lone surrogates separate words).
  // Append the terms of each word.
  for (const word of documentWords(text)) documentWordTerms(word, out);
  return out;
}

/** A function with the contract of {@link tokenize}. */
type DocumentTokenizer = (text: string) => string[];

/**
 * A tokenizer that gives exactly the terms of {@link tokenize}, remembering
 * the terms of each distinct word it has met (catalogs repeat words heavily).
 * The memory lives as long as the returned function: make one per index build.
 *
 * Implements r[search.tokenize.document].
 */
function memoisedTokenizer(): DocumentTokenizer {
  const termsOfWord = new Map<string, readonly string[]>();
  return (text) => {
    const out: string[] = [];
    // Find the words in the original case, as `tokenize` does.
    for (const word of documentWords(text)) {
      // The terms of a word depend on the word alone: compute them once.
      let terms = termsOfWord.get(word);
      if (terms === undefined) {
        const fresh: string[] = [];
        documentWordTerms(word, fresh);
        termsOfWord.set(word, (terms = fresh));
      }
      for (const term of terms) out.push(term);
    }
    return out;
  };
}

// ---- compound.ts (before issue 13)

/** The fewest code points of a piece (and so at least twice that for a compound). */
const COMPOUND_MIN_PIECE = 3;

/** Compounds longer than this many code points are never split. */
const COMPOUND_MAX_LENGTH = 32;

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
function splitCompound(word: string, vocabulary: ReadonlySet<string>): string[] | undefined {
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
function compoundPieces(tools: readonly SearchDocument[]): string[][] {
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

// ---- search-index.ts (before issue 13)

/** The tools that contain one term, in catalog order, with the term's strength in each. */
interface Postings {
  /** Catalog positions (slots), ascending. */
  readonly slots: readonly number[];
  /** `strengths[i]` is the saturated field-weighted frequency of the term in `slots[i]`, in [0, 1). */
  readonly strengths: readonly number[];
  /** Inverse document frequency of the term in this index (> 0). */
  readonly idf: number;
}

/** The scoring constants an index is built with (internal: the spec fixes them). */
type ScoringParameters = {
  readonly [K in keyof typeof SCORING_PARAMETERS]: number;
};

/** The reference index. */
class ReferenceIndex {
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
function resolveCatalog(docs: readonly SearchDocument[]): SearchDocument[] {
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
function oneDeletions(cps: readonly string[]): string[] {
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
function buildIndexWith(docs: readonly SearchDocument[], parameters: ScoringParameters): ReferenceIndex {
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
  return new ReferenceIndex(tools, descriptions, postings, nameKeysOf(tools), parameters, deletionsOf(postings.keys(), parameters.typoMinLength, parameters.typoMaxLength));
}

// ---- rank.ts (before issue 13)

/** One scored query term: an index term, its postings, and its weight in the query. */
interface QueryTerm {
  /** The index term. */
  readonly term: string;
  /** Its postings. */
  readonly postings: Postings;
  /** `idf ^ idfExponent`. */
  readonly weight: number;
}

function asReferenceIndex(index: ReferenceIndex): ReferenceIndex {
  return index;
}

/** Code-unit order, the same in every locale. */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** A term that may be matched by a prefix: letters and marks only. */
const LETTERS = /^[\p{L}\p{M}]+$/u;

/**
 * The index term that stands for an unknown query term: its longest proper prefix, of at least
 * `prefixMinLength` code points, that is an index term (`rental` → `rent`, `repositori` → `repo`).
 *
 * Implements r[search.query.prefix].
 */
function prefixTerm(index: ReferenceIndex, unknown: string, stats: QueryStats | undefined): string | undefined {
  const cps = [...unknown];
  for (let length = cps.length - 1; length >= index.parameters.prefixMinLength; length--) {
    if (stats) stats.approximateLookups++;
    const prefix = cps.slice(0, length).join('');
    if (index.postings.has(prefix)) return prefix;
  }
  return undefined;
}

/**
 * The index term that stands for an unknown query term of `typoMinLength` to `typoMaxLength`
 * code points with one typo: among the index terms of such a length that become equal to it when
 * at most one code point is deleted from each, the first in code-unit order.
 *
 * Implements r[search.query.typo].
 */
function typoTerm(index: ReferenceIndex, unknown: string, stats: QueryStats | undefined): string | undefined {
  const cps = [...unknown];
  const { typoMinLength, typoMaxLength } = index.parameters;
  if (cps.length < typoMinLength || cps.length > typoMaxLength) return undefined;
  let best: string | undefined;
  const consider = (term: string | undefined) => {
    if (term !== undefined && (best === undefined || term < best)) best = term;
  };
  const look = (key: string) => {
    if (stats) stats.approximateLookups++;
    for (const term of index.deletions.get(key) ?? []) consider(term);
  };
  // An index term with one code point more (deleting it gives the query term).
  look(unknown);
  for (const deleted of oneDeletions(cps)) {
    // An index term with one code point less.
    if (stats) stats.approximateLookups++;
    if (cps.length - 1 >= typoMinLength && index.postings.has(deleted)) consider(deleted);
    // An index term of the same length, one code point different (or two adjacent swapped).
    look(deleted);
  }
  return best;
}

/**
 * The query terms that are scored, in code-unit order (so sums never depend
 * on the order the query wrote its words in).
 *
 * Implements r[search.query.terms], r[search.query.prefix], r[search.query.typo] and
 * r[search.query.term-cap].
 */
function selectQueryTerms(index: ReferenceIndex, query: string, stats?: QueryStats, standsFor = new Map<string, string>()): QueryTerm[] {
  const toolIndex = asReferenceIndex(index);
  const { idfExponent } = toolIndex.parameters;
  // The distinct terms of the query, in query order.
  const chosen = new Set<string>();
  let approximated = 0;
  for (const term of new Set(tokenizeQuery(query))) {
    // At most MAX_QUERY_TERMS terms: the first ones in query order.
    // Unlike @mastra/core 1.71.0 (r[search.query.term-cap]): Mastra scores every term.
    if (chosen.size === MAX_QUERY_TERMS) break;
    // A term the index contains stands for itself.
    if (toolIndex.postings.has(term)) {
      chosen.add(term);
      standsFor.set(term, term);
      continue;
    }
    // Up to MAX_APPROXIMATE_TERMS unknown terms (the first ones) stand for their longest
    // known prefix, or else for a known term one typo away.
    // Unlike @mastra/core 1.71.0 (r[search.query.prefix], r[search.query.typo]): Mastra has
    // no approximate matching.
    if (approximated === MAX_APPROXIMATE_TERMS || !LETTERS.test(term)) continue;
    approximated++;
    if (codePointLength(term) > toolIndex.parameters.approximateMaxLength) continue;
    const match = prefixTerm(toolIndex, term, stats) ?? typoTerm(toolIndex, term, stats);
    if (match !== undefined) {
      chosen.add(match);
      standsFor.set(term, match);
    }
  }
  // Weights, in code-unit order.
  const queryTerms = tokenizeQuery(query);
  return [...chosen].sort(byCodeUnits).map((term) => {
    const postings = toolIndex.postings.get(term)!;
    return { term, postings, weight: postings.idf ** idfExponent * repetition(toolIndex, term, queryTerms, standsFor) };
  });
}

/** r[search.query.repetition], r[search.score.term-weight]: `(k3 + 1) · f / (k3 + f)`, `f` the query terms that are or stand for `term`. */
function repetition(index: ReferenceIndex, term: string, queryTerms: readonly string[], standsFor: ReadonlyMap<string, string>): number {
  return repetitionIn(index.parameters, term, queryTerms, standsFor);
}

function repetitionIn(parameters: { queryRepetitionSaturation: number }, term: string, queryTerms: readonly string[], standsFor: ReadonlyMap<string, string>): number {
  const f = queryTerms.filter((q) => standsFor.get(q) === term).length;
  const k3 = parameters.queryRepetitionSaturation;
  return ((k3 + 1) * f) / (k3 + f);
}

/**
 * Rounds a score in [0, 1] to 4 decimals: the integer nearest to `q · 10⁴`
 * (ties upward), divided by 10⁴, at most 1.
 *
 * Implements r[search.score.rounding].
 */
function roundScore(q: number): number {
  // Math.round: the nearest integer, ties toward +∞ (round half up on non-negative numbers).
  return Math.min(1, Math.round(q * 1e4) / 1e4);
}

/**
 * Every candidate whose score is at least `minScore`, ranked by score
 * descending, then catalog order; a tool whose name the query is comes first
 * with score 1.
 *
 * Implements r[search.candidates], r[search.score.formula], r[search.name.exact],
 * r[search.score.rounding], r[search.rank.order], r[search.threshold.min-score].
 */
function rankCandidates(index: ReferenceIndex, query: string, options: RankOptions = {}): SearchHit[] {
  const minScore = resolveMinScore(options.minScore);
  const toolIndex = asReferenceIndex(index);
  const { tools, descriptions } = toolIndex;
  const { stats } = options;
  // The scored query terms, and the tools whose name the query is.
  const standsFor = new Map<string, string>();
  const terms = selectQueryTerms(index, query, stats, standsFor);
  if (stats) stats.termsLookedUp += terms.length;
  const exact = toolIndex.nameKeys.get(nameKey(query)) ?? [];
  // Unlike @mastra/core 1.71.0 (r[search.robust.empty-query]): Mastra has no stopwords, so a query of stopwords
  // matches tools there.
  if (terms.length === 0 && exact.length === 0) return [];
  // The best score the query could reach in this index: Σ weight(t).
  let reachable = 0;
  for (const t of terms) reachable += t.weight;
  // Candidates: the tools in the postings of the terms, with Σ weight(t) · strength(t, tool).
  const sums = new Map<number, number>();
  for (const { postings, weight } of terms) {
    if (stats) stats.postingsVisited += postings.slots.length;
    for (let i = 0; i < postings.slots.length; i++) {
      const slot = postings.slots[i]!;
      sums.set(slot, (sums.get(slot) ?? 0) + weight * postings.strengths[i]!);
    }
  }
  // Normalise and round; a tool whose name the query is scores 1; keep the candidates with
  // score ≥ minScore.
  // Unlike @mastra/core 1.71.0 (r[search.name.exact]): Mastra's whole-name boost never
  // matches a name with separators.
  const isExact = new Set(exact);
  for (const slot of exact) if (!sums.has(slot)) sums.set(slot, 0);
  const ranked: Array<{ slot: number; score: number; exact: boolean }> = [];
  for (const [slot, sum] of sums) {
    const named = isExact.has(slot);
    // Unlike @mastra/core 1.71.0 (r[search.score.formula]): Mastra's score is the unbounded BM25 sum plus its name
    // boosts, so its minScore cannot mean the seeds' "0–1".
    // Unlike @mastra/core 1.71.0 (r[search.score.range]): Mastra's scores are unbounded; this one is at most 1.
    // Unlike @mastra/core 1.71.0 (r[search.score.rounding]): Mastra compares the unrounded score and reports it
    // rounded to 2 decimals.
    const score = named ? 1 : roundScore(sum / reachable);
    // Unlike @mastra/core 1.71.0 (r[search.threshold.min-score]): Mastra drops a result whose score is less than or
    // equal to minScore.
    ranked.push({ slot, score, exact: named });
  }
  // Score descending, then exact names first, then catalog order.
  // Unlike @mastra/core 1.71.0 (r[search.rank.order]): Mastra's ties keep the order in which tools were first scored,
  // not catalog order.
  ranked.sort((a, b) => b.score - a.score || Number(b.exact) - Number(a.exact) || a.slot - b.slot);
  // r[search.query.sentences], r[search.rank.coverage] (added by issue 12's second pass).
  const sentences = sentenceTerms(query, terms, standsFor, toolIndex.parameters);
  if (sentences.length >= 2) coverageOrder(ranked, sentences, toolIndex.parameters);
  // Then minScore (r[search.threshold.order]); each result carries the description cut when the index was built.
  return ranked.filter((c) => c.score >= minScore).map(({ slot, score }) => ({ name: tools[slot]!.name, description: descriptions[slot]!, score }));
}

// ---- coverage (issue 12's second pass, after issue 13), as the spec's steps.

/** r[search.query.sentences]: the text between sentence breaks, empty pieces left out. */
function querySentences(query: string): string[] {
  const out: string[] = [];
  let current = '';
  const chars = [...query];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const next = chars[i + 1];
    const alwaysBreak = /[\n\v\f\r\u0085\u2028\u2029!?;。！？；｡]/u.test(ch);
    const stopBreak = /[.…．]/u.test(ch) && (next === undefined || /\p{White_Space}/u.test(next));
    if (alwaysBreak || stopBreak) {
      if (current !== '') out.push(current);
      current = '';
    } else current += ch;
  }
  if (current !== '') out.push(current);
  return out;
}

/** Each sentence's scored terms (what its query terms stand for), sentences without one left out. */
function sentenceTerms(
  query: string,
  terms: readonly QueryTerm[],
  standsFor: ReadonlyMap<string, string>,
  parameters: { idfExponent: number; queryRepetitionSaturation: number },
): QueryTerm[][] {
  const sentences = querySentences(query);
  if (sentences.length < 2) return [];
  const out: QueryTerm[][] = [];
  for (const sentence of sentences) {
    const own = new Set<string>();
    for (const term of tokenizeQuery(sentence)) {
      const stands = standsFor.get(term);
      if (stands !== undefined) own.add(stands);
    }
    // Each term weighs by its repetitions in this sentence (r[search.rank.coverage]).
    const sentenceTerms = tokenizeQuery(sentence);
    const scored = terms
      .filter((t) => own.has(t.term))
      .map((t) => ({ ...t, weight: t.postings.idf ** parameters.idfExponent * repetitionIn(parameters, t.term, sentenceTerms, standsFor) }));
    if (scored.length > 0) out.push(scored);
  }
  return out;
}

/** r[search.rank.coverage]: greedy reordering of the first coverageDepth candidates, step by step. */
function coverageOrder(
  ranked: Array<{ slot: number; score: number; exact: boolean }>,
  sentences: readonly QueryTerm[][],
  parameters: { coverageWeight: number; coverageDepth: number },
): void {
  const lambda = parameters.coverageWeight;
  const pool = ranked.slice(0, parameters.coverageDepth);
  let head = 0;
  while (head < pool.length && pool[head]!.exact) head++;
  if (head === 0) head = 1;
  if (lambda === 0 || pool.length - head < 2) return;
  const weightOf = (ts: readonly QueryTerm[]) => ts.reduce((sum, t) => sum + t.weight, 0);
  const strength = (t: QueryTerm, slot: number) => {
    const i = t.postings.slots.indexOf(slot);
    return i < 0 ? 0 : t.postings.strengths[i]!;
  };
  const W = sentences.map(weightOf);
  const part = (slot: number, s: number) => sentences[s]!.reduce((sum, t) => sum + t.weight * strength(t, slot), 0) / W[s]!;
  const best = sentences.map((_, s) => Math.max(...pool.map((c) => part(c.slot, s))));
  const reach = sentences.reduce((sum, _, s) => sum + W[s]! * best[s]!, 0);
  if (reach === 0) return;
  const uncovered = sentences.map(() => 1);
  const place = (slot: number) => sentences.forEach((_, s) => {
    if (best[s]! > 0) uncovered[s]! *= 1 - part(slot, s) / best[s]!;
  });
  for (let i = 0; i < head; i++) place(pool[i]!.slot);
  const top = pool[head - 1]!.exact ? pool[head]!.score : pool[0]!.score;
  const left = pool.slice(head);
  const placed: typeof left = [];
  while (left.length > 0) {
    const values = left.map((c) => {
      const coverage = sentences.reduce((sum, _, s) => sum + W[s]! * part(c.slot, s) * uncovered[s]!, 0);
      return (1 - lambda) * (top > 0 ? c.score / top : 0) + (lambda * coverage) / reach;
    });
    const k = values.indexOf(Math.max(...values));
    const [c] = left.splice(k, 1);
    place(c!.slot);
    placed.push(c!);
  }
  ranked.splice(head, placed.length, ...placed);
}

// ---- select.ts (before issue 13): minScore inside ranking, then the filter, then topK.

/** The reference's index of a catalog (the spec's constants). */
export function referenceIndex(docs: readonly SearchDocument[]): ReferenceIndex {
  return buildIndexWith(docs, SCORING_PARAMETERS);
}

/** Every candidate, ranked (the reference's rankCandidates). */
export function referenceRank(index: ReferenceIndex, query: string, options: RankOptions = {}): SearchHit[] {
  return rankCandidates(index, query, options);
}

/** The reference's search: rank, then the filter (only `true` keeps; a throw removes), then topK. */
export function referenceSearch(
  index: ReferenceIndex,
  query: string,
  options: { topK?: number; minScore?: number; filter?: (name: string) => boolean } = {},
): SearchHit[] {
  const topK = resolveTopK(options.topK);
  const ranked = rankCandidates(index, query, { minScore: options.minScore });
  const filter = options.filter;
  const allowed = filter === undefined ? ranked : ranked.filter((hit) => {
    try {
      return filter(hit.name) === true;
    } catch {
      return false;
    }
  });
  return allowed.slice(0, topK);
}

/** The reference's scored query terms, with their weights. */
export function referenceQueryTerms(index: ReferenceIndex, query: string): Array<{ term: string; weight: number }> {
  return selectQueryTerms(index, query).map((t) => ({ term: t.term, weight: t.weight }));
}

/** The reference's scored query terms with their postings, and whether the query has two or more sentences with scored terms. */
export function referenceScoredTerms(index: ReferenceIndex, query: string): { terms: QueryTerm[]; exact: readonly number[]; covered: boolean } {
  const standsFor = new Map<string, string>();
  const terms = selectQueryTerms(index, query, undefined, standsFor);
  return { terms, exact: index.nameKeys.get(nameKey(query)) ?? [], covered: sentenceTerms(query, terms, standsFor, index.parameters).length >= 2 };
}

export { tokenize as referenceTokenize, compoundPieces as referenceCompoundPieces, type ReferenceIndex };

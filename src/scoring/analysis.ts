/**
 * What an index build reads of each tool, computed once and shared by every build in the
 * process: the analysis of each distinct word (its terms and its folded case-boundary parts) and
 * the analysis of each tool's name and description (its term counts and what compound splitting
 * needs). Both memos are bounded by the bytes they are estimated to retain; the catalog-level
 * statistics (idf, average lengths, compound splits) are never cached here, since they depend on
 * the whole catalog.
 *
 * @see r[search.index.analysis-cache]
 * @module
 */
import { BoundedCache, type BoundedCacheStats } from './bounded-cache.js';
import { fold } from './fold.js';
import { exactArrayBytes, objectBytes, pushedArrayBytes, stringBytes, typedViewsBytes } from './footprint-units.js';
import { hashString, nameKey } from './name-key.js';
import { STOPWORDS } from './spec-data.js';
import { idGeneration, idOf, idStats, resetIds, DEFAULT_TERM_ID_MAX_BYTES } from './term-ids.js';
import { documentWords, documentWordTerms, queryWords, queryWordTerms, splitCaseBoundaries } from './tokenize.js';

export { DEFAULT_TERM_ID_MAX_BYTES } from './term-ids.js';

/** Default byte budget of the word memo: 4 MiB. See r[search.index.analysis-cache]. */
export const DEFAULT_WORD_MEMO_MAX_BYTES = 4 * 1024 * 1024;

/**
 * Default byte budget of the document memo: 48 MiB, about 16 000 tools of a MetaTool-like catalog
 * at the estimate's 2.8 KB per analysis, so that per-request catalogs of 10k tools are rebuilt from
 * the memo rather than re-analysed (the memo's two generations hold nothing of a catalog larger
 * than the budget that is read in a cycle). See r[search.index.analysis-cache].
 */
export const DEFAULT_DOCUMENT_MEMO_MAX_BYTES = 48 * 1024 * 1024;

/**
 * Default byte budget of the query word memo: 512 KiB, some 2 700 distinct query words at the
 * estimate's 190 bytes an entry (words of a MetaTool-like catalog's descriptions). See
 * r[search.query.analysis-cache].
 */
export const DEFAULT_QUERY_WORD_MEMO_MAX_BYTES = 512 * 1024;

/** The fewest code points of a compound piece (and so at least twice that for a compound). See r[search.index.compound]. */
export const COMPOUND_MIN_PIECE = 3;

/** Compounds longer than this many code points are never split. See r[search.index.compound]. */
export const COMPOUND_MAX_LENGTH = 32;

/** One distinct word of names and descriptions, analysed. */
export interface WordAnalysis {
  /** Its terms in a name or description (r[search.tokenize.document]). */
  readonly terms: readonly string[];
  /** Its folded case-boundary parts (r[search.index.compound]). */
  readonly parts: readonly string[];
}

/** `letterParts` flag: 6 to 32 code points, so the part can be a compound (r[search.index.compound]). */
export const PART_COMPOUND_LENGTH = 1;
/** `letterParts` flag: not a stopword, so the part belongs to the catalog's vocabulary (r[search.index.compound]). */
export const PART_VOCABULARY = 2;

/** One tool's name and description, analysed: everything an index needs of it that does not depend on the rest of the catalog. */
export interface DocumentAnalysis {
  /** A number no other analysis in this process has (content identity for index caches). */
  readonly id: number;
  /** The name analysed. */
  readonly name: string;
  /** The description analysed. */
  readonly description: string;
  /** The distinct terms of the name and the description, name terms first. */
  readonly terms: readonly string[];
  /** `nameCounts[i]`: occurrences of `terms[i]` among the name's terms. */
  readonly nameCounts: Uint32Array;
  /** `descriptionCounts[i]`: occurrences of `terms[i]` among the description's terms. */
  readonly descriptionCounts: Uint32Array;
  /** Number of terms of the name, with repetitions. */
  readonly nameLength: number;
  /** Number of terms of the description, with repetitions. */
  readonly descriptionLength: number;
  /**
   * The distinct folded case-boundary parts of the name's and the description's words that are
   * made only of letters (of no script written without spaces) and have at least 3 code points.
   */
  readonly letterParts: readonly string[];
  /** `letterFlags[i]`: {@link PART_COMPOUND_LENGTH} and {@link PART_VOCABULARY} of `letterParts[i]`. */
  readonly letterFlags: Uint8Array;
  /**
   * The name's words (folded, in order, with repetitions) that can be compounds: no case
   * boundary, letters only, 6 to 32 code points, and not a part of the tool's own description.
   */
  readonly compoundCandidates: readonly string[];
  /** The name key (r[search.name.key]); `''` when the name has no word. */
  readonly nameKey: string;
  /** The hash of the name key (`hashString`), for the index's name-key table. */
  readonly nameKeyHash: number;
  /** The ids of `terms`, `letterParts` and `compoundCandidates` in the id table, when a build has read them (see {@link idsOf}). */
  ids: AnalysisIds | undefined;
  /** Estimated bytes this analysis retains. */
  readonly bytes: number;
}

/** The ids (`term-ids.ts`) of an analysis's strings, of one generation of the id table. */
export interface AnalysisIds {
  /** The id table's generation they belong to. */
  readonly generation: number;
  /** `terms[i]`: the id of the analysis's `terms[i]`. */
  readonly terms: Int32Array;
  /** `parts[i]`: the id of `letterParts[i]`. */
  readonly parts: Int32Array;
  /** `candidates[i]`: the id of `compoundCandidates[i]`. */
  readonly candidates: Int32Array;
}

function idsInto(strings: readonly string[], out: Int32Array, at: number): void {
  for (let i = 0; i < strings.length; i++) out[at + i] = idOf(strings[i]!);
}

/**
 * The ids of an analysis's terms, letter parts and candidate compounds in the current generation
 * of the id table, computed from its strings when it has none of this generation.
 */
export function idsOf(analysis: DocumentAnalysis): AnalysisIds {
  const generation = idGeneration();
  const known = analysis.ids;
  if (known !== undefined && known.generation === generation) return known;
  // One buffer, three views of it (a typed array's fixed cost is mostly its buffer's).
  const t = analysis.terms.length;
  const p = analysis.letterParts.length;
  const all = new Int32Array(t + p + analysis.compoundCandidates.length);
  idsInto(analysis.terms, all, 0);
  idsInto(analysis.letterParts, all, t);
  idsInto(analysis.compoundCandidates, all, t + p);
  const ids: AnalysisIds = { generation, terms: all.subarray(0, t), parts: all.subarray(t, t + p), candidates: all.subarray(t + p) };
  analysis.ids = ids;
  return ids;
}

/** A folded part that can be a piece or a compound: letters only, of no script written without spaces. */
const LETTERS_ONLY = /^\p{L}+$/u;
const SEGMENTED = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]/u;
const ASCII_LOWER = /^[a-z]+$/;

/** Whether a folded part is made only of letters of scripts written with spaces. */
export function isLetterWord(part: string): boolean {
  if (ASCII_LOWER.test(part)) return true;
  return LETTERS_ONLY.test(part) && !SEGMENTED.test(part);
}

/** Code points of a string. */
export function codePoints(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** Fields of a `DocumentAnalysis` (its object's size). */
const DOCUMENT_ANALYSIS_FIELDS = 15;
/** V8 makes a substring of at least this many units a slice that keeps its whole parent alive. */
const SLICED_MIN_LENGTH = 13;
/** Bytes of a sliced string (header, parent, offset). */
const SLICED_STRING = 32;

/**
 * `word` as a string that does not keep a larger string alive: a word found in a description is a
 * slice of it when long enough, and a memo keeping the slice would keep the whole description.
 * Concatenating and slicing gives a slice of a fresh flat copy (the word and one unit).
 */
function ownCopy(word: string): string {
  return word.length < SLICED_MIN_LENGTH ? word : (' ' + word).slice(1);
}

// ---------------------------------------------------------------------------------------------
// The memos.

let wordMemo = new BoundedCache<string, WordAnalysis>(DEFAULT_WORD_MEMO_MAX_BYTES);
/** Word of a query's folded text → its query terms (r[search.query.analysis-cache]). */
let queryWordMemo = new BoundedCache<string, readonly string[]>(DEFAULT_QUERY_WORD_MEMO_MAX_BYTES);
/**
 * What the identity fast path holds for a tool object: the analysis while the document memo holds
 * it, then nothing, so that the fast path never keeps an analysis the byte budget dropped.
 */
interface Handle {
  analysis: DocumentAnalysis | undefined;
}

/** The document memo's entries of one name: each description it was analysed with, and their handles. */
interface DocumentSlot {
  readonly analyses: DocumentAnalysis[];
  readonly handles: Handle[];
}

/** Empties the handles of the analyses the document memo drops. */
function releaseSlot(slot: DocumentSlot): void {
  for (const handle of slot.handles) handle.analysis = undefined;
}

let documentMemo = new BoundedCache<string, DocumentSlot>(DEFAULT_DOCUMENT_MEMO_MAX_BYTES, releaseSlot);
/** Tool object → the handle of its latest analysis (the identity fast path; validated by name and description). */
let byIdentity = new WeakMap<object, Handle>();
let nextId = 1;

/**
 * The analysis of one word of a name or description, from the memo.
 *
 * Implements r[search.tokenize.document] (and the parts of r[search.index.compound]).
 */
export function analyseWord(word: string): WordAnalysis {
  const known = wordMemo.get(word);
  if (known !== undefined) return known;
  // The memo keeps the word (its key, and often its own term): a copy, never a slice of the text.
  const own = ownCopy(word);
  const terms: string[] = [];
  documentWordTerms(own, terms);
  // A word without a case boundary is one part: its fold.
  // (A lower-case a–z word is its own fold and its only part; its term is often the word itself.)
  const parts = ASCII_LOWER.test(own) ? (terms.length === 1 && terms[0] === own ? terms : [own]) : splitCaseBoundaries(own).map(fold);
  const analysis: WordAnalysis = { terms, parts };
  wordMemo.set(own, analysis, wordAnalysisBytes(own, analysis));
  return analysis;
}

/**
 * The terms of a query, exactly those of `tokenizeQuery` (in order, with repetitions), each
 * word's terms taken from the query word memo: a word's query terms depend on the word alone.
 *
 * Implements r[search.tokenize.query] and r[search.query.analysis-cache].
 *
 * @param text - the query, or one of its sentences
 */
export function analyseQueryTerms(text: string): string[] {
  const out: string[] = [];
  // The words of the folded text.
  const words = queryWords(text);
  for (let w = 0; w < words.length; w++) {
    // Each word's terms, from the memo, or analysed and remembered (the word as a copy, never
    // a slice of the query).
    const word = words[w]!;
    let terms = queryWordMemo.get(word);
    if (terms === undefined) {
      const own = ownCopy(word);
      const fresh: string[] = [];
      queryWordTerms(own, fresh);
      // Kept at its size (an array grown by one push has 17 slots), or the shared empty one.
      terms = fresh.length === 0 ? NO_TERMS : fresh.slice();
      queryWordMemo.set(own, terms, queryWordBytes(own, terms));
    }
    for (let t = 0; t < terms.length; t++) out.push(terms[t]!);
  }
  return out;
}

/** The terms of a query word that has none (a stopword, a filler, a number): one array for all. */
const NO_TERMS: readonly string[] = Object.freeze([]);

/**
 * Estimated bytes a query word's entry retains besides the memo's own per-entry cost: the key
 * (and the flat copy under a slice), its terms (an array made at its size; the shared empty one
 * counted as if it were its own), and every term that is not the key.
 *
 * @see r[search.query.analysis-cache]
 */
export function queryWordBytes(word: string, terms: readonly string[]): number {
  let bytes = stringBytes(word) + (word.length < SLICED_MIN_LENGTH ? 0 : SLICED_STRING) + exactArrayBytes(terms.length);
  for (const t of terms) if (t !== word) bytes += stringBytes(t);
  return bytes;
}

/**
 * Estimated bytes a word's entry retains besides the memo's own per-entry cost: the key (and the
 * flat copy under a slice), the analysis object, its terms (grown by `push`) and its parts (made
 * at their size, or the terms themselves), with every string that is not the key.
 *
 * @see r[search.index.analysis-cache]
 */
export function wordAnalysisBytes(word: string, analysis: WordAnalysis): number {
  let bytes = stringBytes(word) + (word.length < SLICED_MIN_LENGTH ? 0 : SLICED_STRING) + objectBytes(2) + pushedArrayBytes(analysis.terms.length);
  for (const t of analysis.terms) if (t !== word) bytes += stringBytes(t);
  if (analysis.parts !== analysis.terms) {
    bytes += exactArrayBytes(analysis.parts.length);
    for (const p of analysis.parts) if (p !== word) bytes += stringBytes(p);
  }
  return bytes;
}

/**
 * Analyses a name and a description with no memo of documents (words come from the word memo).
 *
 * Implements r[search.tokenize.document], r[search.name.key] and the per-tool part of
 * r[search.index.compound].
 */
export function analyseDocumentUncached(name: string, description: string): DocumentAnalysis {
  const index = new Map<string, number>();
  const terms: string[] = [];
  const nameCounts: number[] = [];
  const descriptionCounts: number[] = [];
  const partIndex = new Map<string, number>();
  const letterParts: string[] = [];
  const letterFlags: number[] = [];
  const notePart = (part: string) => {
    if (partIndex.has(part)) return;
    partIndex.set(part, -1);
    if (!isLetterWord(part)) return;
    const length = codePoints(part);
    if (length < COMPOUND_MIN_PIECE) return;
    partIndex.set(part, letterParts.length);
    letterParts.push(part);
    letterFlags.push((length >= 2 * COMPOUND_MIN_PIECE && length <= COMPOUND_MAX_LENGTH ? PART_COMPOUND_LENGTH : 0) | (STOPWORDS.has(part) ? 0 : PART_VOCABULARY));
  };
  const count = (term: string, counts: number[], other: number[]) => {
    let i = index.get(term);
    if (i === undefined) {
      index.set(term, (i = terms.length));
      terms.push(term);
      counts.push(0);
      other.push(0);
    }
    counts[i]! += 1;
  };
  // The name's words: terms and parts; the words that can be compounds.
  let nameLength = 0;
  const nameWords = documentWords(name);
  const candidates: string[] = [];
  for (const word of nameWords) {
    const a = analyseWord(word);
    for (const term of a.terms) count(term, nameCounts, descriptionCounts);
    nameLength += a.terms.length;
    for (const part of a.parts) notePart(part);
  }
  // The description's words; which parts the description has.
  let descriptionLength = 0;
  const descriptionParts = new Set<string>();
  for (const word of documentWords(description)) {
    const a = analyseWord(word);
    for (const term of a.terms) count(term, descriptionCounts, nameCounts);
    descriptionLength += a.terms.length;
    for (const part of a.parts) {
      descriptionParts.add(part);
      notePart(part);
    }
  }
  for (const word of nameWords) {
    const a = analyseWord(word);
    if (a.parts.length !== 1) continue;
    const folded = a.parts[0]!;
    const i = partIndex.get(folded);
    if (i === undefined || i < 0 || (letterFlags[i]! & PART_COMPOUND_LENGTH) === 0 || descriptionParts.has(folded)) continue;
    candidates.push(folded);
  }
  const key = nameKey(name);
  const bytes = documentAnalysisBytes(name, description, terms.length, letterParts.length, candidates.length, key);
  // The counts and the flags share one buffer (a typed array's fixed cost is mostly its buffer's).
  const n = terms.length;
  const buffer = new ArrayBuffer(8 * n + letterFlags.length);
  const nameCountsView = new Uint32Array(buffer, 0, n);
  const descriptionCountsView = new Uint32Array(buffer, 4 * n, n);
  const letterFlagsView = new Uint8Array(buffer, 8 * n, letterFlags.length);
  nameCountsView.set(nameCounts);
  descriptionCountsView.set(descriptionCounts);
  letterFlagsView.set(letterFlags);
  return {
    id: nextId++,
    name,
    description,
    terms,
    nameCounts: nameCountsView,
    descriptionCounts: descriptionCountsView,
    nameLength,
    descriptionLength,
    letterParts,
    letterFlags: letterFlagsView,
    compoundCandidates: candidates,
    nameKey: key,
    nameKeyHash: key === '' ? 0 : hashString(key),
    ids: undefined,
    bytes,
  };
}

/**
 * Estimated bytes one tool's analysis retains: its object, its three string arrays (grown by
 * `push`), its counts and flags (three views of one buffer), its name key (and the key's hash, a
 * heap number), the ids a build gives it (an object and three views of one buffer, counted before
 * a build reads them), and the tool's name and description, which an analysis kept alive keeps
 * too. The terms and parts are the word memo's strings (counted there).
 *
 * @see r[search.index.analysis-cache]
 */
export function documentAnalysisBytes(name: string, description: string, terms: number, letterParts: number, candidates: number, key: string): number {
  let bytes = objectBytes(DOCUMENT_ANALYSIS_FIELDS) + pushedArrayBytes(terms) + pushedArrayBytes(letterParts) + pushedArrayBytes(candidates);
  bytes += typedViewsBytes(3, 8 * terms + letterParts) + stringBytes(key) + 16;
  bytes += objectBytes(4) + typedViewsBytes(3, 4 * (terms + letterParts + candidates));
  return bytes + stringBytes(name) + stringBytes(description);
}

function canHoldWeakly(value: object): boolean {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

/** At most this many descriptions are remembered per name (older revisions are forgotten first). */
const REVISIONS_PER_NAME = 4;

/**
 * The analysis of a tool's name and description: from the identity memo when `identity` (the
 * tool object) was analysed with this very name and description, else from the document memo by
 * name and description, else analysed now and remembered.
 *
 * Implements r[search.index.analysis-cache].
 *
 * @param name - the tool's name
 * @param description - its description
 * @param identity - the object the document belongs to, when there is one
 */
export function analyseDocument(name: string, description: string, identity?: object): DocumentAnalysis {
  // The identity fast path: the same object with the same strings.
  if (identity !== undefined && !canHoldWeakly(identity)) identity = undefined;
  if (identity !== undefined) {
    const known = byIdentity.get(identity)?.analysis;
    // (Not moved to the memo's young generation: a catalog larger than half the budget would then
    // push its own analyses out at every build.)
    if (known !== undefined && known.name === name && known.description === description) return known;
  }
  // By content: the name, then the description.
  const slot = documentMemo.get(name);
  let analysis: DocumentAnalysis | undefined;
  let handle: Handle | undefined;
  if (slot !== undefined) {
    for (let i = 0; i < slot.analyses.length; i++) {
      if (slot.analyses[i]!.description === description) {
        analysis = slot.analyses[i]!;
        handle = slot.handles[i]!;
        break;
      }
    }
  }
  if (analysis === undefined || handle === undefined) {
    analysis = analyseDocumentUncached(name, description);
    handle = { analysis };
    const kept = slot === undefined ? 0 : Math.min(slot.analyses.length, REVISIONS_PER_NAME - 1);
    const analyses = [analysis, ...(slot?.analyses.slice(0, kept) ?? [])];
    const handles = [handle, ...(slot?.handles.slice(0, kept) ?? [])];
    // The revisions forgotten for this name are no longer held by the fast path either.
    if (slot !== undefined) for (const forgotten of slot.handles.slice(kept)) forgotten.analysis = undefined;
    // The slot and its two arrays (made at their size), and per analysis its handle and itself.
    let bytes = objectBytes(2) + 2 * exactArrayBytes(analyses.length);
    for (const a of analyses) bytes += objectBytes(1) + a.bytes;
    const next = { analyses, handles };
    if (!documentMemo.set(name, next, bytes)) releaseSlot(next);
  }
  if (identity !== undefined && handle.analysis !== undefined) byIdentity.set(identity, handle);
  return analysis;
}

/** What the analysis memos hold. */
export interface AnalysisCacheStats {
  /** The memo of analysed words. */
  words: BoundedCacheStats;
  /** The memo of analysed names and descriptions (entries are names). */
  documents: BoundedCacheStats;
  /** The table of term and part ids builds share (entries are strings; evictions count the ids dropped when it was emptied). */
  ids: BoundedCacheStats;
  /** The memo of query words' terms (r[search.query.analysis-cache]; entries are words of queries' folded text). */
  queryWords: BoundedCacheStats;
}

/** Budgets of the analysis memos. */
export interface AnalysisCacheLimits {
  /** Bytes the word memo may retain (0 keeps nothing). Default {@link DEFAULT_WORD_MEMO_MAX_BYTES}. */
  wordMaxBytes?: number;
  /** Bytes the document memo may retain (0 keeps nothing). Default {@link DEFAULT_DOCUMENT_MEMO_MAX_BYTES}. */
  documentMaxBytes?: number;
  /**
   * Bytes the id table may retain between builds (0: emptied after every build). Default
   * {@link DEFAULT_TERM_ID_MAX_BYTES}.
   */
  idMaxBytes?: number;
  /** Bytes the query word memo may retain (0 keeps nothing). Default {@link DEFAULT_QUERY_WORD_MEMO_MAX_BYTES}. */
  queryWordMaxBytes?: number;
}

function checkBytes(value: unknown, option: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`configureAnalysisCache: ${option} must be a non-negative safe integer (bytes; 0 keeps nothing), got ${String(value)}.`);
  }
  return value;
}

/**
 * Sets the budgets of the process-wide analysis memos and empties them. Results never depend on
 * the budgets (r[search.index.analysis-cache], r[search.query.analysis-cache]); only the time a build
 * or a query takes does.
 *
 * @param limits - the budgets; an absent one returns to its default
 * @throws RangeError naming the option when a budget is not a non-negative safe integer
 * @see r[search.index.analysis-cache]
 * @see r[search.query.analysis-cache]
 */
export function configureAnalysisCache(limits: AnalysisCacheLimits = {}): void {
  const words = limits.wordMaxBytes === undefined ? DEFAULT_WORD_MEMO_MAX_BYTES : checkBytes(limits.wordMaxBytes, 'wordMaxBytes');
  const documents = limits.documentMaxBytes === undefined ? DEFAULT_DOCUMENT_MEMO_MAX_BYTES : checkBytes(limits.documentMaxBytes, 'documentMaxBytes');
  const ids = limits.idMaxBytes === undefined ? DEFAULT_TERM_ID_MAX_BYTES : checkBytes(limits.idMaxBytes, 'idMaxBytes');
  const queries = limits.queryWordMaxBytes === undefined ? DEFAULT_QUERY_WORD_MEMO_MAX_BYTES : checkBytes(limits.queryWordMaxBytes, 'queryWordMaxBytes');
  resetIds(ids);
  wordMemo = new BoundedCache(words);
  queryWordMemo = new BoundedCache(queries);
  documentMemo.reset();
  documentMemo = new BoundedCache(documents, releaseSlot);
  byIdentity = new WeakMap();
}

/**
 * Empties the process-wide analysis memos, keeping their budgets: the next build analyses every
 * word and tool again (as in a new process).
 *
 * @see r[search.index.analysis-cache]
 */
export function clearAnalysisCache(): void {
  wordMemo.reset();
  queryWordMemo.reset();
  documentMemo.reset();
  resetIds();
  byIdentity = new WeakMap();
}

/**
 * What the process-wide analysis memos hold, and their hits and misses so far.
 *
 * @see r[search.index.analysis-cache]
 */
export function analysisCacheStats(): AnalysisCacheStats {
  return { words: wordMemo.stats(), documents: documentMemo.stats(), ids: idStats(), queryWords: queryWordMemo.stats() };
}

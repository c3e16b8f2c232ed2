/**
 * Cutting text into terms: the analysis shared by tool names, tool
 * descriptions and queries, with the few steps that differ for a query
 * (request fillers and numbers are dropped).
 *
 * @see r[search.tokenize.query]
 * @see r[search.tokenize.document]
 */
import { fold, replaceLoneSurrogates } from './fold.js';
import { segmentWords } from './segment.js';
import { QUERY_FILLERS, STOPWORDS } from './spec-data.js';
import { porterStem } from './porter.js';
import { stem } from './stem.js';

/** What is being analysed: a name or description, or a query. */
export type TextKind = 'document' | 'query';

const ASCII_LETTERS = /^[a-z]+$/;

/** A word: a maximal run of letters, combining marks and digits, in any script. */
// Unlike @mastra/core 1.71.0 (r[search.tokenize.words]): Mastra splits on white space and some ASCII punctuation only,
// so `/`, `@`, `+` stay inside its tokens.
export const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * Scripts written without spaces between words (or, for Hangul, with words
 * that glue particles on). See r[search.tokenize.segmented].
 */
export const SEGMENTED_SCRIPT =
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

/** Whether a stopword or filler could be a piece of a segment: it is written in a segmented script. */
const SEGMENTED_ENTRY = new RegExp(`^[${SEGMENTED_SCRIPT}\\p{M}]+$`, 'u');

/** The stopwords and fillers written in a segmented script, as code points. */
const SEGMENTED_ENTRIES = [...STOPWORDS, ...QUERY_FILLERS].filter((entry) => SEGMENTED_ENTRY.test(entry)).map((entry) => [...entry]);

/** The most code points of a stopword or filler written in a segmented script: no piece of a dropped segment is longer. */
const LONGEST_SEGMENTED_ENTRY = Math.max(0, ...SEGMENTED_ENTRIES.map((cps) => cps.length));

/** The first and the last code points of those entries: a segment made of them starts with one and ends with one. */
const SEGMENTED_FIRSTS = new Set(SEGMENTED_ENTRIES.map((cps) => cps[0]!));
const SEGMENTED_LASTS = new Set(SEGMENTED_ENTRIES.map((cps) => cps[cps.length - 1]!));

/**
 * Whether a word segment is dropped: it is a stopword (in a query, or a filler), or it can be cut
 * into consecutive pieces that all are (`我的` is `我` and `的`, `我想` is `我` and `想`), since ICU's
 * dictionary joins such words into one segment.
 *
 * Implements r[search.tokenize.segmented].
 */
function isDroppedSegment(segment: string, kind: TextKind): boolean {
  if (isDropped(segment, kind)) return true;
  const cps = [...segment];
  // (A quick refusal for most segments: one code point, or a first or last one that no entry has.)
  if (cps.length < 2 || !SEGMENTED_FIRSTS.has(cps[0]!) || !SEGMENTED_LASTS.has(cps[cps.length - 1]!)) return false;
  // cut[i]: the first i code points are a sequence of dropped pieces.
  const cut = new Uint8Array(cps.length + 1);
  cut[0] = 1;
  for (let end = 1; end <= cps.length; end++) {
    for (let start = Math.max(0, end - LONGEST_SEGMENTED_ENTRY); start < end && cut[end] === 0; start++) {
      if (cut[start] === 1 && isDropped(cps.slice(start, end).join(''), kind)) cut[end] = 1;
    }
  }
  return cut[cps.length] === 1;
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
  // A segment that is a stopword (or, in a query, a filler), or made only of them, is dropped and
  // ends a group; the other segments, adjacent in the run, form groups.
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

/** Appends the terms of one word of already-folded text to `out`: they depend on the word alone. */
function foldedWordTerms(word: string, kind: TextKind, out: string[]): void {
  // Fast path for the common case: a plain a–z word is one alphabetic run of one piece, with
  // as many base characters as UTF-16 units (r[search.tokenize.min-length]).
  if (ASCII_LETTERS.test(word)) {
    if (word.length >= 2 && !isDropped(word, kind)) out.push(porterStem(word));
    return;
  }
  for (const run of word.match(SCRIPT_RUN) ?? []) {
    if (IS_SEGMENTED.test(run)) segmentedTerms(run, kind, out);
    else alphabeticTerms(run, kind, out);
  }
}

/** Appends the terms of already-folded text to `out`. */
function foldedTerms(folded: string, kind: TextKind, out: string[]): void {
  for (const word of folded.match(WORD) ?? []) foldedWordTerms(word, kind, out);
}

/**
 * The terms of a query, in order of appearance, with repetitions. Letter case
 * never matters here: the text is folded before it is cut. Request fillers and
 * numbers are not terms of a query.
 *
 * Implements r[search.tokenize.query], r[search.query.fillers] and r[search.query.numbers].
 */
export function tokenizeQuery(text: string): string[] {
  const out: string[] = [];
  // Fold the whole text (case, compatibility forms, accents on cased letters).
  // Cut it into words, each word into script runs, each run into terms.
  for (const word of queryWords(text)) foldedWordTerms(word, 'query', out);
  return out;
}

/**
 * The words of a query: those of its folded text (r[search.tokenize.query]). Each yields its
 * terms on its own ({@link queryWordTerms}), so {@link tokenizeQuery} is their terms in order.
 */
export function queryWords(text: string): string[] {
  return fold(text).match(WORD) ?? [];
}

/**
 * Appends the terms of one word of a query (one of {@link queryWords}) to `out`, with the
 * query-only steps.
 *
 * Implements r[search.tokenize.query], r[search.query.fillers] and r[search.query.numbers].
 */
export function queryWordTerms(word: string, out: string[]): void {
  foldedWordTerms(word, 'query', out);
}

/**
 * The terms a query made of this already-folded text would have, but without
 * the query-only steps: what a name part yields
 * (r[search.tokenize.document], r[search.index.compound]).
 */
export function termsOfFoldedPart(folded: string): string[] {
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
export function splitCaseBoundaries(word: string): string[] {
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
export function documentWordTerms(word: string, out: string[]): void {
  // Fast path: a lower-case a–z word is its own fold, has no case boundary and is one run.
  if (ASCII_LETTERS.test(word)) {
    if (word.length >= 2 && !STOPWORDS.has(word)) out.push(porterStem(word));
    return;
  }
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
export function documentWords(text: string): string[] {
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
export function tokenize(text: string): string[] {
  const out: string[] = [];
  // Find the words in the original case (lone surrogates separate words).
  // Append the terms of each word.
  for (const word of documentWords(text)) documentWordTerms(word, out);
  return out;
}

/** A function with the contract of {@link tokenize}. */
export type DocumentTokenizer = (text: string) => string[];

/**
 * A tokenizer that gives exactly the terms of {@link tokenize}, remembering
 * the terms of each distinct word it has met (catalogs repeat words heavily).
 * The memory lives as long as the returned function: make one per index build.
 *
 * Implements r[search.tokenize.document].
 */
export function memoisedTokenizer(): DocumentTokenizer {
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

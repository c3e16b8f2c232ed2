/**
 * Cutting a query into its sentences, for the coverage order of a request that asks for several
 * things (r[search.rank.coverage]).
 *
 * @see r[search.query.sentences]
 */

/**
 * A sentence break: a line break or one of `! ? ; 。 ！ ？ ； ｡` anywhere, or `.`, `…` or `．`
 * followed by white space or the end of the query. (A full stop inside `2.5`, `node.js` or
 * `example.com` does not end a sentence.) No break is inside a word, since none of these
 * characters is a letter, a mark or a digit.
 */
// Stryker disable next-line Regex: its mutant `\V` is an invalid escape under the `u` flag, a syntax error that would stop the module from loading at all.
const SENTENCE_BREAK = /[\n\v\f\r\u0085\u2028\u2029!?;。！？；｡]|[.…．](?=\p{White_Space}|$)/u;

/**
 * The sentences of a query, in order: the text between consecutive sentence breaks (runs of
 * breaks included), empty pieces left out. A query without a break is one sentence.
 *
 * Implements r[search.query.sentences].
 *
 * @param query - the query as the caller wrote it
 */
export function querySentences(query: string): string[] {
  // A query without a break is one sentence (or none when empty): no split, no filtered copy.
  if (!SENTENCE_BREAK.test(query)) return query === '' ? [] : [query];
  return query.split(SENTENCE_BREAK).filter((sentence) => sentence !== '');
}

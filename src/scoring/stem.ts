/**
 * Stemming: `papers` finds `paper`, `forecasting` finds `forecast`.
 *
 * @see r[search.tokenize.stem]
 */
import { porterStem } from './porter.js';

/** Only terms made of these letters are stemmed; every other script is left alone. */
const ASCII_WORD = /^[a-z]+$/;

/**
 * Stems one folded term: an a–z word goes through the Porter (1980) algorithm
 * (with the exceptional forms of Porter2); any other term is kept as it is.
 *
 * Implements r[search.tokenize.stem].
 */
export function stem(term: string): string {
  return ASCII_WORD.test(term) ? porterStem(term) : term;
}

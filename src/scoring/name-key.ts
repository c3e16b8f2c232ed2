/**
 * The key a tool's name is recognised by when a query is that name, in any letter case or
 * separator style: `send_email`, `sendEmail`, `Send Email` and `SEND-EMAIL` share the key
 * `sendemail`.
 *
 * @see r[search.name.key]
 */
import { ASCII, fold } from './fold.js';
import { WORD } from './tokenize.js';

/**
 * The name key of a text: its folded text with every character that is not a letter, a mark or
 * a digit removed (the words of the folded text, joined). Empty when the text has no word.
 *
 * Implements r[search.name.key].
 */
export function nameKey(text: string): string {
  // Fast path: on ASCII text the fold is lower-casing, and the letters, marks and digits left
  // are `a`–`z` and `0`–`9` (what nameKeyOfWords gives; a property test checks it).
  if (ASCII.test(text)) return text.toLowerCase().replace(NOT_ASCII_WORD, '');
  return nameKeyOfWords(text);
}

/** What is not a lower-case ASCII letter or digit. */
const NOT_ASCII_WORD = /[^a-z0-9]+/g;

/**
 * The name key of any text as r[search.name.key] says it: the words of its fold, joined.
 *
 * @internal
 */
export function nameKeyOfWords(text: string): string {
  return (fold(text).match(WORD) ?? []).join('');
}

/** FNV-1a over the UTF-16 units of a string, as a 32-bit integer (the name-key table's hash). */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h | 0;
}

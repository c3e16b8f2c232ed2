/**
 * The key a tool's name is recognised by when a query is that name, in any letter case or
 * separator style: `send_email`, `sendEmail`, `Send Email` and `SEND-EMAIL` share the key
 * `sendemail`.
 *
 * @see r[search.name.key]
 */
import { fold } from './fold.js';
import { WORD } from './tokenize.js';

/**
 * The name key of a text: its folded text with every character that is not a letter, a mark or
 * a digit removed (the words of the folded text, joined). Empty when the text has no word.
 *
 * Implements r[search.name.key].
 */
export function nameKey(text: string): string {
  return (fold(text).match(WORD) ?? []).join('');
}

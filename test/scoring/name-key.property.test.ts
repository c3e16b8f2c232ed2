/**
 * The name key's ASCII fast path against the rule's own definition (fold, then the words joined).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameKey, nameKeyOfWords } from '../../src/scoring/name-key.js';

describe('name key', () => {
  it('[search.name.key] on ASCII text the fast path gives the words of the fold, joined', () => {
    // Every ASCII character, with separators and case boundaries over-represented.
    const ascii = fc.string({ unit: fc.oneof(fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)), fc.constantFrom('_', '-', ' ', 'A', 'z', '9', '.')), maxLength: 40 });
    fc.assert(
      fc.property(ascii, (text) => {
        expect(nameKey(text)).toBe(nameKeyOfWords(text));
      }),
    );
  });

  it('[search.name.key] separators and case do not change the key; other scripts take the full fold', () => {
    expect(['send_email', 'sendEmail', 'Send Email', 'SEND-EMAIL'].map(nameKey)).toEqual(Array(4).fill('sendemail'));
    expect(nameKey('Straße_2')).toBe('strasse2');
    expect(nameKey('Straße_2')).toBe(nameKeyOfWords('Straße_2'));
    expect(nameKey('  ')).toBe('');
  });
});

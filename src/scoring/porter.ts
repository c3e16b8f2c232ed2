/**
 * The Porter stemming algorithm (M. F. Porter, "An algorithm for suffix
 * stripping", Program 14(3), 1980), as published and as `spec/search.md`
 * writes it out, preceded by the exceptional forms of Porter2
 * (`spec/data/stem-exceptions.txt`). Step names below are the paper's.
 *
 * @see r[search.tokenize.stem]
 * @see r[search.tokenize.porter]
 */
import { STEM_EXCEPTIONS } from './spec-data.js';

function isConsonant(w: string, i: number): boolean {
  const c = w[i];
  if (c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u') return false;
  if (c === 'y') return i === 0 || !isConsonant(w, i - 1);
  return true;
}

/** m: the number of vowel–consonant sequences in `w` (`[C](VC)^m[V]`). */
function measure(w: string): number {
  let m = 0;
  let i = 0;
  const n = w.length;
  while (i < n && isConsonant(w, i)) i++;
  while (i < n) {
    while (i < n && !isConsonant(w, i)) i++;
    if (i >= n) break;
    while (i < n && isConsonant(w, i)) i++;
    m++;
  }
  return m;
}

function hasVowel(w: string): boolean {
  for (let i = 0; i < w.length; i++) if (!isConsonant(w, i)) return true;
  return false;
}

/** *d: ends with a double consonant. */
function endsDoubleConsonant(w: string): boolean {
  const n = w.length;
  return n >= 2 && w[n - 1] === w[n - 2] && isConsonant(w, n - 1);
}

/** *o: ends consonant–vowel–consonant, the last not w, x or y. */
function endsCvc(w: string): boolean {
  const n = w.length;
  if (n < 3) return false;
  const last = w[n - 1]!;
  return isConsonant(w, n - 3) && !isConsonant(w, n - 2) && isConsonant(w, n - 1) && !'wxy'.includes(last);
}

/** Replaces the first matching suffix whose stem satisfies `condition`; stops at the first suffix that matches. */
function replaceSuffix(w: string, rules: ReadonlyArray<readonly [string, string]>, condition: (stem: string) => boolean): string {
  for (const [suffix, replacement] of rules) {
    if (w.endsWith(suffix)) {
      const stem = w.slice(0, w.length - suffix.length);
      return condition(stem) ? stem + replacement : w;
    }
  }
  return w;
}

const STEP2: ReadonlyArray<readonly [string, string]> = [
  ['ational', 'ate'], ['tional', 'tion'], ['enci', 'ence'], ['anci', 'ance'], ['izer', 'ize'],
  ['abli', 'able'], ['alli', 'al'], ['entli', 'ent'], ['eli', 'e'], ['ousli', 'ous'],
  ['ization', 'ize'], ['ation', 'ate'], ['ator', 'ate'], ['alism', 'al'], ['iveness', 'ive'],
  ['fulness', 'ful'], ['ousness', 'ous'], ['aliti', 'al'], ['iviti', 'ive'], ['biliti', 'ble'],
];

const STEP3: ReadonlyArray<readonly [string, string]> = [
  ['icate', 'ic'], ['ative', ''], ['alize', 'al'], ['iciti', 'ic'], ['ical', 'ic'], ['ful', ''], ['ness', ''],
];

const STEP4 = [
  'al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent',
  'ion', 'ou', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize',
];

function step1a(w: string): string {
  if (w.endsWith('sses')) return w.slice(0, -2);
  if (w.endsWith('ies')) return w.slice(0, -2);
  if (w.endsWith('ss')) return w;
  if (w.endsWith('s')) return w.slice(0, -1);
  return w;
}

function step1b(w: string): string {
  if (w.endsWith('eed')) return measure(w.slice(0, -3)) > 0 ? w.slice(0, -1) : w;
  let stem: string | undefined;
  if (w.endsWith('ed') && hasVowel(w.slice(0, -2))) stem = w.slice(0, -2);
  else if (w.endsWith('ing') && hasVowel(w.slice(0, -3))) stem = w.slice(0, -3);
  if (stem === undefined) return w;
  if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return stem + 'e';
  if (endsDoubleConsonant(stem) && !/[lsz]$/.test(stem)) return stem.slice(0, -1);
  if (measure(stem) === 1 && endsCvc(stem)) return stem + 'e';
  return stem;
}

function step1c(w: string): string {
  return w.endsWith('y') && hasVowel(w.slice(0, -1)) ? w.slice(0, -1) + 'i' : w;
}

function step4(w: string): string {
  // The longest listed suffix that ends the word is the one considered.
  let best: string | undefined;
  for (const suffix of STEP4) if (w.endsWith(suffix) && (!best || suffix.length > best.length)) best = suffix;
  if (!best) return w;
  const stem = w.slice(0, w.length - best.length);
  if (measure(stem) <= 1) return w;
  if (best === 'ion' && !/[st]$/.test(stem)) return w;
  return stem;
}

function step5(w: string): string {
  let out = w;
  if (out.endsWith('e')) {
    const stem = out.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !endsCvc(stem))) out = stem;
  }
  if (measure(out) > 1 && endsDoubleConsonant(out) && out.endsWith('l')) out = out.slice(0, -1);
  return out;
}


/**
 * Stems one lower-case a–z word with the Porter (1980) algorithm, after the
 * Porter2 exceptional forms; words of 1–2 letters are kept.
 */
export function porterStem(word: string): string {
  // Exceptional forms.
  const exception = STEM_EXCEPTIONS.get(word);
  if (exception !== undefined) return exception;
  // Short words are kept.
  if (word.length <= 2) return word;
  // Steps 1a, 1b, 1c, 2, 3, 4, 5 of the paper, in order.
  let w = step1a(word);
  w = step1b(w);
  w = step1c(w);
  w = replaceSuffix(w, STEP2, (stem) => measure(stem) > 0);
  w = replaceSuffix(w, STEP3, (stem) => measure(stem) > 0);
  w = step4(w);
  return step5(w);
}

/**
 * Zipf-vocabulary synthetic catalogs: pseudo-words whose frequencies follow Zipf's law
 * (`p(rank) ∝ 1 / rank`) over a vocabulary that grows with the catalog as Heaps' law says
 * (`V = 10 · T^0.6` for `T` words of text), so a large catalog has long postings for its
 * frequent words and a long tail of rare ones, as natural text does.
 */
import type { SearchDocument } from '../../../src/scoring/index.js';
import { prng } from './catalog.js';

const CONSONANTS = 'bdfgklmnprstvz';
const VOWELS = 'aeiou';
const SYLLABLES = [...CONSONANTS].flatMap((c) => [...VOWELS].map((v) => c + v));
const VERBS = ['get', 'list', 'create', 'update', 'delete', 'search', 'send', 'fetch', 'sync', 'export', 'import', 'analyze'];

/** The pseudo-word of `rank` (0-based): at least two consonant-vowel syllables, distinct for every rank. */
export function pseudoWord(rank: number): string {
  let r = rank + SYLLABLES.length;
  let word = '';
  while (r > 0) {
    word = SYLLABLES[r % SYLLABLES.length]! + word;
    r = Math.floor(r / SYLLABLES.length);
  }
  return word;
}

/** Vocabulary size for a catalog of `size` tools of about 19 words each (Heaps' law, K 10, β 0.6). */
export function vocabularySize(size: number): number {
  return Math.max(50, Math.round(10 * (19 * size) ** 0.6));
}

/** A sampler of ranks `0 … v − 1` with probability ∝ 1 / (rank + 1). */
function zipfSampler(v: number, rand: () => number): () => number {
  const cdf = new Float64Array(v);
  let sum = 0;
  for (let r = 0; r < v; r++) cdf[r] = sum += 1 / (r + 1);
  return () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = v - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/**
 * `size` synthetic tools over a Zipf vocabulary: names `verb_word_word` (made unique with a
 * counter), descriptions of 8–30 words.
 *
 * @param size - number of tools
 * @param seed - PRNG seed
 */
export function zipfCatalog(size: number, seed: number): SearchDocument[] {
  const rand = prng(seed);
  const draw = zipfSampler(vocabularySize(size), rand);
  const word = () => pseudoWord(draw());
  const names = new Set<string>();
  const out: SearchDocument[] = [];
  for (let i = 0; i < size; i++) {
    let name = `${VERBS[Math.floor(rand() * VERBS.length)]!}_${word()}_${word()}`;
    if (names.has(name)) name = `${name}_${i}`;
    names.add(name);
    const length = 8 + Math.floor(rand() * 23);
    const description = Array.from({ length }, word).join(' ');
    out.push({ name, description: description.charAt(0).toUpperCase() + description.slice(1) + '.' });
  }
  return out;
}

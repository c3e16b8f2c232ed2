/**
 * The benchmark's data: the real MetaTool catalog and queries, and synthetic catalogs and
 * queries generated deterministically from a seeded PRNG that mixes the real catalog's words.
 */
import type { SearchDocument } from '../../../src/scoring/index.js';
import { loadDataSets, type DataSet } from '../data.js';

let metaTool: DataSet | undefined;

/** The MetaTool development set, found by `../data.ts` (which says what it needs when it is missing). */
function metaToolSet(): DataSet {
  return (metaTool ??= loadDataSets(['metatool']).sets[0]!);
}

/** A PRNG (mulberry32): the same seed gives the same sequence on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The real 199-tool catalog. */
export function realCatalog(): SearchDocument[] {
  return metaToolSet().catalog.map((t) => ({ name: t.name, description: t.description }));
}

/** The first `count` queries of `dev-single.jsonl`, in file order. */
export function realQueries(count: number): string[] {
  return metaToolSet()
    .queries.filter((q) => q.subset === 'dev-single')
    .slice(0, count)
    .map((q) => q.query);
}

const VERBS = [
  'get', 'list', 'create', 'update', 'delete', 'search', 'send', 'fetch', 'sync', 'export', 'import', 'analyze',
  'convert', 'schedule', 'track', 'translate', 'summarize', 'validate', 'book', 'find', 'monitor', 'generate',
];

/** Distinct lowercase words (3+ letters) of the real catalog's descriptions, in first-seen order. */
function vocabulary(real: readonly SearchDocument[]): string[] {
  const seen = new Set<string>();
  for (const doc of real) for (const w of doc.description.toLowerCase().match(/[a-z]{3,}/g) ?? []) seen.add(w);
  return [...seen];
}

function shuffle<T>(items: T[], rand: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** A word drawn with a skewed (Zipf-like) distribution over a shuffled vocabulary. */
function skewedWord(words: readonly string[], rand: () => number): string {
  const r = rand();
  return words[Math.floor(words.length * r * r)]!;
}

/**
 * `size` synthetic tools: names `verb_word_word` (made unique with a counter), descriptions of
 * 8–30 words drawn from the real catalog's vocabulary with a skewed distribution.
 *
 * @param size - number of tools
 * @param seed - PRNG seed
 * @param real - the real catalog whose words are mixed
 */
export function syntheticCatalog(size: number, seed: number, real: readonly SearchDocument[]): SearchDocument[] {
  const rand = prng(seed);
  const words = shuffle(vocabulary(real), rand);
  const names = new Set<string>();
  const out: SearchDocument[] = [];
  for (let i = 0; i < size; i++) {
    const verb = VERBS[Math.floor(rand() * VERBS.length)]!;
    let name = `${verb}_${skewedWord(words, rand)}_${skewedWord(words, rand)}`;
    if (names.has(name)) name = `${name}_${i}`;
    names.add(name);
    const length = 8 + Math.floor(rand() * 23);
    const description = Array.from({ length }, () => skewedWord(words, rand)).join(' ');
    out.push({ name, description: description.charAt(0).toUpperCase() + description.slice(1) + '.' });
  }
  return out;
}

/**
 * `count` synthetic queries for a catalog: each takes 2–4 words of a random tool's description,
 * sometimes a word of its name, and 0–2 random vocabulary words, shuffled.
 */
export function syntheticQueries(catalog: readonly SearchDocument[], count: number, seed: number): string[] {
  const rand = prng(seed);
  const out: string[] = [];
  for (let q = 0; q < count; q++) {
    const target = catalog[Math.floor(rand() * catalog.length)]!;
    const own = target.description.toLowerCase().match(/[a-z]{3,}/g) ?? [];
    const terms: string[] = [];
    const take = 2 + Math.floor(rand() * 3);
    for (let k = 0; k < take && own.length > 0; k++) terms.push(own[Math.floor(rand() * own.length)]!);
    if (rand() < 0.3) terms.push(target.name.split('_')[1] ?? '');
    const noise = Math.floor(rand() * 3);
    for (let k = 0; k < noise; k++) {
      const other = catalog[Math.floor(rand() * catalog.length)]!.description.toLowerCase().match(/[a-z]{3,}/g) ?? [];
      if (other.length > 0) terms.push(other[Math.floor(rand() * other.length)]!);
    }
    out.push(shuffle(terms.filter((t) => t !== ''), rand).join(' '));
  }
  return out;
}

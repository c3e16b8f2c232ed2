/**
 * A textbook BM25 baseline for `npm run eval:search`, written independently of `src/scoring`
 * (only the Porter stemmer is shared): what a Lucene `EnglishAnalyzer` plus `BM25Similarity`
 * index over one field would give, with Anserini's defaults k1 0.9, b 0.4.
 *
 * - One field per tool: `"<name> <description>"`.
 * - Tokens: lower-cased maximal runs of letters, marks and digits (so `_`, `-`, `.` separate
 *   words; camelCase is not split); each character of Han, Hiragana, Katakana, Hangul, Thai,
 *   Lao, Khmer or Myanmar script is a token of its own, as Lucene's `StandardTokenizer` emits
 *   ideographs; a trailing possessive `'s` is dropped by the word split.
 * - Lucene's 33 English stopwords are dropped; a–z tokens are Porter-stemmed.
 * - `score(d) = Σ_t idf(t) · tf / (tf + k1 · (1 − b + b · dl / avgdl))` over the distinct query
 *   tokens, with `idf(t) = ln(1 + (N − df + 0.5) / (df + 0.5))` (Lucene 8+, no `(k1 + 1)`
 *   factor, which does not change the ranking). Ties keep catalog order.
 */
import { porterStem, type SearchDocument } from '../../../src/scoring/index.js';

const K1 = 0.9;
const B = 0.4;

/** Lucene's `EnglishAnalyzer.ENGLISH_STOP_WORDS_SET`. */
const LUCENE_STOPWORDS = new Set(
  'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with'.split(' '),
);

const SEGMENTED = '\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{scx=Hangul}\\p{scx=Thai}\\p{scx=Lao}\\p{scx=Khmer}\\p{scx=Myanmar}';
const TOKEN = new RegExp(`[${SEGMENTED}]|(?:(?![${SEGMENTED}])[\\p{L}\\p{M}\\p{N}])+`, 'gu');

function analyze(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.toLowerCase().match(TOKEN) ?? []) {
    if (LUCENE_STOPWORDS.has(raw)) continue;
    out.push(/^[a-z]+$/.test(raw) ? porterStem(raw) : raw);
  }
  return out;
}

/** Builds the baseline over a catalog; the returned function ranks every candidate for a query. */
export function bm25Baseline(catalog: readonly SearchDocument[]): (query: string, topK: number) => string[] {
  const postings = new Map<string, Array<[slot: number, tf: number]>>();
  const lengths: number[] = [];
  catalog.forEach((tool, slot) => {
    const tokens = analyze(`${tool.name} ${tool.description}`);
    lengths.push(tokens.length);
    const tf = new Map<string, number>();
    for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [t, n] of tf) {
      let list = postings.get(t);
      if (!list) postings.set(t, (list = []));
      list.push([slot, n]);
    }
  });
  const n = catalog.length;
  const avgdl = lengths.reduce((s, l) => s + l, 0) / Math.max(1, n);
  return (query, topK) => {
    const scores = new Map<number, number>();
    for (const t of new Set(analyze(query))) {
      const list = postings.get(t);
      if (!list) continue;
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const [slot, tf] of list) {
        const norm = K1 * (1 - B + (B * lengths[slot]!) / avgdl);
        scores.set(slot, (scores.get(slot) ?? 0) + (idf * tf) / (tf + norm));
      }
    }
    return [...scores]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, topK)
      .map(([slot]) => catalog[slot]!.name);
  };
}

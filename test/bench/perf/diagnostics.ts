/**
 * Diagnostics behind the benchmark's reading: where our time goes, measured live so that the
 * reading in `docs/benchmarks.md` never quotes a number this run did not produce.
 */
import { buildSearchIndex, tokenize, type SearchDocument } from '../../../src/scoring/index.js';
import { measureOne, measurePair, type Stats } from './timing.js';

/** One diagnostic line: what, and the measured figures in words. */
export interface Diagnostic {
  /** What was measured. */
  what: string;
  /** The figures. */
  result: string;
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

const ms = (s: Stats) => `${(s.median / 1e6).toFixed(1)} ms`;

/**
 * Word analysis against `buildSearchIndex`, and what memoising the terms of each distinct word
 * gives (checking the terms are identical).
 */
export async function tokenizationShare(docs: readonly SearchDocument[]): Promise<Diagnostic[]> {
  const texts = docs.flatMap((d) => [d.name, d.description]);
  const plan = { warmup: 2, samples: 7 };
  const [build, plain] = await measurePair(() => buildSearchIndex(docs), () => texts.map((t) => tokenize(t)), plan);
  let words = 0;
  let distinct = 0;
  const memoised = () => {
    const memo = new Map<string, string[]>();
    words = 0;
    const out = texts.map((t) =>
      (t.match(WORD) ?? []).flatMap((w) => {
        words += 1;
        let terms = memo.get(w);
        if (terms === undefined) memo.set(w, (terms = tokenize(w)));
        return terms;
      }),
    );
    distinct = memo.size;
    return out;
  };
  const memo = await measureOne(memoised, plan);
  const same = JSON.stringify(texts.map((t) => tokenize(t))) === JSON.stringify(memoised());
  return [
    {
      what: `Analysing every name and description of ${docs.length.toLocaleString('en-US')} tools with plain \`tokenize\` (no memo), against our whole \`buildSearchIndex\` (interleaved)`,
      result: `${ms(plain)} against ${ms(build)}`,
    },
    {
      what: `The same analysis memoised per distinct raw word, the memo living for one pass (${distinct.toLocaleString('en-US')} distinct of ${words.toLocaleString('en-US')} words; terms ${same ? 'identical' : 'DIFFERENT'})`,
      result: `${ms(memo)} (×${(plain.median / memo.median).toFixed(1)} faster)`,
    },
  ];
}

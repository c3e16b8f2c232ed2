/**
 * Character trigrams, for matching a query term the index does not contain
 * (`astrology` → `strology`, `foreast` → `forecast`).
 *
 * @see r[search.query.fuzzy]
 */

/**
 * The distinct trigrams of a term padded as `^term$`, over code points:
 * `news` → `^ne`, `new`, `ews`, `ws$`.
 */
export function trigramsOf(term: string): Set<string> {
  const cps = ['^', ...term, '$'];
  const out = new Set<string>();
  for (let i = 0; i + 3 <= cps.length; i++) out.add(cps[i]! + cps[i + 1]! + cps[i + 2]!);
  return out;
}

/** Dice similarity of two trigram sets, given their sizes and the number they share. */
export function dice(shared: number, sizeA: number, sizeB: number): number {
  return (2 * shared) / (sizeA + sizeB);
}

/**
 * Formatting of the performance benchmark's figures as Markdown.
 *
 * Ratio convention (as issue 13 states it): **ratio = Mastra's time / our time**, so above 1 we
 * are faster and below 1 Mastra is; a ratio below 1 is set in bold.
 */
import { summarize, type Stats } from './timing.js';

/** A duration in nanoseconds, in the unit that suits it, three significant digits. */
export function duration(ns: number | undefined): string {
  if (ns === undefined || !Number.isFinite(ns)) return 'n/a';
  if (ns >= 1e12) return `${(ns / 1e9).toFixed(0)} s`;
  if (ns >= 1e9) return `${(ns / 1e9).toPrecision(3)} s`;
  if (ns >= 1e6) return `${(ns / 1e6).toPrecision(3)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toPrecision(3)} µs`;
  return `${ns.toPrecision(3)} ns`;
}

/** A byte count, three significant digits. */
export function bytes(b: number | undefined): string {
  if (b === undefined || !Number.isFinite(b)) return 'n/a';
  if (b < 0) return '≈ 0 (below the noise)';
  const abs = Math.abs(b);
  if (abs >= 1024 ** 3) return `${(b / 1024 ** 3).toPrecision(3)} GiB`;
  if (abs >= 1024 ** 2) return `${(b / 1024 ** 2).toPrecision(3)} MiB`;
  if (abs >= 1024) return `${(b / 1024).toPrecision(3)} KiB`;
  return `${b.toFixed(0)} B`;
}

/** A plain number with two significant decimals for small values. */
export function factor(x: number | undefined): string {
  if (x === undefined || !Number.isFinite(x)) return 'n/a';
  if (x >= 100) return x.toFixed(0);
  if (x >= 10) return x.toFixed(1);
  return x.toFixed(2);
}

/** Fewest common rounds a paired ratio compares; with fewer, each side's statistic over all its samples. */
export const MIN_PAIRED = 5;

/** Which statistic a ratio compares. */
export type Quantile = 'median' | 'p99';

/**
 * `num / den` of a statistic over the rounds both sides took part in: a side that left the
 * rotation early (its time budget spent) took samples 0 … n − 1, on the same inputs and under the
 * same load as the other side's first n, so only those are compared (when there are at least
 * {@link MIN_PAIRED} of them).
 */
export function pairedRatio(num: Stats | undefined, den: Stats | undefined, q: Quantile = 'median'): number | undefined {
  if (num === undefined || den === undefined) return undefined;
  let n = Math.min(num.samples.length, den.samples.length);
  if (n === 0) return undefined;
  // Too few common rounds to pair (Mastra's single minute-long step at 100k tools): all samples.
  if (n < MIN_PAIRED) n = Math.max(num.samples.length, den.samples.length);
  const pick = (s: Stats) => (s.samples.length <= n ? s[q] : summarize(s.samples.slice(0, n))[q]);
  const d = pick(den);
  return d > 0 ? pick(num) / d : undefined;
}

/** A ratio Mastra / ours; bold when below 1 (Mastra faster). */
export function ratioCell(r: number | undefined): string {
  if (r === undefined || !Number.isFinite(r)) return 'n/a';
  return r < 1 ? `**${factor(r)}**` : factor(r);
}

/** Mastra / ours of two statistics, paired (see {@link pairedRatio}); bold when below 1. */
export function speedup(mastra: Stats | undefined, ours: Stats | undefined, q: Quantile = 'median'): string {
  return ratioCell(pairedRatio(mastra, ours, q));
}

/** The range `lo–hi` of several ratios Mastra / ours (one value when they agree as shown); bold when below 1. */
export function ratioRange(ratios: ReadonlyArray<number | undefined>): string {
  const rs = ratios.filter((r): r is number => r !== undefined && Number.isFinite(r));
  if (rs.length === 0) return 'n/a';
  const lo = Math.min(...rs);
  const hi = Math.max(...rs);
  const text = factor(lo) === factor(hi) ? factor(lo) : `${factor(lo)}–${factor(hi)}`;
  return lo < 1 ? `**${text}**` : text;
}

/**
 * Scaling exponent between two sizes: the slope of the log-log line through `(x1, y1)` and
 * `(x2, y2)`; 1 is linear, 0 flat, 2 quadratic.
 */
export function slope(x1: number, y1: number | undefined, x2: number, y2: number | undefined): number | undefined {
  if (y1 === undefined || y2 === undefined || !(y1 > 0) || !(y2 > 0) || x1 === x2) return undefined;
  return Math.log(y2 / y1) / Math.log(x2 / x1);
}

/** A slope with two decimals. */
export function exponent(s: number | undefined): string {
  return s === undefined || !Number.isFinite(s) ? 'n/a' : s.toFixed(2);
}

/** A size as the report writes it: 100, 1k, 10k, 100k. */
export function sizeLabel(n: number): string {
  if (n >= 1e6 && n % 1e6 === 0) return `${n / 1e6}M`;
  if (n >= 1e3 && n % 1e3 === 0) return `${n / 1e3}k`;
  return n.toLocaleString('en-US');
}

/** A Markdown table; columns after the first are right-aligned. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, i) => (i === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}

/**
 * Formatting of the performance benchmark's results as Markdown.
 */
import type { Stats } from './timing.js';

/** A duration in nanoseconds, in the unit that suits it, three significant digits. */
export function duration(ns: number): string {
  if (!Number.isFinite(ns)) return 'n/a';
  if (ns >= 1e9) return `${(ns / 1e9).toPrecision(3)} s`;
  if (ns >= 1e6) return `${(ns / 1e6).toPrecision(3)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toPrecision(3)} µs`;
  return `${ns.toPrecision(3)} ns`;
}

/** ours / Mastra, two decimals, with a marker when ours is more than 10 % slower. */
export function ratio(ours: number, mastra: number): string {
  if (!(mastra > 0) || !Number.isFinite(ours)) return 'n/a';
  const r = ours / mastra;
  return `${r.toFixed(2)}${r > 1.1 ? ' ⚠' : ''}`;
}

/** A Markdown table. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((h, i) => (i === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}

/** A paired result: ours and Mastra's statistics for one case. */
export interface PairRow {
  /** What was measured. */
  label: string;
  /** Our statistics. */
  ours: Stats;
  /** Mastra's statistics. */
  mastra: Stats;
}

/** Median columns with their ratio. */
export function medianCells(row: PairRow): string[] {
  return [row.label, duration(row.ours.median), duration(row.mastra.median), ratio(row.ours.median, row.mastra.median)];
}

/** Median and p95 columns with both ratios. */
export function latencyCells(row: PairRow): string[] {
  return [
    row.label,
    duration(row.ours.median),
    duration(row.ours.p95),
    duration(row.mastra.median),
    duration(row.mastra.p95),
    ratio(row.ours.median, row.mastra.median),
    ratio(row.ours.p95, row.mastra.p95),
  ];
}

/** Growth factor of a median between two sizes, e.g. `×8.7`. */
export function growth(small: Stats, large: Stats): string {
  return small.median > 0 ? `×${(large.median / small.median).toFixed(1)}` : 'n/a';
}

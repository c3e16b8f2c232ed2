/**
 * The report's charts: latency and heap against catalog size (and step time against history
 * length), log scales, both implementations and the kernel.
 */
import { FAMILY_LABEL, type FamilyId } from './families.js';
import { duration, sizeLabel } from './report.js';
import type { Key, Measured, Results } from './results.js';
import { CONTEXT_VARIANTS } from './workloads/context.js';
import { RESOLVED_VARIANTS, type ResolvedVariant } from './workloads/resolved.js';
import { lineChart, type Series } from './svg.js';

const COLOR: Record<Measured, string> = { ours: '#1f5fbf', mastra: '#e0701b', kernel: '#2a9d3f', 'kernel-pruned': '#6fbf73', floor: '#7a7a7a' };
const SCORER_COLOR = '#7fb2ea';
const VARIANT_COLOR = ['#1f5fbf', '#8c4fc4', '#c2185b', '#2a9d3f'];
const WHO: Record<Measured, string> = { ours: 'ours', mastra: 'Mastra', kernel: 'kernel', 'kernel-pruned': 'pruned kernel', floor: 'read floor' };

/** What the charts are drawn from. */
export interface ChartInput {
  results: Results;
  sizes: readonly number[];
  families: readonly FamilyId[];
  histories: readonly number[];
}

/** One chart's file name and SVG text. */
export interface Chart {
  /** File name under `docs/benchmarks/`. */
  file: string;
  /** What the chart shows (its alt text). */
  title: string;
  /** The SVG document. */
  svg: string;
}

/** An axis label for a power of ten of bytes: 10 B, 100 B, 1 kB, 10 kB. */
const decimalBytes = (b: number) => (b >= 1e6 ? `${b / 1e6} MB` : b >= 1e3 ? `${b / 1e3} kB` : `${b} B`);

const sizeAxis = { xLabel: 'catalog size in tools', xFormat: sizeLabel };

function byFamily(input: ChartInput, label: string, color: string, key: (family: FamilyId, size: number) => number | undefined): Series[] {
  return input.families.map((family, i) => ({
    label: `${label}, ${FAMILY_LABEL[family]}`,
    color,
    dashed: i > 0,
    points: input.sizes.map((size) => [size, key(family, size)] as const),
  }));
}

const median = (r: Results, k: Key) => r.get(k)?.median;
const p99 = (r: Results, k: Key) => r.get(k)?.p99;

/** Every chart of the report. */
export function charts(input: ChartInput): Chart[] {
  const r = input.results;
  const at = (workload: string, impl: Measured, family: FamilyId, size: number, variant = ''): Key => ({ workload, variant, family, size, impl });
  const out: Chart[] = [];
  const add = (file: string, title: string, yLabel: string, yFormat: (y: number) => string, series: Series[], x = sizeAxis) =>
    out.push({ file, title, svg: lineChart({ title, yLabel, yFormat, ...x, series }) });

  add('construction.svg', 'Construction: new ToolSearchProcessor({ tools }), median', 'time', duration, [
    ...(['ours', 'mastra'] as const).flatMap((impl) => byFamily(input, WHO[impl], COLOR[impl], (f, s) => median(r, at('construction', impl, f, s)))),
  ]);
  for (const [file, pick, label] of [
    ['search.svg', median, 'median'],
    ['search-p99.svg', p99, 'p99'],
  ] as const) {
    add(file, `search_tools and the scorers alone, ${label} per query`, 'time per query', duration, [
      ...byFamily(input, 'ours, search_tools', COLOR.ours, (f, s) => pick(r, at('search_tools', 'ours', f, s))),
      ...byFamily(input, 'ours, scorer alone', SCORER_COLOR, (f, s) => pick(r, at('scorer', 'ours', f, s))),
      ...byFamily(input, 'kernel', COLOR.kernel, (f, s) => pick(r, at('scorer', 'kernel', f, s))),
      ...byFamily(input, 'Mastra, search_tools', COLOR.mastra, (f, s) => pick(r, at('search_tools', 'mastra', f, s))),
    ]);
  }
  const variants = Object.keys(RESOLVED_VARIANTS) as ResolvedVariant[];
  add(
    'resolved.svg',
    'includeResolvedTools: one step (MetaTool-like), median',
    'time per step',
    duration,
    (['ours', 'mastra'] as const).flatMap((impl) =>
      variants.map((v, i) => ({
        label: `${WHO[impl]}, ${v}`,
        color: VARIANT_COLOR[i]!,
        dashed: impl === 'mastra',
        points: input.sizes.map((size) => [size, median(r, at('resolved', impl, 'metatool', size, v))] as const),
      })),
    ),
  );
  add(
    'context.svg',
    "storage 'context': one step with 10 loaded tools, median",
    'time per step',
    duration,
    (['ours', 'mastra'] as const).flatMap((impl) =>
      (Object.keys(CONTEXT_VARIANTS) as Array<keyof typeof CONTEXT_VARIANTS>).map((v, i) => ({
        label: `${WHO[impl]}, ${v}`,
        color: COLOR[impl],
        dashed: i > 0,
        points: input.histories.map((h) => [h, median(r, { workload: 'context', variant: v, size: h, impl })] as const),
      })),
    ),
    { xLabel: 'history length in messages', xFormat: sizeLabel },
  );
  add('heap.svg', 'Heap per tool after construction', 'bytes per tool', decimalBytes, [
    ...(['ours', 'mastra', 'kernel'] as const).flatMap((impl) =>
      byFamily(input, impl === 'kernel' ? 'kernel index' : WHO[impl], COLOR[impl], (f, s) => r.value(at('heap', impl, f, s))),
    ),
  ]);
  return out;
}

/**
 * Construction (`new ToolSearchProcessor({ tools })`, in-memory storage) against catalog size,
 * and the heap each processor, and the kernel's index, keeps per tool.
 */
import { buildSearchIndex } from '../../../../src/scoring/index.js';
import type { Bench } from '../bench.js';
import type { Catalog } from '../families.js';
import { PostingsKernel } from '../kernel.js';
import { construct, release, toolsFor, type BenchTool, type Impl, type ProcessorUnderTest } from '../subjects.js';
import { measure, settledHeap, type Plan } from '../timing.js';

const IMPLS: readonly Impl[] = ['ours', 'mastra'];

/** From this size on, construction samples also measure the heap they retain (one build each). */
const RETAINED_FROM = 20_000;

/** Processors built by the construction workload, kept for the search workload of the same catalog. */
export type Kept = Map<Impl, ProcessorUnderTest>;

function constructionPlan(bench: Bench, size: number): Plan {
  const quick = bench.args.quick;
  const budgetMs = bench.budget('build');
  // From 100k tools: no warm-up (Mastra's build takes about 25 s), at least 3 samples of ours.
  if (size >= 10_000) {
    const big = size >= 100_000;
    return { warmup: big ? 0 : 1, samples: quick ? 3 : 5, gc: true, retained: size >= RETAINED_FROM, budgetMs, sides: [{ minSamples: big ? 3 : 1 }] };
  }
  if (size >= 1_000) return { warmup: 3, samples: quick ? 8 : 20, gc: true, budgetMs };
  // Small catalogs: batches of 5 (a GC right before a 1 ms sample leaves sweeping work inside it).
  return { warmup: 30, samples: quick ? 10 : 30, batch: 5, budgetMs };
}

/**
 * Times both constructors on one catalog, interleaved; keeps the last processor of each.
 *
 * @param kept - receives the last processor built by each side (the previous one is released)
 */
export async function construction(bench: Bench, c: Catalog, tools: Record<string, BenchTool>, kept: Kept): Promise<void> {
  const plan = constructionPlan(bench, c.size);
  const hooked = bench.plan({
    ...plan,
    dispose: (p, side) => {
      const impl = IMPLS[side]!;
      const previous = kept.get(impl);
      if (previous !== undefined && previous !== p) release(previous);
      kept.set(impl, p as ProcessorUnderTest);
    },
  });
  const [ours, mastra] = await measure(
    IMPLS.map((impl) => () => construct(impl, { tools })),
    hooked,
  );
  for (const [impl, s] of [['ours', ours!], ['mastra', mastra!]] as const) {
    bench.results.put({ workload: 'construction', family: c.family, size: c.size, impl }, s);
    if (s.retained !== undefined) bench.results.putValue({ workload: 'heap', family: c.family, size: c.size, impl }, s.retained / c.size);
  }
  if (c.size >= 100_000 && (mastra!.n < 3 || ours!.n < 3)) {
    bench.results.note(`Construction at ${c.size.toLocaleString('en-US')} tools (${c.family}): samples per side, ours ${ours!.n}, Mastra ${mastra!.n} (time budget ${plan.budgetMs! / 1000} s per side).`);
  }
}

/** Heap retained by `count` results of `make`, per result, after full garbage collections. */
function retainedPer(count: number, make: () => unknown, dispose: (x: unknown) => void = () => undefined): number {
  const before = settledHeap();
  const held = Array.from({ length: count }, make);
  const after = settledHeap();
  held.forEach(dispose);
  return (after - before) / count;
}

/**
 * Heap per tool of both processors (unless construction measured it at this size) and of the
 * kernel's typed-array index over our index's postings. Small catalogs are built several times
 * (`⌈20 000 / size⌉`, kernels included) so the difference of heaps is well above the noise.
 */
export function heapPerTool(bench: Bench, c: Catalog, tools: Record<string, BenchTool>): void {
  const count = Math.ceil(20_000 / c.size);
  for (const impl of IMPLS) {
    const key = { workload: 'heap', family: c.family, size: c.size, impl } as const;
    if (bench.results.value(key) !== undefined) continue;
    const per = retainedPer(count, () => construct(impl, { tools }), (p) => release(p as ProcessorUnderTest));
    bench.results.putValue(key, per / c.size);
  }
  const index = buildSearchIndex(c.docs);
  let postingsBytes = 0;
  const kernelBytes = retainedPer(count, () => {
    const k = new PostingsKernel(index);
    postingsBytes = k.postingsBytes;
    return k;
  });
  bench.results.putValue({ workload: 'heap', family: c.family, size: c.size, impl: 'kernel' }, kernelBytes / c.size);
  bench.results.putValue({ workload: 'kernel-postings-bytes', family: c.family, size: c.size, impl: 'kernel' }, postingsBytes / c.size);
}

/** The tools of a catalog, as both processors take them. */
export function toolsOf(c: Catalog): Record<string, BenchTool> {
  return toolsFor(c.docs);
}

/**
 * Construction (`new ToolSearchProcessor({ tools })`, in-memory storage) against catalog size,
 * and the heap each processor, and the kernel's index, keeps per tool (in a child process).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Bench } from '../bench.js';
import type { Catalog } from '../families.js';
import type { HeapFigures } from '../heap-child.js';
import type { Measured } from '../results.js';
import { construct, release, toolsFor, type BenchTool, type Impl, type ProcessorUnderTest } from '../subjects.js';
import { measure, type Plan } from '../timing.js';

const IMPLS: readonly Impl[] = ['ours', 'mastra'];

/** Processors built by the construction workload, kept for the search workload of the same catalog. */
export type Kept = Map<Impl, ProcessorUnderTest>;

function constructionPlan(bench: Bench, size: number): Plan {
  const quick = bench.args.quick;
  const budgetMs = bench.budget('build');
  // From 100k tools: no warm-up (Mastra's build takes about 25 s), at least 3 samples of ours.
  if (size >= 10_000) {
    const big = size >= 100_000;
    return { warmup: big ? 0 : 1, samples: quick ? 3 : 5, gc: true, budgetMs, sides: [{ minSamples: big ? 3 : 1 }] };
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
  }
  if (c.size >= 100_000 && (mastra!.n < 3 || ours!.n < 3)) {
    bench.results.note(`Construction at ${c.size.toLocaleString('en-US')} tools (${c.family}): samples per side, ours ${ours!.n}, Mastra ${mastra!.n} (time budget ${plan.budgetMs! / 1000} s per side).`);
  }
}

/**
 * Heap per tool of both processors and of the kernel's typed-array index over our index's
 * postings, and the bytes of the process-wide analysis memos, measured in a fresh child process
 * per catalog (`heap-child.ts`: inputs flattened first, memos set apart). Small catalogs are built
 * several times (`⌈20 000 / size⌉`) so the difference of heaps is well above the noise.
 */
export function heapPerTool(bench: Bench, c: Catalog): void {
  const child = fileURLToPath(new URL('../heap-child.ts', import.meta.url));
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', child, c.family, String(c.size)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 20,
  });
  const figures = JSON.parse(out.trim().split('\n').at(-1)!) as HeapFigures;
  const put = (workload: string, impl: Measured, value: number) => bench.results.putValue({ workload, family: c.family, size: c.size, impl }, value);
  put('heap', 'ours', figures.perTool.ours);
  put('heap', 'mastra', figures.perTool.mastra);
  put('heap', 'kernel', figures.perTool.kernel);
  put('kernel-postings-bytes', 'kernel', figures.perTool.kernelPostings);
  put('heap-memos', 'ours', figures.memoBytes);
}

/** The tools of a catalog, as both processors take them. */
export function toolsOf(c: Catalog): Record<string, BenchTool> {
  return toolsFor(c.docs);
}

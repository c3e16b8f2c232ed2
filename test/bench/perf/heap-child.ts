/**
 * Heap per tool of one catalog, measured in a fresh process of its own (`heap.ts` starts it:
 * `node --expose-gc --import tsx test/bench/perf/heap-child.ts <family> <size>`), so that no
 * earlier catalog, processor or memo of the run is in the heap it reads.
 *
 * 1. The catalog and its tool objects are made, then analysed once by a throwaway build of ours
 *    (and a throwaway index): V8 flattens a string the first time it is read that way, and the
 *    flat copy would otherwise count as retained by whichever processor came first.
 * 2. The process-wide analysis memos (word memo, document memo, term-id table) are emptied.
 * 3. For each of ours, Mastra's and the kernel's index: heap after full collections ("before"),
 *    `⌈20 000 / size⌉` of them built and held (the memos emptied before each of ours, so that each
 *    analyses its catalog as a lone processor does), heap again ("after"); then the memos are emptied
 *    and the heap read a third time. The memos are bounded and shared by every processor of the
 *    process: what emptying them freed is reported as their own figure, not per tool; what is
 *    left (third reading − "before") is what the processors themselves hold.
 *
 * Prints one line of JSON (bytes per tool, and the memos' bytes) on stdout.
 */
import { buildSearchIndex, clearAnalysisCache } from '../../../src/scoring/index.js';
import { catalogOf, type FamilyId } from './families.js';
import { PostingsKernel } from './kernel.js';
import { construct, release, toolsFor, type ProcessorUnderTest } from './subjects.js';
import { settledHeap } from './timing.js';

/** What one child measured. */
export interface HeapFigures {
  /** Bytes per tool held by one of ours, Mastra's, the kernel's index, and the kernel's postings arrays alone. */
  perTool: { ours: number; mastra: number; kernel: number; kernelPostings: number };
  /** Bytes the process-wide analysis memos held after our last build (shared, bounded: not per tool). */
  memoBytes: number;
  /** How many of each were built and held together. */
  count: number;
}

/** Heap retained by `count` results of `make`, per result, with the memos' share set apart. */
function retained(count: number, make: () => unknown, dispose: (x: unknown) => void = () => undefined): { per: number; memos: number } {
  clearAnalysisCache();
  const before = settledHeap();
  const held = Array.from({ length: count }, make);
  const after = settledHeap();
  clearAnalysisCache();
  const withoutMemos = settledHeap();
  const per = (withoutMemos - before) / count;
  held.forEach(dispose);
  held.length = 0;
  return { per, memos: after - withoutMemos };
}

/** Measures one catalog. */
export function measureHeap(family: FamilyId, size: number): HeapFigures {
  const c = catalogOf(family, size);
  const tools = toolsFor(c.docs);
  // 1. Inputs flattened: a throwaway build reads every name and description once.
  release(construct('ours', { tools }));
  const index = buildSearchIndex(c.docs);
  const count = Math.ceil(20_000 / size);
  const asProcessor = (p: unknown) => release(p as ProcessorUnderTest);
  // Each of ours analyses its catalog itself (memos emptied first), as a lone processor would.
  const ours = retained(count, () => (clearAnalysisCache(), construct('ours', { tools })), asProcessor);
  const mastra = retained(count, () => construct('mastra', { tools }), asProcessor);
  let postingsBytes = 0;
  const kernel = retained(count, () => {
    const k = new PostingsKernel(index);
    postingsBytes = k.postingsBytes;
    return k;
  });
  return {
    perTool: { ours: ours.per / size, mastra: mastra.per / size, kernel: kernel.per / size, kernelPostings: postingsBytes / size },
    memoBytes: ours.memos,
    count,
  };
}

const [family, size] = process.argv.slice(2);
if (family !== undefined && size !== undefined) {
  process.stdout.write(`${JSON.stringify(measureHeap(family as FamilyId, Number(size)))}\n`);
}

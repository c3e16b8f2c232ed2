/**
 * Heap per thread of the in-memory store: `threads` threads each take a step, load three tools
 * of the real MetaTool catalog with `load_tool`, and take a second step (which exposes them);
 * the heap retained after full garbage collections, divided by the thread count.
 */
import { requestContext } from '../../../processor/support/harness.js';
import type { Bench } from '../bench.js';
import { metaToolCatalog } from '../families.js';
import { construct, metaTool, release, stepArgs, toolsFor, type Impl } from '../subjects.js';
import { settledHeap } from '../timing.js';

const IMPLS: readonly Impl[] = ['ours', 'mastra'];

/** Measures both implementations, one after the other. */
export async function heapPerThread(bench: Bench, threads: number): Promise<void> {
  const real = metaToolCatalog();
  const tools = toolsFor(real);
  for (const impl of IMPLS) {
    bench.progress.stage(`heap per thread, in-memory store: ${impl}, ${threads.toLocaleString('en-US')} threads`);
    const p = construct(impl, { tools });
    const before = settledHeap();
    for (let t = 0; t < threads; t++) {
      const rc = requestContext(`bench-thread-${t}`);
      const load = metaTool(await p.processInputStep(stepArgs({}, [], rc)), 'load_tool');
      const toolNames = [0, 1, 2].map((j) => real[(t * 3 + j) % real.length]!.name);
      await load({ toolNames }, {});
      const exposed = Object.keys((await p.processInputStep(stepArgs({}, [], rc, 1))).tools).length;
      if (exposed !== 5) throw new Error(`${impl}: thread ${t} exposes ${exposed} tools after loading 3, expected 5`);
      if (t % 1_000 === 0) bench.progress.tick(t, threads);
    }
    const after = settledHeap();
    const stats = (p as { getStateStats?: () => { threadCount: number } }).getStateStats?.();
    if (stats !== undefined && stats.threadCount !== threads) throw new Error(`${impl}: ${stats.threadCount} threads in the store, expected ${threads}`);
    bench.results.putValue({ workload: 'heap-thread', size: threads, impl }, (after - before) / threads);
    release(p);
  }
}

/**
 * `processInputStep` per step with 0, 10 and 100 loaded tools, in both storages: the real
 * MetaTool catalog, a conversation of 20 text messages plus, for N > 0, one `load_tool` result
 * loading N tools (obtained from the processor itself), a thread id set. Batches of 10 steps.
 */
import { requestContext, toolResultMessage } from '../../../processor/support/harness.js';
import type { Bench } from '../bench.js';
import { metaToolCatalog } from '../families.js';
import { construct, metaTool, release, stepArgs, toolsFor, type Impl, type ProcessorUnderTest } from '../subjects.js';
import { measure } from '../timing.js';
import { fillerMessages } from './messages.js';

const IMPLS: readonly Impl[] = ['ours', 'mastra'];

/** Loaded-tool counts measured. */
export const STEP_LOADED = [0, 10, 100] as const;

/** The storages measured. */
export const STEP_STORAGES = ['in-memory', 'context'] as const;

async function conversationWith(p: ProcessorUnderTest, rc: ReturnType<typeof requestContext>, loaded: readonly string[]) {
  const messages: unknown[] = fillerMessages(20);
  if (loaded.length > 0) {
    const load = metaTool(await p.processInputStep(stepArgs({}, messages, rc)), 'load_tool');
    const input = { toolNames: [...loaded] };
    messages.push(toolResultMessage('load_tool', input, await load(input, {}), 1));
  }
  return messages;
}

/** Times every storage × loaded count. */
export async function stepCost(bench: Bench): Promise<void> {
  const real = metaToolCatalog();
  const tools = toolsFor(real);
  for (const storage of STEP_STORAGES) {
    for (const n of STEP_LOADED) {
      bench.progress.stage(`processInputStep: ${storage}, ${n} loaded`);
      const rc = requestContext(`bench-step-${storage}-${n}`);
      const names = real.slice(0, n).map((d) => d.name);
      const procs = IMPLS.map((impl) => construct(impl, { tools, storage }));
      const convs = await Promise.all(procs.map((p) => conversationWith(p, rc, names)));
      // Sanity: the step exposes the meta-tools and exactly the loaded tools (after the bridge step).
      for (const [k, p] of procs.entries()) {
        await p.processInputStep(stepArgs({}, convs[k]!, rc, 1));
        const keys = Object.keys((await p.processInputStep(stepArgs({}, convs[k]!, rc, 1))).tools);
        if (keys.length !== 2 + n) throw new Error(`${IMPLS[k]} ${storage}: expected ${2 + n} tools after loading ${n}, got ${keys.length}`);
      }
      const stats = await measure(
        procs.map((p, k) => () => p.processInputStep(stepArgs({}, convs[k]!, rc, 1))),
        bench.plan({ warmup: 50, samples: bench.args.quick ? 20 : 80, batch: 10 }),
      );
      IMPLS.forEach((impl, k) => bench.results.put({ workload: 'steps', variant: storage, size: n, impl }, stats[k]!));
      procs.forEach(release);
    }
  }
}

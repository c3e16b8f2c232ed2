/**
 * Steps with `storage: 'context'` over long histories: the real MetaTool catalog, 10 tools loaded
 * by one `load_tool` result near the start of the history, a thread id set. Two variants:
 *
 * - `unchanged`: every step gets the same array of the same message objects, as a real Agent
 *   passes its `MessageList`'s messages (`messageList.get.all.db()` returns the list's own array);
 * - `appended`: before every step one new message is pushed onto that array, as the list adds one.
 *
 * No input is allocated between steps (a copy of a 100k-message array per step and side would
 * be garbage a real step never makes, and its collection would land in the timed steps of both
 * implementations alike).
 *
 * Each implementation's history carries its own `load_tool` result (obtained from it).
 */
import { requestContext } from '../../../processor/support/harness.js';
import type { Bench } from '../bench.js';
import { metaToolCatalog } from '../families.js';
import { construct, metaTool, release, stepArgs, toolsFor, type Impl } from '../subjects.js';
import { measure } from '../timing.js';
import { historyWith, textMessage } from './messages.js';

const IMPLS: readonly Impl[] = ['ours', 'mastra'];
const LOADED = 10;

/** The variants, in report order, with what the report calls them. */
export const CONTEXT_VARIANTS = { unchanged: 'unchanged history', appended: 'one message appended per step' } as const;

/** Times both variants at one history length. */
export async function contextSteps(bench: Bench, length: number): Promise<void> {
  const real = metaToolCatalog();
  const tools = toolsFor(real);
  const names = real.slice(0, LOADED).map((d) => d.name);
  for (const variant of Object.keys(CONTEXT_VARIANTS) as Array<keyof typeof CONTEXT_VARIANTS>) {
    bench.progress.stage(`storage 'context', ${CONTEXT_VARIANTS[variant]}: ${length.toLocaleString('en-US')} messages`);
    const rc = requestContext(`bench-context-${variant}-${length}`);
    const procs = IMPLS.map((impl) => construct(impl, { tools, storage: 'context' }));
    // 1. Each processor loads the tools itself; its answer goes into its history.
    const histories = await Promise.all(
      procs.map(async (p) => {
        const load = metaTool(await p.processInputStep(stepArgs({}, [textMessage(0)], rc)), 'load_tool');
        const input = { toolNames: names };
        return historyWith(length, input, await load(input, {}), names);
      }),
    );
    // 2. Sanity: after the bridge step, a step exposes the two meta-tools and the loaded tools.
    for (const [k, p] of procs.entries()) {
      await p.processInputStep(stepArgs({}, histories[k]!, rc, 1));
      const keys = Object.keys((await p.processInputStep(stepArgs({}, histories[k]!, rc, 1))).tools);
      if (keys.length !== 2 + LOADED) throw new Error(`${IMPLS[k]}: expected ${2 + LOADED} tools in a ${length}-message history, got ${keys.length}`);
    }
    // 3. Steps: each side's own array, grown outside the timed region.
    let appended = 0;
    const stats = await measure(
      procs.map((p, k) => () => p.processInputStep(stepArgs({}, histories[k]!, rc, 1))),
      bench.plan({
        // Enough untimed steps that both sides' step code is compiled as a long-running server's is (the
        // process-wide warm-up runs no context step; with 10, the first history measured paid for compiling).
        warmup: 100,
        samples: bench.args.quick ? 30 : 100,
        budgetMs: bench.budget('latency'),
        prepare: () => {
          if (variant === 'appended') {
            const next = textMessage(length + 1_000 + appended++);
            for (const h of histories) h.push(next);
          }
        },
      }),
    );
    IMPLS.forEach((impl, k) => bench.results.put({ workload: 'context', variant, size: length, impl }, stats[k]!));
    procs.forEach(release);
  }
}

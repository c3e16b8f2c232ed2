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
 *
 * Whether a step grows with the history is measured three ways besides the interleaved run, since
 * in that run the other side's step reads its whole history between two of ours and leaves the
 * processor's own data out of the processor's caches, at a cost that grows with what it read:
 *
 * - **messages read**: how many of the history's messages one step reads (index reads of the
 *   array, counted by a proxy in an untimed step after the measured ones): work counted, not timed;
 * - **alone**: our steps with no other side in between;
 * - **cold caches**: our steps alone, each after reading a buffer larger than the machine's caches
 *   (outside the timed region), as after any other work of the same size whatever the history.
 */
import { requestContext } from '../../../processor/support/harness.js';
import type { Bench } from '../bench.js';
import { metaToolCatalog } from '../families.js';
import { construct, metaTool, release, stepArgs, toolsFor, type Impl } from '../subjects.js';
import { measure, measureOne } from '../timing.js';
import { historyWith, textMessage } from './messages.js';

const IMPLS: readonly Impl[] = ['ours', 'mastra'];
const LOADED = 10;

/** The variants, in report order, with what the report calls them. */
export const CONTEXT_VARIANTS = { unchanged: 'unchanged history', appended: 'one message appended per step' } as const;

/** Bytes read before each step of the cold-cache run: more than the last-level cache of the machines we run on. */
const COLD_BYTES = 64 << 20;

/** A buffer of {@link COLD_BYTES}, made once. */
let coldBuffer: Float64Array | undefined;

/** Reads {@link COLD_BYTES} (one load per 64-byte line), which evicts whatever the caches held. */
function evictCaches(): number {
  coldBuffer ??= new Float64Array(COLD_BYTES / 8).fill(1);
  let sum = 0;
  for (let i = 0; i < coldBuffer.length; i += 8) sum += coldBuffer[i]!;
  return sum;
}

/** Whether a property key is an array index (what a read of one message looks like). */
const isIndex = (key: string | symbol): boolean => typeof key === 'string' && key.length > 0 && key.length < 10 && /^(0|[1-9][0-9]*)$/.test(key);

/**
 * How many messages one step reads: a proxy over the history counts the index reads of one
 * untimed step (after the measured ones, so the processor's memory holds the array as in them).
 * The proxy stands in for the array from its first step on, so it is the array the processor knows.
 */
function countingHistory(history: unknown[]): { messages: unknown[]; reads: () => number; reset: () => void } {
  let reads = 0;
  const messages = new Proxy(history, {
    get(target, key, receiver) {
      if (isIndex(key)) reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { messages, reads: () => reads, reset: () => (reads = 0) };
}

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
    // The message a step of the appended variant adds (each one new).
    let appended = 0;
    const nextMessage = () => textMessage(length + 1_000 + appended++);
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
            const next = nextMessage();
            for (const h of histories) h.push(next);
          }
        },
      }),
    );
    IMPLS.forEach((impl, k) => bench.results.put({ workload: 'context', variant, size: length, impl }, stats[k]!));
    // 4. Ours alone, then alone with cold caches (the same array, still growing when appended).
    const ours = procs[0]!;
    const lonePlan = (cold: boolean) =>
      bench.plan({
        warmup: 100,
        samples: bench.args.quick ? 30 : 100,
        budgetMs: bench.budget('latency'),
        prepare: () => {
          if (variant === 'appended') histories[0]!.push(nextMessage());
          if (cold) evictCaches();
        },
      });
    const step = () => ours.processInputStep(stepArgs({}, histories[0]!, rc, 1));
    bench.results.put({ workload: 'context-alone', variant, size: length, impl: 'ours' }, await measureOne(step, lonePlan(false)));
    bench.results.put({ workload: 'context-cold', variant, size: length, impl: 'ours' }, await measureOne(step, lonePlan(true)));
    // 5. Messages one step reads: a fresh processor of each side on a counted copy of its history,
    //    stepped until its memory holds it; then one step counted.
    for (const [k, impl] of IMPLS.entries()) {
      const counted = countingHistory([...histories[k]!]);
      const p = construct(impl, { tools, storage: 'context' });
      for (let i = 0; i < 3; i++) {
        if (variant === 'appended') counted.messages.push(nextMessage());
        counted.reset();
        await p.processInputStep(stepArgs({}, counted.messages, rc, 1));
      }
      bench.results.putValue({ workload: 'context-reads', variant, size: length, impl }, counted.reads());
      release(p);
    }
    procs.forEach(release);
  }
}

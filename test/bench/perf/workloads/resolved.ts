/**
 * Steps under `includeResolvedTools`: no static tools, the whole catalog arrives as the
 * request's resolved tools (`args.tools`), as with a per-request MCP catalog. Four variants:
 *
 * - `same-objects`: every step gets a new record holding the same tool objects (as an Agent
 *   with fixed tools passes them), then calls `search_tools` once;
 * - `same-content`: every step gets new tool objects with the same names and descriptions
 *   (per-user closures), then searches once;
 * - `one-changed`: every step gets new tool objects and one tool's description differs from the
 *   previous step's (a new revision, never seen before), then searches once;
 * - `no-search`: as `one-changed`, but the step never calls `search_tools`.
 *
 * Inputs are made outside the timed region; both implementations get the same ones. A third side,
 * the floor, only reads each step's record as any implementation must that reads every tool on
 * every step (its keys, then each tool's `id` and `description`): the physical reference of these
 * steps, as the postings kernel is of a search.
 */
import type { SearchDocument } from '../../../../src/scoring/index.js';
import { requestContext } from '../../../processor/support/harness.js';
import type { Bench } from '../bench.js';
import type { Catalog } from '../families.js';
import { construct, metaTool, release, stepArgs, toolsFor, type BenchTool, type Impl } from '../subjects.js';
import { measure } from '../timing.js';
import { fillerMessages } from './messages.js';

const IMPLS: readonly Impl[] = ['ours', 'mastra'];

/** The variants, in report order, with what the report calls them. */
export const RESOLVED_VARIANTS = {
  'same-objects': 'same objects each step',
  'same-content': 'new objects with the same content',
  'one-changed': 'content differs every step (one tool changed)',
  'no-search': 'one tool changed, the step never searches',
} as const;

/** A variant id. */
export type ResolvedVariant = keyof typeof RESOLVED_VARIANTS;

/** What the floor side reads of one record: its keys, then each value's `id` and `description` (their lengths, so that nothing is skipped). */
export function readFloor(record: Record<string, unknown>): number {
  const keys = Object.keys(record);
  let sum = keys.length;
  for (let i = 0; i < keys.length; i++) {
    const tool = record[keys[i]!] as { id?: unknown; description?: unknown };
    const { id, description } = tool;
    if (typeof id === 'string') sum += id.length;
    if (typeof description === 'string') sum += description.length;
  }
  return sum;
}

/** Makes the tool records of each step of one variant. */
function recordsFor(variant: ResolvedVariant, docs: readonly SearchDocument[]): (step: number) => Record<string, BenchTool> {
  const base = toolsFor(docs);
  if (variant === 'same-objects') return () => ({ ...base });
  if (variant === 'same-content') return (step) => toolsFor(docs, step + 1);
  // One tool changes per step, cumulatively; the revision counter never repeats.
  const current = docs.map((d) => ({ ...d }));
  let revision = 0;
  return (step) => {
    revision += 1;
    const slot = (revision * 7_919) % current.length;
    current[slot] = { name: docs[slot]!.name, description: `${docs[slot]!.description} Revision ${revision}.` };
    return toolsFor(current, step + 1);
  };
}

/**
 * Warm-up and samples: from 100k tools Mastra takes one sample and no warm-up (each of its steps
 * rebuilds its index, about a minute on a loaded machine); ours always gets one untimed step
 * first (which fills its cache, as the previous request would have) and at least 3 samples.
 */
function resolvedPlan(bench: Bench, size: number) {
  const quick = bench.args.quick;
  const warmup = size >= 10_000 ? 2 : 10;
  return {
    warmup,
    samples: quick ? 20 : size >= 10_000 ? 30 : 100,
    budgetMs: bench.budget('latency'),
    sides: [{ warmup: Math.max(1, warmup), minSamples: 3 }, { warmup: size >= 100_000 ? 0 : warmup }, { warmup: Math.max(1, warmup), minSamples: 3 }],
  };
}

/** Times the four variants on one catalog. */
export async function resolvedSteps(bench: Bench, c: Catalog): Promise<void> {
  const messages = fillerMessages(20);
  const q = (i: number) => c.queries[i % c.queries.length]!;
  for (const variant of Object.keys(RESOLVED_VARIANTS) as ResolvedVariant[]) {
    bench.progress.stage(`includeResolvedTools, ${RESOLVED_VARIANTS[variant]}: ${c.family} ${c.size.toLocaleString('en-US')}`);
    const rc = requestContext('bench-resolved');
    const procs = IMPLS.map((impl) => construct(impl, { tools: {}, includeResolvedTools: true }));
    const make = recordsFor(variant, c.docs);
    const inputs = new Map<number, Record<string, BenchTool>>();
    const searches = variant !== 'no-search';
    const plan = resolvedPlan(bench, c.size);
    // Sanity, from the measured calls themselves: search_tools finds the request's tools.
    const empty = IMPLS.map(() => 0);
    const stats = await measure(
      [
        ...procs.map((p, k) => async (i: number) => {
          const out = await p.processInputStep(stepArgs(inputs.get(i)!, messages, rc));
          if (!searches) return;
          const found = (await metaTool(out, 'search_tools')({ query: q(i) }, {})) as { results: unknown[] };
          if (found.results.length === 0) empty[k]! += 1;
        }),
        (i: number) => readFloor(inputs.get(i)!),
      ],
      bench.plan({
        ...plan,
        prepare: (from, count) => {
          inputs.clear();
          for (let i = from; i < from + count; i++) inputs.set(i, make(i));
        },
      }),
    );
    IMPLS.forEach((impl, k) => bench.results.put({ workload: 'resolved', variant, family: c.family, size: c.size, impl }, stats[k]!));
    bench.results.put({ workload: 'resolved', variant, family: c.family, size: c.size, impl: 'floor' }, stats[IMPLS.length]!);
    if (empty.some((e, k) => e > stats[k]!.n / 2)) {
      bench.results.note(`⚠ includeResolvedTools, ${RESOLVED_VARIANTS[variant]}, ${c.size} tools: search_tools found nothing in ${empty[0]} steps of ours, ${empty[1]} of Mastra's.`);
    }
    if (stats.some((s) => s.n < 10)) {
      bench.results.note(
        `includeResolvedTools, ${RESOLVED_VARIANTS[variant]}, ${c.size.toLocaleString('en-US')} tools: samples per side, ours ${stats[0]!.n}, Mastra ${stats[1]!.n} (time budget ${plan.budgetMs / 1000} s per side).`,
      );
    }
    inputs.clear();
    procs.forEach(release);
  }
}

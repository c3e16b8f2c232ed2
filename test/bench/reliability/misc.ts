/**
 * The `ttl` sweep above Node's timer limit, and rule groups nested deeper than a call stack.
 */
import { evaluateRuleGroup as mastraEvaluate } from '@mastra/editor';
import { evaluateRuleGroup, type RuleGroup } from '../../../src/editor/index.js';
import { smallCatalog, subject, type Impl } from './drive.js';
import { count, table, type Section } from './measure.js';

/** How many times the sweep reads the clock while the process idles for `idleMs`. */
async function sweepsWhileIdle(impl: Impl, ttl: number, idleMs: number): Promise<{ reads: number; warnings: number }> {
  const real = Date.now;
  let reads = 0;
  let warnings = 0;
  const onWarning = (w: Error) => {
    if (w.name === 'TimeoutOverflowWarning') warnings++;
  };
  process.on('warning', onWarning);
  Date.now = () => (reads++, real());
  try {
    const p = subject(impl, { tools: smallCatalog(), ttl });
    reads = 0;
    await new Promise((r) => setTimeout(r, idleMs));
    const seen = reads;
    p.dispose?.();
    (p as unknown as { store?: { intervalId?: ReturnType<typeof setInterval> } }).store?.intervalId?.unref?.();
    clearInterval((p as unknown as { store?: { intervalId?: ReturnType<typeof setInterval> } }).store?.intervalId);
    return { reads: seen, warnings };
  } finally {
    Date.now = real;
    process.off('warning', onWarning);
  }
}

function nested(depth: number): RuleGroup {
  let group: RuleGroup = { operator: 'AND', conditions: [{ field: 'plan', operator: 'equals', value: 'pro' }] };
  for (let i = 1; i < depth; i++) group = { operator: 'AND', conditions: [group] };
  return group;
}

function outcome(run: () => boolean): string {
  try {
    return `\`${String(run())}\``;
  } catch (error) {
    return `${(error as Error).constructor.name}: ${(error as Error).message.slice(0, 60)}`;
  }
}

/** Runs the section. */
export async function miscSections(quick: boolean): Promise<Section[]> {
  const ttl = 60 * 86_400_000;
  const idle = quick ? 300 : 1_000;
  const sweeps: string[][] = [];
  for (const impl of ['ours', 'mastra'] as const) {
    const { reads, warnings } = await sweepsWhileIdle(impl, ttl, idle);
    sweeps.push([impl === 'ours' ? 'this package' : '@mastra/core 1.71.0', count(reads), count(warnings)]);
  }
  const depths = quick ? [1_000, 10_000] : [1_000, 5_000, 10_000, 100_000, 1_000_000];
  const rules = depths.map((depth) => {
    const group = nested(depth);
    return [count(depth), outcome(() => evaluateRuleGroup(group, { plan: 'pro' })), outcome(() => mastraEvaluate(group as never, { plan: 'pro' }))];
  });
  const self: RuleGroup = { operator: 'AND', conditions: [] };
  self.conditions.push(self);
  rules.push(['a group that contains itself', outcome(() => evaluateRuleGroup(self, {})), outcome(() => mastraEvaluate(self as never, {}))]);
  return [
    {
      title: '`ttl` above the timer limit',
      body: [
        `A processor with \`ttl\` 60 days (sweep period \`ttl / 2\` = 30 days, above Node's 2^31 − 1 ms), idle for ${count(idle)} ms of real time; clock reads by the sweep, and Node's \`TimeoutOverflowWarning\`s:`,
        '',
        table(['implementation', 'sweep clock reads while idle', 'TimeoutOverflowWarning'], sweeps),
      ].join('\n'),
    },
    {
      title: 'Rule groups nested deeply',
      body: table(['nesting depth', 'this package `evaluateRuleGroup`', '@mastra/editor 0.14.0 `evaluateRuleGroup`'], rules),
    },
  ];
}

/**
 * What every workload of a run shares: the options, where figures go, the progress line, and
 * the time budgets that bound the samples of a slow side.
 */
import type { BenchArgs } from './args.js';
import type { Progress } from './progress.js';
import type { Results } from './results.js';
import type { Plan } from './timing.js';

/** Time budget of one side of one measurement, in milliseconds. */
export const BUDGET_MS = {
  /** Per-query and per-step measurements. */
  latency: { full: 12_000, quick: 1_500 },
  /** Construction (one sample of Mastra at 100 000 tools takes about 25 s: it gets one). */
  build: { full: 20_000, quick: 3_000 },
} as const;

/** One run's shared state. */
export class Bench {
  constructor(
    readonly args: BenchArgs,
    readonly results: Results,
    readonly progress: Progress,
  ) {}

  /** The budget of one side for this kind of measurement. */
  budget(kind: keyof typeof BUDGET_MS): number {
    return BUDGET_MS[kind][this.args.quick ? 'quick' : 'full'];
  }

  /** `plan` with the progress line attached. */
  plan(plan: Plan): Plan {
    return { ...plan, onSample: (done, total) => this.progress.tick(done, total) };
  }
}

import type fc from 'fast-check';
import { assertStats, type Model, type Real } from './model.js';

/** Time passes between steps. Nothing expires until the next access. */
export class ClockAdvanceCommand implements fc.Command<Model, Real> {
  constructor(readonly ms: number) {}
  check(): boolean {
    return true;
  }
  run(model: Model, real: Real): void {
    model.now += this.ms;
    real.now += this.ms;
    assertStats(model, real);
  }
  toString(): string {
    return `clock +${this.ms} ms`;
  }
}

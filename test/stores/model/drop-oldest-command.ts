import type fc from 'fast-check';
import { assertStats, type Model, type Real } from './model.js';

/** The oldest delivered messages are truncated (e.g. by a token limiter). */
export class DropOldestCommand implements fc.Command<Model, Real> {
  constructor(readonly count: number) {}
  check(model: Readonly<Model>): boolean {
    return model.messages.length > 0;
  }
  run(model: Model, real: Real): void {
    model.messages = model.messages.slice(this.count);
    real.messages = real.messages.slice(this.count);
    assertStats(model, real);
  }
  toString(): string {
    return `drop the ${this.count} oldest messages`;
  }
}

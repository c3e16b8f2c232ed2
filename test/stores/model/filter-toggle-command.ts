import type fc from 'fast-check';
import { assertStats, send, type Model, type Name, type Real } from './model.js';

/** The filter's `active` phase starts denying or allowing a tool. The store does not see it: hidden tools stay held. */
export class FilterToggleCommand implements fc.Command<Model, Real> {
  constructor(
    readonly tool: Exclude<Name, 'zz'>,
    readonly allowed: boolean,
  ) {}
  check(): boolean {
    return true;
  }
  run(model: Model, real: Real): void {
    send(model, [this.tool], this.allowed ? 'ACTIVE_ALLOWED' : 'ACTIVE_DENIED');
    assertStats(model, real);
  }
  toString(): string {
    return `filter active phase ${this.allowed ? 'allows' : 'denies'} ${this.tool}`;
  }
}

import type fc from 'fast-check';
import { assertStats, CATALOG, send, type Model, type Real } from './model.js';

/** `clearState(threadId)` for the run's thread, or `clearAllState()`. */
export class ClearStateCommand implements fc.Command<Model, Real> {
  constructor(readonly all: boolean) {}
  check(): boolean {
    return true;
  }
  run(model: Model, real: Real): void {
    if (this.all) real.store.clearAllState();
    else real.store.clearState(real.config.threadId);
    send(model, CATALOG, 'CLEAR_STATE');
    assertStats(model, real);
  }
  toString(): string {
    return this.all ? 'clearAllState()' : 'clearState(thread)';
  }
}

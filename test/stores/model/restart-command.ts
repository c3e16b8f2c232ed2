import type fc from 'fast-check';
import { assertStats, CATALOG, makeStore, send, type Model, type Real } from './model.js';

/** The process restarts: a new store over the same persisted messages (pending results were persisted too). */
export class RestartCommand implements fc.Command<Model, Real> {
  check(): boolean {
    return true;
  }
  run(model: Model, real: Real): void {
    real.store.dispose();
    real.store = makeStore(real.config, () => real.now);
    send(model, CATALOG, 'RESTART');
    model.bridged.clear();
    assertStats(model, real);
  }
  toString(): string {
    return 'process restart';
  }
}

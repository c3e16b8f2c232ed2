import type fc from 'fast-check';
import { expect } from 'vitest';
import { accessBegin, accessEnd, assertStats, CATALOG, heldTools, send, stepInput, type Model, type Real } from './model.js';

/** The next processor step: the step's results reach the messages, then the single `loaded` read. */
export class NextStepCommand implements fc.Command<Model, Real> {
  check(): boolean {
    return true;
  }
  run(model: Model, real: Real): void {
    real.messages = [...real.messages, ...real.pending];
    real.pending = [];
    model.messages.push(...model.pending);
    model.pending = [];

    if (model.config.storage === 'context') {
      // A held tool stays held only while an activating result remains, or the bridge holds it.
      const inMessages = new Set(model.messages.flatMap((m) => [...m]));
      const dropped = heldTools(model).filter((t) => !inMessages.has(t) && !model.bridged.has(t));
      send(model, dropped, 'RESULT_DROPPED');
    }
    model.bridged.clear();
    accessBegin(model);
    const loaded = real.store.loaded(stepInput(real));
    accessEnd(model);

    expect(new Set(loaded).size).toBe(loaded.length);
    expect([...loaded].sort()).toEqual(heldTools(model));
    expect(loaded.every((name) => (CATALOG as readonly string[]).includes(name))).toBe(true);
    assertStats(model, real);
  }
  toString(): string {
    return 'next step';
  }
}

import type fc from 'fast-check';
import { searchMessage } from '../support/messages.js';
import { accessBegin, accessEnd, assertStats, known, send, stepInput, type Model, type Name, type Real } from './model.js';

/** The model calls `search_tools` and gets these names back; under autoLoad they are activated. */
export class SearchCommand implements fc.Command<Model, Real> {
  constructor(
    readonly names: readonly Name[],
    readonly delivered: boolean,
  ) {}
  check(): boolean {
    return true;
  }
  run(model: Model, real: Real): void {
    const { autoLoad, threadId } = model.config;
    const message = searchMessage(this.names, autoLoad);
    if (autoLoad) {
      accessBegin(model);
      real.store.activate(stepInput(real), this.names);
    }
    if (this.delivered) real.pending.push(message);
    send(model, known(this.names), 'SEARCH_RESULT');
    if (autoLoad) {
      accessEnd(model);
      if (threadId) for (const name of known(this.names)) model.bridged.add(name);
    }
    if (this.delivered) model.pending.push(new Set(autoLoad ? known(this.names) : []));
    assertStats(model, real);
  }
  toString(): string {
    return `search_tools → [${this.names.join(', ')}]${this.delivered ? '' : ' (result lost)'}`;
  }
}

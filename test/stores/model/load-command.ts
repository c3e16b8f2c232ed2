import type fc from 'fast-check';
import { loadMultiMessage, loadSingleMessage, toolResultMessage } from '../support/messages.js';
import { LOAD_TOOL, loadToolNotFoundResult } from '../../../src/stores/index.js';
import { accessBegin, accessEnd, assertStats, heldTools, known, send, stepInput, type Model, type Name, type Real } from './model.js';

/** The model calls `load_tool` with one name (single form) or several (multi form). Not available under autoLoad. */
export class LoadCommand implements fc.Command<Model, Real> {
  constructor(
    readonly names: readonly Name[],
    readonly multi: boolean,
    readonly delivered: boolean,
  ) {}
  check(model: Readonly<Model>): boolean {
    return !model.config.autoLoad && (this.multi || this.names.length === 1);
  }
  run(model: Model, real: Real): void {
    // The processor's outcome, as Mastra's load_tool computes it.
    const held = new Set(heldTools(model));
    const loaded: string[] = [];
    const alreadyLoaded: string[] = [];
    const notFound: string[] = [];
    for (const name of new Set(this.names)) {
      if (!known([name]).length) notFound.push(name);
      else if (held.has(name)) alreadyLoaded.push(name);
      else loaded.push(name);
    }
    let message: unknown;
    if (this.multi) message = loadMultiMessage({ loaded, alreadyLoaded, notFound });
    else if (notFound.length > 0) message = toolResultMessage(LOAD_TOOL, loadToolNotFoundResult(this.names[0]!, []));
    else message = loadSingleMessage(this.names[0]!, alreadyLoaded.length > 0);

    accessBegin(model);
    // r[store.activate.all-confirmed]: already-loaded confirmations are activations too.
    real.store.activate(stepInput(real), [...loaded, ...alreadyLoaded]);
    if (this.delivered) real.pending.push(message);
    send(model, [...loaded, ...alreadyLoaded], 'LOAD');
    accessEnd(model);
    if (model.config.threadId) for (const name of [...loaded, ...alreadyLoaded]) model.bridged.add(name);
    if (this.delivered) model.pending.push(new Set([...loaded, ...alreadyLoaded]));
    assertStats(model, real);
  }
  toString(): string {
    return `load_tool ${this.multi ? `{ toolNames: [${this.names.join(', ')}] }` : `{ toolName: ${this.names[0]} }`}${this.delivered ? '' : ' (result lost)'}`;
  }
}

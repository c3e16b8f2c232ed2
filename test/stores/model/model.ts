/**
 * The model and the real system of the model-based store tests.
 *
 * The model is one lifecycle machine per catalog tool (the machine of
 * `spec/lifecycle.md`), plus the little bookkeeping that decides WHEN a
 * lifecycle event happens: which delivered messages activate which tools
 * (context), what the current step activated (the bridge), and the thread's
 * last access (TTL). The real system is the real store with the synthetic
 * Mastra-format messages and the injected clock.
 *
 * Steps: meta-tool commands (search, load) run inside the current step; their
 * results are delivered to the messages at the next step (or lost, when the
 * command says so); `NextStepCommand` is the next step's single `loaded` read.
 */
import { expect } from 'vitest';
import { initialTransition, transition } from 'xstate';
import {
  createContextStore,
  createInMemoryStore,
  isHeld,
  toolLifecycleMachine,
  type LifecycleEventType,
  type LifecycleInput,
  type LifecycleState,
  type LoadedToolStore,
  type StoreStepInput,
} from '../../../src/lifecycle/index.js';
import { knownTools } from '../support/messages.js';

/** The catalog of the runs. */
export const CATALOG = ['a', 'b', 'c'] as const;
/** Names a command may use: the catalog and one name outside it. */
export const NAMES = [...CATALOG, 'zz'] as const;
/** A name a command may use. */
export type Name = (typeof NAMES)[number];
export const isKnownTool = knownTools(CATALOG);

/** The configuration of one run. */
export interface RunConfig extends LifecycleInput {
  threadId: string | undefined;
  ttl: number;
}

type Snapshot = ReturnType<typeof initialTransition<typeof toolLifecycleMachine>>[0];

export interface Model {
  config: RunConfig;
  machines: Map<string, Snapshot>;
  /** Per delivered message, the known tools it activates. */
  messages: Set<string>[];
  /** Per undelivered result of the current step, the known tools it activates. */
  pending: Set<string>[];
  /** Known tools activated in the current step, with a thread id (the bridge). */
  bridged: Set<string>;
  now: number;
  /** Last access of the thread's in-memory entry. */
  lastAccess: number;
}

export interface Real {
  config: RunConfig;
  store: LoadedToolStore;
  messages: unknown[];
  pending: unknown[];
  now: number;
}

export function makeStore(config: RunConfig, clock: () => number): LoadedToolStore {
  return config.storage === 'in-memory'
    ? createInMemoryStore({ ttl: config.ttl, clock, sweepIntervalMs: 2 ** 30 })
    : createContextStore({ autoLoad: config.autoLoad });
}

export function setup(config: RunConfig): () => { model: Model; real: Real } {
  return () => {
    const machines = new Map<string, Snapshot>();
    for (const tool of CATALOG) machines.set(tool, initialTransition(toolLifecycleMachine, config)[0]);
    const real: Real = { config, store: undefined as never, messages: [], pending: [], now: 0 };
    real.store = makeStore(config, () => real.now);
    return { model: { config, machines, messages: [], pending: [], bridged: new Set(), now: 0, lastAccess: 0 }, real };
  };
}

export const known = (names: readonly string[]): string[] => names.filter((n) => (CATALOG as readonly string[]).includes(n));

export function stateOf(model: Model, tool: string): LifecycleState {
  return model.machines.get(tool)!.value as LifecycleState;
}

export function heldTools(model: Model): string[] {
  return CATALOG.filter((tool) => isHeld(stateOf(model, tool)));
}

/** Sends one lifecycle event to the machine of each named tool. */
export function send(model: Model, tools: readonly string[], type: LifecycleEventType): void {
  for (const tool of tools) model.machines.set(tool, transition(toolLifecycleMachine, model.machines.get(tool)!, { type })[0]);
}

/**
 * An access of the thread's in-memory entry at `model.now` (a read, or an
 * activate): first the entry expires if idle for longer than ttl.
 */
export function accessBegin(model: Model): void {
  const { storage, ttl } = model.config;
  if (storage === 'in-memory' && ttl > 0 && heldTools(model).length > 0 && model.now - model.lastAccess > ttl) {
    send(model, CATALOG, 'TTL_EXPIRED');
  }
}

/** Ends an access: the entry, if any, was touched now. */
export function accessEnd(model: Model): void {
  if (heldTools(model).length > 0) model.lastAccess = model.now;
}

export function stepInput(real: Real): StoreStepInput {
  return { threadId: real.config.threadId, messages: real.messages, isKnownTool };
}

/** What the state methods must say, from the model. */
export function assertStats(model: Model, real: Real): void {
  if (model.config.storage === 'context') {
    // r[store.context.state-methods]: the stats describe the bridge, which one thread can never overflow.
    const bridging = model.bridged.size > 0 ? 1 : 0;
    const stats = real.store.getStateStats();
    expect({ threadCount: stats.threadCount, timed: stats.oldestAccessTime !== null, evictions: stats.evictions }).toEqual({ threadCount: bridging, timed: bridging === 1, evictions: 0 });
    return;
  }
  const held = heldTools(model).length > 0;
  expect(real.store.getStateStats()).toEqual(held ? { threadCount: 1, oldestAccessTime: model.lastAccess, evictions: 0 } : { threadCount: 0, oldestAccessTime: null, evictions: 0 });
}

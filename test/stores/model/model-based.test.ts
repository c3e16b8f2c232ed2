import fc from 'fast-check';
import { describe, it } from 'vitest';
import { CleanupNowCommand } from './cleanup-now-command.js';
import { ClearStateCommand } from './clear-state-command.js';
import { ClockAdvanceCommand } from './clock-advance-command.js';
import { DropOldestCommand } from './drop-oldest-command.js';
import { FilterToggleCommand } from './filter-toggle-command.js';
import { LoadCommand } from './load-command.js';
import { CATALOG, NAMES, setup, type Model, type Real, type RunConfig } from './model.js';
import { NextStepCommand } from './next-step-command.js';
import { RestartCommand } from './restart-command.js';
import { SearchCommand } from './search-command.js';

const TTL = 100;
const name = fc.constantFrom(...NAMES);
const names = fc.array(name, { minLength: 1, maxLength: 3 });
const delivered = fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });

const commands = fc.commands<Model, Real>(
  [
    fc.tuple(names, delivered).map(([n, d]) => new SearchCommand(n, d)),
    fc.tuple(names, fc.boolean(), delivered).map(([n, multi, d]) => new LoadCommand(multi ? n : n.slice(0, 1), multi, d)),
    fc.constant(new NextStepCommand()),
    fc.constant(new NextStepCommand()),
    fc.constantFrom(1, TTL, TTL + 1, 3 * TTL).map((ms) => new ClockAdvanceCommand(ms)),
    fc.integer({ min: 1, max: 3 }).map((k) => new DropOldestCommand(k)),
    fc.constant(new RestartCommand()),
    fc.boolean().map((all) => new ClearStateCommand(all)),
    fc.tuple(fc.constantFrom(...CATALOG), fc.boolean()).map(([tool, allowed]) => new FilterToggleCommand(tool, allowed)),
    fc.constant(new CleanupNowCommand()),
  ],
  // Long sequences: the default size averages five commands, too few to reach expiry after a load.
  { maxCommands: 40, size: 'max' },
);

const config: fc.Arbitrary<RunConfig> = fc.record({
  storage: fc.constantFrom('in-memory' as const, 'context' as const),
  autoLoad: fc.boolean(),
  threadId: fc.constantFrom('thread-1', undefined),
  ttl: fc.constantFrom(0, TTL),
});

describe('model-based: the real stores against the lifecycle machine', () => {
  it('[lifecycle.observe.held] [store.context.derive] [store.context.bridge.next-step] [store.memory.ttl.exact] command sequences agree with the machine after every command', () => {
    fc.assert(
      fc.property(config, commands, (cfg, cmds) => {
        fc.modelRun(setup(cfg), cmds);
      }),
    );
  });
});

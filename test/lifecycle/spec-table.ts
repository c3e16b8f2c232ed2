/**
 * Reads the transition table of `spec/lifecycle.md`, so tests can check the
 * machine and the exported data against the spec's own text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  LIFECYCLE_EVENTS,
  LIFECYCLE_STATES,
  type LifecycleCondition,
  type LifecycleEventType,
  type LifecycleState,
  type LifecycleTransitionRow,
} from '../../src/lifecycle/index.js';
import { repoRoot } from '../support/spec-rules.js';

const CONDITIONS: readonly LifecycleCondition[] = ['autoLoad', 'not autoLoad', 'in-memory', 'context', 'allowed', 'denied'];
const HEADER = '| state | event | when | next state |';

function state(cell: string): LifecycleState {
  const name = cell.replace(/`/g, '').trim();
  if (!(LIFECYCLE_STATES as readonly string[]).includes(name)) throw new Error(`spec/lifecycle.md: unknown state ${cell}`);
  return name as LifecycleState;
}

function event(cell: string): LifecycleEventType {
  const name = cell.replace(/`/g, '').trim();
  if (!(LIFECYCLE_EVENTS as readonly string[]).includes(name)) throw new Error(`spec/lifecycle.md: unknown event ${cell}`);
  return name as LifecycleEventType;
}

function conditions(cell: string): LifecycleCondition[] {
  const text = cell.trim();
  if (text === '—') return [];
  return text.split(',').map((c) => {
    const condition = c.trim();
    if (!(CONDITIONS as readonly string[]).includes(condition)) throw new Error(`spec/lifecycle.md: unknown condition "${condition}"`);
    return condition as LifecycleCondition;
  });
}

/** The rows of the table that follows `r[lifecycle.table]` in `spec/lifecycle.md`. */
export function specTransitionTable(): LifecycleTransitionRow[] {
  const lines = readFileSync(join(repoRoot, 'spec', 'lifecycle.md'), 'utf8').split('\n');
  const rule = lines.findIndex((l) => l.trim() === 'r[lifecycle.table]');
  const header = lines.findIndex((l, i) => i > rule && l.trim() === HEADER);
  if (rule < 0 || header < 0) throw new Error('spec/lifecycle.md: no transition table after r[lifecycle.table]');
  const rows: LifecycleTransitionRow[] = [];
  for (let i = header + 2; i < lines.length && lines[i]!.trim().startsWith('|'); i++) {
    const cells = lines[i]!.trim().slice(1, -1).split('|');
    if (cells.length !== 4) throw new Error(`spec/lifecycle.md:${i + 1}: expected 4 cells`);
    rows.push({ state: state(cells[0]!), event: event(cells[1]!), when: conditions(cells[2]!), next: state(cells[3]!) });
  }
  return rows;
}

/**
 * The compatibility report: every behaviour a user swapping `@mastra/core` 1.71.0's
 * `ToolSearchProcessor` for this package's depends on, run against both classes in the same run.
 * Mastra's passes every check (they are written from its observed behaviour); ours passes every
 * check but those `expected-differences.txt` names, each a rule with an "Unlike" note.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDepartures, parseRules, repoRoot } from '../support/spec-rules.js';
import { AGENT_CHECKS } from './checks/agent.js';
import { NAME_CHECKS } from './checks/names.js';
import { REQUEST_CHECKS } from './checks/request.js';
import { RESULT_CHECKS } from './checks/results.js';
import { STATE_CHECKS } from './checks/state.js';
import { readExpectedDifferences } from './support/expectations.js';
import { IMPLS, type Check } from './support/impls.js';

const CHECKS: readonly Check[] = [...NAME_CHECKS, ...RESULT_CHECKS, ...STATE_CHECKS, ...REQUEST_CHECKS, ...AGENT_CHECKS];
const { differences, problems } = readExpectedDifferences(join(repoRoot, 'test', 'compat', 'expected-differences.txt'));
const expectedFailure = new Map(differences.map((d) => [d.check, d]));

describe('swapping @mastra/core 1.71.0 for tool-search-reference', () => {
  for (const c of CHECKS) {
    for (const impl of IMPLS) {
      const difference = impl.name === 'ours' ? expectedFailure.get(c.id) : undefined;
      const tags = (difference ? [difference.rule] : c.rules).map((r) => `[${r}]`).join(' ');
      it(`${tags} ${c.id} (${impl.name}): ${c.title}${difference ? ` — differs: ${difference.reason}` : ''}`, async () => {
        let failure: unknown;
        try {
          await c.run(impl);
        } catch (error) {
          failure = error;
        }
        if (difference === undefined) {
          if (failure !== undefined) throw failure;
        } else if (failure === undefined) {
          throw new Error(`unexpected pass: ${c.id} is listed in expected-differences.txt (line ${difference.line}) but ours now behaves as @mastra/core 1.71.0; remove the line`);
        }
      });
    }
  }

  it('[processor.texts.mastra] the list of expected differences is well formed and names only checks, and rules with an "Unlike" note', () => {
    expect(problems).toEqual([]);
    const ids = new Set(CHECKS.map((c) => c.id));
    expect(new Set(ids).size).toBe(CHECKS.length);
    const departures = new Set(parseDepartures().map((d) => d.id));
    const unknown = differences.filter((d) => !ids.has(d.check)).map((d) => `line ${d.line}: no check ${d.check}`);
    const notDeparture = differences.filter((d) => !departures.has(d.rule)).map((d) => `line ${d.line}: ${d.rule} has no "Unlike @mastra/core" note`);
    expect([...unknown, ...notDeparture]).toEqual([]);
    const rules = new Set(parseRules().rules.map((r) => r.id));
    expect(CHECKS.flatMap((c) => c.rules.filter((r) => !rules.has(r)).map((r) => `${c.id} cites unknown rule ${r}`))).toEqual([]);
  });

  it('[processor.texts.mastra] docs/compatibility.md lists every departure from @mastra/core 1.71.0, each listed difference among them', () => {
    const doc = readFileSync(join(repoRoot, 'docs', 'compatibility.md'), 'utf8');
    // The rules linked in the first cell of each table row.
    const firstCells = doc.split('\n').filter((l) => l.startsWith('| [`')).map((l) => l.split(' | ')[0]!);
    const listed = new Set(firstCells.flatMap((cell) => [...cell.matchAll(/\[`([a-z0-9.-]+)`\]/g)].map((m) => m[1]!)));
    const mastraDepartures = departuresFromMastraCore();
    expect([...listed].sort()).toEqual([...mastraDepartures].sort());
    expect(differences.filter((d) => !listed.has(d.rule)).map((d) => d.rule)).toEqual([]);
  });
});

/** The rules whose "Unlike" note is about @mastra/core (not @mastra/editor). */
function departuresFromMastraCore(): Set<string> {
  const out = new Set<string>();
  for (const d of parseDepartures()) {
    const line = readFileSync(join(repoRoot, d.file), 'utf8').split('\n')[d.line - 1]!;
    if (line.startsWith('> Unlike @mastra/core')) out.add(d.id);
  }
  return out;
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  caseCitations,
  codeCitations,
  departureMarkers,
  parseDepartures,
  parseRules,
  renderTraceability,
  repoRoot,
  stepComments,
  testCitations,
  type Citation,
} from './support/spec-rules.js';

const { rules, malformed } = parseRules();
const tests = testCitations();
const cases = caseCitations();
const code = codeCitations();
const known = new Set(rules.map((r) => r.id));
const departures = parseDepartures();
const where = (c: Citation) => `${c.file}${c.line ? `:${c.line}` : ''}`;

describe('traceability', () => {
  it('every rule marker is well formed', () => {
    expect(malformed).toEqual([]);
  });

  it('no rule ID is defined twice', () => {
    const seen = new Map<string, string>();
    const dups: string[] = [];
    for (const r of rules) {
      const prev = seen.get(r.id);
      if (prev) dups.push(`${r.id}: ${prev} and ${r.file}:${r.line}`);
      else seen.set(r.id, `${r.file}:${r.line}`);
    }
    expect(dups).toEqual([]);
  });

  it('every rule ID cited by a test, a case or the source (TSDoc, comments) exists in spec/', () => {
    const unknown = [...tests, ...cases, ...code].filter((c) => !known.has(c.id)).map((c) => `${where(c)} cites unknown rule ${c.id}`);
    expect(unknown).toEqual([]);
  });

  it('every rule is cited by at least one test', () => {
    const cited = new Set(tests.map((c) => c.id));
    const uncited = rules.filter((r) => !cited.has(r.id)).map((r) => `${r.id} (${r.file}:${r.line})`);
    expect(uncited).toEqual([]);
  });

  it('spec/README.md lists exactly the rules that carry an "Unlike" note', () => {
    const table = new Set([...readFileSync(join(repoRoot, 'spec', 'README.md'), 'utf8').matchAll(/^\| \[`([^`]+)`\]/gm)].map((m) => m[1]!));
    expect([...table].sort()).toEqual([...new Set(departures.map((d) => d.id))].sort());
  });

  it('every rule that @mastra/core 1.71.0 is expected to fail carries an "Unlike @mastra/core" note', () => {
    const noted = new Set(departures.map((d) => d.id));
    const expectations = readFileSync(join(repoRoot, 'conformance', 'expectations', 'mastra-core-1.71.0.txt'), 'utf8');
    const missing = expectations
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .map((line) => line.split(' ') as [string, string])
      .filter(([, rule]) => !noted.has(rule))
      .map(([id, rule]) => `${id}: ${rule} has no "Unlike @mastra/core 1.71.0" note`);
    expect(missing).toEqual([]);
  });

  it('every deliberate departure is marked in src/ where it happens, as `// Unlike <package> (r[rule.id]): …`', () => {
    const markers = departureMarkers();
    const missing = departures
      .filter((d) => !markers.some((m) => m.id === d.id && m.from === d.from))
      .map((d) => `${d.id} (${d.file}:${d.line}) has no "// Unlike ${d.from} (r[${d.id}]): …" comment in src/`);
    expect(missing).toEqual([]);
    const stray = markers
      .filter((m) => !departures.some((d) => d.id === m.id && d.from === m.from))
      .map((m) => `${m.file}:${m.line}: r[${m.id}] carries no "Unlike ${m.from}" note in spec/`);
    expect(stray).toEqual([]);
  });

  it('numbered step comments (`// 2. …`) appear only where a rule the function cites has that many numbered steps', () => {
    const steps = new Map(rules.map((r) => [r.id, r.steps]));
    const unbacked = stepComments()
      .filter((c) => !c.rules.some((id) => (steps.get(id) ?? 0) >= c.step))
      .map((c) => `${c.file}:${c.line}: step ${c.step}, but no rule its TSDoc cites (${c.rules.join(', ') || 'none'}) has ${c.step} numbered steps`);
    expect(unbacked).toEqual([]);
  });

  it('every rule ID in spec/CHANGELOG.md exists, or is listed as renamed or removed', () => {
    const text = readFileSync(join(repoRoot, 'spec', 'CHANGELOG.md'), 'utf8');
    const [, removedSection = ''] = text.split(/^## Renamed and removed rule IDs$/m);
    const retired = new Set([...removedSection.split(/^## /m)[0]!.matchAll(/r\[([a-z0-9.-]+)\]/g)].map((m) => m[1]!));
    const cited = [...text.matchAll(/r\[([a-z][a-z0-9-]*(?:\.[a-z0-9][a-z0-9-]*)+)\]/g)].map((m) => m[1]!);
    expect(cited.filter((id) => !known.has(id) && !retired.has(id))).toEqual([]);
    expect([...retired].filter((id) => known.has(id)).map((id) => `${id} is listed as removed but still defined`)).toEqual([]);
  });

  it('docs/traceability.md is up to date (regenerate it with npm run traceability)', () => {
    const path = join(repoRoot, 'docs', 'traceability.md');
    expect(readFileSync(path, 'utf8') === renderTraceability(), `${path} is stale: run npm run traceability and commit it`).toBe(true);
  });
});

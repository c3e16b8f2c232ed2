import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRules, repoRoot } from '../support/spec-rules.js';
import { SPEC_MUTANTS, type SpecMutant } from './spec-mutants.js';
import {
  applyMutant,
  occurrences,
  renderSpecRun,
  sectionMarkers,
  specFigures,
  specSurvivorFileSchema,
  StaleMutantError,
  type MutantResult,
} from './spec-mutants-report.js';

const read = (path: string): string => readFileSync(join(repoRoot, path), 'utf8');

describe('the spec-level mutants of npm run mutation:conformance', () => {
  it('every mutant still matches the code it patches (update its pattern when the code moved)', () => {
    const problems: string[] = [];
    for (const m of SPEC_MUTANTS) {
      try {
        applyMutant(read(m.file), m);
      } catch (error) {
        problems.push((error as Error).message);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every mutant has a unique ID, cites a rule of spec/ and patches a file of src/', () => {
    const rules = new Set(parseRules().rules.map((r) => r.id));
    const ids = SPEC_MUTANTS.map((m) => m.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(SPEC_MUTANTS.filter((m) => !rules.has(m.rule)).map((m) => `${m.id}: r[${m.rule}]`)).toEqual([]);
    expect(SPEC_MUTANTS.filter((m) => !/^src\/(?!conformance\/).+\.ts$/.test(m.file)).map((m) => m.id)).toEqual([]);
  });

  it('conformance/mutation-survivors.json lists existing mutants, by their own rule, with a kind and a reason', () => {
    const list = specSurvivorFileSchema.parse(JSON.parse(read('conformance/mutation-survivors.json')));
    const byId = new Map(SPEC_MUTANTS.map((m) => [m.id, m]));
    expect(list.survivors.filter((s) => byId.get(s.mutant)?.rule !== s.rule).map((s) => s.mutant)).toEqual([]);
    const ids = list.survivors.map((s) => s.mutant);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('docs/mutation.md holds the figures of the suite before and now, with the commands', () => {
    const doc = read('docs/mutation.md');
    for (const section of ['conformance-before', 'conformance']) {
      const [begin, end] = sectionMarkers(section);
      const body = doc.slice(doc.indexOf(begin), doc.indexOf(end));
      expect(doc.indexOf(begin)).toBeGreaterThanOrEqual(0);
      expect(body).toContain('`npm run mutation:conformance');
      expect(body).toMatch(/\| \*\*total\*\* \|/);
    }
  });
});

const mutant = (over: Partial<SpecMutant> = {}): SpecMutant => ({
  id: 'm',
  rule: 'search.rank.order',
  misreading: 'a misreading',
  file: 'src/x.ts',
  find: 'a >= b',
  replace: 'a > b',
  ...over,
});

describe('applying a spec-level mutant', () => {
  it('replaces every occurrence of its pattern when it occurs as often as it says', () => {
    expect(applyMutant('if (a >= b) x();', mutant())).toBe('if (a > b) x();');
    expect(applyMutant('a >= b; a >= b;', mutant({ count: 2 }))).toBe('a > b; a > b;');
    expect(occurrences('aaaa', 'aa')).toBe(2);
  });

  it('fails loudly, naming the mutant, its rule and its pattern, when the code no longer matches', () => {
    expect(() => applyMutant('if (a > b) x();', mutant())).toThrow(StaleMutantError);
    expect(() => applyMutant('if (a > b) x();', mutant())).toThrow(/"m" \(r\[search\.rank\.order\]\): its pattern occurs 0 time\(s\) in src\/x\.ts, expected 1/);
    expect(() => applyMutant('a >= b; a >= b;', mutant())).toThrow(/occurs 2 time\(s\)/);
    expect(() => applyMutant('a >= b', mutant({ replace: 'a >= b' }))).toThrow(/unchanged/);
  });
});

describe('the figures of a spec-level run', () => {
  const results: MutantResult[] = [
    { mutant: mutant({ id: 'k' }), outcome: { status: 'killed', failedCases: ['search.rank.order/a', 'search.rank.order/b'] } },
    { mutant: mutant({ id: 'c', rule: 'processor.order.sequence' }), outcome: { status: 'crashed', message: 'exit 1' } },
    { mutant: mutant({ id: 'e' }), outcome: { status: 'survived' } },
    { mutant: mutant({ id: 'u' }), outcome: { status: 'survived' } },
    { mutant: mutant({ id: 'n' }), outcome: { status: 'survived' } },
  ];
  const listed = [
    { mutant: 'e', rule: 'search.rank.order', kind: 'equivalent' as const, reason: 'no program can tell the two apart here' },
    { mutant: 'u', rule: 'search.rank.order', kind: 'unobservable' as const, reason: 'the processor never reaches this code at all' },
    { mutant: 'k', rule: 'search.rank.order', kind: 'accepted' as const, reason: 'listed once, killed now: the entry is stale' },
  ];

  it('counts killed and crashed as killed, leaves only equivalent survivors out of the score, and names unlisted and stale entries', () => {
    const f = specFigures(results, listed);
    expect(f).toMatchObject({ mutants: 5, killed: 2, survived: 3, equivalent: 1, listedOther: 1, unlisted: ['n'], stale: ['k'] });
    expect(f.score).toBeCloseTo(2 / 4);
  });

  it('renders one row per area and per mutant', () => {
    const text = renderSpecRun(results, listed);
    expect(text).toContain('| `search` | 4 | 1 | 3 | 1 | 1 | 1 | 33.3 % |');
    expect(text).toContain('| `processor` | 1 | 1 | 0 | 0 | 0 | 0 | 100.0 % |');
    expect(text).toContain('| **total** | 5 | 2 | 3 | 1 | 1 | 1 | 50.0 % |');
    expect(text).toContain('killed by `search.rank.order/a` and 1 more');
    expect(text).toContain('**survives** (not listed)');
  });
});

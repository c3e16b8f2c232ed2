import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  figures,
  matchSurvivors,
  originalText,
  percent,
  previousMeasurement,
  refreshedEntries,
  renderTable,
  replaceSection,
  sectionMarkers,
  snippet,
  survivorFileSchema,
  survivorsOf,
  type MutationReport,
  type ReportMutant,
  type SurvivorEntry,
} from './report.js';
import { scopeSection, SUITES, UNIT_SCOPES, unitScope, unitSuite, type Area, type UnitScope } from './suites.js';

const root = join(new URL('.', import.meta.url).pathname, '..', '..');

/** Problems of one survivor list: entries that name no existing code, or name it twice. */
function listProblems(name: keyof typeof SUITES): string[] {
  const suite = SUITES[name];
  const list = survivorFileSchema.parse(JSON.parse(readFileSync(join(root, suite.survivorsFile), 'utf8')));
  const problems: string[] = [];
  if (list.suite !== name) problems.push(`${suite.survivorsFile}: suite is "${list.suite}", expected "${name}"`);
  const seen = new Map<string, number>();
  for (const e of list.survivors) {
    const where = `${suite.survivorsFile}: ${e.file}:${e.line} ${e.mutator}`;
    const key = JSON.stringify([e.file, e.line, e.mutator, e.original, e.replacement]);
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    // One line can hold the same mutant more than once (`{ a: [], b: [] }`: two `[]`), each needing
    // its entry, and a run's refresh gives them the same line: at most as many as the line holds the code.
    const line = existsSync(join(root, e.file)) ? (readFileSync(join(root, e.file), 'utf8').split('\n')[e.line - 1] ?? '') : '';
    if (count > 1 && count > line.replace(/\s+/g, ' ').split(snippet(e.original)).length - 1) problems.push(`${where} is listed twice`);
    // The unit suite's list serves every scope of npm run mutation (MUTATION_SCOPE).
    const areas: Area[] = name === 'unit' ? Object.values(UNIT_SCOPES).flatMap((scope) => scope.areas) : suite.areas;
    if (!areas.some((a) => e.file === a.prefix || (a.prefix.endsWith('/') && e.file.startsWith(a.prefix)))) {
      problems.push(`${where}: the file is not mutated by ${suite.command}`);
      continue;
    }
    if (!existsSync(join(root, e.file))) {
      problems.push(`${where}: the file does not exist`);
      continue;
    }
    const lines = readFileSync(join(root, e.file), 'utf8').split('\n');
    if (e.line > lines.length) problems.push(`${where}: the file has ${lines.length} lines`);
    // The whole line, whitespace collapsed (a snippet of it would cut a long line before the code).
    if (!lines.some((l) => l.replace(/\s+/g, ' ').includes(snippet(e.original)))) problems.push(`${where}: ${JSON.stringify(e.original)} no longer occurs in the file`);
    if (snippet(e.original) !== e.original || snippet(e.replacement) !== e.replacement) problems.push(`${where}: original and replacement must be snippets (whitespace collapsed, at most 120 characters)`);
  }
  return problems;
}

describe('the survivor lists of npm run mutation and npm run mutation:conformance:stryker', () => {
  it('the survivors of the unit tests are listed the same way, and name code that exists', () => {
    expect(listProblems('unit')).toEqual([]);
  });

  it('the survivors of the conformance suite (conformance/stryker-survivors.json) each have a kind and a reason, and name code that still exists in a mutated file', () => {
    expect(listProblems('conformance-code')).toEqual([]);
  });

  it('docs/mutation.md holds the figures of each Stryker suite with the command that reproduces them', () => {
    const doc = readFileSync(join(root, 'docs', 'mutation.md'), 'utf8');
    // Each scope of npm run mutation that was measured has its own section; the default scope's is required.
    const measured = (Object.keys(UNIT_SCOPES) as UnitScope[]).filter((scope) => scope === 'core' || doc.includes(sectionMarkers(scopeSection(scope))[0]));
    for (const suite of [...Object.values(SUITES).filter((s) => s.name !== 'unit'), ...measured.map(unitSuite)]) {
      const [begin, end] = sectionMarkers(suite.section ?? suite.name);
      const section = doc.slice(doc.indexOf(begin), doc.indexOf(end));
      expect(doc.indexOf(begin)).toBeGreaterThanOrEqual(0);
      expect(section).toContain(`\`${suite.command}\``);
      for (const area of suite.areas) expect(section).toContain(`| \`${area.name}\` |`);
      expect(section).toMatch(/\| \*\*total\*\* \|/);
    }
  });
});

describe('the scopes of npm run mutation', () => {
  it('MUTATION_SCOPE picks a scope, each with its own tests, incremental file and section; an unknown one names the scopes', () => {
    expect(unitScope(undefined)).toBe('core');
    expect(unitScope('stores')).toBe('stores');
    expect(() => unitScope('store')).toThrow(/MUTATION_SCOPE=store is not a scope of npm run mutation: use one of core, scoring, stores/);
    const stores = unitSuite('stores');
    expect(stores.command).toBe('MUTATION_SCOPE=stores npm run mutation');
    expect(stores.stryker.incrementalFile).toBe('test/mutation/incremental/unit-stores.json');
    expect(stores.stryker.mutate).toContain('src/stores/**/*.ts');
    expect(unitSuite('core').stryker.incrementalFile).toBe('test/mutation/incremental/unit.json');
  });
});

const mutant = (id: string, line: number, status: ReportMutant['status'], replacement = 'true', mutatorName = 'ConditionalExpression'): ReportMutant => ({
  id,
  mutatorName,
  replacement,
  status,
  location: { start: { line, column: 7 }, end: { line, column: 12 } },
});

const source = ['const x = 1;', 'if (a > b) f();', 'if (a > b) f();', 'return   a  >  b;'].join('\n');

describe('the mutation report', () => {
  it('the code a mutant replaces is the first line of its span, from its start column, whitespace collapsed', () => {
    expect(originalText(source, mutant('1', 2, 'Survived'))).toBe('> b)');
    const multi: ReportMutant = { ...mutant('2', 2, 'Survived'), location: { start: { line: 2, column: 1 }, end: { line: 3, column: 3 } } };
    expect(originalText(source, multi)).toBe('if (a > b) f();');
    expect(snippet(`a${' '.repeat(5)}b${'c'.repeat(200)}`)).toHaveLength(120);
    // A cut that ends in a space drops it: a snippet is its own snippet, so an entry can record it.
    const spaced = snippet(`${'x'.repeat(119)} ${'y'.repeat(10)}`);
    expect(spaced).toBe('x'.repeat(119));
    expect(snippet(spaced)).toBe(spaced);
  });

  it('survivors match entries by file, mutator, original and replacement; the nearest line wins and each entry explains one survivor', () => {
    const report: MutationReport = {
      files: { 'src/a.ts': { source, mutants: [mutant('1', 2, 'Survived'), mutant('2', 3, 'NoCoverage'), mutant('3', 4, 'Killed'), mutant('4', 4, 'Survived', 'false')] } },
    };
    const survivors = survivorsOf(report);
    expect(survivors.map((s) => [s.line, s.status])).toEqual([[2, 'Survived'], [3, 'NoCoverage'], [4, 'Survived']]);
    const entry = (line: number, over: Partial<SurvivorEntry> = {}): SurvivorEntry => ({
      file: 'src/a.ts',
      line,
      mutator: 'ConditionalExpression',
      original: '> b)',
      replacement: 'true',
      kind: 'equivalent',
      reason: 'a reason long enough to say something',
      ...over,
    });
    const entries = [entry(30, { kind: 'accepted' }), entry(3), entry(9, { original: 'gone' }), entry(4, { original: 'a', replacement: 'false', kind: 'unobservable' })];
    const match = matchSurvivors(survivors, entries);
    // Line 2's survivor takes the entry nearest to it (line 3); line 3's takes the remaining one (line 30).
    expect(match.matched.map(({ survivor, entry }) => [survivor.line, entry.line])).toEqual([[2, 3], [3, 30], [4, 4]]);
    expect(match.unlisted).toEqual([]);
    expect(match.stale.map((e) => e.original)).toEqual(['gone']);
    expect(refreshedEntries(match).map((e) => [e.line, e.kind])).toEqual([[2, 'equivalent'], [3, 'accepted'], [4, 'unobservable']]);

    const [row, total] = figures(report, [{ name: 'src/a.ts', prefix: 'src/a.ts' }], match);
    expect(row).toMatchObject({ mutants: 4, killed: 1, survived: 2, noCoverage: 1, equivalent: 1, listedOther: 2, unobservable: 1 });
    // Only the equivalent mutant leaves the denominator: 1 killed of 3 counted.
    expect(row!.score).toBeCloseTo(1 / 3);
    // Beside it, the unobservable one left out too: 1 killed of the 2 the suite could see.
    expect(row!.visibleScore).toBeCloseTo(1 / 2);
    expect(total).toMatchObject({ area: 'total', mutants: 4, unobservable: 1 });
    expect(renderTable([row!, total!])).toContain('| `src/a.ts` | 4 | 1 | 2 | 0 | 1 | 1 | 2 | 33.3 % | 1 | 50.0 % | 0 / 0 / 0 |');
  });

  it('a section of docs/mutation.md is replaced between its markers, or appended', () => {
    const [begin, end] = sectionMarkers('unit');
    const doc = `# T\n\n${begin}\nold\n${end}\n\nafter\n`;
    expect(replaceSection(doc, 'unit', 'new')).toBe(`# T\n\n${begin}\nnew\n${end}\n\nafter\n`);
    expect(replaceSection('# T\n', 'unit', 'new')).toBe(`# T\n\n${begin}\nnew\n${end}\n`);
  });

  it('a re-rendering (--report-only) keeps the commit its figures were measured on', () => {
    const [begin, end] = sectionMarkers('unit');
    const doc = `# T\n\n${begin}\nCommand: x.\nMeasured on commit \`bd438ec\` with uncommitted changes; this run: incremental.\n${end}\n\nMeasured on commit \`0000000\`; elsewhere.\n`;
    expect(previousMeasurement(doc, 'unit')).toBe('Measured on commit `bd438ec` with uncommitted changes');
    expect(previousMeasurement(doc.replace(' with uncommitted changes', ''), 'unit')).toBe('Measured on commit `bd438ec`');
    expect(previousMeasurement(doc, 'editor')).toBeUndefined();
  });

  it('a score is rounded down to 0.1 %, in the headline as in the tables: 1 929 of 2 268 is 85.0 %, not 85.1 %', () => {
    expect(percent(1929 / 2268)).toBe('85.0 %');
    expect(percent(0.9)).toBe('90.0 %');
    expect(percent(0.8999)).toBe('89.9 %');
    expect(percent(1)).toBe('100.0 %');
    expect(percent(0)).toBe('0.0 %');
  });
});

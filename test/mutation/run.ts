/**
 * `npm run mutation` and `npm run mutation:conformance:stryker`: runs Stryker over the suite's
 * folders with its tests (see suites.ts: the unit and property tests, or the conformance cases
 * alone), then writes the figures into docs/mutation.md and refreshes the line numbers of the
 * survivor list. (`npm run mutation:conformance` is spec-level: conformance-mutants.ts.)
 *
 * ```sh
 * [MUTATION_SCOPE=core|scoring|stores|lifecycle|processor|editor|all] tsx test/mutation/run.ts unit [--force] [--report-only]
 * [MUTATION_AREA=…] [MUTATION_MUTATE=…] tsx test/mutation/run.ts conformance-code [--force] [--report-only]
 * ```
 *
 * `MUTATION_SCOPE` picks what is mutated and which tests run (suites.ts, `UNIT_SCOPES`); each
 * scope has its own incremental file and its own section of docs/mutation.md.
 *
 * `--force` re-tests every mutant (Stryker's incremental mode otherwise re-tests only mutants
 * whose code or covering tests changed); `--report-only` skips Stryker and re-renders the figures
 * from the last run's incremental file. The exit code is 1 when the
 * score is below {@link TARGET}; survivors not listed are printed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Stryker } from '@stryker-mutator/core';
import {
  figures,
  matchSurvivors,
  percent,
  previousMeasurement,
  refreshedEntries,
  renderTable,
  replaceSection,
  reportOfEvents,
  survivorFileSchema,
  survivorsOf,
  type MutationReport,
  type ReportMutant,
  type Survivor,
  type SurvivorEntry,
} from './report.js';
import { SUITES, type Suite, type SuiteName } from './suites.js';

/** The score each suite must reach. */
export const TARGET = 0.9;

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const docPath = join(root, 'docs', 'mutation.md');

/**
 * The report in the suite's incremental files (`<suite>.json` and the per-area or per-line
 * `<suite>.<…>.json`, read oldest first, a later file's result for a mutant replacing an earlier
 * one), with paths relative to the repository root.
 */
function readReport(suite: Suite): MutationReport & { unfinished: string[] } {
  const dir = join(root, dirname(suite.stryker.incrementalFile!));
  const names = existsSync(dir) ? readdirSync(dir) : [];
  // Each scope of the unit suite has its own files (`unit-stores.json`, …): the section names them.
  const base = suite.section ?? suite.name;
  const parts = names
    .filter((f) => f === `${base}.json` || (f.startsWith(`${base}.`) && f.endsWith('.json')))
    .map((f) => join(dir, f));
  // A run that was stopped before it ended wrote no incremental file, but its event recorder
  // (suites.ts: `eventReporter`) holds every mutant it tested: those results count too.
  const unfinished: string[] = [];
  const eventDir = suite.stryker.eventReporter?.baseDir;
  if (eventDir !== undefined) {
    const eventBase = basename(eventDir).replace(/\..*$/, '');
    for (const f of names.filter((n) => n === eventBase || n.startsWith(`${eventBase}.`))) {
      const events = readdirSync(join(dir, f));
      if (events.some((e) => e.endsWith('-onMutationTestReportReady.json')) || !events.some((e) => e.endsWith('-onMutantTested.json'))) continue;
      parts.push(join(dir, f));
      const plan = events.find((e) => e.endsWith('-onMutationTestingPlanReady.json'));
      const planned = plan === undefined ? '?' : String((JSON.parse(readFileSync(join(dir, f, plan), 'utf8')) as { mutantPlans: unknown[] }).mutantPlans.length);
      unfinished.push(`${relative(root, join(dir, f))}: ${events.filter((e) => e.endsWith('-onMutantTested.json')).length} of ${planned} mutants`);
    }
  }
  // Oldest first by when the run was recorded: a tracked file by the author time of the last commit
  // that wrote it (kept by a rebase; a clone gives every file the same modification time, so that order would be
  // arbitrary), a file changed since or never committed (a run just made) after every
  // committed one, by modification time; an event folder (an unfinished run) last.
  const recorded = (path: string): [number, number] => {
    if (statSync(path).isDirectory()) return [2, statSync(path).mtimeMs];
    const rel = relative(root, path);
    const changed = git('status', '--porcelain', '--', rel) !== '';
    const committed = changed ? '' : git('log', '-1', '--format=%at', '--', rel);
    return committed === '' ? [1, statSync(path).mtimeMs] : [0, Number(committed)];
  };
  const order = new Map(parts.map((p) => [p, recorded(p)]));
  parts.sort((a, b) => {
    const [ka, ta] = order.get(a)!;
    const [kb, tb] = order.get(b)!;
    return ka - kb || ta - tb || a.localeCompare(b);
  });
  if (parts.length === 0) throw new Error(`${relative(root, join(root, suite.stryker.incrementalFile!))} does not exist: run ${suite.command} first (without --report-only)`);
  const files: MutationReport['files'] = {};
  const where = (m: ReportMutant): string => `${m.location.start.line}:${m.location.start.column}:${m.location.end.line}:${m.location.end.column}:${m.mutatorName}:${m.replacement ?? ''}`;
  for (const path of parts) {
    const raw = statSync(path).isDirectory() ? reportOfEvents(path, root, (file) => readFileSync(join(root, file), 'utf8')) : (JSON.parse(readFileSync(path, 'utf8')) as MutationReport);
    for (const [name, result] of Object.entries(raw.files)) {
      const file = relative(root, resolve(root, name)).replace(/\\/g, '/');
      const earlier = files[file];
      // A later run of a mutant replaces its earlier result; an earlier run of the same source
      // keeps the mutants the later one did not test (a run over some lines only).
      if (earlier === undefined || earlier.source !== result.source) files[file] = result;
      else {
        const later = new Set(result.mutants.map(where));
        files[file] = { source: result.source, mutants: [...earlier.mutants.filter((m) => !later.has(where(m))), ...result.mutants] };
      }
    }
  }
  return { files, unfinished };
}

/** How often Stryker runs at most, when survivors completed no test. */
const MAX_ATTEMPTS = 3;

/** Removes the survivors that completed no test from the incremental file; returns how many. */
function forgetUnmeasured(suite: Suite): number {
  const path = join(root, suite.stryker.incrementalFile!);
  const raw = JSON.parse(readFileSync(path, 'utf8')) as MutationReport;
  let count = 0;
  for (const file of Object.values(raw.files)) {
    file.mutants = file.mutants.filter((m) => {
      const unmeasured = m.status === 'Survived' && m.testsCompleted === 0;
      if (unmeasured) count++;
      return !unmeasured;
    });
  }
  if (count > 0) writeFileSync(path, JSON.stringify(raw));
  return count;
}

const git = (...args: string[]): string => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

/** Source text in a Markdown table cell. */
const cell = (text: string): string => (text === '' ? '(nothing)' : `\`${text.replace(/\|/g, '\\|').replace(/`/g, "'")}\``);

const describeSurvivor = (s: Survivor): string => `${s.file}:${s.line} ${s.mutator} ${JSON.stringify(s.original)} → ${JSON.stringify(s.replacement)} (${s.status})`;

async function main(argv: string[]): Promise<number> {
  const name = argv[0] as SuiteName;
  const suite = SUITES[name];
  if (!suite) {
    console.error(`usage: tsx test/mutation/run.ts <${Object.keys(SUITES).join('|')}> [--force] [--report-only]`);
    return 2;
  }
  const force = argv.includes('--force');
  const started = Date.now();
  const commit = git('rev-parse', '--short', 'HEAD');
  const dirty = git('status', '--porcelain', '--', 'src', 'test', 'conformance/cases').length > 0;
  const reportOnly = argv.includes('--report-only');
  let ran = 'not run (`--report-only`)';
  if (!reportOnly) {
    process.env.FC_SEED ??= '20260901';
    for (let attempt = 1; ; attempt++) {
      await new Stryker({ ...suite.stryker, force: force && attempt === 1 }).runMutationTest();
      // A survivor whose run completed no test was not measured (stryker-js#6073): forget it and
      // let an incremental run test it again.
      const unmeasured = attempt < MAX_ATTEMPTS ? forgetUnmeasured(suite) : 0;
      if (unmeasured === 0) break;
      console.log(`${unmeasured} survivor(s) completed no test: testing them again (attempt ${attempt + 1} of ${MAX_ATTEMPTS})`);
    }
    const minutes = Math.round((Date.now() - started) / 60_000);
    ran = `${force ? 'every mutant re-tested (`--force`)' : 'incremental'}, ${minutes} min wall time at concurrency ${suite.stryker.concurrency}`;
  }

  const report = readReport(suite);
  // A test file that fails to load (a mutant that is a syntax error in every variant, such as an
  // invalid regular expression) leaves every mutant without coverage, which would read as a score.
  const reached = Object.values(report.files).some((f) => f.mutants.some((m) => m.status === 'Killed' || m.status === 'Survived' || m.status === 'Timeout'));
  if (!reached) throw new Error(`no test reached any mutant of ${suite.name}: the tests did not load in Stryker's sandbox (run them in .stryker-tmp with cleanTempDir: false to see why)`);
  const listPath = join(root, suite.survivorsFile);
  const list = survivorFileSchema.parse(JSON.parse(readFileSync(listPath, 'utf8')));
  // A run matches and refreshes the entries of the files its report holds, and keeps the others as
  // they are: a run of one area (MUTATION_AREA) or of some lines (MUTATION_MUTATE) must not drop the
  // entries of files it did not mutate as stale.
  const reported = new Set(Object.keys(report.files)); // readReport keys files by their path from the root
  const inScope = (file: string) => reported.has(file) && suite.areas.some((a) => file === a.prefix || (a.prefix.endsWith('/') && file.startsWith(a.prefix)));
  const match = matchSurvivors(survivorsOf(report).filter((s) => inScope(s.file)), list.survivors.filter((e) => inScope(e.file)));
  const rows = figures(report, suite.areas, match);
  // An entry whose line the report holds no mutant of was not measured (a run over other lines of
  // its file, with no earlier result for it): it is kept as it is, while its code still exists.
  const measuredLines = new Map<string, Set<number>>();
  for (const [file, { mutants }] of Object.entries(report.files)) measuredLines.set(file, new Set(mutants.map((m) => m.location.start.line)));
  const sources = new Map<string, string>();
  const sourceOf = (file: string): string => {
    let text = sources.get(file);
    if (text === undefined) sources.set(file, (text = existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : ''));
    return text;
  };
  const isUnmeasured = (e: SurvivorEntry): boolean => !measuredLines.get(e.file)?.has(e.line) && sourceOf(e.file).includes(e.original.replace(/…$/, ''));
  const unmeasured = match.stale.filter(isUnmeasured);
  match.stale = match.stale.filter((e) => !isUnmeasured(e));
  const kept = [...refreshedEntries(match), ...unmeasured, ...list.survivors.filter((e) => !inScope(e.file))];
  kept.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.mutator.localeCompare(b.mutator));
  writeFileSync(listPath, `${JSON.stringify({ ...list, survivors: kept }, null, 2)}\n`);

  const total = rows.at(-1)!;
  const doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Mutation testing\n';
  // A re-rendering (--report-only) shows the figures of the last run: it keeps the commit that run
  // measured, not the one it is re-rendered on.
  const measured = reportOnly ? previousMeasurement(doc, suite.section ?? suite.name) : undefined;
  const section = [
    `### ${suite.title}`,
    '',
    `Command: \`${suite.command}\` (add \`-- --force\` to re-test every mutant). Tests: ${suite.tests}.`,
    `${measured ?? `Measured on commit \`${commit}\`${dirty ? ' with uncommitted changes' : ''}`}; this run: ${ran}.`,
    ...(report.unfinished.length === 0 ? [] : [`Runs stopped before they ended (their tested mutants count; the others are missing from the table): ${report.unfinished.join('; ')}.`]),
    `Survivors that remain are listed with their reasons in [\`${suite.survivorsFile}\`](../${suite.survivorsFile}).`,
    '',
    renderTable(rows),
    '',
    match.unlisted.length === 0
      ? 'Every mutant that no test kills is listed.'
      : `${match.unlisted.length} mutant(s) that no test kills are not listed with a reason yet:`,
    ...(match.unlisted.length === 0
      ? []
      : [
          '',
          '| file:line | mutator | code | replaced by | status |',
          '|---|---|---|---|---|',
          ...match.unlisted.map((s) => `| \`${s.file}:${s.line}\` | ${s.mutator} | ${cell(s.original)} | ${cell(s.replacement)} | ${s.status} |`),
        ]),
  ].join('\n');
  writeFileSync(docPath, replaceSection(doc, suite.section ?? suite.name, section));

  console.log(`\n${suite.name}: score ${percent(total.score)} (target ${TARGET * 100} %; ${percent(total.visibleScore)} without the ${total.unobservable} listed as unobservable); ${match.unlisted.length} unlisted survivor(s), ${match.stale.length} stale entr(y/ies) dropped.`);
  for (const s of match.unlisted) console.log(`  unlisted: ${describeSurvivor(s)}`);
  for (const e of match.stale) console.log(`  dropped (killed now, or gone): ${e.file}:${e.line} ${e.mutator} ${JSON.stringify(e.original)}`);
  return total.score >= TARGET ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));

/**
 * `npm run mutation`: runs Stryker over the scoped core folders with their unit and property
 * tests (see suites.ts), then writes the figures into docs/mutation.md and refreshes the line
 * numbers of the survivor list. (`npm run mutation:conformance` is spec-level:
 * conformance-mutants.ts.)
 *
 * ```sh
 * [MUTATION_SCOPE=core|scoring|stores|lifecycle|processor|editor|all] tsx test/mutation/run.ts unit [--force] [--report-only]
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
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Stryker } from '@stryker-mutator/core';
import {
  figures,
  matchSurvivors,
  refreshedEntries,
  renderTable,
  replaceSection,
  survivorFileSchema,
  survivorsOf,
  type MutationReport,
  type Survivor,
} from './report.js';
import { SUITES, type Suite, type SuiteName } from './suites.js';

/** The score each suite must reach. */
export const TARGET = 0.9;

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const docPath = join(root, 'docs', 'mutation.md');

/** The report in the incremental file, with paths relative to the repository root. */
function readReport(suite: Suite): MutationReport {
  const path = join(root, suite.stryker.incrementalFile!);
  if (!existsSync(path)) throw new Error(`${relative(root, path)} does not exist: run ${suite.command} first (without --report-only)`);
  const raw = JSON.parse(readFileSync(path, 'utf8')) as MutationReport;
  const files: MutationReport['files'] = {};
  for (const [file, result] of Object.entries(raw.files)) files[relative(root, resolve(root, file)).replace(/\\/g, '/')] = result;
  return { files };
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
  let ran = 'not run (`--report-only`)';
  if (!argv.includes('--report-only')) {
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
  const listPath = join(root, suite.survivorsFile);
  const list = survivorFileSchema.parse(JSON.parse(readFileSync(listPath, 'utf8')));
  // A scope matches and refreshes the entries of the files it mutates, and keeps the others as they are.
  const inScope = (file: string) => suite.areas.some((a) => file === a.prefix || (a.prefix.endsWith('/') && file.startsWith(a.prefix)));
  const match = matchSurvivors(survivorsOf(report).filter((s) => inScope(s.file)), list.survivors.filter((e) => inScope(e.file)));
  const rows = figures(report, suite.areas, match);
  const kept = [...refreshedEntries(match), ...list.survivors.filter((e) => !inScope(e.file))];
  kept.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.mutator.localeCompare(b.mutator));
  writeFileSync(listPath, `${JSON.stringify({ ...list, survivors: kept }, null, 2)}\n`);

  const total = rows.at(-1)!;
  const section = [
    '### Stryker over the unit and property tests',
    '',
    `Command: \`${suite.command}\` (add \`-- --force\` to re-test every mutant). Tests: ${suite.tests}.`,
    `Measured on commit \`${commit}\`${dirty ? ' with uncommitted changes' : ''}; this run: ${ran}.`,
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
  const doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Mutation testing\n';
  writeFileSync(docPath, replaceSection(doc, suite.section ?? suite.name, section));

  console.log(`\n${suite.name}: score ${(total.score * 100).toFixed(1)} % (target ${TARGET * 100} %); ${match.unlisted.length} unlisted survivor(s), ${match.stale.length} stale entr(y/ies) dropped.`);
  for (const s of match.unlisted) console.log(`  unlisted: ${describeSurvivor(s)}`);
  for (const e of match.stale) console.log(`  dropped (killed now, or gone): ${e.file}:${e.line} ${e.mutator} ${JSON.stringify(e.original)}`);
  return total.score >= TARGET ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));

/**
 * Turns the event log of a Stryker run that was stopped before it ended into a partial
 * incremental file, so that its results keep their place among later runs.
 *
 * `npm run mutation` reads an unfinished run's event folder as it is (run.ts, `readReport`), but it
 * reads it last, with the sources as they are now: a later run over some lines (which writes an
 * incremental file) loses to it, and a file edited since gets the old run's mutants placed on its
 * new lines. This script writes what the folder holds as `<section>.partial-<hash>.json`, with each
 * file's source as at the git revision the run mutated, and removes the folder; the file then sorts
 * among the others by when it was committed.
 *
 * Usage: `npx tsx test/mutation/events-to-report.ts <event folder> <revision>`, for example
 * `npx tsx test/mutation/events-to-report.ts test/mutation/incremental/events-unit-processor 64e62c9`.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MutationReport, ReportMutant } from './report.js';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

/** The partial report an event folder holds, each file's source as at `revision`. */
export function reportFromEvents(folder: string, revision: string): MutationReport & { $comment: string } {
  const files: MutationReport['files'] = {};
  const names = readdirSync(folder).filter((n) => n.endsWith('-onMutantTested.json'));
  for (const name of names.sort()) {
    const event = JSON.parse(readFileSync(join(folder, name), 'utf8')) as ReportMutant & { fileName: string; result?: ReportMutant & { fileName: string } };
    const mutant = event.result ?? event;
    const file = relative(root, resolve(root, mutant.fileName)).replace(/\\/g, '/');
    files[file] ??= { source: execFileSync('git', ['show', `${revision}:${file}`], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }), mutants: [] };
    const { fileName: _fileName, ...rest } = mutant;
    files[file].mutants.push(rest);
  }
  return {
    $comment: `The ${names.length} mutants a stopped Stryker run tested (event log ${relative(root, folder)}), sources as at ${revision}; written by test/mutation/events-to-report.ts.`,
    files,
  };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [folderArg, revision] = process.argv.slice(2);
  if (folderArg === undefined || revision === undefined) {
    console.error('usage: npx tsx test/mutation/events-to-report.ts <event folder> <git revision the run mutated>');
    process.exit(2);
  }
  const folder = resolve(folderArg);
  if (!existsSync(folder)) {
    console.error(`${folderArg}: no such event folder`);
    process.exit(2);
  }
  if (readdirSync(folder).some((n) => n.endsWith('-onMutationTestReportReady.json'))) {
    console.error(`${folderArg}: the run ended; its incremental file holds its results already`);
    process.exit(2);
  }
  const report = reportFromEvents(folder, revision);
  // events-unit-processor → unit-processor.partial-<hash>.json, events.lines-… (the conformance
  // suite's) → conformance-code.lines-….partial-<hash>.json: a lines run's folder keeps its lines part.
  const name = basename(folder);
  const section = name.startsWith('events-') ? name.slice('events-'.length) : `conformance-code${name.slice('events'.length)}`;
  const hash = createHash('sha256').update(`${section}@${revision}`).digest('hex').slice(0, 8);
  const out = join(dirname(folder), `${section}.partial-${hash}.json`);
  writeFileSync(out, `${JSON.stringify(report)}\n`);
  rmSync(folder, { recursive: true });
  const count = Object.values(report.files).reduce((n, f) => n + f.mutants.length, 0);
  console.log(`wrote ${relative(root, out)}: ${count} mutants of ${Object.keys(report.files).length} files; removed ${relative(root, folder)}`);
}

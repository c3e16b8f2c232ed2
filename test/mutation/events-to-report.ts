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
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportOfEvents, type MutationReport } from './report.js';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

/** The partial report an event folder holds, each file's source as at `revision`. */
export function reportFromEvents(folder: string, revision: string): MutationReport & { $comment: string } {
  const source = (file: string) => execFileSync('git', ['show', `${revision}:${file}`], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const { files } = reportOfEvents(folder, root, source);
  const count = Object.values(files).reduce((n, f) => n + f.mutants.length, 0);
  return { $comment: `The ${count} mutants a stopped Stryker run tested (event log ${relative(root, folder)}), sources as at ${revision}; written by test/mutation/events-to-report.ts.`, files };
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
  console.log(`wrote ${relative(root, out)} (${Object.keys(report.files).length} files): ${report.$comment} Removed ${relative(root, folder)}.`);
}

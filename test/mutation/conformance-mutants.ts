/**
 * `npm run mutation:conformance`: switches each spec-level mutant of `test/mutation/spec-mutants.ts`
 * on, one at a time, in a copy of the reference implementation, runs the processor conformance
 * suite against it, and reports which mutants survive. Writes the figures into docs/mutation.md.
 *
 * ```sh
 * tsx test/mutation/conformance-mutants.ts [--only ID,ID] [--cases-at REV] [--jobs N] [--no-write]
 * ```
 *
 * - `--only`: run these mutants only (docs/mutation.md is then not written).
 * - `--cases-at REV`: run the cases of `conformance/cases/` as they were at git revision REV
 *   (the "before" figure of docs/mutation.md); written to its own section.
 * - `--jobs N`: mutants run at once (default 1: the machine is shared).
 * - `--no-write`: print only.
 *
 * Exit code 1 when a pattern no longer matches (before anything runs), when the unmutated
 * reference fails the suite, or when a survivor is not listed in
 * `conformance/mutation-survivors.json`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SPEC_MUTANTS, type SpecMutant } from './spec-mutants.js';
import {
  applyMutant,
  percent,
  renderSpecRun,
  replaceSection,
  specFigures,
  specSurvivorFileSchema,
  type MutantOutcome,
  type MutantResult,
} from './spec-mutants-report.js';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const survivorsPath = join(root, 'conformance', 'mutation-survivors.json');
const docPath = join(root, 'docs', 'mutation.md');
const worker = join(root, 'test', 'mutation', 'conformance-worker.ts');
/** Linked, not copied, into each copy: everything the reference reads besides `src/`. */
const LINKED = ['spec', 'conformance', 'node_modules', 'package.json', 'tsconfig.json'];

/**
 * Applied to every copy, the unmutated one included: the scorer's top-k pruning is switched off,
 * so that each misreading of the scoring rules is measured on the one path every query takes
 * (pruning is an optimisation that gives the same results; test/scoring checks that).
 */
const HARNESS_PATCHES: readonly SpecMutant[] = [
  {
    id: 'harness-no-pruning',
    rule: 'search.rank.order',
    misreading: '(not a misreading: the unpruned ranking path only)',
    file: 'src/scoring/rank.ts',
    find: "if (pruningPolicy === 'never' || exact.length > 0",
    replace: 'if (true || exact.length > 0',
  },
];

/** A private copy of the repository's `src/`, in which one file at a time is patched. */
function makeCopy(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(root, 'src'), join(dir, 'src'), { recursive: true });
  for (const name of LINKED) symlinkSync(join(root, name), join(dir, name));
  for (const patch of HARNESS_PATCHES) {
    const file = join(dir, patch.file);
    writeFileSync(file, applyMutant(readFileSync(file, 'utf8'), patch));
  }
}

/** Runs the suite in the copy at `dir`; resolves with the failed case IDs, or rejects with why it could not run. */
function runSuiteIn(dir: string, casesDir: string | undefined): Promise<{ cases: number; failed: string[] }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', worker, dir, ...(casesDir ? [casesDir] : [])], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    // A mutant that makes the suite hang is killed too.
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code === 0 && line.startsWith('{')) resolvePromise(JSON.parse(line) as { cases: number; failed: string[] });
      else reject(new Error(signal ? `killed by ${signal} after 180 s` : `exit ${code}: ${err.trim().split('\n').slice(-3).join(' / ')}`));
    });
  });
}

async function outcomeOf(dir: string, mutant: SpecMutant, casesDir: string | undefined): Promise<MutantOutcome> {
  const file = join(dir, mutant.file);
  const original = readFileSync(file, 'utf8');
  writeFileSync(file, applyMutant(original, mutant));
  try {
    const { failed } = await runSuiteIn(dir, casesDir);
    return failed.length > 0 ? { status: 'killed', failedCases: failed } : { status: 'survived' };
  } catch (error) {
    return { status: 'crashed', message: (error as Error).message };
  } finally {
    writeFileSync(file, original);
  }
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { only: { type: 'string' }, 'cases-at': { type: 'string' }, jobs: { type: 'string' }, 'no-write': { type: 'boolean' } },
  });
  const only = values.only?.split(',').map((s) => s.trim());
  const unknown = only?.filter((id) => !SPEC_MUTANTS.some((m) => m.id === id)) ?? [];
  if (unknown.length > 0) throw new Error(`--only: no mutant ${unknown.join(', ')} in test/mutation/spec-mutants.ts`);
  const mutants = only ? SPEC_MUTANTS.filter((m) => only.includes(m.id)) : SPEC_MUTANTS;
  const jobs = Math.max(1, Number(values.jobs ?? '1'));

  // Every pattern must still match before anything runs.
  const stale: string[] = [];
  for (const m of mutants) {
    try {
      applyMutant(readFileSync(join(root, m.file), 'utf8'), m);
    } catch (error) {
      stale.push((error as Error).message);
    }
  }
  if (stale.length > 0) {
    for (const message of stale) console.error(message);
    console.error(`\n${stale.length} mutant(s) no longer match the code; nothing was run.`);
    return 1;
  }

  const work = join(root, '.mutation-tmp');
  const copies = Array.from({ length: jobs }, (_, i) => join(work, `copy-${i}`));
  let casesDir: string | undefined;
  try {
    for (const dir of copies) makeCopy(dir);
    const rev = values['cases-at'];
    if (rev !== undefined) {
      casesDir = join(work, 'cases-at', 'conformance', 'cases');
      mkdirSync(join(work, 'cases-at'), { recursive: true });
      const tar = execFileSync('git', ['archive', rev, 'conformance/cases'], { cwd: root, maxBuffer: 1 << 28 });
      execFileSync('tar', ['-x', '-C', join(work, 'cases-at')], { input: tar });
    }
    // The unmutated copy must pass, or every mutant would look killed.
    const baseline = await runSuiteIn(copies[0]!, casesDir);
    if (baseline.failed.length > 0) throw new Error(`the unmutated reference fails ${baseline.failed.join(', ')}: fix that first`);
    console.log(`${baseline.cases} cases${rev ? ` (as at ${rev})` : ''}; ${mutants.length} mutants, ${jobs} at a time`);

    const results: MutantResult[] = new Array(mutants.length);
    let next = 0;
    const started = Date.now();
    await Promise.all(
      copies.map(async (dir) => {
        while (next < mutants.length) {
          const i = next++;
          const mutant = mutants[i]!;
          const outcome = await outcomeOf(dir, mutant, casesDir);
          results[i] = { mutant, outcome };
          const what = outcome.status === 'killed' ? `killed (${outcome.failedCases.length} case(s), first ${outcome.failedCases[0]})` : outcome.status === 'crashed' ? `killed: crashed (${outcome.message})` : 'SURVIVED';
          console.log(`  ${mutant.id} [${mutant.rule}]: ${what}`);
        }
      }),
    );

    const listed = specSurvivorFileSchema.parse(JSON.parse(readFileSync(survivorsPath, 'utf8'))).survivors;
    const figures = specFigures(results, listed);
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    console.log(`\nscore ${percent(figures.score)}: ${figures.killed} of ${figures.mutants} killed, ${figures.equivalent} equivalent; ${minutes} min`);
    for (const id of figures.unlisted) console.log(`  survivor not listed in conformance/mutation-survivors.json: ${id}`);
    for (const id of figures.stale) console.log(`  listed but killed now (remove it from the list): ${id}`);

    if (!only && !values['no-write']) {
      const section = rev ? 'conformance-before' : 'conformance';
      const heading = rev
        ? `### Before: the cases as at \`${rev}\``
        : '### The suite now';
      const body = [
        heading,
        '',
        `Command: \`npm run mutation:conformance${rev ? ` -- --cases-at ${rev}` : ''}\`: ${baseline.cases} cases, ${mutants.length} mutants, ${minutes} min wall time at ${jobs} job(s). Verdicts do not depend on the machine's speed (the cases run on simulated time).`,
        `Score: **${percent(figures.score)}** (${figures.killed} of ${figures.mutants - figures.equivalent} non-equivalent mutants killed).`,
        '',
        renderSpecRun(results, listed),
      ].join('\n');
      const doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Mutation testing\n';
      writeFileSync(docPath, replaceSection(doc, section, body));
    }
    return rev !== undefined || figures.unlisted.length === 0 ? 0 : 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

process.exitCode = await main(process.argv.slice(2));

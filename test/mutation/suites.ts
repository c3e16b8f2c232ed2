/**
 * The two mutation suites and the Stryker options of each: which code is mutated, which tests
 * may kill a mutant, and where the incremental results are kept.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PartialStrykerOptions } from '@stryker-mutator/api/core';
import { widenRange } from './widen-ranges.js';

/**
 * The Stryker suites: `unit` (`npm run mutation`) and `conformance-code`
 * (`npm run mutation:conformance:stryker`, code-level mutants against the conformance suite).
 * `npm run mutation:conformance` is spec-level, see spec-mutants.ts; its section of
 * docs/mutation.md is `conformance`.
 */
export type SuiteName = 'unit' | 'conformance-code';

/** An area of the tables in docs/mutation.md: a folder (or file) of `src/`. */
export interface Area {
  /** Its name in the tables. */
  name: string;
  /** Path prefix of its files, relative to the repository root. */
  prefix: string;
}

/** What one suite mutates and runs. */
export interface Suite {
  /** Its name. */
  name: SuiteName;
  /** The command that runs it. */
  command: string;
  /** Its section of docs/mutation.md, when not its name (a scope of `npm run mutation`). */
  section?: string;
  /** The heading of its section in docs/mutation.md. */
  title: string;
  /** What the tests are, for docs/mutation.md. */
  tests: string;
  /** The areas reported, in table order. */
  areas: Area[];
  /** The checked-in list of survivors that remain, with reasons. */
  survivorsFile: string;
  /** Stryker's options. */
  stryker: PartialStrykerOptions;
}

const CORE_AREAS: Area[] = [
  { name: 'src/scoring', prefix: 'src/scoring/' },
  { name: 'src/stores', prefix: 'src/stores/' },
  { name: 'src/lifecycle', prefix: 'src/lifecycle/' },
  { name: 'src/processor', prefix: 'src/processor/' },
  { name: 'src/mastra/tool-search-processor.ts', prefix: 'src/mastra/tool-search-processor.ts' },
];

/** Files with nothing to mutate: re-exports and type declarations. */
const NOT_MUTATED = ['!src/**/index.ts', '!src/scoring/types.ts', '!src/lifecycle/types.ts', '!src/editor/diagnostics.ts', '!src/editor/mcp/storage/backend.ts'];

const globs = (areas: Area[]): string[] => [...areas.map((a) => (a.prefix.endsWith('/') ? `${a.prefix}**/*.ts` : a.prefix)), ...NOT_MUTATED];

/** How many test runners run at once: 2 shared cores allow one runner next to the type checker. */
const concurrency = Number(process.env.MUTATION_CONCURRENCY ?? '1');

/**
 * `MUTATION_TIMEOUT_MS=<ms>`: the fixed part of the per-mutant timeout, instead of each suite's
 * default. On a loaded machine the default lets slow survivors time out, and a timeout counts as
 * detected; raise it there, so that only mutants that really hang time out.
 */
const timeoutOverride = process.env.MUTATION_TIMEOUT_MS === undefined || process.env.MUTATION_TIMEOUT_MS === '' ? undefined : Number(process.env.MUTATION_TIMEOUT_MS);
if (timeoutOverride !== undefined && !(Number.isInteger(timeoutOverride) && timeoutOverride > 0)) throw new Error(`MUTATION_TIMEOUT_MS=${process.env.MUTATION_TIMEOUT_MS} is not a positive integer number of milliseconds`);

/** Options shared by both suites; `typeCheck: false` lets type-invalid mutants run as JavaScript. */
function common(name: SuiteName, vitestConfig: string, areas: Area[], typeCheck = true): PartialStrykerOptions {
  return {
    packageManager: 'npm',
    plugins: ['@stryker-mutator/vitest-runner', ...(typeCheck ? ['@stryker-mutator/typescript-checker'] : [])],
    testRunner: 'vitest',
    vitest: { configFile: vitestConfig, related: false },
    checkers: typeCheck ? ['typescript'] : [],
    tsconfigFile: 'test/mutation/tsconfig.checker.json',
    typescriptChecker: { prioritizePerformanceOverAccuracy: true },
    mutate: globs(areas),
    coverageAnalysis: 'perTest',
    ignoreStatic: true,
    incremental: true,
    incrementalFile: `test/mutation/incremental/${name}.json`,
    concurrency,
    timeoutMS: timeoutOverride ?? 10_000,
    timeoutFactor: 3,
    reporters: ['progress-append-only'],
    tempDirName: '.stryker-tmp',
    // Not copied into Stryker's sandbox: the spec-level run's copies (symbolic links), build output, generated docs.
    ignorePatterns: ['/.mutation-tmp', '/dist', '/docs/api', '/coverage', '/test/mutation/incremental'],
    cleanTempDir: 'always',
    logLevel: 'info' as PartialStrykerOptions['logLevel'],
    fileLogLevel: 'off' as PartialStrykerOptions['fileLogLevel'],
  };
}

/**
 * `MUTATION_MUTATE=src/stores/receipts.ts:130-137[,…]`: mutate only these files or line ranges
 * (Stryker's `mutate` syntax), with their own incremental file, to re-measure the mutants some
 * new tests or cases aim at without re-running a whole area or scope. Both suites read it.
 */
const onlyLines = (process.env.MUTATION_MUTATE ?? '').split(',').filter((m) => m !== '');
/**
 * What Stryker is given: each line range widened to the end of every block or expression that
 * starts on its lines (widen-ranges.ts), so a mutant that starts on a listed line is re-tested
 * even when it ends below the range. The incremental file keeps the name of the ranges as given.
 */
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const mutateLines = onlyLines.map((entry) => {
  const file = entry.replace(/:[\d:-]+$/, '');
  return file === entry ? entry : widenRange(entry, readFileSync(join(repoRoot, file), 'utf8'));
});
/** The name part of a lines-only run's incremental file: `lines-<hash of MUTATION_MUTATE>`. */
const linesPart = onlyLines.length > 0 ? `lines-${createHash('sha256').update(onlyLines.join(',')).digest('hex').slice(0, 8)}` : '';

/**
 * What `npm run mutation` mutates by default (scope `core`), with the unit and property tests of
 * `test/scoring` and `test/lifecycle`: the scorer's ranking, selection, options, truncation and
 * name keys, and the lifecycle machine (the scope that finishes in well under an hour on two
 * shared cores). The other scopes (`MUTATION_SCOPE`, see {@link UNIT_SCOPES}) take one area each
 * with its own tests, so that each is a run that can finish on two cores.
 */
const SCOPED_AREAS: Area[] = [
  ...['rank', 'select', 'options', 'truncate', 'stem', 'name-key'].map((f) => ({
    name: `src/scoring/${f}.ts`,
    prefix: `src/scoring/${f}.ts`,
  })),
  { name: 'src/lifecycle', prefix: 'src/lifecycle/' },
];

/** A scope of `npm run mutation`, chosen with `MUTATION_SCOPE` (default `core`). */
export type UnitScope = 'core' | 'scoring' | 'stores' | 'lifecycle' | 'processor' | 'editor' | 'all';

/**
 * Tests that count heap bytes per call (never time): under Stryker's instrumentation every
 * mutated expression goes through a switch and a coverage counter, which allocate, so their
 * figures say nothing about the code and they fail before a mutant is switched on. Every mutation
 * run leaves them out (`npm test` runs them).
 */
export const HEAP_TESTS = ['test/processor/search-allocation.test.ts', 'test/scoring/allocation.test.ts'];

/** What one scope mutates, and which tests may kill its mutants. */
export interface UnitScopeSpec {
  /** The areas mutated and reported, in table order. */
  areas: Area[];
  /** The vitest files run (globs), or `npm test`'s fast projects (`fast`). */
  tests: string[] | 'fast';
}

const folder = (name: string): Area => ({ name: `src/${name}`, prefix: `src/${name}/` });

/** Every scope of `npm run mutation`. */
export const UNIT_SCOPES: Record<UnitScope, UnitScopeSpec> = {
  core: { areas: SCOPED_AREAS, tests: ['test/scoring/**/*.test.ts', 'test/lifecycle/**/*.test.ts'] },
  scoring: { areas: [folder('scoring')], tests: ['test/scoring/**/*.test.ts'] },
  stores: { areas: [folder('stores')], tests: ['test/stores/**/*.test.ts'] },
  lifecycle: { areas: [folder('lifecycle')], tests: ['test/lifecycle/**/*.test.ts'] },
  processor: { areas: [folder('processor')], tests: ['test/processor/**/*.test.ts'] },
  // src/editor/mcp's own unit tests live in test/mcp; the four that start no server (pool,
  // schema, storage over memory and LibSQL files, Editor interop) run here too, in about 3 s.
  editor: {
    areas: [folder('editor')],
    tests: ['test/editor/**/*.test.ts', ...['connection-pool', 'schema', 'storage', 'editor-interop'].map((f) => `test/mcp/${f}.test.ts`)],
  },
  all: { areas: [...CORE_AREAS, folder('editor')], tests: 'fast' },
};

/** The scope `MUTATION_SCOPE` names (default `core`); an unknown name is an error that lists the scopes. */
export function unitScope(value = process.env.MUTATION_SCOPE): UnitScope {
  const scope = value === undefined || value === '' ? 'core' : value;
  if (!(scope in UNIT_SCOPES)) throw new Error(`MUTATION_SCOPE=${scope} is not a scope of npm run mutation: use one of ${Object.keys(UNIT_SCOPES).join(', ')}`);
  return scope as UnitScope;
}

/** The section of docs/mutation.md a scope's figures go to: `unit` for the default scope, `unit-<scope>` for the others. */
export const scopeSection = (scope: UnitScope): string => (scope === 'core' ? 'unit' : `unit-${scope}`);

/** The suite of `npm run mutation` for a scope. */
export function unitSuite(scope: UnitScope): Suite {
  const { areas, tests } = UNIT_SCOPES[scope];
  const section = scopeSection(scope);
  return {
    name: 'unit',
    section,
    command: scope === 'core' ? 'npm run mutation' : `MUTATION_SCOPE=${scope} npm run mutation`,
    title: scope === 'core' ? 'Stryker over the unit and property tests' : `Stryker over the unit and property tests: scope \`${scope}\``,
    tests:
      tests === 'fast'
        ? 'the vitest suite of `npm test` (projects `unit`, `mcp@1`, `mcp@2`) without `test/e2e`, `test/package` and `test/site`, with a fixed fast-check seed'
        : `the unit and property tests of ${tests.map((t) => `\`${t.replace(/\/\*\*\/\*\.test\.ts$/, '/**')}\``).join(', ')}, with a fixed fast-check seed`,
    areas,
    survivorsFile: 'test/mutation/survivors.json',
    stryker: {
      // (`MUTATION_TYPECHECK=0`: no checker, so type-invalid mutants run as JavaScript and count
      // like any other: the checker is the bottleneck of a scope whose tests are fast.)
      ...common('unit', tests === 'fast' ? 'test/mutation/vitest.unit.config.ts' : 'test/mutation/vitest.scoped.config.ts', areas, process.env.MUTATION_TYPECHECK !== '0'),
      // Each scope keeps its own results (the default scope's file keeps its old name); a run of
      // some lines only (MUTATION_MUTATE) keeps them in a file of its own, `<section>.lines-<hash>.json`.
      incrementalFile: `test/mutation/incremental/${section}${linesPart === '' ? '' : `.${linesPart}`}.json`,
      // Each mutant's result as it is tested (git-ignored), so a run stopped early still counts.
      reporters: ['progress-append-only', 'event-recorder'],
      eventReporter: { baseDir: `test/mutation/incremental/events-${section}${linesPart === '' ? '' : `.${linesPart}`}` },
      ...(onlyLines.length > 0 ? { mutate: mutateLines } : {}),
    },
  };
}

/** The unit and property tests of the scope `MUTATION_SCOPE` names. */
export const UNIT: Suite = unitSuite(unitScope());

/** The four folders of the pure core, each an area of the conformance suite's table. */
const CONFORMANCE_AREAS: Area[] = CORE_AREAS.filter((a) => a.prefix.endsWith('/'));

/**
 * `MUTATION_AREA=src/stores[,src/lifecycle]`: mutate only these areas of the conformance suite,
 * with their own incremental file (`conformance-code.src-stores.json`, …); the figures are
 * rendered from every incremental file of the suite, so areas can be run one at a time.
 */
const onlyAreas = (process.env.MUTATION_AREA ?? '').split(',').filter((a) => a !== '');
for (const a of onlyAreas) if (!CONFORMANCE_AREAS.some((c) => c.name === a)) throw new Error(`MUTATION_AREA: unknown area ${a}; use ${CONFORMANCE_AREAS.map((c) => c.name).join(', ')}`);
const MUTATED_AREAS = onlyAreas.length === 0 ? CONFORMANCE_AREAS : CONFORMANCE_AREAS.filter((a) => onlyAreas.includes(a.name));
const conformanceOptions = common('conformance-code', 'test/mutation/vitest.conformance.config.ts', MUTATED_AREAS, process.env.MUTATION_TYPECHECK === '1');
const partName = onlyLines.length > 0 ? linesPart : onlyAreas.map((a) => a.replace(/\W+/g, '-')).join('.');

/**
 * The processor conformance suite alone (conformance-cases.mutation.ts: one vitest test per case,
 * in process against the reference adapter) over the four core folders. Without the TypeScript
 * checker unless `MUTATION_TYPECHECK=1`: it would cost more than the cases themselves, and a
 * mutant that does not type-check still runs as JavaScript, so it is counted like any other
 * (killed when a case fails, a survivor otherwise).
 */
export const CONFORMANCE: Suite = {
  name: 'conformance-code',
  command: 'npm run mutation:conformance:stryker',
  title: 'Stryker over the conformance suite',
  tests: 'the processor conformance cases of `conformance/cases/**` (one vitest test per case, run in process against the reference adapter) and nothing else',
  areas: CONFORMANCE_AREAS,
  survivorsFile: 'conformance/stryker-survivors.json',
  stryker: {
    ...conformanceOptions,
    // The cases run on simulated time and take milliseconds: a mutant that hangs is cut short sooner.
    timeoutMS: timeoutOverride ?? 3_000,
    // Each mutant's result as it is tested (test/mutation/incremental/events/, git-ignored), to
    // read the survivors of a long run before it ends.
    reporters: ['progress-append-only', 'event-recorder'],
    eventReporter: { baseDir: `test/mutation/incremental/events${partName === '' ? '' : `.${partName}`}` },
    ...(onlyLines.length > 0 ? { mutate: mutateLines } : {}),
    ...(partName === '' ? {} : { incrementalFile: `test/mutation/incremental/conformance-code.${partName}.json` }),
  },
};

/** Both suites, by name. */
export const SUITES: Record<SuiteName, Suite> = { unit: UNIT, 'conformance-code': CONFORMANCE };

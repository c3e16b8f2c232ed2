/**
 * The two mutation suites and the Stryker options of each: which code is mutated, which tests
 * may kill a mutant, and where the incremental results are kept.
 */
import type { PartialStrykerOptions } from '@stryker-mutator/api/core';

/** The suite of `npm run mutation` (Stryker; `npm run mutation:conformance` is spec-level, see spec-mutants.ts). */
export type SuiteName = 'unit';

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

/** Options shared by both suites. */
function common(name: SuiteName, vitestConfig: string, areas: Area[]): PartialStrykerOptions {
  return {
    packageManager: 'npm',
    plugins: ['@stryker-mutator/vitest-runner', '@stryker-mutator/typescript-checker'],
    testRunner: 'vitest',
    vitest: { configFile: vitestConfig, related: false },
    checkers: ['typescript'],
    tsconfigFile: 'test/mutation/tsconfig.checker.json',
    typescriptChecker: { prioritizePerformanceOverAccuracy: true },
    mutate: globs(areas),
    coverageAnalysis: 'perTest',
    ignoreStatic: true,
    incremental: true,
    incrementalFile: `test/mutation/incremental/${name}.json`,
    concurrency,
    timeoutMS: 10_000,
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
 * What `npm run mutation` mutates by default, with the unit and property tests of `test/scoring`
 * and `test/lifecycle`: the scorer's ranking, selection, options, truncation and name keys, and
 * the lifecycle machine (the scope that finishes in about half an hour on two shared cores; the
 * index builder, the tokenizer, the Porter stemmer, the compound splitter, the segmenter, the
 * folding and the footprint estimate are left to the full scope). `MUTATION_SCOPE=all` widens it
 * to every core folder and `src/editor`, with every fast test of `npm test`.
 */
const SCOPED_AREAS: Area[] = [
  ...['rank', 'select', 'options', 'truncate', 'stem', 'name-key'].map((f) => ({
    name: `src/scoring/${f}.ts`,
    prefix: `src/scoring/${f}.ts`,
  })),
  { name: 'src/lifecycle', prefix: 'src/lifecycle/' },
];

const UNIT_AREAS: Area[] = process.env.MUTATION_SCOPE === 'all' ? [...CORE_AREAS, { name: 'src/editor', prefix: 'src/editor/' }] : SCOPED_AREAS;

/** The unit and property tests of the mutated folders (or, with `MUTATION_SCOPE=all`, the fast tests of `npm test`). */
export const UNIT: Suite = {
  name: 'unit',
  command: 'npm run mutation',
  tests:
    process.env.MUTATION_SCOPE === 'all'
      ? 'the vitest suite of `npm test` (projects `unit`, `mcp@1`, `mcp@2`) without `test/e2e`, `test/package` and `test/site`, with a fixed fast-check seed'
      : 'the unit and property tests of the mutated folders (`test/scoring/**`, `test/lifecycle/**`), with a fixed fast-check seed',
  areas: UNIT_AREAS,
  survivorsFile: 'test/mutation/survivors.json',
  stryker: common('unit', process.env.MUTATION_SCOPE === 'all' ? 'test/mutation/vitest.unit.config.ts' : 'test/mutation/vitest.scoped.config.ts', UNIT_AREAS),
};

/** Both suites, by name. */
export const SUITES: Record<SuiteName, Suite> = { unit: UNIT };

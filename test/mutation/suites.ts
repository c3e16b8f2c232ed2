/**
 * The two mutation suites and the Stryker options of each: which code is mutated, which tests
 * may kill a mutant, and where the incremental results are kept.
 */
import type { PartialStrykerOptions } from '@stryker-mutator/api/core';

/** A suite of `npm run mutation` (`unit`) or `npm run mutation:conformance` (`conformance`). */
export type SuiteName = 'conformance' | 'unit';

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
const NOT_MUTATED = ['!src/**/index.ts', '!src/scoring/types.ts', '!src/editor/diagnostics.ts', '!src/editor/mcp/storage/backend.ts'];

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
    cleanTempDir: 'always',
    logLevel: 'info' as PartialStrykerOptions['logLevel'],
    fileLogLevel: 'off' as PartialStrykerOptions['fileLogLevel'],
  };
}

/** The conformance suite alone, against the reference implementation. */
export const CONFORMANCE: Suite = {
  name: 'conformance',
  command: 'npm run mutation:conformance',
  tests: 'the processor conformance suite alone (`conformance/cases/**.json`, one vitest test per case, run by `test/mutation/conformance.harness.ts` against the bundled `reference` adapter)',
  areas: CORE_AREAS,
  survivorsFile: 'conformance/mutation-survivors.json',
  stryker: common('conformance', 'test/mutation/vitest.conformance.config.ts', CORE_AREAS),
};

const UNIT_AREAS: Area[] = [...CORE_AREAS, { name: 'src/editor', prefix: 'src/editor/' }];

/** The unit, property and conformance tests of `npm test`, without the slow end-to-end, package and site tests. */
export const UNIT: Suite = {
  name: 'unit',
  command: 'npm run mutation',
  tests: 'the vitest suite of `npm test` (projects `unit`, `mcp@1`, `mcp@2`) without `test/e2e`, `test/package` and `test/site`, with a fixed fast-check seed',
  areas: UNIT_AREAS,
  survivorsFile: 'test/mutation/survivors.json',
  stryker: common('unit', 'test/mutation/vitest.unit.config.ts', UNIT_AREAS),
};

/** Both suites, by name. */
export const SUITES: Record<SuiteName, Suite> = { conformance: CONFORMANCE, unit: UNIT };

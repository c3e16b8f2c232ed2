/**
 * One call for a test or a command line: run the bundled processor suite
 * against a bundled adapter with its expectation file. This is the in-process
 * conformance run a test drives (a mutation-testing tool runs it as its only
 * test: `expect((await runBundledSuite('reference')).ok).toBe(true)`).
 *
 * @module
 */
import { join } from 'node:path';
import { BUNDLED_ADAPTERS } from '../adapter/bundled.js';
import { loadCases } from '../case/load.js';
import { casesDir, expectationsDir } from '../paths.js';
import { readExpectations } from './expectations.js';
import { runSuite, type AdapterRun } from './runner.js';

/** A finished run of a bundled adapter and the expectation file it was held to. */
export interface BundledRun {
  /** The outcome. */
  run: AdapterRun;
  /** Absolute path of the expectation file. */
  expectationsFile: string;
  /** Files of the suite that failed to validate (the run does not include their cases). */
  caseProblems: string[];
}

/**
 * Runs every processor case (or those `filter` selects) against the bundled
 * adapter `name` (`reference` or `mastra-core`), with its expectation file, and
 * disposes of the adapter.
 */
export async function runBundledSuite(name: string, options: { filter?: string } = {}): Promise<BundledRun> {
  const bundled = BUNDLED_ADAPTERS.find((b) => b.name === name);
  if (!bundled) throw new Error(`unknown adapter "${name}"; use one of ${BUNDLED_ADAPTERS.map((b) => b.name).join(', ')}`);
  const suite = loadCases(casesDir());
  const adapter = await bundled.create();
  try {
    const expectationsFile = join(expectationsDir(), bundled.expectationsFile(adapter));
    const run = await runSuite(adapter, {
      cases: suite.cases.map((c) => c.case),
      expectations: readExpectations(expectationsFile),
      ...(options.filter !== undefined ? { filter: options.filter } : {}),
    });
    return { run, expectationsFile, caseProblems: suite.problems.map((p) => `${p.file}: ${p.message}`) };
  } finally {
    await adapter.dispose();
  }
}

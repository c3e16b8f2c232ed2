/**
 * One call for a command line: run the bundled editor suite against a bundled
 * editor adapter with its expectation file.
 *
 * @module
 */
import { join } from 'node:path';
import { expectationsDir } from '../../paths.js';
import { readExpectations } from '../../run/expectations.js';
import { BUNDLED_EDITOR_ADAPTERS, type BundledEditorAdapter } from '../adapter/bundled.js';
import { loadEditorCases } from '../case/load.js';
import { editorCasesDir } from '../paths.js';
import { runEditorSuite, type EditorRun } from './runner.js';

/** A finished run of a bundled adapter and the expectation file it was held to. */
export interface BundledEditorRun {
  /** The outcome. */
  run: EditorRun;
  /** Absolute path of the expectation file. */
  expectationsFile: string;
  /** Files of the suite that failed to validate (the run does not include their cases). */
  caseProblems: string[];
}

/**
 * Runs every editor case (or those matching `filter`) against the bundled
 * adapter `name`, with its expectation file, and closes the adapter.
 */
export async function runBundledEditorSuite(name: BundledEditorAdapter['name'], options: { filter?: string } = {}): Promise<BundledEditorRun> {
  const bundled = BUNDLED_EDITOR_ADAPTERS.find((b) => b.name === name);
  if (!bundled) throw new Error(`unknown editor adapter "${name}"; use one of ${BUNDLED_EDITOR_ADAPTERS.map((b) => b.name).join(', ')}`);
  const suite = loadEditorCases(editorCasesDir());
  const adapter = await bundled.create();
  try {
    const expectationsFile = join(expectationsDir(), bundled.expectationsFile(adapter));
    const run = await runEditorSuite({
      adapter,
      cases: suite.cases.map((c) => c.case),
      expectations: readExpectations(expectationsFile),
      ...(options.filter !== undefined ? { filter: options.filter } : {}),
    });
    return { run, expectationsFile, caseProblems: suite.problems.map((p) => `${p.file}: ${p.message}`) };
  } finally {
    await adapter.close();
  }
}

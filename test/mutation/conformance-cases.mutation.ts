/**
 * The processor conformance suite as vitest tests, for `npm run mutation:conformance:stryker`:
 * every case of `conformance/cases/**` is one test, run in process against the reference adapter
 * (this package's `ToolSearchProcessor`), so that Stryker's per-test coverage runs only the cases
 * that reach a mutant. A case passes when the runner classifies it as passed; any other status
 * (failed, skipped, protocol error) fails the test with the runner's messages.
 *
 * Not part of `npm test` (its name does not end in `.test.ts`): `npm run conformance` runs the
 * same cases, and test/conformance/suite.test.ts checks the suite itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_ADAPTERS, casesDir, loadCases, runSuite, type Adapter } from '../../src/conformance/index.js';

const suite = loadCases(casesDir());
let adapter: Adapter;

beforeAll(async () => {
  adapter = await BUNDLED_ADAPTERS.find((b) => b.name === 'reference')!.create();
});
afterAll(async () => {
  await adapter?.dispose();
});
// Every case starts with empty process-wide memos: vitest.conformance.config.ts runs fresh-memos.ts.

describe('the processor conformance suite against the reference implementation', () => {
  it('the cases validate', () => {
    expect(suite.problems).toEqual([]);
  });
  for (const { case: c } of suite.cases) {
    it(`[${c.rules.join('] [')}] ${c.id}`, async () => {
      const run = await runSuite(adapter, { cases: [c] });
      const result = run.results[0]!;
      expect({ status: result.status, reason: result.reason, failures: result.failures }).toEqual({ status: 'passed', reason: undefined, failures: [] });
    });
  }
});

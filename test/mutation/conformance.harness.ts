/**
 * The conformance suite as the only test of `npm run mutation:conformance`: one vitest test per
 * processor case, run in process against the bundled `reference` adapter. A mutant of the
 * reference implementation is killed exactly when some case no longer passes.
 *
 * One test per case (not one `runBundledSuite('reference')` call) lets Stryker's per-test
 * coverage run only the cases that reach a mutant. Each test's title carries a hash of its
 * case's JSON, so that Stryker's incremental mode re-runs a case whose content changed.
 *
 * This file is not a `*.test.ts`: `npm test` runs the suite itself (`test/conformance/suite.test.ts`).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUNDLED_ADAPTERS, casesDir, formatDetails, loadCases, runSuite, type Adapter } from '../../src/conformance/index.js';

const suite = loadCases(casesDir());
let adapter: Adapter;

beforeAll(async () => {
  adapter = await BUNDLED_ADAPTERS.find((b) => b.name === 'reference')!.create();
});
afterAll(async () => {
  await adapter?.dispose();
});

it('every case file validates', () => {
  expect(suite.problems).toEqual([]);
});

for (const { case: c } of suite.cases) {
  const hash = createHash('sha256').update(JSON.stringify(c)).digest('hex').slice(0, 10);
  it(`${c.id} (${hash})`, async () => {
    const run = await runSuite(adapter, { cases: [c] });
    expect(run.ok ? '' : formatDetails(run).join('\n')).toBe('');
    expect(run.results.map((r) => r.status)).toEqual(['passed']);
  });
}

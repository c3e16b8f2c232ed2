/**
 * One run of the processor conformance suite against the reference implementation of a copy of
 * the repository (the mutant's), started by `npm run mutation:conformance` as
 * `node --import tsx test/mutation/conformance-worker.ts <root> [<cases dir>]`.
 *
 * Prints one JSON line: `{ "cases": n, "failed": [case IDs that did not pass] }`. Exits with 0
 * when the suite ran (whatever its verdict), with 1 when it could not run.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [root, casesArg] = process.argv.slice(2);
if (root === undefined) throw new Error('usage: conformance-worker.ts <root> [<cases dir>]');

const conformance = (await import(pathToFileURL(join(root, 'src', 'conformance', 'index.ts')).href)) as typeof import('../../src/conformance/index.js');
const suite = conformance.loadCases(casesArg ?? conformance.casesDir());
if (suite.problems.length > 0) throw new Error(`the cases do not validate: ${suite.problems.map((p) => `${p.file}: ${p.message}`).join('; ')}`);
const bundled = conformance.BUNDLED_ADAPTERS.find((b) => b.name === 'reference')!;
const adapter = await bundled.create();
try {
  const run = await conformance.runSuite(adapter, { cases: suite.cases.map((c) => c.case) });
  const failed = run.results.filter((r) => r.status !== 'passed').map((r) => r.id);
  process.stdout.write(`${JSON.stringify({ cases: run.results.length, failed })}\n`);
} finally {
  await adapter.dispose();
}

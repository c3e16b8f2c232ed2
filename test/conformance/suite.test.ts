import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  casesDir,
  formatDetails,
  loadCases,
  readExpectations,
  runBundledSuite,
  runSuite,
  stdioAdapter,
  type AdapterRun,
} from '../../src/conformance/index.js';

const cases = loadCases(casesDir()).cases.map((c) => c.case);
const examples = join(new URL('.', import.meta.url).pathname, '..', '..', 'conformance', 'examples', 'python');

async function runBundled(name: string): Promise<{ run: AdapterRun; implementation: AdapterRun['implementation']; file: string }> {
  const { run, expectationsFile, caseProblems } = await runBundledSuite(name);
  expect(caseProblems).toEqual([]);
  return { run, implementation: run.implementation, file: expectationsFile };
}

/** On a mismatch, the report says which case broke which rule. */
const mismatch = (run: AdapterRun): string => (run.ok ? '' : formatDetails(run).join('\n'));

describe('the whole suite', () => {
  it('[conformance.adapter.bundled] [conformance.expectations.reference-empty] the reference passes every case with an empty expectation file', async () => {
    const { run, file } = await runBundled('reference');
    expect(readExpectations(file).failures.size).toBe(0);
    expect(mismatch(run)).toBe('');
    expect(run.results.every((r) => r.status === 'passed')).toBe(true);
    expect(run.results).toHaveLength(cases.length);
  });

  it('[conformance.adapter.bundled] [conformance.expectations.unexpected-failure] @mastra/core 1.71.0 fails exactly the cases of its expectation file', async () => {
    const { run, implementation, file } = await runBundled('mastra-core');
    expect(implementation).toEqual({ name: '@mastra/core', version: '1.71.0' });
    expect(file).toMatch(/mastra-core-1\.71\.0\.txt$/);
    expect(mismatch(run)).toBe('');
    const listed = [...readExpectations(file).failures.keys()].sort();
    expect(run.results.filter((r) => r.status === 'expected-failure').map((r) => r.id).sort()).toEqual(listed);
    expect(listed.length).toBeGreaterThan(0);
  });

  it('[conformance.protocol.handshake] [conformance.runner.skip] the minimal Python example runs what it claims (nothing optional), skips the rest, and fails exactly its expectation file', async () => {
    const adapter = await stdioAdapter(`python3 ${join(examples, 'minimal_adapter.py')}`);
    try {
      expect(adapter.implementation).toEqual({ name: 'minimal-python', version: '0.1.0' });
      expect(adapter.features).toEqual([]);
      const run = await runSuite(adapter, { cases, expectations: readExpectations(join(examples, 'minimal_adapter.expectations.txt')) });
      expect(mismatch(run)).toBe('');
      const skipped = run.results.filter((r) => r.status === 'skipped');
      expect(skipped.map((r) => r.id).sort()).toEqual(cases.filter((c) => c.features.length > 0).map((c) => c.id).sort());
      for (const r of skipped) expect(r.reason).toMatch(/^needs unclaimed feature\(s\): /);
      expect(run.results.filter((r) => r.status === 'passed').length).toBeGreaterThan(40);
      // Every expected failure is a rule of spec/search.md the example leaves out on purpose.
      expect(run.results.filter((r) => r.status === 'expected-failure').every((r) => r.expected!.rule.startsWith('search.'))).toBe(true);
    } finally {
      await adapter.dispose();
    }
  });
});

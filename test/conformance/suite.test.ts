import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  casesDir,
  expectationsDir,
  formatDetails,
  loadCases,
  readExpectations,
  runBundledSuite,
  runSuite,
  stdioAdapter,
  type AdapterRun,
} from '../../src/conformance/index.js';
import { processorAdapter, type ProcessorClass } from '../../src/conformance/adapter/processor-adapter.js';
import { ALL_FEATURES } from '../../src/conformance/case/features.js';
import type { Feature } from '../../src/conformance/case/schema.js';
import { ToolSearchProcessor } from '../../src/index.js';

const cases = loadCases(casesDir()).cases.map((c) => c.case);
const examples = join(new URL('.', import.meta.url).pathname, '..', '..', 'conformance', 'examples', 'python');

async function runBundled(name: string): Promise<{ run: AdapterRun; implementation: AdapterRun['implementation']; file: string }> {
  const { run, expectationsFile, caseProblems } = await runBundledSuite(name);
  expect(caseProblems).toEqual([]);
  return { run, implementation: run.implementation, file: expectationsFile };
}

/**
 * The reference with a context store that reuses nothing (`maxRememberedMessages` 0): it reads every message at every
 * step, as r[store.context.derive.incremental] permits (r[conformance.case.permitted]).
 */
const reusingNothing = (features: readonly Feature[]) =>
  processorAdapter({
    implementation: { name: 'tool-search-reference, reusing nothing', version: '0' },
    processor: ToolSearchProcessor as unknown as ProcessorClass,
    features,
    clock: { kind: 'option', options: (now, timers) => ({ clock: now, timers, maxRememberedMessages: 0 }) },
  });
const referenceExpectations = () => readExpectations(join(expectationsDir(), 'reference.txt'));

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

  it('[conformance.case.permitted] [processor.options.max-remembered-messages] the reference reusing nothing (maxRememberedMessages 0) passes every case it runs, and skips exactly the cases needing incremental-derivation', async () => {
    const run = await runSuite(reusingNothing(ALL_FEATURES.filter((f) => f !== 'incremental-derivation')), { cases, expectations: referenceExpectations() });
    expect(mismatch(run)).toBe('');
    const gated = cases.filter((c) => c.features.includes('incremental-derivation')).map((c) => c.id);
    expect(gated.length).toBeGreaterThan(0);
    expect(run.results.filter((r) => r.status === 'skipped').map((r) => r.id).sort()).toEqual(gated.sort());
    expect(run.results.filter((r) => r.status !== 'skipped').every((r) => r.status === 'passed')).toBe(true);
  });

  it('[conformance.case.permitted] [store.context.derive.incremental] each case needing incremental-derivation fails when the reference reuses nothing: the feature gates no case needlessly', async () => {
    const gated = cases.filter((c) => c.features.includes('incremental-derivation'));
    const run = await runSuite(reusingNothing(ALL_FEATURES), { cases: gated, expectations: referenceExpectations() });
    expect(run.results.map((r) => [r.id, r.status])).toEqual(gated.map((c) => [c.id, 'failed']));
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

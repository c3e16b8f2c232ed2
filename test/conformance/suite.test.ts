import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BUNDLED_ADAPTERS,
  casesDir,
  expectationsDir,
  formatRun,
  loadCases,
  readExpectations,
  runSuite,
  stdioAdapter,
  type Adapter,
  type AdapterRun,
} from '../../src/conformance/index.js';

const cases = loadCases(casesDir()).cases.map((c) => c.case);
const here = new URL('.', import.meta.url).pathname;

async function runBundled(name: string): Promise<{ run: AdapterRun; adapter: Adapter; file: string }> {
  const bundled = BUNDLED_ADAPTERS.find((b) => b.name === name)!;
  const adapter = await bundled.create();
  const file = join(expectationsDir(), bundled.expectationsFile(adapter));
  try {
    return { run: await runSuite(adapter, { cases, expectations: readExpectations(file) }), adapter, file };
  } finally {
    await adapter.dispose();
  }
}

/** On a mismatch, the report says which case broke which rule. */
const mismatch = (run: AdapterRun): string =>
  run.ok ? '' : formatRun(run).split('\n').filter((l) => /^(FAIL|XPASS|EXPECTATIONS)|^ {8}/.test(l)).join('\n');

describe('the whole suite', () => {
  it('[conformance.adapter.bundled] [conformance.expectations.reference-empty] the reference passes every case with an empty expectation file', async () => {
    const { run, file } = await runBundled('reference');
    expect(readExpectations(file).failures.size).toBe(0);
    expect(mismatch(run)).toBe('');
    expect(run.results.every((r) => r.status === 'passed')).toBe(true);
    expect(run.results).toHaveLength(cases.length);
  });

  it('[conformance.adapter.bundled] [conformance.expectations.unexpected-failure] @mastra/core 1.71.0 fails exactly the cases of its expectation file', async () => {
    const { run, adapter, file } = await runBundled('mastra-core');
    expect(adapter.implementation).toEqual({ name: '@mastra/core', version: '1.71.0' });
    expect(file).toMatch(/mastra-core-1\.71\.0\.txt$/);
    expect(mismatch(run)).toBe('');
    const listed = [...readExpectations(file).failures.keys()].sort();
    expect(run.results.filter((r) => r.status === 'expected-failure').map((r) => r.id).sort()).toEqual(listed);
    expect(listed.length).toBeGreaterThan(0);
  });

  it('[conformance.protocol.handshake] [conformance.runner.skip] a foreign stdio implementation runs what it claims and skips the rest', async () => {
    const adapter = await stdioAdapter(`node ${join(here, 'fixtures', 'foreign-adapter.mjs')}`);
    try {
      expect(adapter.implementation).toEqual({ name: 'foreign-mini', version: '0.0.1' });
      const run = await runSuite(adapter, { cases, expectations: readExpectations(join(here, 'fixtures', 'foreign-mini.txt')) });
      expect(mismatch(run)).toBe('');
      const skipped = run.results.filter((r) => r.status === 'skipped');
      expect(skipped.length).toBeGreaterThan(0);
      for (const r of skipped) expect(r.reason).toMatch(/^needs unclaimed feature\(s\): /);
      expect(run.results.filter((r) => r.status === 'passed').length).toBeGreaterThan(20);
      expect(run.results.filter((r) => r.status === 'expected-failure').map((r) => r.id)).toContain('processor.filter.not-found/suggestions');
    } finally {
      await adapter.dispose();
    }
  });
});

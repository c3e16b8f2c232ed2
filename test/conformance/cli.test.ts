import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main, packageRoot, type Output } from '../../src/conformance/index.js';

const here = new URL('.', import.meta.url).pathname;
const capture = () => {
  const out: string[] = [];
  const err: string[] = [];
  const output: Output = { log: (t) => out.push(t), error: (t) => err.push(t) };
  return { output, out: () => out.join('\n'), err: () => err.join('\n') };
};
const tmp = () => mkdtempSync(join(tmpdir(), 'conformance-cli-'));

describe('command line', () => {
  it('[conformance.runner.options] --adapter, --filter and --json select cases and write a machine-readable report', async () => {
    const json = join(tmp(), 'report.json');
    const c = capture();
    const code = await main(['--adapter', 'mastra-core', '--filter', 'processor.load/', '--json', json], c.output);
    expect(code).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8')) as {
      format: string;
      ok: boolean;
      runs: Array<{ suite: string; implementation: { name: string }; areas: Record<string, unknown>; rules: Record<string, unknown>; cases: Array<{ id: string }> }>;
    };
    expect(report.format).toBe('tool-search-conformance-report/2');
    expect(report.ok).toBe(true);
    expect(report.runs.map((a) => [a.suite, a.implementation.name])).toEqual([['processor', '@mastra/core']]);
    expect(Object.keys(report.runs[0]!.areas)).toEqual(['processor']);
    expect(Object.keys(report.runs[0]!.rules)).toContain('processor.load.results');
    const ids = report.runs[0]!.cases.map((x) => x.id);
    expect(ids.length).toBeGreaterThan(3);
    expect(ids.every((id) => id.includes('processor.load/'))).toBe(true);
    expect(c.out()).toMatch(/^OK\s+@mastra\/core 1\.71\.0\s+processor suite\s+\d+ passed/m);
    expect(c.out().split('\n').at(-1)).toBe('VERDICT: OK: every run matches its expectations (1 run)');
  });

  it('[conformance.runner.options] --adapter MODULE loads a module whose default export makes an adapter; --filter takes globs and rule IDs', async () => {
    const c = capture();
    const code = await main(['--adapter', join(here, 'fixtures', 'module-adapter.ts'), '--filter', 'processor.tools.meta/*-load-tool', '--verbose'], c.output);
    expect(code).toBe(0);
    expect(c.out()).toMatch(/^processor\s+1\s+0\s+0\s+0\s+0\s+0$/m);
    const byRule = capture();
    expect(await main(['--adapter', 'mastra-core', '--filter', 'store.memory.clear-all', '--verbose'], byRule.output)).toBe(0);
    expect(byRule.out()).toMatch(/^store\.memory\.clear-all\s+1\s+0/m);
    const quiet = capture();
    expect(await main(['--adapter', 'mastra-core', '--filter', 'store.memory.clear-all'], quiet.output)).toBe(0);
    expect(quiet.out()).not.toMatch(/^store\.memory\.clear-all\s+1/m);
  });

  it('[conformance.runner.options] --stdio and --expectations run the Python example over the whole suite against its own expectation file', async () => {
    const c = capture();
    const example = join(packageRoot(), 'conformance', 'examples', 'python');
    const code = await main(
      ['--stdio', `python3 ${join(example, 'minimal_adapter.py')}`, '--expectations', join(example, 'minimal_adapter.expectations.txt'), '--verbose'],
      c.output,
    );
    expect(c.err()).toBe('');
    expect(code).toBe(0);
    expect(c.out()).toMatch(/^OK\s+minimal-python 0\.1\.0\s+processor suite\s+\d+ passed, \d+ expected failures, \d+ skipped$/m);
    expect(c.out()).toMatch(/xfail search\.tokenize\.stem\/inflections \[search\.tokenize\.stem\]/);
    expect(c.out()).toMatch(/skip  \S+: needs unclaimed feature\(s\): /);
    expect(c.out().split('\n').at(-1)).toBe('VERDICT: OK: every run matches its expectations (1 run)');
  });

  it('[conformance.runner.options] the bin entry is a node script and cases are found from the package root, not the cwd', () => {
    expect(readFileSync(join(packageRoot(), 'src', 'conformance', 'cli.ts'), 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
    expect(packageRoot()).toBe(join(here, '..', '..'));
  });

  it('[conformance.runner.exit-code] 1 when reality does not match the expectations, 2 on a usage error, 0 for --help', async () => {
    const empty = join(tmp(), 'none.txt');
    writeFileSync(empty, '# expects nothing to fail\n');
    const mismatch = capture();
    expect(await main(['--adapter', 'mastra-core', '--expectations', empty, '--filter', 'processor.names.duplicate/'], mismatch.output)).toBe(1);
    expect(mismatch.out()).toMatch(/^MISMATCH\s+@mastra\/core 1\.71\.0\s+processor suite\s+0 passed, 0 expected failures, 0 skipped, 1 unexpected failures$/m);
    expect(mismatch.out()).toMatch(/^FAIL  processor\.names\.duplicate\//m);
    expect(mismatch.out().split('\n').at(-1)).toMatch(/^VERDICT: MISMATCH: 1 of 1 runs do not match/);
    const usage = capture();
    expect(await main(['--frobnicate'], usage.output)).toBe(2);
    expect(usage.err()).toMatch(/Usage: tool-search-conformance/);
    const help = capture();
    expect(await main(['--help'], help.output)).toBe(0);
    expect(help.out()).toMatch(/--stdio "COMMAND"/);
    const missing = capture();
    expect(await main(['--adapter', './no/such/adapter.js'], missing.output)).toBe(1);
    expect(missing.out()).toMatch(/^ERROR\s+\.\/no\/such\/adapter\.js\s+processor suite\s+cannot run: cannot start: --adapter \.\/no\/such\/adapter\.js: no such file/m);
  });

  it('[conformance.runner.exit-code] with no adapter option every bundled adapter runs against its own expectation file', async () => {
    const c = capture();
    const code = await main(['--filter', 'processor.names.duplicate/', '--verbose'], c.output);
    const lines = c.out().split('\n');
    expect(lines.slice(0, 4).map((l) => l.split(/\s{2,}/).slice(0, 3))).toEqual([
      ['OK', 'tool-search-reference 0.1.0', 'processor suite'],
      ['OK', '@mastra/core 1.71.0', 'processor suite'],
      ['OK', 'tool-search-reference/editor 0.1.0', 'editor suite'],
      ['OK', '@mastra/editor 0.14.0', 'editor suite'],
    ]);
    expect(c.out()).toMatch(/expectations: .*reference\.txt/);
    expect(c.out()).toMatch(/expectations: .*mastra-core-1\.71\.0\.txt/);
    expect(c.out()).toMatch(/xfail processor\.names\.duplicate\/construction-error/);
    expect(lines.at(-1)).toBe('VERDICT: OK: every run matches its expectations (4 runs)');
    expect(code).toBe(0);
  });
});

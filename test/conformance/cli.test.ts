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
    const report = JSON.parse(readFileSync(json, 'utf8')) as { ok: boolean; adapters: Array<{ implementation: { name: string }; cases: Array<{ id: string }> }> };
    expect(report.ok).toBe(true);
    expect(report.adapters.map((a) => a.implementation.name)).toEqual(['@mastra/core']);
    const ids = report.adapters[0]!.cases.map((x) => x.id);
    expect(ids.length).toBeGreaterThan(3);
    expect(ids.every((id) => id.includes('processor.load/'))).toBe(true);
    expect(c.out()).toMatch(/OK: @mastra\/core matches its expectations/);
  });

  it('[conformance.runner.options] --adapter MODULE loads a module whose default export makes an adapter; --filter takes globs and rule IDs', async () => {
    const c = capture();
    const code = await main(['--adapter', join(here, 'fixtures', 'module-adapter.ts'), '--filter', 'processor.tools.meta/*-load-tool'], c.output);
    expect(code).toBe(0);
    expect(c.out()).toMatch(/^processor\s+1\s+0\s+0\s+0\s+0$/m);
    const byRule = capture();
    expect(await main(['--adapter', 'mastra-core', '--filter', 'store.memory.clear-all'], byRule.output)).toBe(0);
    expect(byRule.out()).toMatch(/^store\.memory\.clear-all\s+1\s+0/m);
  });

  it('[conformance.runner.options] --stdio and --expectations run a foreign implementation against its own expectation file', async () => {
    const c = capture();
    const code = await main(
      ['--stdio', `node ${join(here, 'fixtures', 'foreign-adapter.mjs')}`, '--expectations', join(here, 'fixtures', 'foreign-mini.txt'), '--filter', 'processor.filter.not-found/'],
      c.output,
    );
    expect(c.err()).toBe('');
    expect(code).toBe(0);
    expect(c.out()).toMatch(/xfail processor\.filter\.not-found\/suggestions/);
    expect(c.out()).toMatch(/skip  processor\.filter\.not-found\/suggest-skips-load-denied: needs unclaimed feature\(s\): filter/);
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
    expect(mismatch.out()).toMatch(/MISMATCH: @mastra\/core: 1 unexpected failures/);
    const usage = capture();
    expect(await main(['--frobnicate'], usage.output)).toBe(2);
    expect(usage.err()).toMatch(/Usage: tool-search-conformance/);
    const help = capture();
    expect(await main(['--help'], help.output)).toBe(0);
    expect(help.out()).toMatch(/--stdio "COMMAND"/);
    const missing = capture();
    expect(await main(['--adapter', './no/such/adapter.js'], missing.output)).toBe(1);
    expect(missing.err()).toMatch(/no such file/);
  });

  it('[conformance.runner.exit-code] with no adapter option every bundled adapter runs against its own expectation file', async () => {
    const c = capture();
    const code = await main(['--filter', 'processor.names.duplicate/'], c.output);
    expect(c.out()).toMatch(/== tool-search-reference /);
    expect(c.out()).toMatch(/expectations: .*reference\.txt/);
    expect(c.out()).toMatch(/== @mastra\/core 1\.71\.0 ==/);
    expect(c.out()).toMatch(/expectations: .*mastra-core-1\.71\.0\.txt/);
    expect(c.out()).toMatch(/xfail processor\.names\.duplicate\/construction-error/);
    expect(code).toBe(0);
  });
});

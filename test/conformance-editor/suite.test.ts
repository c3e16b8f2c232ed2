/**
 * The whole editor suite against both bundled adapters: the reference
 * (src/editor) passes every case with an empty expectation file; @mastra/editor
 * 0.14.0 (in-memory storage, MCP data served over loopback HTTP) matches
 * conformance/expectations/mastra-editor-0.14.0.txt exactly, with the
 * diagnostics cases skipped.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseExpectations } from '../../src/conformance/index.js';
import { join } from 'node:path';
import { expectationsDir } from '../../src/conformance/index.js';
import {
  BUNDLED_EDITOR_ADAPTERS,
  editorCasesDir,
  formatEditorRun,
  loadEditorCases,
  runBundledEditorSuite,
  runEditorSuite,
  usedEditorFeatures,
  type EditorAdapter,
  type EditorRun,
} from '../../src/conformance/editor/index.js';
import { parseDepartures } from '../support/spec-rules.js';

const cases = loadEditorCases(editorCasesDir()).cases.map((c) => c.case);
const runs: Record<'reference' | 'mastra-editor', EditorRun> = {} as never;
const files: Record<'reference' | 'mastra-editor', string> = {} as never;
const adapters: EditorAdapter[] = [];

/** On a mismatch, the report lines that say which case broke which rule. */
const mismatch = (run: EditorRun): string =>
  run.ok ? '' : formatEditorRun(run).split('\n').filter((l) => /^(FAIL|XPASS|EXPECTATIONS)|^ {8}/.test(l)).join('\n');

beforeAll(async () => {
  for (const bundled of BUNDLED_EDITOR_ADAPTERS) {
    const adapter = await bundled.create();
    adapters.push(adapter);
    files[bundled.name] = join(expectationsDir(), bundled.expectationsFile(adapter));
    const expectations = parseExpectations(readFileSync(files[bundled.name], 'utf8'));
    runs[bundled.name] = await runEditorSuite({ adapter, cases, expectations });
  }
}, 60_000);

afterAll(async () => {
  for (const a of adapters) await a.close();
});

/** Both runs, restricted to one topic: each matches its expectations. */
function topicMatches(topic: string): void {
  for (const run of Object.values(runs)) {
    const results = run.results.filter((r) => r.area === `editor.${topic}`);
    expect(results.length, `${run.implementation.name}: ${topic}`).toBeGreaterThan(0);
    const bad = results.filter((r) => r.status === 'failed' || r.status === 'unexpected-pass');
    expect(bad.map((r) => `${r.status} ${r.id}: ${r.failures.join('; ')}`)).toEqual([]);
  }
}

describe('the editor suite against both adapters', () => {
  it('[editor.rules.group] [editor.rules.leaf] [editor.rules.missing] [editor.rules.field-path] rule-language cases match both expectation files', () => {
    topicMatches('rules');
  });

  it('[editor.variants.merge] [editor.variants.none] [editor.variants.tool-rules-ignored] [editor.model.variant] variant cases match both expectation files', () => {
    topicMatches('variants');
  });

  it('[editor.order.sources] [editor.order.replace] [editor.order.key-order] [editor.order.override] merge-order cases match both expectation files', () => {
    topicMatches('merge-order');
  });

  it('[editor.mcp.server-allow-list] [editor.mcp.agent-allow-list] [editor.mcp.omitted-tools] allow-list cases match both expectation files', () => {
    topicMatches('allow-lists');
  });

  it('[editor.mcp.namespace] [editor.mcp.namespace-parse] namespacing cases match both expectation files', () => {
    topicMatches('namespacing');
  });

  it('[editor.descriptions.registered] [editor.descriptions.mcp-precedence] [editor.descriptions.only-mode] description cases match both expectation files', () => {
    topicMatches('descriptions');
  });

  it('[editor.model.validation-path] the reference passes every case; its expectation file lists nothing', () => {
    const run = runs.reference;
    expect(parseExpectations(readFileSync(files.reference, 'utf8'))).toEqual({ failures: new Map(), problems: [] });
    expect(mismatch(run)).toBe('');
    expect(run.results).toHaveLength(cases.length);
    expect(run.results.every((r) => r.status === 'passed')).toBe(true);
  });

  it('[editor.failure.diagnostic-shape] @mastra/editor matches its expectation file; only diagnostics cases are skipped', () => {
    const run = runs['mastra-editor'];
    expect(mismatch(run)).toBe('');
    expect(run.ok).toBe(true);
    expect(run.implementation).toEqual({ name: '@mastra/editor', version: '0.14.0' });
    const skipped = run.results.filter((r) => r.status === 'skipped');
    const needDiagnostics = cases.filter((c) => usedEditorFeatures(c).has('diagnostics')).map((c) => c.id);
    expect(skipped.map((r) => r.id)).toEqual(needDiagnostics);
    expect(skipped.every((r) => r.reason === '@mastra/editor does not support: diagnostics')).toBe(true);
    expect(run.results.filter((r) => r.status === 'passed').length).toBeGreaterThan(run.results.length / 2);
  });

  it('[editor.mcp.namespace-parse] [editor.mcp.server-allow-list] [editor.rules.unknown-operator] every expected failure of @mastra/editor cites a rule with an "Unlike @mastra/editor" note', () => {
    const expectations = parseExpectations(readFileSync(files['mastra-editor'], 'utf8'));
    expect(expectations.problems).toEqual([]);
    const departures = new Set(parseDepartures().filter((d) => d.file === 'spec/editor.md').map((d) => d.id));
    const spec = readFileSync(new URL('../../spec/editor.md', import.meta.url), 'utf8');
    expect(spec).toContain('Unlike @mastra/editor 0.14.0');
    for (const entry of expectations.failures.values()) expect(departures.has(entry.rule), `${entry.caseId} ${entry.rule}`).toBe(true);
    // The divergences the seed-level brief names are all there.
    expect([...expectations.failures.values()].map((e) => e.rule)).toEqual(
      expect.arrayContaining(['editor.mcp.namespace-parse', 'editor.mcp.server-allow-list', 'editor.rules.unknown-operator']),
    );
  });

  it('[editor.order.sources] the report has a table per topic and a per-rule summary', () => {
    const text = formatEditorRun(runs['mastra-editor'], { expectationsFile: 'mastra-editor-0.14.0.txt' });
    expect(text).toContain('== @mastra/editor 0.14.0 ==');
    expect(text).toMatch(/^editor\.namespacing\s+\d+\s+0\s+[1-9]\d*\s+0\s+\d+\s+0$/m);
    expect(text).toMatch(/^editor\.mcp\.server-allow-list\s+/m);
    expect(text).toContain('xfail editor.allow-lists/server-map-empty [editor.mcp.server-allow-list]');
    expect(text).toContain('OK: @mastra/editor matches its expectations');
  });

  it('[editor.mcp.namespace-parse] runBundledEditorSuite runs one adapter with its expectation file and a filter', async () => {
    const { run, expectationsFile, caseProblems } = await runBundledEditorSuite('mastra-editor', { filter: 'editor.namespacing/' });
    expect(caseProblems).toEqual([]);
    expect(expectationsFile).toMatch(/conformance\/expectations\/mastra-editor-0\.14\.0\.txt$/);
    expect(run.ok).toBe(true);
    expect(run.results.length).toBe(cases.filter((c) => c.id.startsWith('editor.namespacing/')).length);
    expect(run.results.some((r) => r.status === 'expected-failure')).toBe(true);
  });
});

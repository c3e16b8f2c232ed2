/**
 * The editor runner classifies each case as passed, failed, expected failure,
 * unexpected pass or skipped, and checks the expectation file against the suite.
 */
import { describe, expect, it } from 'vitest';
import { parseExpectations } from '../../src/conformance/index.js';
import {
  checkResolve,
  editorCaseSchema,
  runEditorSuite,
  type EditorAdapter,
  type EditorCase,
} from '../../src/conformance/editor/index.js';

const unknownOperator = editorCaseSchema.parse({
  id: 'editor.rules/unknown',
  rules: ['editor.rules.unknown-operator'],
  description: 'unknown operator',
  op: 'evaluate',
  group: { operator: 'AND', conditions: [{ field: 'x', operator: 'matches', value: 'a' }] },
  expect: { error: 'config-invalid' },
});
const equals = editorCaseSchema.parse({
  id: 'editor.rules/equals',
  rules: ['editor.rules.equals'],
  description: 'equals',
  op: 'evaluate',
  group: { operator: 'AND', conditions: [{ field: 'x', operator: 'equals', value: 'a' }] },
  context: { x: 'a' },
  expect: { holds: true },
});
const withDiagnostics = editorCaseSchema.parse({
  id: 'editor.merge-order/diag',
  rules: ['editor.registered.lookup'],
  description: 'diagnostics',
  features: ['diagnostics'],
  op: 'resolve',
  config: { tools: { ghost: {} } },
  expect: { tools: [], diagnostics: ['registered-tool-missing'] },
});

/** An adapter that reads every group as false, like an evaluator that ignores unknown operators. */
const lenient: EditorAdapter = {
  implementation: { name: 'lenient', version: '0' },
  features: [],
  evaluate: async () => ({ outcome: 'holds', holds: false }),
  resolve: async () => ({ outcome: 'tools', tools: [], diagnostics: [] }),
  close: async () => {},
};
const suite: EditorCase[] = [unknownOperator, equals, withDiagnostics];

describe('editor runner', () => {
  it('[editor.rules.unknown-operator] an unlisted failure fails the run; a listed one is an expected failure', async () => {
    const plain = await runEditorSuite({ adapter: lenient, cases: suite });
    expect(plain.results.map((r) => [r.id, r.status])).toEqual([
      ['editor.rules/unknown', 'failed'],
      ['editor.rules/equals', 'failed'],
      ['editor.merge-order/diag', 'skipped'],
    ]);
    expect(plain.results[0]!.failures).toEqual(['expected error config-invalid, got holds=false']);
    expect(plain.results[2]!.reason).toBe('lenient does not support: diagnostics');
    expect(plain.ok).toBe(false);
    const listed = parseExpectations(
      'editor.rules/unknown editor.rules.unknown-operator reads it as false\neditor.rules/equals editor.rules.equals always false\n',
    );
    const run = await runEditorSuite({ adapter: lenient, cases: suite, expectations: listed });
    expect(run.results.map((r) => r.status)).toEqual(['expected-failure', 'expected-failure', 'skipped']);
    expect(run.ok).toBe(true);
  });

  it('[editor.rules.equals] an unexpected pass and a stale or mis-cited expectation fail the run', async () => {
    const truthful: EditorAdapter = { ...lenient, evaluate: async () => ({ outcome: 'holds', holds: true }) };
    const listed = parseExpectations(
      'editor.rules/equals editor.rules.equals listed but passes\neditor.rules/gone editor.rules.equals no such case\neditor.rules/unknown editor.rules.equals not cited by the case\n',
    );
    const run = await runEditorSuite({ adapter: truthful, cases: suite, expectations: listed, filter: 'editor.rules/equals' });
    expect(run.results.map((r) => [r.id, r.status])).toEqual([['editor.rules/equals', 'unexpected-pass']]);
    expect(run.expectationProblems).toEqual([
      'line 2: no case has the ID editor.rules/gone',
      'line 3: editor.rules/unknown does not cite editor.rules.equals',
    ]);
    expect(run.ok).toBe(false);
  });

  it('[editor.order.key-order] resolve checks compare ids in order, descriptions, origins and diagnostics', () => {
    const tools = [
      { id: 'b', description: 'B', origin: 'registered' as const },
      { id: 'a', description: 'A', origin: 'mcp' as const },
    ];
    expect(checkResolve({ tools: ['b', 'a'], descriptions: { a: 'A' }, origins: { b: 'registered' } }, { outcome: 'tools', tools, diagnostics: [] })).toEqual([]);
    expect(checkResolve({ tools: ['a', 'b'] }, { outcome: 'tools', tools, diagnostics: [] })).toEqual(['tools: expected ["a","b"], got ["b","a"]']);
    expect(checkResolve({ descriptions: { c: 'C' }, origins: { a: 'integration' } }, { outcome: 'tools', tools, diagnostics: [] })).toEqual([
      'description of c: expected "C", but c is not resolved',
      'origin of a: expected integration, got mcp',
    ]);
    expect(checkResolve({ diagnostics: ['x'] }, { outcome: 'tools', tools, diagnostics: [] })).toEqual(['diagnostics: expected ["x"], got []']);
    expect(checkResolve({ error: 'config-invalid' }, { outcome: 'tools', tools, diagnostics: [] })).toEqual(['expected error config-invalid, got tools ["b","a"]']);
    expect(checkResolve({ tools: [] }, { outcome: 'error', code: 'config-invalid', message: 'bad' })).toEqual(['expected a tool set, got error config-invalid: bad']);
  });
});

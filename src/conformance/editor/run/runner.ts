/**
 * Runs editor conformance cases against one adapter and classifies each case
 * as passed, failed, expected failure, unexpected pass or skipped, as the
 * processor suite's runner does.
 *
 * @module
 */
import type { ImplementationInfo } from '../../adapter/types.js';
import type { CaseResult, CaseStatus } from '../../run/runner.js';
import { areaOf } from '../../run/runner.js';
import type { Expectations } from '../../run/expectations.js';
import type { EditorAdapter } from '../adapter/types.js';
import { usedEditorFeatures, type EditorCase, type EditorFeature } from '../case/schema.js';
import { checkEvaluate, checkResolve } from './check.js';

export type { CaseResult, CaseStatus };

/** The outcome of an editor run against one adapter. */
export interface EditorRun {
  /** The implementation, as its adapter reported it. */
  implementation: ImplementationInfo;
  /** The features it claims. */
  features: EditorFeature[];
  /** One result per selected case, in suite order; `area` is the case ID's topic (`editor.rules`). */
  results: CaseResult[];
  /** Problems with the expectation file: malformed lines, unknown case IDs, rules a case does not cite. */
  expectationProblems: string[];
  /** True when every result matches the expectations and the file has no problems. */
  ok: boolean;
}

/** What to run. */
export interface EditorRunOptions {
  /** The adapter under test. */
  adapter: EditorAdapter;
  /** The whole suite (expectations are checked against all of it). */
  cases: EditorCase[];
  /** Expected failures; none when absent. */
  expectations?: Expectations;
  /** Only cases whose ID or one of whose rules matches (a substring, or a glob with `*`). */
  filter?: string;
}

/** Does `pattern` (a substring, or a glob with `*`) select this case? */
export function matchesEditorFilter(c: EditorCase, pattern: string | undefined): boolean {
  if (pattern === undefined || pattern === '') return true;
  const test = pattern.includes('*')
    ? (s: string) => new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\/]/g, '\\$&')).join('.*')}$`).test(s)
    : (s: string) => s.includes(pattern);
  return test(c.id) || c.rules.some(test);
}

/** The topic of an editor case: its ID up to the slash (`editor.rules`). */
export const editorTopicOf = (id: string): string => /^[^/]+/.exec(id)?.[0] ?? areaOf(id);

/** Runs one case; returns the mismatches (empty when it passes). */
async function runEditorCase(adapter: EditorAdapter, c: EditorCase): Promise<string[]> {
  if (c.op === 'evaluate') return checkEvaluate(c.expect, await adapter.evaluate({ group: c.group, context: c.context }));
  const obs = await adapter.resolve({
    caseId: c.id,
    mode: c.mode,
    config: c.config,
    registered: c.registered,
    codeTools: c.codeTools,
    mcpClients: c.mcpClients,
    integrations: c.integrations,
    requestContext: c.requestContext,
  });
  return checkResolve(c.expect, obs);
}

/**
 * Runs the selected editor cases against an adapter and compares the outcome
 * with the expectations: an unexpected failure and an unexpected pass both
 * make the run not ok. The adapter is not closed.
 */
export async function runEditorSuite(options: EditorRunOptions): Promise<EditorRun> {
  const { adapter } = options;
  const expectations = options.expectations ?? { failures: new Map(), problems: [] };
  const claimed = new Set<EditorFeature>(adapter.features);
  const byId = new Map(options.cases.map((c) => [c.id, c]));
  const expectationProblems = [...expectations.problems];
  for (const entry of expectations.failures.values()) {
    const c = byId.get(entry.caseId);
    if (!c) expectationProblems.push(`line ${entry.line}: no case has the ID ${entry.caseId}`);
    else if (!c.rules.includes(entry.rule)) expectationProblems.push(`line ${entry.line}: ${entry.caseId} does not cite ${entry.rule}`);
  }
  const results: CaseResult[] = [];
  for (const c of options.cases) {
    if (!matchesEditorFilter(c, options.filter)) continue;
    const base = { id: c.id, area: editorTopicOf(c.id), rules: c.rules };
    const expected = expectations.failures.get(c.id);
    const needed = new Set([...c.features, ...usedEditorFeatures(c)]);
    const missing = [...needed].filter((f) => !claimed.has(f));
    if (missing.length > 0) {
      results.push({ ...base, status: 'skipped', reason: `${adapter.implementation.name} does not support: ${missing.join(', ')}`, failures: [] });
      continue;
    }
    let failures: string[];
    try {
      failures = await runEditorCase(adapter, c);
    } catch (error) {
      failures = [`adapter error: ${error instanceof Error ? error.message : String(error)}`];
    }
    const failed = failures.length > 0;
    const status: CaseStatus = expected ? (failed ? 'expected-failure' : 'unexpected-pass') : failed ? 'failed' : 'passed';
    results.push({ ...base, status, failures, ...(expected ? { expected, reason: expected.reason } : {}) });
  }
  const ok = expectationProblems.length === 0 && results.every((r) => r.status !== 'failed' && r.status !== 'unexpected-pass');
  return { implementation: adapter.implementation, features: [...adapter.features], results, expectationProblems, ok };
}

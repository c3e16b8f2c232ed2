/**
 * Runs editor conformance cases against one adapter and classifies each case
 * as passed, failed, expected failure, unexpected pass or skipped, as the
 * processor suite's runner does.
 *
 * @module
 */
import type { ImplementationInfo } from '../../adapter/types.js';
import { areaOf, matchesFilter, type CaseResult, type CaseStatus } from '../../run/runner.js';
import { classifyCases } from '../../run/classify.js';
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
  return matchesFilter(c, pattern);
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
  const claimed = new Set<EditorFeature>(adapter.features);
  const run = await classifyCases({
    cases: options.cases,
    expectations: options.expectations,
    selects: (c) => matchesEditorFilter(c, options.filter),
    areaOf: editorTopicOf,
    skipReason: (c) => {
      const missing = [...new Set([...c.features, ...usedEditorFeatures(c)])].filter((f) => !claimed.has(f));
      return missing.length > 0 ? `${adapter.implementation.name} does not support: ${missing.join(', ')}` : undefined;
    },
    execute: async (c) => ({ failures: await runEditorCase(adapter, c) }),
  });
  return { implementation: adapter.implementation, features: [...adapter.features], ...run };
}

/**
 * The classification both conformance runners share: checks the expectation
 * file against the suite, then runs each selected case and classifies it as
 * passed, failed, expected failure, unexpected pass or skipped.
 *
 * Implements r[conformance.runner.skip], r[conformance.expectations.unexpected-failure],
 * r[conformance.expectations.unexpected-pass], r[conformance.expectations.stale].
 *
 * @module
 */
import type { ExpectedFailure, Expectations } from './expectations.js';

/** How one case ended. */
export type CaseStatus = 'passed' | 'failed' | 'expected-failure' | 'unexpected-pass' | 'skipped';

/** The outcome of one case. */
export interface CaseResult {
  /** Case ID. */
  id: string;
  /** The area: the case ID up to its first dot. */
  area: string;
  /** Rules the case checks. */
  rules: string[];
  /** How it ended. */
  status: CaseStatus;
  /** Why it was skipped, or the expectation's reason. */
  reason?: string;
  /** Mismatches, prefixed by the step that showed them. */
  failures: string[];
  /** The matching line of the expectation file, if any. */
  expected?: ExpectedFailure;
}

/** What {@link classifyCases} needs to know about a case. */
export interface ClassifiableCase {
  /** Case ID. */
  id: string;
  /** Rules the case checks. */
  rules: string[];
}

/** What to classify, and how to run one case. */
export interface ClassifyOptions<C extends ClassifiableCase> {
  /** The whole suite (expectations are checked against all of it). */
  cases: readonly C[];
  /** Expected failures; none when absent. */
  expectations?: Expectations | undefined;
  /** Is this case selected? Unselected cases get no result. */
  selects(c: C): boolean;
  /** The area a case ID belongs to (`CaseResult.area`). */
  areaOf(id: string): string;
  /** Why the case must be skipped (features the implementation does not claim), or `undefined` to run it. */
  skipReason(c: C): string | undefined;
  /** Runs one case; returns the mismatches (empty when it passes). A throw counts as an adapter error. */
  execute(c: C): Promise<string[]>;
}

/** The classified results of a run and the problems with its expectation file. */
export interface Classification {
  /** One result per selected case, in suite order. */
  results: CaseResult[];
  /** Problems with the expectation file: malformed lines, unknown case IDs, rules a case does not cite. */
  expectationProblems: string[];
  /** True when every result matches the expectations and the file has no problems. */
  ok: boolean;
}

/** The expectation file's own problems, then entries naming an unknown case or a rule the case does not cite. */
function checkExpectations(cases: readonly ClassifiableCase[], expectations: Expectations): string[] {
  const byId = new Map(cases.map((c) => [c.id, c]));
  const problems = [...expectations.problems];
  for (const entry of expectations.failures.values()) {
    const c = byId.get(entry.caseId);
    if (!c) problems.push(`line ${entry.line}: no case has the ID ${entry.caseId}`);
    else if (!c.rules.includes(entry.rule)) problems.push(`line ${entry.line}: ${entry.caseId} does not cite ${entry.rule}`);
  }
  return problems;
}

/**
 * Runs the selected cases one after another and compares each outcome with
 * the expectations: an unexpected failure, an unexpected pass or a problem
 * with the expectation file makes the run not ok.
 *
 * @see r[conformance.runner.skip]
 * @see r[conformance.expectations.unexpected-pass]
 * @see r[conformance.expectations.stale]
 */
export async function classifyCases<C extends ClassifiableCase>(options: ClassifyOptions<C>): Promise<Classification> {
  const expectations = options.expectations ?? { failures: new Map(), problems: [] };
  // 1. Check the expectation file against the whole suite, selected or not.
  const expectationProblems = checkExpectations(options.cases, expectations);
  const results: CaseResult[] = [];
  for (const c of options.cases) {
    // 2. Leave out the cases the filter does not select.
    if (!options.selects(c)) continue;
    const base = { id: c.id, area: options.areaOf(c.id), rules: c.rules };
    const expected = expectations.failures.get(c.id);
    // 3. Skip a case that needs what the implementation does not claim.
    const skip = options.skipReason(c);
    if (skip !== undefined) {
      results.push({ ...base, status: 'skipped', reason: skip, failures: [] });
      continue;
    }
    // 4. Run it; a throw is a failure, not the end of the run.
    let failures: string[];
    try {
      failures = await options.execute(c);
    } catch (error) {
      failures = [`adapter error: ${error instanceof Error ? error.message : String(error)}`];
    }
    // 5. Classify against the expectation file.
    const failed = failures.length > 0;
    const status: CaseStatus = expected ? (failed ? 'expected-failure' : 'unexpected-pass') : failed ? 'failed' : 'passed';
    results.push({ ...base, status, failures, ...(expected ? { expected, reason: expected.reason } : {}) });
  }
  const ok = expectationProblems.length === 0 && results.every((r) => r.status !== 'failed' && r.status !== 'unexpected-pass');
  return { results, expectationProblems, ok };
}

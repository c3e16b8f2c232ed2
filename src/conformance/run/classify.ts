/**
 * The classification both conformance runners share: checks the expectation
 * file against the suite, then runs each selected case and classifies it as
 * passed, failed, expected failure, unexpected pass, skipped or protocol error.
 *
 * Implements r[conformance.protocol.validate], r[conformance.runner.skip], r[conformance.expectations.unexpected-failure],
 * r[conformance.expectations.unexpected-pass], r[conformance.expectations.stale].
 *
 * @module
 */
import type { ExpectedFailure, Expectations } from './expectations.js';

/**
 * How one case ended. `protocol-error`: the implementation sent a malformed
 * message, so the case could not be judged (r[conformance.protocol.validate]).
 */
export type CaseStatus = 'passed' | 'failed' | 'expected-failure' | 'unexpected-pass' | 'skipped' | 'protocol-error';

/**
 * What running one case gave: the mismatches (none when it passed), a skip the
 * implementation asked for, or a protocol error.
 */
export type CaseOutcome =
  | {
      /** Mismatches, prefixed by the step that showed them; empty when the case passed. */
      failures: string[];
    }
  | {
      /** The implementation skipped the case: why. @see r[conformance.protocol.skip] */
      skipped: string;
    }
  | {
      /** The implementation sent a malformed message: which field, and what is wrong. */
      protocolError: string;
    };

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
  /** Why it was skipped, the expectation's reason, or the protocol error. */
  reason?: string;
  /** Mismatches, prefixed by the step that showed them (for a protocol error: the error). */
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
  /** Runs one case. A throw counts as an adapter error: a failure. */
  execute(c: C): Promise<CaseOutcome>;
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
  // Check the expectation file against the whole suite, selected or not.
  const expectationProblems = checkExpectations(options.cases, expectations);
  const results: CaseResult[] = [];
  for (const c of options.cases) {
    // Leave out the cases the filter does not select.
    if (!options.selects(c)) continue;
    const base = { id: c.id, area: options.areaOf(c.id), rules: c.rules };
    const expected = expectations.failures.get(c.id);
    // Skip a case that needs what the implementation does not claim.
    const skip = options.skipReason(c);
    if (skip !== undefined) {
      results.push({ ...base, status: 'skipped', reason: skip, failures: [] });
      continue;
    }
    // Run it; a throw is a failure, not the end of the run.
    let outcome: CaseOutcome;
    try {
      outcome = await options.execute(c);
    } catch (error) {
      outcome = { failures: [`adapter error: ${error instanceof Error ? error.message : String(error)}`] };
    }
    // A skip or a protocol error is reported as such, whatever the expectation file says.
    if ('skipped' in outcome) {
      results.push({ ...base, status: 'skipped', reason: `the implementation skipped it: ${outcome.skipped}`, failures: [] });
      continue;
    }
    if ('protocolError' in outcome) {
      results.push({ ...base, status: 'protocol-error', reason: outcome.protocolError, failures: [outcome.protocolError] });
      continue;
    }
    // Classify against the expectation file.
    const failed = outcome.failures.length > 0;
    const status: CaseStatus = expected ? (failed ? 'expected-failure' : 'unexpected-pass') : failed ? 'failed' : 'passed';
    results.push({ ...base, status, failures: outcome.failures, ...(expected ? { expected, reason: expected.reason } : {}) });
  }
  const ok = expectationProblems.length === 0 && results.every((r) => r.status === 'passed' || r.status === 'expected-failure' || r.status === 'skipped');
  return { results, expectationProblems, ok };
}

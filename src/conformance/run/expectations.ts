/**
 * Expectation files: the cases an implementation is known to fail, one per
 * line as `<case-id> <rule-id> <reason>`; `#` starts a comment.
 *
 * Implements r[conformance.expectations.format].
 *
 * @module
 */
import { readFileSync } from 'node:fs';

/** One expected failure. */
export interface ExpectedFailure {
  /** The case that fails. */
  caseId: string;
  /** The rule the failure breaks. */
  rule: string;
  /** Why, in one line. */
  reason: string;
  /** 1-based line in the file. */
  line: number;
}

/** A parsed expectation file. */
export interface Expectations {
  /** Expected failures by case ID. */
  failures: Map<string, ExpectedFailure>;
  /** Malformed or duplicate lines. */
  problems: string[];
}

/** Parses the text of an expectation file. @see r[conformance.expectations.format] */
export function parseExpectations(text: string): Expectations {
  const failures = new Map<string, ExpectedFailure>();
  const problems: string[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const m = /^(\S+)\s+(\S+)\s+(\S.*)$/.exec(line);
    if (!m) {
      problems.push(`line ${i + 1}: expected "<case-id> <rule-id> <reason>", got ${JSON.stringify(line)}`);
      return;
    }
    const [, caseId, rule, reason] = m as unknown as [string, string, string, string];
    if (failures.has(caseId)) {
      problems.push(`line ${i + 1}: ${caseId} is listed twice`);
      return;
    }
    failures.set(caseId, { caseId, rule, reason, line: i + 1 });
  });
  return { failures, problems };
}

/** Reads an expectation file; no file means no expected failures. */
export function readExpectations(path: string | undefined): Expectations {
  if (path === undefined) return { failures: new Map(), problems: [] };
  return parseExpectations(readFileSync(path, 'utf8'));
}

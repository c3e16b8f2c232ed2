/**
 * The checked-in list of checks this package's processor is expected to fail, each naming the
 * rule that departs on purpose and the reason: `<check-id> <rule-id> <reason>`, one a line,
 * `#` comments. Like the conformance expectation files, it is kept exact: an unexpected pass
 * fails as an unexpected failure does.
 */
import { readFileSync } from 'node:fs';

/** One expected difference. */
export interface ExpectedDifference {
  /** The check's ID. */
  readonly check: string;
  /** The rule of this project's spec that departs from @mastra/core 1.71.0. */
  readonly rule: string;
  /** What the user meets instead. */
  readonly reason: string;
  /** Line number in the file. */
  readonly line: number;
}

/** Reads an expectation file; malformed lines are returned as problems. */
export function readExpectedDifferences(path: string): { differences: ExpectedDifference[]; problems: string[] } {
  const differences: ExpectedDifference[] = [];
  const problems: string[] = [];
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      const line = text.trim();
      if (line === '' || line.startsWith('#')) return;
      const m = /^(\S+) (\S+) (.+)$/.exec(line);
      if (!m) problems.push(`line ${i + 1}: expected "<check-id> <rule-id> <reason>", got ${JSON.stringify(line)}`);
      else differences.push({ check: m[1]!, rule: m[2]!, reason: m[3]!, line: i + 1 });
    });
  return { differences, problems };
}

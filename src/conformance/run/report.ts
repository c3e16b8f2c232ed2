/**
 * Human and machine-readable reports of conformance runs.
 *
 * Implements r[conformance.runner.report].
 *
 * @module
 */
import type { AdapterRun, CaseResult, CaseStatus } from './runner.js';

/** Counts of each status. */
export type StatusCounts = Record<CaseStatus, number>;

const empty = (): StatusCounts => ({ passed: 0, failed: 0, 'expected-failure': 0, 'unexpected-pass': 0, skipped: 0 });

/** Counts per key (area or rule). */
export function countBy(results: CaseResult[], keys: (r: CaseResult) => string[]): Map<string, StatusCounts> {
  const out = new Map<string, StatusCounts>();
  for (const r of results) {
    for (const key of keys(r)) {
      const counts = out.get(key) ?? empty();
      counts[r.status]++;
      out.set(key, counts);
    }
  }
  return new Map([...out.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const COLUMNS = ['passed', 'failed', 'expected failures', 'unexpected passes', 'skipped'];
const cells = (c: StatusCounts): string[] =>
  [c.passed, c.failed, c['expected-failure'], c['unexpected-pass'], c.skipped].map(String);

/** The text report of one adapter run: a table per area, a per-rule summary, then the details. */
export function formatRun(run: AdapterRun, options: { expectationsFile?: string } = {}): string {
  const out: string[] = [];
  const total = countBy(run.results, () => ['total']).get('total') ?? empty();
  out.push(`== ${run.implementation.name} ${run.implementation.version} ==`);
  out.push(`features: ${run.features.join(', ') || '(none)'}`);
  out.push(`expectations: ${options.expectationsFile ?? '(none)'}`);
  out.push('');
  const areas = countBy(run.results, (r) => [r.area]);
  out.push(table(['area', ...COLUMNS], [...[...areas].map(([a, c]) => [a, ...cells(c)]), ['total', ...cells(total)]]));
  out.push('');
  const rules = countBy(run.results, (r) => r.rules);
  out.push(table(['rule', ...COLUMNS], [...rules].map(([rule, c]) => [rule, ...cells(c)])));
  const details = run.results.filter((r) => r.status !== 'passed');
  if (details.length > 0) out.push('');
  for (const r of details) {
    switch (r.status) {
      case 'failed':
        out.push(`FAIL  ${r.id} [${r.rules.join(' ')}]`);
        for (const f of r.failures) out.push(`        ${f}`);
        break;
      case 'unexpected-pass':
        out.push(`XPASS ${r.id}: listed as failing (${r.expected?.rule}: ${r.reason}) but passes; remove it from the expectations`);
        break;
      case 'expected-failure':
        out.push(`xfail ${r.id} [${r.expected?.rule}] ${r.reason}`);
        break;
      case 'skipped':
        out.push(`skip  ${r.id}: ${r.reason}`);
        break;
      default:
        break;
    }
  }
  for (const p of run.expectationProblems) out.push(`EXPECTATIONS ${p}`);
  out.push('');
  out.push(
    run.ok
      ? `OK: ${run.implementation.name} matches its expectations (${total.passed} passed, ${total['expected-failure']} expected failures, ${total.skipped} skipped)`
      : `MISMATCH: ${run.implementation.name}: ${total.failed} unexpected failures, ${total['unexpected-pass']} unexpected passes, ${run.expectationProblems.length} expectation problems`,
  );
  return out.join('\n');
}

/** The machine-readable report of several adapter runs (`--json FILE`). */
export function jsonReport(runs: Array<{ run: AdapterRun; expectationsFile?: string }>): unknown {
  return {
    format: 'tool-search-conformance-report/1',
    ok: runs.every(({ run }) => run.ok),
    adapters: runs.map(({ run, expectationsFile }) => ({
      implementation: run.implementation,
      features: run.features,
      expectationsFile: expectationsFile ?? null,
      ok: run.ok,
      totals: countBy(run.results, () => ['total']).get('total') ?? empty(),
      areas: Object.fromEntries(countBy(run.results, (r) => [r.area])),
      rules: Object.fromEntries(countBy(run.results, (r) => r.rules)),
      expectationProblems: run.expectationProblems,
      cases: run.results.map((r) => ({
        id: r.id,
        rules: r.rules,
        status: r.status,
        ...(r.reason !== undefined ? { reason: r.reason } : {}),
        ...(r.failures.length > 0 ? { failures: r.failures } : {}),
      })),
    })),
  };
}

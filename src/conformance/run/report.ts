/**
 * Human and machine-readable reports of conformance runs. The text report
 * leads with one line per implementation and suite, shows what does not
 * match, and ends with one overall verdict; the per-area and per-rule tables
 * come with `--verbose` and in `--json`.
 *
 * Implements r[conformance.runner.report].
 *
 * @module
 */
import type { ImplementationInfo } from '../adapter/types.js';
import type { CaseResult, CaseStatus } from './classify.js';

/** Counts of each status. */
export type StatusCounts = Record<CaseStatus, number>;

/** A finished run of one suite against one implementation, as the report sees it. */
export interface SuiteRun {
  /** The implementation, as its adapter reported it. */
  implementation: ImplementationInfo;
  /** The features it claims. */
  features: readonly string[];
  /** One result per selected case. */
  results: CaseResult[];
  /** Problems with the expectation file. */
  expectationProblems: string[];
  /** True when every result matches the expectations. */
  ok: boolean;
}

/** One line of the report: a run, or an implementation that could not be run. */
export interface ReportEntry {
  /** Which suite: `processor` or `editor`. */
  suite: string;
  /** How the implementation was named on the command line (an adapter name, a module, a command). */
  label: string;
  /** The run, when the implementation could be started. */
  run?: SuiteRun;
  /** Why it could not be run. */
  error?: string;
  /** The expectation file it was held to, as shown to the user. */
  expectationsFile?: string;
}

const empty = (): StatusCounts => ({ passed: 0, failed: 0, 'expected-failure': 0, 'unexpected-pass': 0, skipped: 0, 'protocol-error': 0 });

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

const totals = (results: CaseResult[]): StatusCounts => countBy(results, () => ['total']).get('total') ?? empty();

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const COLUMNS = ['passed', 'failed', 'expected failures', 'unexpected passes', 'skipped', 'protocol errors'];
const cells = (c: StatusCounts): string[] =>
  [c.passed, c.failed, c['expected-failure'], c['unexpected-pass'], c.skipped, c['protocol-error']].map(String);

/** The cases of a run that do not match its expectations, one block each; with `all`, expected failures and skips too. */
export function formatDetails(run: SuiteRun, options: { all?: boolean } = {}): string[] {
  const out: string[] = [];
  for (const r of run.results) {
    switch (r.status) {
      case 'failed':
        out.push(`FAIL  ${r.id} [${r.rules.join(' ')}]`);
        for (const f of r.failures) out.push(`        ${f}`);
        break;
      case 'unexpected-pass':
        out.push(`XPASS ${r.id}: listed as failing (${r.expected?.rule}: ${r.reason}) but passes; remove it from the expectations`);
        break;
      case 'protocol-error':
        out.push(`PROTOCOL ${r.id}: ${r.reason}`);
        break;
      case 'expected-failure':
        if (options.all) out.push(`xfail ${r.id} [${r.expected?.rule}] ${r.reason}`);
        break;
      case 'skipped':
        if (options.all) out.push(`skip  ${r.id}: ${r.reason}`);
        break;
      default:
        break;
    }
  }
  for (const p of run.expectationProblems) out.push(`EXPECTATIONS ${p}`);
  return out;
}

/** The one-line summary of a run's counts. */
function countsText(t: StatusCounts): string {
  const parts = [`${t.passed} passed`, `${t['expected-failure']} expected failures`, `${t.skipped} skipped`];
  if (t.failed > 0) parts.push(`${t.failed} unexpected failures`);
  if (t['unexpected-pass'] > 0) parts.push(`${t['unexpected-pass']} unexpected passes`);
  if (t['protocol-error'] > 0) parts.push(`${t['protocol-error']} protocol errors`);
  return parts.join(', ');
}

/**
 * The verbose report of one run: header, a table per area, a table per rule,
 * then every case that did not simply pass, and the run's own verdict.
 */
export function formatRun(run: SuiteRun, options: { expectationsFile?: string } = {}): string {
  const out: string[] = [];
  const total = totals(run.results);
  out.push(`== ${run.implementation.name} ${run.implementation.version} ==`);
  out.push(`features: ${run.features.join(', ') || '(none)'}`);
  out.push(`expectations: ${options.expectationsFile ?? '(none)'}`);
  out.push('');
  const areas = countBy(run.results, (r) => [r.area]);
  out.push(table(['area', ...COLUMNS], [...[...areas].map(([a, c]) => [a, ...cells(c)]), ['total', ...cells(total)]]));
  out.push('');
  const rules = countBy(run.results, (r) => r.rules);
  out.push(table(['rule', ...COLUMNS], [...rules].map(([rule, c]) => [rule, ...cells(c)])));
  const details = formatDetails(run, { all: true });
  if (details.length > 0) out.push('', ...details);
  out.push('');
  const problems = run.expectationProblems.length;
  out.push(
    run.ok
      ? `OK: ${run.implementation.name} matches its expectations (${countsText(total)})`
      : `MISMATCH: ${run.implementation.name}: ${total.failed} unexpected failures, ${total['unexpected-pass']} unexpected passes, ${total['protocol-error']} protocol errors, ${problems} expectation problems`,
  );
  return out.join('\n');
}

const entryName = (e: ReportEntry): string => (e.run ? `${e.run.implementation.name} ${e.run.implementation.version}` : e.label);
const entryOk = (e: ReportEntry): boolean => e.run !== undefined && e.run.ok;

/**
 * The text report of a command-line run: one line per implementation and
 * suite, then what does not match (or, with `verbose`, each run's tables and
 * details), then one overall verdict.
 *
 * @see r[conformance.runner.report]
 */
export function formatReport(entries: readonly ReportEntry[], options: { verbose?: boolean } = {}): string {
  const rows = entries.map((e) => [
    entryOk(e) ? 'OK' : e.run ? 'MISMATCH' : 'ERROR',
    entryName(e),
    `${e.suite} suite`,
    e.run ? countsText(totals(e.run.results)) : `cannot run: ${e.error ?? 'unknown error'}`,
  ]);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
  const out = rows.map((r) => r.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c)).join('  '));
  for (const e of entries) {
    if (!e.run) continue;
    if (options.verbose) {
      out.push('', formatRun(e.run, e.expectationsFile !== undefined ? { expectationsFile: e.expectationsFile } : {}));
      continue;
    }
    const details = formatDetails(e.run);
    if (details.length > 0) out.push('', `${entryName(e)}, ${e.suite} suite (expectations: ${e.expectationsFile ?? 'none'}):`, ...details);
  }
  const bad = entries.filter((e) => !entryOk(e));
  out.push(
    '',
    bad.length === 0
      ? `VERDICT: OK: every run matches its expectations (${entries.length} ${entries.length === 1 ? 'run' : 'runs'})`
      : `VERDICT: MISMATCH: ${bad.length} of ${entries.length} runs do not match their expectations (${bad.map((e) => `${entryName(e)}, ${e.suite} suite`).join('; ')})`,
  );
  return out.join('\n');
}

/** The machine-readable report of a command-line run (`--json FILE`). @see r[conformance.runner.report] */
export function jsonReport(entries: readonly ReportEntry[]): unknown {
  return {
    format: 'tool-search-conformance-report/2',
    ok: entries.length > 0 && entries.every(entryOk),
    runs: entries.map((e) => {
      const head = { suite: e.suite, label: e.label, expectationsFile: e.expectationsFile ?? null, ok: entryOk(e) };
      if (!e.run) return { ...head, error: e.error ?? 'unknown error' };
      const run = e.run;
      return {
        ...head,
        implementation: run.implementation,
        features: run.features,
        totals: totals(run.results),
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
      };
    }),
  };
}

/**
 * Reads the rules of `spec/` and everything that cites them: tests (by title),
 * conformance cases (by their `rules`), and the source (`r[rule.id]` in TSDoc and
 * comments, and the `// Unlike …` markers of deliberate departures).
 * `test/traceability.test.ts` checks the citations; `traceabilityData()` gives
 * them to other tools (the typedoc site links rules to code, tests and cases);
 * `npm run traceability` writes `docs/traceability.md` from them.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A rule ID: lowercase, dotted, general to specific (`search.rank.tie-break`). */
export const RULE_ID = /^[a-z][a-z0-9-]*(?:\.[a-z0-9][a-z0-9-]*)+$/;

/** A rule marker on its own line, as `spec/README.md` defines it. */
const RULE_LINE = /^r\[([^\]\s]+)\]\s*$/;

export interface RuleDefinition {
  id: string;
  file: string;
  line: number;
  /** The first line of the paragraph the marker precedes. */
  summary: string;
  /** How many numbered steps (`1.`, `2.`, … at the start of a line) the rule's text has. */
  steps: number;
}

export interface Citation {
  id: string;
  file: string;
  line: number;
  title: string;
}

export const repoRoot = new URL('../../', import.meta.url).pathname;

export function walk(dir: string, accept: (path: string) => boolean): string[] {
  const out: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return out;
  }
  for (const name of names) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path, accept));
    else if (accept(path)) out.push(path);
  }
  return out;
}

/** Spec files that hold rules: every `spec/*.md` but the README and the changelog. */
export function specFiles(): string[] {
  return walk(join(repoRoot, 'spec'), (p) => p.endsWith('.md') && !/\/(README|CHANGELOG)\.md$/.test(p));
}

export function parseRules(): { rules: RuleDefinition[]; malformed: string[] } {
  const rules: RuleDefinition[] = [];
  const malformed: string[] = [];
  for (const file of specFiles()) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, i) => {
      const m = RULE_LINE.exec(text.trim());
      if (!m) {
        // A line that starts with a citation (`r[id] says …`) is prose; only a marker-like line is malformed.
        if (/^r\[[^\]]*$|^r\[[^\]]*\]\s*$/.test(text.trim())) malformed.push(`${relative(repoRoot, file)}:${i + 1}: ${text.trim()}`);
        return;
      }
      const id = m[1]!;
      if (!RULE_ID.test(id)) malformed.push(`${relative(repoRoot, file)}:${i + 1}: bad rule ID ${id}`);
      let j = i + 1;
      while (j < lines.length && lines[j]!.trim() === '') j++;
      // The rule's text runs to the next rule marker, heading or informative note.
      let end = j;
      while (end < lines.length && !RULE_LINE.test(lines[end]!.trim()) && !/^(#|> )/.test(lines[end]!)) end++;
      const steps = lines.slice(j, end).filter((l) => /^\d+\. /.test(l)).length;
      rules.push({ id, file: relative(repoRoot, file), line: i + 1, summary: (lines[j] ?? '').trim(), steps });
    });
  }
  return { rules, malformed };
}

/** A rule that carries a `> Unlike @mastra/…` note: a deliberate departure. */
export interface Departure {
  id: string;
  file: string;
  line: number;
  /** The package and version the note names, e.g. `@mastra/core 1.71.0`. */
  from: string;
}

/** Every `> Unlike …` note, attributed to the rule whose paragraph it follows. */
export function parseDepartures(): Departure[] {
  const out: Departure[] = [];
  for (const file of specFiles()) {
    let current: string | undefined;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        const m = RULE_LINE.exec(text.trim());
        const note = /^> Unlike (@mastra\/[a-z-]+ \d+\.\d+\.\d+)/.exec(text);
        if (m) current = m[1]!;
        else if (note && current !== undefined) out.push({ id: current, file: relative(repoRoot, file), line: i + 1, from: note[1]! });
      });
  }
  return out;
}

/**
 * Test titles cite rules by starting with one or more `[rule.id]` groups:
 * `it('[search.rank.tie-break] equal scores keep catalog order', …)`.
 * Any string literal that starts that way counts as a citation.
 */
const TITLE = /(['"`])((?:\[[a-z][a-z0-9-]*(?:\.[a-z0-9][a-z0-9-]*)+\]\s*)+)([^'"`\n]*)/g;

export function testCitations(): Citation[] {
  const out: Citation[] = [];
  const files = walk(join(repoRoot, 'test'), (p) => /\.test\.ts$/.test(p));
  for (const file of files) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, i) => {
      for (const m of text.matchAll(TITLE)) {
        const ids = [...m[2]!.matchAll(/\[([^\]]+)\]/g)].map((x) => x[1]!);
        for (const id of ids) out.push({ id, file: relative(repoRoot, file), line: i + 1, title: (m[2]! + m[3]!).trim() });
      }
    });
  }
  return out;
}

/** Conformance cases (any `cases/` folder under `conformance/`) cite rules in their `rules` array. */
export function caseCitations(): Citation[] {
  const out: Citation[] = [];
  const files = walk(join(repoRoot, 'conformance'), (p) => p.endsWith('.json') && /\/cases\//.test(relative(repoRoot, p)));
  for (const file of files) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      continue; // the conformance lint reports unparsable cases
    }
    const cases = Array.isArray(parsed) ? parsed : [parsed];
    for (const c of cases as Array<{ id?: unknown; rules?: unknown }>) {
      if (!c || !Array.isArray(c.rules)) continue;
      for (const id of c.rules) {
        if (typeof id === 'string') out.push({ id, file: relative(repoRoot, file), line: 0, title: String(c.id ?? '') });
      }
    }
  }
  return out;
}

/** A rule ID cited in the source: `r[rule.id]` in TSDoc or a comment of `src/**.ts`. */
const CODE_CITATION = /r\[([a-z][a-z0-9-]*(?:\.[a-z0-9][a-z0-9-]*)+)\]/g;

/** Every `r[rule.id]` in `src/`, with its file and line (`title` is the trimmed line). */
export function codeCitations(): Citation[] {
  const out: Citation[] = [];
  for (const file of walk(join(repoRoot, 'src'), (p) => p.endsWith('.ts'))) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        for (const m of text.matchAll(CODE_CITATION)) out.push({ id: m[1]!, file: relative(repoRoot, file), line: i + 1, title: text.trim() });
      });
  }
  return out;
}

/** A `// Unlike @mastra/core 1.71.0 (r[rule.id]): …` comment: where the code departs on purpose. */
export interface DepartureMarker {
  id: string;
  /** The package and version it names. */
  from: string;
  file: string;
  line: number;
}

const MARKER = /\/\/\s*Unlike (@mastra\/[a-z-]+ \d+\.\d+\.\d+) \((r\[[^\]]+\](?:, r\[[^\]]+\])*)\): \S/;

/** Every departure marker of `src/`; a marker may name several rules: `(r[a.b], r[c.d])`. */
export function departureMarkers(): DepartureMarker[] {
  const out: DepartureMarker[] = [];
  for (const file of walk(join(repoRoot, 'src'), (p) => p.endsWith('.ts'))) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        const m = MARKER.exec(text);
        if (!m) return;
        for (const id of m[2]!.matchAll(/r\[([^\]]+)\]/g)) out.push({ id: id[1]!, from: m[1]!, file: relative(repoRoot, file), line: i + 1 });
      });
  }
  return out;
}

/** Where something cites a rule. */
export interface TraceLocation {
  /** Path relative to the repository root. */
  file: string;
  /** 1-based line; 0 for a conformance case (its file is JSON). */
  line: number;
}

/** One rule with everything that cites it. */
export interface RuleTrace {
  /** The rule ID. */
  id: string;
  /** Where it is defined. */
  spec: TraceLocation;
  /** The first line of its paragraph. */
  summary: string;
  /** The package and version its "Unlike" note names, when it is a deliberate departure. */
  departsFrom?: string;
  /** `r[rule.id]` citations in `src/`, and departure markers. */
  code: TraceLocation[];
  /** Tests whose title starts with the ID. */
  tests: Array<TraceLocation & { title: string }>;
  /** Conformance cases that list the rule, by case ID. */
  cases: Array<{ id: string; file: string }>;
}

/**
 * Every rule of `spec/`, in spec order, with the code, tests and conformance
 * cases that cite it. This is the data behind `docs/traceability.md`, for tools
 * that link rules to their implementation (the typedoc site).
 */
export function traceabilityData(): RuleTrace[] {
  const group = <T extends { id: string }>(list: T[]) => {
    const m = new Map<string, T[]>();
    for (const c of list) m.set(c.id, [...(m.get(c.id) ?? []), c]);
    return m;
  };
  const code = group(codeCitations());
  const tests = group(testCitations());
  const cases = group(caseCitations());
  const departures = new Map(parseDepartures().map((d) => [d.id, d.from]));
  return parseRules().rules.map((r) => ({
    id: r.id,
    spec: { file: r.file, line: r.line },
    summary: r.summary,
    ...(departures.has(r.id) ? { departsFrom: departures.get(r.id)! } : {}),
    code: (code.get(r.id) ?? []).map(({ file, line }) => ({ file, line })),
    tests: (tests.get(r.id) ?? []).map(({ file, line, title }) => ({ file, line, title })),
    cases: [...new Map((cases.get(r.id) ?? []).map((c) => [c.title, { id: c.title, file: c.file }])).values()],
  }));
}

/**
 * `docs/traceability.md`: one row per rule with the files citing it. Files, not
 * lines, so that the table changes only when a citation does.
 */
export function renderTraceability(data: RuleTrace[] = traceabilityData()): string {
  const files = (list: TraceLocation[]) => {
    const counts = new Map<string, number>();
    for (const l of list) counts.set(l.file, (counts.get(l.file) ?? 0) + 1);
    return [...counts].map(([f, n]) => (n > 1 ? `${f} (${n})` : f)).join('<br>') || '—';
  };
  const count = (pick: (r: RuleTrace) => unknown[]) => data.reduce((n, r) => n + pick(r).length, 0);
  const lines = [
    '# Traceability',
    '',
    'Generated by `npm run traceability` (`test/support/write-traceability.ts`); do not edit by hand.',
    '`npm test` fails when this file is stale. Each rule of `spec/` with the source files, tests and',
    'conformance cases that cite it (a number in parentheses counts citations in one file).',
    '',
    `${data.length} rules, ${count((r) => r.code)} code citations, ${count((r) => r.tests)} test citations, ${count((r) => r.cases)} conformance cases cited.`,
    '',
    '| rule | spec | code | tests | conformance cases |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const r of data) {
    const cases = r.cases.map((c) => c.id).join('<br>') || '—';
    lines.push(`| \`${r.id}\` | ${r.spec.file} | ${files(r.code)} | ${files(r.tests)} | ${cases} |`);
  }
  return lines.join('\n') + '\n';
}

/** A numbered step comment (`// 2. …`) in `src/`, with the rules its function's TSDoc cites. */
export interface StepComment {
  file: string;
  line: number;
  /** The step's number. */
  step: number;
  /** Rule IDs cited by the nearest TSDoc block above the comment. */
  rules: string[];
}

/** Every `// N. …` comment of `src/`, attributed to the TSDoc block above it. */
export function stepComments(): StepComment[] {
  const out: StepComment[] = [];
  for (const file of walk(join(repoRoot, 'src'), (p) => p.endsWith('.ts'))) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, i) => {
      const m = /^\s*\/\/ (\d+)\. /.exec(text);
      if (!m) return;
      let end = i;
      while (end > 0 && !/^\s*\*\/\s*$/.test(lines[end]!)) end--;
      let start = end;
      while (start > 0 && !/^\s*\/\*\*/.test(lines[start]!)) start--;
      const rules = [...new Set([...lines.slice(start, end + 1).join('\n').matchAll(CODE_CITATION)].map((c) => c[1]!))];
      out.push({ file: relative(repoRoot, file), line: i + 1, step: Number(m[1]), rules });
    });
  }
  return out;
}

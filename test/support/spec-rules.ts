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
        if (/^r\[/.test(text.trim())) malformed.push(`${relative(repoRoot, file)}:${i + 1}: ${text.trim()}`);
        return;
      }
      const id = m[1]!;
      if (!RULE_ID.test(id)) malformed.push(`${relative(repoRoot, file)}:${i + 1}: bad rule ID ${id}`);
      let j = i + 1;
      while (j < lines.length && lines[j]!.trim() === '') j++;
      rules.push({ id, file: relative(repoRoot, file), line: i + 1, summary: (lines[j] ?? '').trim() });
    });
  }
  return { rules, malformed };
}

/** A rule that carries a `> Unlike @mastra/…` note: a deliberate departure. */
export interface Departure {
  id: string;
  file: string;
  line: number;
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
        if (m) current = m[1]!;
        else if (/^> Unlike @mastra\//.test(text) && current !== undefined) out.push({ id: current, file: relative(repoRoot, file), line: i + 1 });
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

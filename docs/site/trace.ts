/**
 * Traceability data for the reference site: every rule of `spec/`, where `src/` cites it in
 * TSDoc, and the tests and conformance cases that cite it (from `test/support/spec-rules.ts`).
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { caseCitations, parseRules, repoRoot, testCitations, walk, type Citation, type RuleDefinition } from '../../test/support/spec-rules.js';

/** A rule ID as it appears in text: `r[search.rank.tie-break]`. */
export const RULE_REF = /r\[([a-z][a-z0-9-]*(?:\.[a-z0-9][a-z0-9-]*)+)\]/g;

/** Everything the site knows about one rule. */
export interface RuleTrace {
  rule: RuleDefinition;
  /** `src/` comments that cite it. */
  source: Citation[];
  /** Test titles that cite it. */
  tests: Citation[];
  /** Conformance cases whose `rules` name it. */
  cases: Citation[];
}

/** Every citation of a rule in a comment of `src/**.ts` (TSDoc, `//` comments). */
export function sourceCitations(): Citation[] {
  const out: Citation[] = [];
  for (const file of walk(join(repoRoot, 'src'), (p) => p.endsWith('.ts'))) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        const comment = /^\s*(\/\*\*|\*|\/\/)/.test(text) || /\/\/.*r\[/.test(text);
        if (!comment) return;
        for (const m of text.matchAll(RULE_REF)) out.push({ id: m[1]!, file: relative(repoRoot, file), line: i + 1, title: text.trim() });
      });
  }
  return out;
}

/** The trace of every rule, by ID. */
export function ruleTraces(): Map<string, RuleTrace> {
  const { rules } = parseRules();
  const byRule = new Map<string, RuleTrace>(rules.map((rule) => [rule.id, { rule, source: [], tests: [], cases: [] }]));
  const add = (list: Citation[], key: 'source' | 'tests' | 'cases') => {
    for (const c of list) byRule.get(c.id)?.[key].push(c);
  };
  add(sourceCitations(), 'source');
  add(testCitations(), 'tests');
  add(caseCitations(), 'cases');
  return byRule;
}

/** The repository's web address from package.json (`https://github.com/owner/name`). */
export function repositoryUrl(): string {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { repository?: { url?: string } };
  const url = manifest.repository?.url;
  if (url === undefined) throw new Error('package.json has no repository.url; the site links code, tests and cases to it');
  return url.replace(/^git\+/, '').replace(/\.git$/, '');
}

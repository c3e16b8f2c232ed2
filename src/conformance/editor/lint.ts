/**
 * The editor suite lints itself: valid case files, unique IDs, rules that
 * exist in spec/editor.md or spec/mcp.md, short descriptions without
 * "should", and declared features.
 *
 * @module
 */
import type { CaseFileProblem } from '../case/load.js';
import type { SpecRule } from '../lint.js';
import type { LoadedEditorCase } from './case/load.js';
import { usedEditorFeatures } from './case/schema.js';

/** The spec files editor cases may cite. */
export const EDITOR_SPEC_FILES = ['spec/editor.md', 'spec/mcp.md'];

/** What the editor lint needs. */
export interface EditorLintInput {
  /** Valid cases. */
  cases: LoadedEditorCase[];
  /** Files that failed to parse or validate. */
  problems: CaseFileProblem[];
  /** Every rule of `spec/` (only those of {@link EDITOR_SPEC_FILES} may be cited). */
  rules: SpecRule[];
}

/** One lint finding per line; empty when the suite is clean. */
export function lintEditorSuite(input: EditorLintInput): string[] {
  const out: string[] = [];
  const known = new Set(input.rules.filter((r) => EDITOR_SPEC_FILES.includes(r.file)).map((r) => r.id));
  for (const p of input.problems) out.push(`${p.file}: ${p.message}`);
  const seen = new Map<string, string>();
  for (const { case: c, file } of input.cases) {
    const at = `${file}: ${c.id}`;
    const prev = seen.get(c.id);
    if (prev) out.push(`${at}: the ID is also used in ${prev}`);
    else seen.set(c.id, file);
    for (const rule of c.rules) if (!known.has(rule)) out.push(`${at}: cites ${rule}, which neither spec/editor.md nor spec/mcp.md defines`);
    if (c.description.length > 70) out.push(`${at}: the description has ${c.description.length} characters; at most 70`);
    if (/\bshould\b/i.test(c.description)) out.push(`${at}: the description says "should"; state what happens instead`);
    const declared = new Set<string>(c.features);
    const undeclared = [...usedEditorFeatures(c)].filter((f) => !declared.has(f));
    if (undeclared.length > 0) out.push(`${at}: uses undeclared feature(s) ${undeclared.join(', ')}; add them to "features"`);
  }
  return out;
}

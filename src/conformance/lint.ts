/**
 * The suite lints itself: valid cases, unique IDs, known rules, short
 * descriptions, declared features, well-ordered steps, and at least one case
 * for every rule observable through the processor's interface.
 *
 * Implements r[conformance.lint.schema-valid], r[conformance.lint.unique-ids],
 * r[conformance.lint.known-rules], r[conformance.case.description],
 * r[conformance.lint.features], r[conformance.lint.step-order], r[conformance.lint.coverage],
 * r[conformance.case.pinned-scores].
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { CaseFileProblem, LoadedCase } from './case/load.js';
import { usedFeatures } from './case/features.js';
import { ruleIdSchema } from './case/schema.js';

/** A rule defined in `spec/`, as the traceability tooling parses it. */
export interface SpecRule {
  /** The rule ID. */
  id: string;
  /** The spec file, relative to the package root (`spec/search.md`). */
  file: string;
}

/** `conformance/not-observable.json`: rules no case can observe, each with a reason. */
export const notObservableSchema = z
  .object({
    $comment: z.string().optional(),
    rules: z.record(ruleIdSchema, z.string().min(10, 'give a reason of at least 10 characters')),
  })
  .strict();

/** The spec files whose every observable rule needs a case. */
export const COVERED_SPEC_FILES = ['spec/search.md', 'spec/lifecycle.md', 'spec/stores.md', 'spec/processor.md'];

/** Reads `conformance/not-observable.json`; a missing file lists nothing. */
export function readNotObservable(path: string): Record<string, string> {
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch {
    return {};
  }
  return notObservableSchema.parse(JSON.parse(raw)).rules;
}

/** Does `value` hold `key` as an object key at any depth? */
function mentionsKey(value: unknown, key: string): boolean {
  if (Array.isArray(value)) return value.some((v) => mentionsKey(v, key));
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => k === key || mentionsKey(v, key));
}

/** What the lint needs. */
export interface LintInput {
  /** Valid cases. */
  cases: LoadedCase[];
  /** Files that failed to parse or validate. */
  problems: CaseFileProblem[];
  /** Every rule of `spec/`. */
  rules: SpecRule[];
  /** Rules that cannot be observed through the processor's interface, with reasons. */
  notObservable: Record<string, string>;
  /** Spec files whose observable rules each need a case; {@link COVERED_SPEC_FILES} by default. */
  coveredFiles?: string[];
}

/** One lint finding per line; empty when the suite is clean. */
export function lintSuite(input: LintInput): string[] {
  const out: string[] = [];
  const known = new Set(input.rules.map((r) => r.id));
  // r[conformance.lint.schema-valid]
  for (const p of input.problems) out.push(`${p.file}: ${p.message}`);
  const seen = new Map<string, string>();
  const cited = new Map<string, string[]>();
  for (const { case: c, file } of input.cases) {
    const at = `${file}: ${c.id}`;
    // r[conformance.lint.unique-ids]
    const prev = seen.get(c.id);
    if (prev) out.push(`${at}: the ID is also used in ${prev}`);
    else seen.set(c.id, file);
    // r[conformance.lint.known-rules]
    for (const rule of c.rules) {
      if (!known.has(rule)) out.push(`${at}: cites ${rule}, which no spec file defines`);
      cited.set(rule, [...(cited.get(rule) ?? []), c.id]);
    }
    // r[conformance.case.description]
    if (c.description.length > 70) out.push(`${at}: the description has ${c.description.length} characters; at most 70`);
    if (/\bshould\b/i.test(c.description)) out.push(`${at}: the description says "should"; state what happens instead`);
    // r[conformance.lint.features]
    const declared = new Set<string>(c.features);
    const undeclared = [...usedFeatures(c)].filter((f) => !declared.has(f));
    if (undeclared.length > 0) out.push(`${at}: uses undeclared feature(s) ${undeclared.join(', ')}; add them to "features"`);
    // r[conformance.case.pinned-scores]: `fields` must not reach a score (`scored` pins scores).
    c.steps.forEach((step, i) => {
      if (step.op === 'call' && step.expect.fields && mentionsKey(step.expect.fields, 'score')) {
        out.push(`${at}: step ${i + 1} pins a score in "fields"; pin scores with "scored", or use "scores" bounds or result order`);
      }
    });
    // r[conformance.lint.step-order]
    if (!c.constructionError && c.steps.length === 0) out.push(`${at}: has no steps`);
    if (c.constructionError && c.steps.length > 0) out.push(`${at}: expects a construction error, so its steps would never run`);
    let begun = false;
    const threads = new Set<string | null>();
    c.steps.forEach((step, i) => {
      if (step.op === 'begin' && step.sameRequest && !threads.has(step.thread)) {
        out.push(`${at}: step ${i + 1} continues the request of thread ${String(step.thread)}, which no begin since the last restart opened`);
      }
      if (step.op === 'begin') {
        begun = true;
        threads.add(step.thread);
      }
      if (step.op === 'restart') {
        begun = false;
        threads.clear();
      }
      if (step.op === 'call' && !begun) out.push(`${at}: step ${i + 1} calls ${step.tool} before any begin step (since the last restart)`);
    });
  }
  // r[conformance.lint.coverage]
  const covered = new Set(input.coveredFiles ?? COVERED_SPEC_FILES);
  for (const [rule, reason] of Object.entries(input.notObservable)) {
    if (!known.has(rule)) out.push(`not-observable.json: ${rule} is not a rule of spec/`);
    if (cited.has(rule)) out.push(`not-observable.json: ${rule} (${reason}) is cited by ${cited.get(rule)!.join(', ')}; remove it from the list`);
  }
  for (const rule of input.rules) {
    if (!covered.has(rule.file)) continue;
    if (cited.has(rule.id) || Object.hasOwn(input.notObservable, rule.id)) continue;
    out.push(`${rule.file}: ${rule.id} has no conformance case; write one, or list it in not-observable.json with a reason`);
  }
  return out;
}

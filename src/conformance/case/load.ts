/**
 * Reads case files from disk and validates them against the zod schema.
 *
 * @module
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { z } from 'zod';
import { caseFileSchema, type Case } from './schema.js';

/** A validated case and the file it came from. */
export interface LoadedCase {
  /** The case, with defaults applied. */
  case: Case;
  /** Path of its file, relative to the cases folder. */
  file: string;
}

/** A case file that failed to parse or validate. */
export interface CaseFileProblem {
  /** Path of the file, relative to the cases folder. */
  file: string;
  /** What is wrong and where. */
  message: string;
}

/** Every `*.json` below `dir`, sorted. */
export function caseFiles(dir: string): string[] {
  const out: string[] = [];
  const visit = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) visit(path);
      else if (name.endsWith('.json')) out.push(path);
    }
  };
  visit(dir);
  return out;
}

/** The cases below a folder, and the files that could not be read as cases. */
export interface LoadedSuite {
  /** Every valid case, in file order. */
  cases: LoadedCase[];
  /** Files that failed to parse or validate. */
  problems: CaseFileProblem[];
}

/**
 * Reads every `*.json` below `dir` as a case file of `schema` (an array of
 * cases): a file that is not JSON or does not validate is reported, not thrown.
 * Shared by the processor and the editor suites.
 */
export function loadCaseFiles<T>(dir: string, schema: z.ZodType<T[]>): { cases: { case: T; file: string }[]; problems: CaseFileProblem[] } {
  const cases: { case: T; file: string }[] = [];
  const problems: CaseFileProblem[] = [];
  for (const path of caseFiles(dir)) {
    const file = relative(dir, path);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      problems.push({ file, message: `not valid JSON: ${(error as Error).message}` });
      continue;
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push({ file, message: `${issue.path.join('.') || '(root)'}: ${issue.message}` });
      }
      continue;
    }
    for (const c of parsed.data) cases.push({ case: c, file });
  }
  return { cases, problems };
}

/** Loads every case below `dir`; invalid files are reported, not thrown. */
export function loadCases(dir: string): LoadedSuite {
  return loadCaseFiles(dir, caseFileSchema);
}

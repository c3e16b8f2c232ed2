/**
 * Reads editor case files from disk and validates them against the zod schema.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { z } from 'zod';
import { caseFiles, type CaseFileProblem } from '../../case/load.js';
import { editorCaseFileDefinition, editorCaseFileSchema, type EditorCase } from './schema.js';

/** A validated editor case and the file it came from. */
export interface LoadedEditorCase {
  /** The case, with defaults applied. */
  case: EditorCase;
  /** Path of its file, relative to the cases folder. */
  file: string;
}

/** The editor cases below a folder, and the files that could not be read as cases. */
export interface LoadedEditorSuite {
  /** Every valid case, in file order. */
  cases: LoadedEditorCase[];
  /** Files that failed to parse or validate. */
  problems: CaseFileProblem[];
}

/** Loads every `*.json` case file below `dir`; invalid files are reported, not thrown. */
export function loadEditorCases(dir: string): LoadedEditorSuite {
  const cases: LoadedEditorCase[] = [];
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
    const parsed = editorCaseFileSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push({ file, message: `${issue.path.join('.') || '(root)'}: ${issue.message}` });
      continue;
    }
    for (const c of parsed.data) cases.push({ case: c, file });
  }
  return { cases, problems };
}

/** The JSON Schema of an editor case file, as checked in (two-space indented, final newline). */
export function editorCaseFileJsonSchema(): string {
  const schema = z.toJSONSchema(editorCaseFileDefinition, { io: 'input', target: 'draft-2020-12' });
  const withId = {
    $schema: schema.$schema,
    $id: 'https://github.com/tool-search-reference/conformance/editor/schema/case.schema.json',
    title: 'editor conformance case file',
    ...schema,
  };
  return JSON.stringify(withId, null, 2) + '\n';
}

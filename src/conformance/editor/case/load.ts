/**
 * Reads editor case files from disk and validates them against the zod schema.
 *
 * @module
 */
import { caseFileJsonSchemaText } from '../../case/json-schema.js';
import { loadCaseFiles, type CaseFileProblem } from '../../case/load.js';
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
  return loadCaseFiles(dir, editorCaseFileSchema);
}

/** The JSON Schema of an editor case file, as checked in (two-space indented, final newline). */
export function editorCaseFileJsonSchema(): string {
  return caseFileJsonSchemaText(
    editorCaseFileDefinition,
    'https://github.com/tool-search-reference/conformance/editor/schema/case.schema.json',
    'editor conformance case file',
  );
}

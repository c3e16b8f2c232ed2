/**
 * Where the editor suite lives, relative to the package root.
 *
 * @module
 */
import { join } from 'node:path';
import { packageRoot } from '../paths.js';

/** `conformance/editor/cases/` of the package. */
export const editorCasesDir = (): string => join(packageRoot(), 'conformance', 'editor', 'cases');
/** The checked-in JSON Schema of editor case files. */
export const editorSchemaPath = (): string => join(packageRoot(), 'conformance', 'editor', 'schema', 'case.schema.json');

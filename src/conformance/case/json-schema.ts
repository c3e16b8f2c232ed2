/**
 * Generates `conformance/schema/case.schema.json` from the zod definitions.
 *
 * Implements r[conformance.case.schema].
 *
 * @module
 */
import { z } from 'zod';
import { caseFileDefinition } from './schema.js';

/** The JSON Schema of a case file, as checked in (two-space indented, final newline). */
export function caseFileJsonSchema(): string {
  const schema = z.toJSONSchema(caseFileDefinition, { io: 'input', target: 'draft-2020-12' });
  const withId = {
    $schema: schema.$schema,
    $id: 'https://github.com/tool-search-reference/conformance/schema/case.schema.json',
    title: 'tool-search conformance case file',
    ...schema,
  };
  return JSON.stringify(withId, null, 2) + '\n';
}

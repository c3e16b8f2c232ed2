/**
 * Generates `conformance/schema/case.schema.json` from the zod definitions.
 *
 * Implements r[conformance.case.schema].
 *
 * @module
 */
import { z } from 'zod';
import { caseFileDefinition } from './schema.js';

/**
 * The JSON Schema of a zod case-file definition, as checked in: the input
 * side in draft 2020-12, with `$id` and `title` first, two-space indented,
 * final newline. Shared by the processor and the editor suites.
 */
export function caseFileJsonSchemaText(definition: z.ZodType, id: string, title: string): string {
  const schema = z.toJSONSchema(definition, { io: 'input', target: 'draft-2020-12' });
  const withId = { $schema: schema.$schema, $id: id, title, ...schema };
  return JSON.stringify(withId, null, 2) + '\n';
}

/** The JSON Schema of a case file, as checked in (two-space indented, final newline). */
export function caseFileJsonSchema(): string {
  return caseFileJsonSchemaText(
    caseFileDefinition,
    'https://github.com/tool-search-reference/conformance/schema/case.schema.json',
    'tool-search conformance case file',
  );
}

/**
 * Generates the JSON Schemas of the protocol's messages,
 * `conformance/schema/protocol-request.schema.json` and
 * `conformance/schema/protocol-response.schema.json`, from the zod definitions
 * the runner itself validates with.
 *
 * Implements r[conformance.protocol.schema].
 *
 * @module
 */
import { z } from 'zod';
import { requestSchema, responseSchema } from './messages.js';

/** One generated schema file. */
export interface ProtocolJsonSchema {
  /** File name under `conformance/schema/`. */
  file: string;
  /** Its content: two-space indented JSON with a final newline. */
  text: string;
}

const BASE = 'https://github.com/tool-search-reference/conformance/schema/';

function render(schema: z.ZodType, file: string, title: string, io: 'input' | 'output'): ProtocolJsonSchema {
  const generated = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' });
  const { $schema, ...rest } = generated;
  return { file, text: JSON.stringify({ $schema, $id: BASE + file, title, ...rest }, null, 2) + '\n' };
}

/**
 * The protocol's JSON Schemas, as checked in. Requests are described as the
 * runner sends them (every defaulted field present); responses as an
 * implementation may write them.
 */
export function protocolJsonSchemas(): ProtocolJsonSchema[] {
  return [
    render(requestSchema, 'protocol-request.schema.json', 'tool-search conformance protocol: a request of the runner', 'output'),
    render(responseSchema, 'protocol-response.schema.json', 'tool-search conformance protocol: an answer of the implementation', 'input'),
  ];
}

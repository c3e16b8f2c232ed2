/**
 * The zod schemas of the meta-tools' inputs and outputs. They do not depend on the step, so
 * they are built once, when the module loads, and shared by the meta-tools of every step
 * (building them took most of a step with nothing loaded).
 *
 * @see r[processor.tools.meta]
 */
import { z } from 'zod';
import { MAX_QUERY_LENGTH, MAX_TOOL_NAME_LENGTH, MAX_TOOL_NAMES } from './meta-input.js';
import { renderText } from './messages.js';

/**
 * A Standard Schema (with JSON Schema) that shows the model `shape` but lets every input
 * through to `execute`, which validates it itself and answers a bad input with the meta-tool's
 * own error result (r[processor.input.search], r[processor.input.load]).
 *
 * Unlike @mastra/core 1.71.0: Mastra's meta-tools carry strict zod schemas, so its tool wrapper
 * answers a bad input with its generic `{ error: true, message }` before the meta-tool runs.
 */
export interface PermissiveInputSchema {
  /** Standard Schema v1 with the Standard JSON Schema extension. */
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: 'tool-search-reference';
    /** Accepts any value unchanged. */
    readonly validate: (value: unknown) => { value: unknown };
    /** The JSON Schema of `shape`, for the model. */
    readonly jsonSchema: {
      readonly input: (options?: { target?: string }) => Record<string, unknown>;
      readonly output: (options?: { target?: string }) => Record<string, unknown>;
    };
  };
  /** The zod schema the model is shown. */
  readonly shape: z.ZodType;
}

/** Maps a Standard JSON Schema target name to zod's. */
function zodTarget(target: string | undefined): 'draft-7' | 'draft-2020-12' | 'openapi-3.0' {
  if (target === 'draft-2020-12') return 'draft-2020-12';
  if (target === 'openapi-3.0') return 'openapi-3.0';
  return 'draft-7';
}

function permissive(shape: z.ZodType): PermissiveInputSchema {
  const cache = new Map<string, Record<string, unknown>>();
  const json = (options?: { target?: string }) => {
    const target = zodTarget(options?.target);
    let schema = cache.get(target);
    if (schema === undefined) {
      schema = z.toJSONSchema(shape, { target, io: 'input' }) as Record<string, unknown>;
      cache.set(target, schema);
    }
    return structuredClone(schema);
  };
  return {
    // Unlike @mastra/core 1.71.0 (r[processor.input.search]): Mastra's strict zod schema lets its tool wrapper answer
    // a bad input with { error: true, message }; this one lets every input through.
    '~standard': { version: 1, vendor: 'tool-search-reference', validate: (value) => ({ value }), jsonSchema: { input: json, output: json } },
    shape,
  };
}

/** The input `search_tools` describes to the model (its limits included). */
export const searchToolsInputShape = z.object({
  query: z.string().max(MAX_QUERY_LENGTH).describe(renderText('argument.query')),
});

/**
 * The versioned activation a result carries (r[store.meta-results.forward]), with its receipt when
 * signed (r[store.receipts.shape]); declared so that the Agent's output validation keeps it
 * (r[processor.receipts.write]).
 */
export const activationOutputSchema = z.object({
  type: z.enum(['tool-search-load', 'tool-search-auto-load']),
  version: z.literal(1),
  loaded: z.array(z.string()),
  receipt: z.object({ version: z.literal(1), algorithm: z.literal('HMAC-SHA256'), mac: z.string() }).optional(),
});

/** `search_tools`' answer, Mastra's shape (r[processor.search.results]). */
export const searchToolsOutputSchema = z.object({
  results: z.array(z.object({ name: z.string(), description: z.string(), score: z.number() })),
  message: z.string(),
  activation: activationOutputSchema.optional(),
});

/**
 * What the model is told `search_tools` accepts; every input reaches `execute`, which
 * validates it itself (r[processor.input.search]).
 */
export const searchToolsInputSchema = permissive(searchToolsInputShape);

/** The input `load_tool` describes to the model (its limits included). */
export const loadToolInputShape = z.object({
  toolName: z.string().max(MAX_TOOL_NAME_LENGTH).optional().describe(renderText('argument.tool-name')),
  toolNames: z
    .array(z.string().max(MAX_TOOL_NAME_LENGTH))
    .max(MAX_TOOL_NAMES)
    .optional()
    .describe(renderText('argument.tool-names')),
});

/**
 * What the model is told `load_tool` accepts; every input reaches `execute`, which validates
 * it itself (r[processor.input.load]).
 */
export const loadToolInputSchema = permissive(loadToolInputShape);

/** `load_tool`'s answer, Mastra's shapes (r[processor.load.results]). */
export const loadToolOutputSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  loadedCount: z.number().optional(),
  toolName: z.string().optional(),
  loaded: z.array(z.string()).optional(),
  notFound: z.array(z.string()).optional(),
  alreadyLoaded: z.array(z.string()).optional(),
  activation: activationOutputSchema.optional(),
});

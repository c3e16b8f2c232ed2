/**
 * The zod schemas of the meta-tools' inputs and outputs. They do not depend on the step, so
 * they are built once, when the module loads, and shared by the meta-tools of every step
 * (building them took most of a step with nothing loaded).
 *
 * @see r[processor.tools.meta]
 */
import { z } from 'zod';
import { MAX_QUERY_LENGTH, MAX_TOOL_NAME_LENGTH, MAX_TOOL_NAMES } from './meta-input.js';

/**
 * What the model is told `search_tools` accepts. `execute` validates the input itself
 * (r[processor.input.search]).
 */
export const searchToolsInputSchema = z.object({
  query: z.string().max(MAX_QUERY_LENGTH).describe('Search keywords, e.g. "weather" or "github issue"'),
});

/** `search_tools`' answer, Mastra's shape (r[processor.search.results]). */
export const searchToolsOutputSchema = z.object({
  results: z.array(z.object({ name: z.string(), description: z.string(), score: z.number() })),
  message: z.string(),
});

/**
 * What the model is told `load_tool` accepts. `execute` validates the input itself
 * (r[processor.input.load]).
 */
export const loadToolInputSchema = z.object({
  toolName: z.string().max(MAX_TOOL_NAME_LENGTH).optional().describe('The exact name of one tool to load (from search results)'),
  toolNames: z
    .array(z.string().max(MAX_TOOL_NAME_LENGTH))
    .max(MAX_TOOL_NAMES)
    .optional()
    .describe('Exact names of several tools to load in one call (from search results)'),
});

/** `load_tool`'s answer, Mastra's shapes (r[processor.load.results]). */
export const loadToolOutputSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  loadedCount: z.number().optional(),
  toolName: z.string().optional(),
  loaded: z.array(z.string()).optional(),
  notFound: z.array(z.string()).optional(),
  alreadyLoaded: z.array(z.string()).optional(),
});

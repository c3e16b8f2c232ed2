/**
 * The editor conformance case format, as zod schemas.
 * `conformance/editor/schema/case.schema.json` is generated from
 * {@link editorCaseFileDefinition} and checked in.
 *
 * A case is one pure operation of `spec/editor.md`: evaluating a rule group
 * against a request context, or resolving a stored agent's tool set from data
 * (registered tools, code tools, stored MCP clients whose servers' tools are
 * given as names and descriptions, legacy integrations).
 *
 * @module
 */
import { z } from 'zod';
import { ruleIdSchema } from '../../case/schema.js';

/** A case ID: `area.topic/short-name`, with area `editor`. */
const caseIdSchema = z
  .string()
  .regex(/^editor(?:\.[a-z0-9][a-z0-9-]*)+\/[a-z0-9][a-z0-9-]*$/, 'a case ID such as "editor.rules/equals-string"')
  .describe('Stable case ID: `editor.topic/short-name`.');

/** Features an editor adapter may claim. */
export const editorFeatureSchema = z
  .enum(['diagnostics', 'mcp', 'integrations', 'code-agents'])
  .describe(
    'diagnostics: observes diagnostic codes; mcp: stored MCP clients; integrations: legacy integration providers; code-agents: override and description-only modes.',
  );

/** A tool given as data: its id (the key it is registered under) and its own description. */
export const toolDataSchema = z
  .object({
    id: z.string().min(1).describe('The tool id (its key in the tools record).'),
    description: z.string().min(1).describe('The tool`s own description.'),
  })
  .strict();

/** A stored MCP server, transport-neutral: the adapter picks the transport. */
export const mcpServerDataSchema = z
  .object({
    tools: z
      .record(z.string(), z.object({ description: z.string().optional() }).strict())
      .optional()
      .describe('The stored server-level `tools` map (bare names); omitted when absent.'),
    offers: z.array(toolDataSchema).describe('The tools the server lists, by bare name, in order.'),
  })
  .strict();

/** A stored MCP client, with its servers in order. */
export const mcpClientDataSchema = z
  .object({
    name: z.string().min(1),
    servers: z.record(z.string().min(1), mcpServerDataSchema).describe('Servers by server name, in order.'),
  })
  .strict();

/** Evaluate a rule group against a plain-object request context. */
const evaluateCaseSchema = z
  .object({
    op: z.literal('evaluate'),
    group: z.unknown().describe('The rule group, as stored (it may be invalid on purpose).'),
    context: z.record(z.string(), z.unknown()).default({}).describe('The request context, as a plain object.'),
    expect: z.union([
      z.object({ holds: z.boolean() }).strict().describe('The group holds or not.'),
      z.object({ error: z.literal('config-invalid') }).strict().describe('The group is rejected as invalid.'),
    ]),
  })
  .strict();

/** What must be observed after a resolution. */
export const resolveExpectSchema = z
  .object({
    tools: z.array(z.string()).optional().describe('Exactly these tool ids, in this order.'),
    descriptions: z.record(z.string(), z.string()).optional().describe('Tool id to the description the model sees.'),
    origins: z
      .record(z.string(), z.enum(['code', 'registered', 'mcp', 'integration']))
      .optional()
      .describe('Tool id to the source whose tool object is behind it.'),
    diagnostics: z.array(z.string()).optional().describe('Exactly these diagnostic codes, in this order.'),
    error: z.literal('config-invalid').optional().describe('The resolution is refused: the configuration is invalid.'),
  })
  .strict();

/** Resolve a stored agent's tool set for one request. */
const resolveCaseSchema = z
  .object({
    op: z.literal('resolve'),
    mode: z.enum(['standalone', 'override', 'description-only']).default('standalone'),
    config: z
      .record(z.string(), z.unknown())
      .describe('The stored agent`s tool fields (`tools`, `mcpClients`, `integrationTools`), as stored.'),
    registered: z.array(toolDataSchema).default([]).describe('The tool registry, in order.'),
    codeTools: z.array(toolDataSchema).default([]).describe('The code-defined agent`s tools, in order.'),
    mcpClients: z.record(z.string(), mcpClientDataSchema).default({}).describe('Stored MCP clients by id.'),
    integrations: z
      .record(z.string(), z.array(toolDataSchema))
      .default({})
      .describe('Legacy integration providers by id, each with the tools it lists, in order.'),
    requestContext: z.record(z.string(), z.unknown()).default({}),
    expect: resolveExpectSchema,
  })
  .strict();

const common = {
  id: caseIdSchema,
  rules: z.array(ruleIdSchema).min(1).describe('Rule IDs of spec/editor.md or spec/mcp.md this case checks.'),
  description: z.string().min(1).max(70).describe('At most 70 characters, without "should".'),
  features: z.array(editorFeatureSchema).default([]).describe('Features an implementation needs to run this case.'),
};

/** The zod definition of one editor case: an `evaluate` case or a `resolve` case, told apart by `op`. */
export const editorCaseDef = z.discriminatedUnion('op', [
  evaluateCaseSchema.extend(common),
  resolveCaseSchema.extend(common),
]);

const editorCaseFileDef = z.array(editorCaseDef).min(1).describe('A file of editor conformance cases.');

/** A feature an editor adapter may claim. */
export type EditorFeature = z.output<typeof editorFeatureSchema>;
/** A tool given as data. */
export type ToolData = z.output<typeof toolDataSchema>;
/** A stored MCP server given as data. */
export type McpServerData = z.output<typeof mcpServerDataSchema>;
/** A stored MCP client given as data. */
export type McpClientData = z.output<typeof mcpClientDataSchema>;
/** What a resolve case expects. */
export type ResolveExpect = z.output<typeof resolveExpectSchema>;
/** One editor conformance case, with defaults applied. */
export type EditorCase = z.output<typeof editorCaseDef>;
/** An `evaluate` case. */
export type EvaluateCase = Extract<EditorCase, { op: 'evaluate' }>;
/** A `resolve` case. */
export type ResolveCase = Extract<EditorCase, { op: 'resolve' }>;
/** One editor case as written in JSON (defaults not applied). */
export type EditorCaseInput = z.input<typeof editorCaseDef>;

/** The zod schema of one editor case. */
export const editorCaseSchema: z.ZodType<EditorCase, EditorCaseInput> = editorCaseDef;
/** The zod schema of an editor case file: an array of at least one case. */
export const editorCaseFileSchema: z.ZodType<EditorCase[], EditorCaseInput[]> = editorCaseFileDef;
/** The zod definition of an editor case file, for JSON Schema generation. */
export const editorCaseFileDefinition: z.ZodType = editorCaseFileDef;

/** Every feature, in declaration order. */
export const ALL_EDITOR_FEATURES: readonly EditorFeature[] = editorFeatureSchema.options;

/** The features a case uses, derived from its content. */
export function usedEditorFeatures(c: EditorCase): Set<EditorFeature> {
  const used = new Set<EditorFeature>();
  if (c.op !== 'resolve') return used;
  if (c.expect.diagnostics !== undefined) used.add('diagnostics');
  if (Object.keys(c.mcpClients).length > 0) used.add('mcp');
  if (Object.keys(c.integrations).length > 0) used.add('integrations');
  if (c.mode !== 'standalone' || c.codeTools.length > 0) used.add('code-agents');
  return used;
}

/**
 * Zod schemas of a stored agent's tool fields: `tools`, `mcpClients`,
 * `integrationTools` and `toolProviders`.
 *
 * Field names are `@mastra/editor` 0.14.0's, so configurations it wrote can be read.
 *
 * @module
 */
import { z } from 'zod';
import { EditorConfigError } from '../errors.js';
import { ownRecord } from '../own-record.js';
import { ruleGroupSchema } from '../rules/schema.js';
import type { RuleGroup } from '../rules/types.js';

const toolIdSchema = z.string().min(1, { error: 'tool ids must be non-empty strings' });

/**
 * A per-tool entry `{ description?, rules? }`. `rules` is validated but never
 * evaluated (r[editor.variants.tool-rules-ignored]); an empty `description`
 * means "no override" (r[editor.model.empty-description]).
 *
 * @see r[editor.model.tool-entry]
 */
export const toolEntrySchema = z
  .object({
    description: z.string().optional(),
    rules: ruleGroupSchema.nullish(),
  })
  .strict();

/** A per-tool entry. @see r[editor.model.tool-entry] */
export type ToolEntry = z.infer<typeof toolEntrySchema>;

/** A map of tool id (or name) to per-tool entry. @see r[editor.model.tool-entry] */
export const toolSelectionSchema = ownRecord(toolIdSchema, toolEntrySchema);

/** A map of tool id to per-tool entry. @see r[editor.model.tool-entry] */
export type ToolSelection = z.infer<typeof toolSelectionSchema>;

/**
 * The `tools` field's plain value: registered tool id to entry.
 *
 * @see r[editor.model.tools-field]
 */
export const storedToolsSchema = toolSelectionSchema;

/**
 * An agent's reference to one stored MCP client (or one legacy integration
 * provider): `{ tools? }`. Omitted `tools` selects nothing; `{}` selects all.
 *
 * @see r[editor.model.mcp-reference] r[editor.model.integration-reference]
 */
export const toolSourceReferenceSchema = z
  .object({
    tools: toolSelectionSchema.optional(),
  })
  .strict();

/** An agent's reference to a stored MCP client or integration provider. @see r[editor.model.mcp-reference] */
export type ToolSourceReference = z.infer<typeof toolSourceReferenceSchema>;

/** The `mcpClients` field's plain value: stored MCP client id to reference. @see r[editor.model.mcp-reference] */
export const storedMcpReferencesSchema = ownRecord(z.string().min(1), toolSourceReferenceSchema);

/** The `integrationTools` field's plain value: provider id to reference. @see r[editor.model.integration-reference] */
export const storedIntegrationReferencesSchema = ownRecord(z.string().min(1), toolSourceReferenceSchema);

/**
 * One pinned connection of a V1 tool provider, as `@mastra/core` stores it.
 *
 * @see r[editor.model.tool-provider-config]
 */
export const toolProviderConnectionSchema = z
  .object({
    kind: z.enum(['author', 'invoker', 'platform']),
    connectionId: z.string(),
    toolkit: z.string(),
    label: z.string().optional(),
    scope: z.enum(['shared', 'per-author', 'caller-supplied']).optional(),
  })
  .strict();

/**
 * One V1 tool provider's configuration on one agent: selected tools (slug to
 * `{ toolkit?, description? }`) and pinned connections by toolkit.
 *
 * @see r[editor.model.tool-provider-config]
 */
export const storedToolProviderConfigSchema = z
  .object({
    tools: ownRecord(toolIdSchema, z.object({ toolkit: z.string().optional(), description: z.string().optional() }).strict()),
    connections: ownRecord(z.string(), z.array(toolProviderConnectionSchema)).optional(),
  })
  .strict();

/** One V1 tool provider's configuration. @see r[editor.model.tool-provider-config] */
export type StoredToolProviderConfig = z.infer<typeof storedToolProviderConfigSchema>;

/** The `toolProviders` field's plain value: provider id to configuration. @see r[editor.model.tool-provider-config] */
export const storedToolProvidersSchema = ownRecord(z.string().min(1), storedToolProviderConfigSchema);

/**
 * A conditional variant `{ value, rules? }`. A variant without rules always applies.
 *
 * @see r[editor.model.variant]
 */
export interface ConditionalVariant<T> {
  /** The field value this variant contributes. */
  value: T;
  /** When present, the variant applies only if the group holds. */
  rules?: RuleGroup | null | undefined;
}

/** A field that is either a plain value or an array of conditional variants. @see r[editor.model.fields] */
export type ConditionalField<T> = T | ConditionalVariant<T>[];

/**
 * Builds the schema of a conditional field: a plain value (`value`), or an
 * array of `{ value, rules? }` variants. Any array is read as variants.
 *
 * @see r[editor.model.fields] r[editor.model.variant]
 */
export function conditionalFieldSchema<T>(value: z.ZodType<T>): z.ZodType<ConditionalField<T>> {
  const variant = z.object({ value, rules: ruleGroupSchema.nullish() }).strict();
  const variants = z.array(variant);
  return z.unknown().transform((input, ctx) => {
    // Unlike @mastra/editor 0.14.0 (r[editor.model.variant]): the Editor also reads an array of tool-id strings as a
    // plain value; here any array is variants.
    const parsed = Array.isArray(input) ? variants.safeParse(input) : value.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return parsed.data as ConditionalField<T>;
  }) as unknown as z.ZodType<ConditionalField<T>>;
}

/**
 * A stored agent's tool fields. Other agent fields (name, model, …) are
 * ignored. `null` counts as absent.
 *
 * @see r[editor.model.fields]
 */
export const agentToolConfigSchema = z.object({
  tools: conditionalFieldSchema(storedToolsSchema).nullish(),
  mcpClients: conditionalFieldSchema(storedMcpReferencesSchema).nullish(),
  integrationTools: conditionalFieldSchema(storedIntegrationReferencesSchema).nullish(),
  toolProviders: conditionalFieldSchema(storedToolProvidersSchema).nullish(),
});

/** A stored agent's tool fields, validated. @see r[editor.model.fields] */
export interface AgentToolConfig {
  /** Registered tools: tool id to entry. */
  tools?: ConditionalField<ToolSelection> | null | undefined;
  /** Stored MCP client references: client id to `{ tools? }`. */
  mcpClients?: ConditionalField<Record<string, ToolSourceReference>> | null | undefined;
  /** Legacy integration references: provider id to `{ tools? }`. */
  integrationTools?: ConditionalField<Record<string, ToolSourceReference>> | null | undefined;
  /** V1 tool providers: provider id to configuration. */
  toolProviders?: ConditionalField<Record<string, StoredToolProviderConfig>> | null | undefined;
}

/**
 * Validates a stored agent's tool fields.
 *
 * Implements r[editor.model.validation-path]: on failure, throws an
 * {@link EditorConfigError} whose issues name each bad path
 * (e.g. `mcpClients.docs.tools.search.rules.conditions.0.operator`).
 *
 * @param input - a stored agent (or just its tool fields).
 * @returns the four tool fields, validated.
 */
export function parseAgentToolConfig(input: unknown): AgentToolConfig {
  const parsed = agentToolConfigSchema.safeParse(input);
  if (!parsed.success) {
    throw new EditorConfigError(
      'agent tool configuration',
      parsed.error.issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: i.message })),
    );
  }
  return parsed.data as AgentToolConfig;
}

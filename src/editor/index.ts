/**
 * `tool-search-reference/editor`: the Editor's stored tool configuration and
 * its resolution, as specified in `spec/editor.md`.
 *
 * Pure: it imports nothing from `@mastra/*` or the MCP SDK and loads with only this
 * package's own dependencies installed. The binding that reaches real MCP servers through
 * `@mastra/mcp`, and the Mastra storage backend of stored MCP clients, are the entry
 * `tool-search-reference/mcp`.
 *
 * @module
 */
export * from './tool-like.js';
export * from './diagnostics.js';
export * from './errors.js';
export * from './sources.js';
export * from './rules/types.js';
export * from './rules/context.js';
export { evaluateRuleGroup } from './rules/evaluate.js';
export { ruleSchema, ruleGroupSchema, MAX_RULE_GROUP_DEPTH } from './rules/schema.js';
export * from './config/schema.js';
export { isConditionalVariants, hasRuledVariants, resolveConditionalField, possibleValues } from './config/variants.js';
export * from './resolve/namespace.js';
export * from './resolve/options.js';
export { selectMcpTools, type McpSelection } from './resolve/mcp-selection.js';
export { resolutionDependsOnRequest, type RequestDependenceOptions } from './resolve/request-dependence.js';
export { resolveAgentTools } from './resolve/resolve-agent-tools.js';
export * from './mcp/index.js';

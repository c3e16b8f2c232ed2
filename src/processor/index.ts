/**
 * The Mastra binding: `ToolSearchProcessor`, a drop-in for `@mastra/core` 1.71.0's. See `spec/processor.md`.
 *
 * @module
 */
export { ToolSearchProcessor } from './tool-search-processor.js';
export type { AnyTool, ToolSearchFilter, ToolSearchFilterArgs, ToolSearchProcessorOptions } from './tool-search-processor.js';
export { toolSearchProcessorOptionsSchema, ToolSearchOptionsError } from './options.js';
export { DEFAULT_TTL_MS } from '../stores/index.js';
export type { FilterArgsOf, FilterOf, OptionFunction, ToolSearchFilterPhase, ToolSearchOptionsOf, ToolSearchStorage } from './options.js';
export { MAX_QUERY_LENGTH, MAX_TOOL_NAME_LENGTH, MAX_TOOL_NAMES } from './meta-input.js';
export { resolveThreadId, THREAD_ID_KEY, MEMORY_CONTEXT_KEY } from './thread-id.js';

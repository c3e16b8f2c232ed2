/**
 * `tool-search-reference`: the formally specified reference implementation of Mastra's
 * `ToolSearchProcessor`. Place {@link ToolSearchProcessor} in an Agent's `inputProcessors`.
 *
 * @module
 */
export {
  ToolSearchProcessor,
  toolSearchProcessorOptionsSchema,
  ToolSearchOptionsError,
  DEFAULT_TTL_MS,
  MAX_QUERY_LENGTH,
  MAX_TOOL_NAME_LENGTH,
  MAX_TOOL_NAMES,
} from './processor/index.js';
export type {
  AnyTool,
  FilterArgsOf,
  FilterOf,
  OptionFunction,
  ToolSearchOptionsOf,
  ToolSearchFilter,
  ToolSearchFilterArgs,
  ToolSearchFilterPhase,
  ToolSearchProcessorOptions,
  ToolSearchStorage,
} from './processor/index.js';

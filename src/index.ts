/**
 * `tool-search-reference`: the formally specified reference implementation of Mastra's
 * `ToolSearchProcessor`. Place {@link ToolSearchProcessor} in an Agent's `inputProcessors`.
 *
 * @module
 */
export { ToolSearchProcessor } from './mastra/index.js';
export type { AnyTool, ToolSearchFilter, ToolSearchFilterArgs, ToolSearchProcessorOptions } from './mastra/index.js';
export {
  toolSearchProcessorOptionsSchema,
  ToolSearchOptionsError,
  DEFAULT_TTL_MS,
  DEFAULT_MAX_THREADS,
  DEFAULT_INDEX_CACHE_MAX_BYTES,
  MAX_QUERY_LENGTH,
  MAX_TOOL_NAME_LENGTH,
  MAX_TOOL_NAMES,
  renderText,
  TEXTS,
  DEFAULT_FILTER_BUDGET_MS,
  DEFAULT_FILTER_CONCURRENCY,
  DEFAULT_FILTER_TIMEOUT_MS,
  DEFAULT_PREFETCH_MAX_TOOLS,
  MAX_TIMER_DELAY_MS,
  toolSearchEventSchema,
  TOOL_SEARCH_EVENT_VERSION,
} from './processor/index.js';
export type {
  FilterArgsOf,
  FilterOf,
  OptionFunction,
  ToolSearchOptionsOf,
  ToolSearchFilterPhase,
  ToolSearchStorage,
  TextId,
  TextOrigin,
  TextTemplate,
  ToolSearchTimers,
  PinArgsOf,
  PinnedToolsOf,
  PrefetchOptions,
  ToolSearchEvent,
  ToolSearchEventType,
  ToolSearchEventListener,
  ToolSearchSearchEvent,
  ToolSearchLoadEvent,
  ToolSearchDenyEvent,
  ToolSearchBudgetEvent,
  ToolSearchUnloadEvent,
  ToolSearchSkippedEvent,
} from './processor/index.js';

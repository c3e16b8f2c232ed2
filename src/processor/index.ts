/**
 * The pure core of the processor (options, names, filter, catalog, meta-tools, ordering,
 * instructions), which imports nothing from Mastra; the binding is in `src/mastra`. See
 * `spec/processor.md`.
 *
 * @module
 */
export { toolSearchProcessorOptionsSchema, ToolSearchOptionsError } from './options.js';
export { DEFAULT_MAX_THREADS, DEFAULT_TTL_MS } from '../stores/index.js';
export { DEFAULT_INDEX_CACHE_MAX_BYTES } from './index-cache.js';
export type { FilterArgsOf, FilterOf, OptionFunction, ToolSearchFilterPhase, ToolSearchOptionsOf, ToolSearchStorage } from './options.js';
export { MAX_QUERY_LENGTH, MAX_TOOL_NAME_LENGTH, MAX_TOOL_NAMES } from './meta-input.js';
export { resolveThreadId, THREAD_ID_KEY, MEMORY_CONTEXT_KEY } from './thread-id.js';
export { renderText, TEXTS } from './messages.js';
export type { TextId, TextOrigin, TextTemplate } from './messages.js';
export { DEFAULT_FILTER_BUDGET_MS, DEFAULT_FILTER_CONCURRENCY, DEFAULT_FILTER_TIMEOUT_MS } from './verdicts.js';
export { MAX_TIMER_DELAY_MS, type ToolSearchTimers } from './timers.js';
export { toolSearchEventSchema, TOOL_SEARCH_EVENT_VERSION } from './events.js';
export type { PinArgsOf, PinnedToolsOf } from './pinned.js';
export type { PrefetchOptions } from './prefetch.js';
export { DEFAULT_PREFETCH_MAX_TOOLS } from './prefetch.js';
export type {
  ToolSearchEvent,
  ToolSearchEventType,
  ToolSearchEventListener,
  ToolSearchSearchEvent,
  ToolSearchLoadEvent,
  ToolSearchDenyEvent,
  ToolSearchBudgetEvent,
  ToolSearchUnloadEvent,
  ToolSearchSkippedEvent,
} from './events.js';

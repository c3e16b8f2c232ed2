/**
 * The Mastra binding: every file that imports `@mastra/*` or the MCP SDK lives under `src/mastra/`.
 * Here: `ToolSearchProcessor`, a drop-in for `@mastra/core` 1.71.0's, over the pure core of
 * `src/processor`, `src/scoring` and `src/stores`. See `spec/processor.md`.
 *
 * @module
 */
export { ToolSearchProcessor } from './tool-search-processor.js';
export type { AnyTool, ToolSearchFilter, ToolSearchFilterArgs, ToolSearchProcessorOptions } from './tool-search-processor.js';

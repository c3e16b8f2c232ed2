/**
 * The editor conformance suite: case format, adapters and runner for the pure
 * resolution operations of `spec/editor.md` (rule evaluation and tool-set
 * resolution from data).
 *
 * @module
 */
export {
  editorCaseSchema,
  editorCaseFileSchema,
  editorCaseDef,
  toolDataSchema,
  mcpServerDataSchema,
  mcpClientDataSchema,
  resolveExpectSchema,
  editorFeatureSchema,
  usedEditorFeatures,
  ALL_EDITOR_FEATURES,
  type EditorCase,
  type EditorCaseInput,
  type EditorFeature,
  type EvaluateCase,
  type ResolveCase,
  type ResolveExpect,
  type ToolData,
  type McpClientData,
  type McpServerData,
} from './case/schema.js';
export { loadEditorCases, editorCaseFileJsonSchema, type LoadedEditorCase, type LoadedEditorSuite } from './case/load.js';
export {
  ORIGIN_KEY,
  originOf,
  type EditorAdapter,
  type EvaluateRequest,
  type EvaluateObservation,
  type ResolveRequest,
  type ResolveObservation,
  type ObservedTool,
  type ToolOrigin,
} from './adapter/types.js';
export { referenceEditorAdapter, dataTool } from './adapter/reference.js';
export { BUNDLED_EDITOR_ADAPTERS, type BundledEditorAdapter } from './adapter/bundled.js';
// `mastraEditorAdapter` (./adapter/mastra-editor.js) is reached through BUNDLED_EDITOR_ADAPTERS,
// lazily, so that importing this module does not load @mastra/editor.
export { checkEvaluate, checkResolve } from './run/check.js';
export { runEditorSuite, matchesEditorFilter, editorTopicOf, type EditorRun, type EditorRunOptions, type CaseResult, type CaseStatus } from './run/runner.js';
export { formatEditorRun } from './run/report.js';
export { runBundledEditorSuite, type BundledEditorRun } from './run/bundled-run.js';
export { lintEditorSuite, EDITOR_SPEC_FILES, type EditorLintInput } from './lint.js';
export { editorCasesDir, editorSchemaPath } from './paths.js';

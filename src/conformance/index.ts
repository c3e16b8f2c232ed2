/**
 * `tool-search-reference/conformance`: the conformance suite's case format,
 * adapter interface, stdio protocol and runner, for testing any tool-search
 * processor against spec/.
 *
 * @module
 */
export { caseSchema, caseFileSchema } from './case/schema.js';
export type * from './case/types.js';
export { ALL_FEATURES, usedFeatures } from './case/features.js';
export { loadCases, caseFiles, type LoadedCase, type LoadedSuite, type CaseFileProblem } from './case/load.js';
export { caseFileJsonSchema } from './case/json-schema.js';
export type {
  Adapter,
  CaseSession,
  CaseSetup,
  ImplementationInfo,
  RequestContextEntries,
  StepObservation,
  StepOp,
  StepRequest,
  StepSkip,
  StoredMessage,
  StoredPart,
  StoredToolInvocation,
} from './adapter/types.js';
export {
  processorAdapter,
  toMastraMessages,
  CLOCK_EPOCH,
  type DriverDbMessage,
  type DriverDbPart,
  type ProcessorDriverOptions,
  type ProcessorClass,
  type ProcessorLike,
  type ClockControl,
  type StateStats,
} from './adapter/processor-adapter.js';
export { SimulatedTime, StalledError, IDLE_TURNS, type SimulatedTimers } from './adapter/sim-time.js';
export { stdioAdapter, type StdioAdapterOptions } from './adapter/stdio.js';
export { BUNDLED_ADAPTERS, type BundledAdapter } from './adapter/bundled.js';
export { importWithPeers, peerRanges, MissingPeerDependencyError } from './peer.js';
export { runBundledSuite, type BundledRun } from './run/bundled-run.js';
export {
  PROTOCOL_VERSION,
  RESOURCE_ID,
  requestSchema,
  responseSchema,
  responseSchemas,
  observationSchemas,
  storedMessageSchema,
  ProtocolError,
  checkObservation,
  protocolJsonSchemas,
  type ProtocolJsonSchema,
  type ProtocolRequest,
  type ProtocolResponse,
} from './protocol/index.js';
export { Conversation, requestContextEntries } from './run/conversation.js';
export { runSuite, matchesFilter, areaOf, RequestIds, type AdapterRun, type CaseOutcome, type CaseResult, type CaseStatus, type RunOptions } from './run/runner.js';
export { checkBegin, checkCall, checkCleanupNow, checkConstructionMessage, checkEvents, checkResume, checkStateStats, checkStep, partialMatch } from './run/check.js';
export { parseExpectations, readExpectations, type Expectations, type ExpectedFailure } from './run/expectations.js';
export { formatRun, formatReport, formatDetails, jsonReport, countBy, type StatusCounts, type ReportEntry, type SuiteRun } from './run/report.js';
export { lintSuite, readNotObservable, COVERED_SPEC_FILES, type LintInput, type SpecRule } from './lint.js';
export { main, USAGE, type Output } from './run/main.js';
export { packageRoot, conformanceDir, casesDir, schemaPath, expectationsDir, notObservablePath } from './paths.js';
/** The editor conformance suite: case format, adapters and runner for `spec/editor.md`. */
export * as editor from './editor/index.js';

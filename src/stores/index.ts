/**
 * Loaded-tool stores: where the set of loaded tools of a thread lives.
 * See `spec/stores.md`.
 *
 * @module
 */
export type { LoadedToolStore, StateStats, StorageMode, StoreStepInput } from './types.js';
export { DEFAULT_THREAD_ID, STORAGE_MODES } from './types.js';
export { isMetaToolName, META_TOOL_NAMES } from './meta-tool-names.js';
export type { MetaToolName } from './meta-tool-names.js';
export { checkMaxThreads, createInMemoryStore, DEFAULT_MAX_THREADS, DEFAULT_TTL_MS } from './in-memory.js';
export { MAX_TIMER_DELAY_MS, sweepPeriod } from './sweep-period.js';
export type { InMemoryStoreOptions, StoreUnload } from './in-memory.js';
export { createContextStore, DEFAULT_MAX_BRIDGED_THREADS } from './context.js';
export type { ContextStore, ContextStoreOptions } from './context.js';
export { createOrderMemory } from './order-memory.js';
export type { OrderMemory, OrderMemoryOptions, OrderMemoryStats } from './order-memory.js';
export { completedInvocations, loadedFromMessages, readMessage } from './messages.js';
export type { MessageRead, MessageReading } from './messages.js';
export { createDerivationMemory, DEFAULT_MAX_REMEMBERED_MESSAGES } from './derivation-memory.js';
export type { DerivationMemory, DerivationMemoryStats, DerivedReading } from './derivation-memory.js';
export {
  activationFor,
  activationTypeOf,
  canonicalReceiptMessage,
  createReceiptKeys,
  MIN_RECEIPT_SECRET_BYTES,
  VERIFIED_RECEIPT_CACHE_SIZE,
  RECEIPT_ALGORITHM,
  RECEIPT_DOMAIN,
  RECEIPT_VERSION,
  verifiedNames,
} from './receipts.js';
export type { Activation, Receipt, ReceiptBinding, ReceiptKeys, ReceiptSecret } from './receipts.js';
export type { CompletedInvocation, StoredContentView, StoredMessageView, ToolInvocationPartView, ToolInvocationView } from './messages.js';
export {
  ACTIVATION_VERSION,
  activatedNames,
  AUTO_LOAD_ACTIVATION_TYPE,
  LOAD_ACTIVATION_TYPE,
  LOAD_TOOL,
  loadToolMultiResult,
  loadToolNotFoundResult,
  loadToolSingleResult,
  SEARCH_TOOLS,
  searchToolsResult,
} from './meta-results.js';
export type {
  LoadToolFailure,
  LoadToolMultiResult,
  LoadToolResult,
  LoadToolSingleSuccess,
  SearchToolsResult,
  SearchToolsResultEntry,
} from './meta-results.js';

/**
 * Minimal structural view of Mastra's stored message format
 * (`MastraDBMessage`, content format 2) — only what the context store reads —
 * and the scan that derives the loaded set from it.
 *
 * @see r[store.context.messages.format]
 * @module
 */
import { activatedNames, SEARCH_TOOLS } from './meta-results.js';
import { verifiedNames, type ReceiptKeys } from './receipts.js';

/** The `toolInvocation` of a `tool-invocation` part. */
export interface ToolInvocationView {
  /** `'call'`, `'partial-call'`, `'result'`, or one of Mastra's approval/error states. */
  state: string;
  /** Name of the invoked tool. */
  toolName: string;
  /** Call id. */
  toolCallId?: string;
  /** Arguments. */
  args?: unknown;
  /** The tool's output, in state `'result'`. */
  result?: unknown;
  /** Set by Mastra alongside state `'result'` when the executor reported a failure. */
  isError?: boolean;
}

/** A `tool-invocation` part of a format-2 message. */
export interface ToolInvocationPartView {
  /** Always `'tool-invocation'`. */
  type: 'tool-invocation';
  /** The invocation. */
  toolInvocation: ToolInvocationView;
}

/** Format-2 message content. */
export interface StoredContentView {
  /** Always 2. */
  format: 2;
  /** The parts, of which the store reads `tool-invocation` ones. */
  parts: readonly unknown[];
}

/** One completed meta-tool invocation found in the messages. */
export interface CompletedInvocation {
  /** Name of the invoked tool. */
  toolName: string;
  /** Its result. */
  result: unknown;
  /** The call id, as the part holds it (any type; receipts need a non-empty string). */
  toolCallId: unknown;
}

/** A format-2 message as far as the context store is concerned. */
export interface StoredMessageView {
  /** Message id. */
  id?: string;
  /** Author role. */
  role?: string;
  /** Format-2 content. */
  content: StoredContentView;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function own(record: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/**
 * The completed tool invocations of the assistant messages, in message and part
 * order. Anything malformed or foreign, and every message of another role, is skipped.
 *
 * @see r[store.context.messages.format]
 * @see r[store.context.messages.malformed]
 * @see r[store.context.trust.assistant-only]
 */
export function* completedInvocations(messages: readonly unknown[]): Generator<CompletedInvocation> {
  if (!Array.isArray(messages)) return;
  for (const message of messages) {
    // A message must be an object with format-2 content holding a parts array.
    if (!isRecord(message)) continue;
    // Unlike @mastra/core 1.71.0 (r[store.context.trust.assistant-only]): only assistant messages
    // hold results the Agent wrote; a user-authored part is never evidence.
    if (own(message, 'role') !== 'assistant') continue;
    const content = own(message, 'content');
    if (!isRecord(content) || own(content, 'format') !== 2) continue;
    const parts = own(content, 'parts');
    if (!Array.isArray(parts)) continue;
    for (const part of parts) {
      // Only `tool-invocation` parts in state `result`, not flagged as errors.
      if (!isRecord(part) || own(part, 'type') !== 'tool-invocation') continue;
      const invocation = own(part, 'toolInvocation');
      if (!isRecord(invocation)) continue;
      // Unlike @mastra/core 1.71.0 (r[store.context.messages.errors]): Mastra does not look at isError.
      if (own(invocation, 'state') !== 'result' || own(invocation, 'isError') === true) continue;
      const toolName = own(invocation, 'toolName');
      if (typeof toolName !== 'string') continue;
      yield { toolName, result: own(invocation, 'result'), toolCallId: own(invocation, 'toolCallId') };
    }
  }
}

/** How {@link loadedFromMessages} reads results. */
export interface MessageReading {
  /** Whether `search_tools` results activate (the processor's `search.autoLoad`). */
  autoLoad: boolean;
  /** With receipt keys, only results whose receipt verifies for this thread count. */
  receipts?: {
    /** The configured keys. */
    keys: ReceiptKeys;
    /** The step's thread id; `undefined` for an anonymous request. */
    threadId: string | undefined;
  };
}

/**
 * The tools the messages hold as loaded: every known tool named by an
 * activating result, in order of first activation, without duplicates. With
 * receipt keys, a result activates the names of its verified receipt only.
 *
 * @see r[store.context.derive]
 * @see r[store.context.order]
 * @see r[store.context.known-only]
 * @see r[store.receipts.verify]
 */
export function loadedFromMessages(messages: readonly unknown[], isKnownTool: (name: string) => boolean, options: MessageReading): string[] {
  const seen = new Set<string>();
  const { autoLoad, receipts } = options;
  for (const { toolName, result, toolCallId } of completedInvocations(messages)) {
    // Without receipts the result's own shape says what it activated; with them, its verified receipt
    // (a search_tools receipt only under autoLoad, as r[store.meta-results.search] says).
    let names: string[];
    if (receipts === undefined) names = activatedNames(toolName, result, { autoLoad });
    else if (toolName === SEARCH_TOOLS && !autoLoad) names = [];
    else names = verifiedNames(toolName, result, { threadId: receipts.threadId, toolCallId }, receipts.keys);
    // Known names, first activation first.
    for (const name of names) {
      if (!seen.has(name) && isKnownTool(name)) seen.add(name);
    }
  }
  return [...seen];
}

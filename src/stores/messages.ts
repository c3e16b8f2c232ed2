/**
 * Minimal structural view of Mastra's stored message format
 * (`MastraDBMessage`, content format 2) — only what the context store reads —
 * and the scan that derives the loaded set from it.
 *
 * @see r[store.context.messages.format]
 * @module
 */
import { activatedNames, SEARCH_TOOLS } from './meta-results.js';
import { isMetaToolName } from './meta-tool-names.js';
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

/** The names one completed meta-tool invocation activates, as `options` says results are read. */
function namesOf(invocation: CompletedInvocation, options: MessageReading): string[] {
  const { toolName, result, toolCallId } = invocation;
  const { autoLoad, receipts } = options;
  // Only the meta-tools' results activate (r[store.meta-results.per-tool]).
  if (!isMetaToolName(toolName)) return [];
  // Without receipts the result's own shape says what it activated; with them, its verified receipt
  // (a search_tools receipt only under autoLoad, as r[store.meta-results.search] says).
  if (receipts === undefined) return activatedNames(toolName, result, { autoLoad });
  if (toolName === SEARCH_TOOLS && !autoLoad) return [];
  return verifiedNames(toolName, result, { threadId: receipts.threadId, toolCallId }, receipts.keys);
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
  for (const invocation of completedInvocations(messages)) {
    // Known names, first activation first.
    for (const name of namesOf(invocation, options)) {
      if (!seen.has(name) && isKnownTool(name)) seen.add(name);
    }
  }
  return [...seen];
}

/** What one message contributes to the loaded set. */
export interface MessageRead {
  /**
   * Whether the message is *watched* (r[store.context.derive.incremental]): it has a
   * `tool-invocation` part naming a meta-tool, in any state and whatever its role, or a
   * `tool-invocation` part of any tool not in state `'result'` (a call without its result yet);
   * such a message is read again at every step.
   */
  readonly relevant: boolean;
  /** The names its activating results name, in order (duplicates kept; callers dedupe). */
  readonly names: readonly string[];
}

const IRRELEVANT: MessageRead = Object.freeze({ relevant: false, names: Object.freeze([]) as readonly string[] });
/** A message without meta-tool parts but with a call of another tool that has no result yet: watched, activating nothing. */
const OPEN: MessageRead = Object.freeze({ relevant: true, names: Object.freeze([]) as readonly string[] });

/**
 * What one message contributes: the names its completed meta-tool results activate (all of
 * them, known to this request's catalog or not), and whether it must be read again at the next
 * step. One pass over its parts, as {@link completedInvocations} reads them. Never throws.
 *
 * @see r[store.context.derive]
 * @see r[store.context.derive.incremental]
 */
export function readMessage(message: unknown, options: MessageReading): MessageRead {
  try {
    if (!isRecord(message)) return IRRELEVANT;
    const content = own(message, 'content');
    if (!isRecord(content)) return IRRELEVANT;
    const parts = own(content, 'parts');
    if (!Array.isArray(parts)) return IRRELEVANT;
    let names: string[] | undefined;
    /** Whether the message has a call of any tool without its result yet (completed in place later). */
    let open = false;
    /** Whether results count here: an assistant message with format-2 content (asked at the first meta-tool part). */
    let counts = false;
    for (const part of parts) {
      if (!isRecord(part) || own(part, 'type') !== 'tool-invocation') continue;
      const invocation = own(part, 'toolInvocation');
      if (!isRecord(invocation)) continue;
      const state = own(invocation, 'state');
      if (state !== 'result') open = true;
      const toolName = own(invocation, 'toolName');
      // A part naming a meta-tool, in any state and whatever the role, makes the message one to read again.
      if (typeof toolName !== 'string' || !isMetaToolName(toolName)) continue;
      if (names === undefined) {
        names = [];
        // Unlike @mastra/core 1.71.0 (r[store.context.trust.assistant-only]): only assistant messages hold results.
        counts = own(message, 'role') === 'assistant' && own(content, 'format') === 2;
      }
      // Only results, not flagged as errors (r[store.context.messages.errors]).
      if (!counts || state !== 'result' || own(invocation, 'isError') === true) continue;
      const activated = namesOf({ toolName, result: own(invocation, 'result'), toolCallId: own(invocation, 'toolCallId') }, options);
      // (The first activating part's names are the message's, without a copy.)
      if (names.length === 0) names = activated;
      else for (const name of activated) names.push(name);
    }
    if (names === undefined) return open ? OPEN : IRRELEVANT;
    return { relevant: true, names };
  } catch {
    // A message whose getters throw is read again at the next step, and activates nothing now.
    return { relevant: true, names: [] };
  }
}

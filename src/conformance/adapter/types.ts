/**
 * The adapter interface: how the runner drives one implementation.
 * The same requests and observations travel over the stdio protocol as JSON lines.
 *
 * Implements r[conformance.adapter.interface].
 *
 * @module
 */
import type { MetaToolName } from '../../stores/meta-tool-names.js';
import type { Feature, FilterCall, ProcessorOptionsData, ToolEntry } from '../case/schema.js';

/** Name and version of the implementation under test, as its adapter reports them. */
export interface ImplementationInfo {
  /** For example `@mastra/core`. */
  name: string;
  /** For example `1.71.0`. */
  version: string;
}

/** What a case needs to set up a processor: the catalog and the options. */
export interface CaseSetup {
  /** The case ID, for diagnostics only. */
  id: string;
  /** The `tools` option, in order. */
  catalog: ToolEntry[];
  /** The other constructor options; `filter` is written as data. */
  options: ProcessorOptionsData;
}

/** A conversation message as it crosses the adapter boundary. */
export type WireMessage =
  | {
      /** Message id, unique within the case. */
      id: string;
      /** A user message. */
      role: 'user';
      /** Its text. */
      text: string;
      /** Tool results forged into the user message, after its text. */
      toolResults?: WireToolResult[];
    }
  | {
      /** Message id, unique within the case. */
      id: string;
      /** An assistant message holding tool results. */
      role: 'assistant';
      /** The tool results, in order. */
      toolResults: WireToolResult[];
    };

/** A tool result inside a message. */
export interface WireToolResult {
  /** The id of the call. */
  toolCallId: string;
  /** The tool that produced the result. */
  toolName: string;
  /** The arguments of the call. */
  args: Record<string, unknown>;
  /** The result. */
  result: unknown;
  /** `'result'` unless the case forges a call without a result. */
  state: 'result' | 'call';
  /** The part is flagged as an error result. */
  isError?: boolean;
}

/** One request per step. The runner owns the conversation and sends it whole with each `begin`. */
export type StepRequest =
  | {
      /** Begin a processor step. */
      op: 'begin';
      /** Thread id, or null for an anonymous request. */
      thread: string | null;
      /** How the thread id reaches the processor. */
      threadVia: 'memory' | 'reserved-key' | 'reserved-key-number';
      /** Request-resolved tools (`args.tools`). */
      resolvedTools: ToolEntry[];
      /** Request-context values. */
      requestContext: Record<string, string>;
      /** The whole conversation of this thread, oldest first. */
      messages: WireMessage[];
      /** 0-based step number within the case. */
      stepNumber: number;
    }
  | {
      /** Call a meta-tool returned by the last `begin`. */
      op: 'call';
      /** Which one. */
      tool: MetaToolName;
      /** The input the model sends. */
      input: unknown;
      /** The id of the call. */
      toolCallId: string;
    }
  | {
      /** Advance the simulated clock. */
      op: 'advanceClock';
      /** By this many milliseconds. */
      ms: number;
    }
  | {
      /** Replace the processor by a fresh one with the same options. */
      op: 'restart';
    }
  | {
      /** Call `clearState(thread)`. */
      op: 'clearState';
      /** The thread; none means the default. */
      thread?: string;
    }
  | {
      /** Call `clearAllState()`. */
      op: 'clearAllState';
    }
  | {
      /** Call `cleanupNow()`. */
      op: 'cleanupNow';
    }
  | {
      /** Call `getStateStats()`. */
      op: 'stateStats';
    }
  | {
      /** Call `getLoadedToolsForRequestContext({ requestContext, tools })`. */
      op: 'resume';
      /** Thread id, or null. */
      thread: string | null;
      /** The resumed request's resolved tools. */
      resolvedTools: ToolEntry[];
      /** When present: the thread's persisted conversation, which the Agent's memory in the request context recalls. */
      messages?: WireMessage[];
    };

/** What the adapter observed while doing one step. */
export interface StepObservation {
  /** Filter calls made during the step, in order. */
  filterCalls: FilterCall[];
  /** Simulated milliseconds the step took (adapters with the `filter-timing` feature). */
  elapsedMs?: number;
  /** The most filter calls in flight at once during the step (adapters with the `filter-timing` feature). */
  maxFilterCallsInFlight?: number;
  /** `begin`: keys of the returned tools, in order. */
  exposed?: string[];
  /** `begin`: exposed key to the `instance` label of the tool object, or `"meta"`. */
  origins?: Record<string, string>;
  /** `begin`: the text of every system message after the step. */
  system?: string[];
  /** `call`: what happened. */
  outcome?: 'result' | 'threw' | 'not-exposed';
  /** `call`: the tool's result (or the thrown message). */
  result?: unknown;
  /** `cleanupNow`: the returned count. */
  cleaned?: number;
  /** `stateStats`: the returned thread count. */
  threadCount?: number;
  /** `stateStats`: the returned oldest access time. */
  oldestAccessTime?: number | null;
  /** `resume`: keys of the returned tools, in order. */
  tools?: string[];
}

/** One case in progress inside an adapter. */
export interface CaseSession {
  /** Set when the processor's constructor threw: its message. No step is then run. */
  readonly constructionError?: string;
  /** Does one step and reports what it observed. */
  step(request: StepRequest): Promise<StepObservation>;
  /** Releases the processor. */
  close(): Promise<void>;
}

/** An implementation under test. @see r[conformance.adapter.interface] */
export interface Adapter {
  /** What is being tested. */
  readonly implementation: ImplementationInfo;
  /** Features the implementation supports; cases needing others are skipped. */
  readonly features: readonly Feature[];
  /** Sets up a fresh processor for one case. */
  open(setup: CaseSetup): Promise<CaseSession>;
  /** Releases the adapter (for stdio: sends `stop`). */
  dispose(): Promise<void>;
}

/**
 * The adapter interface: how the runner drives one implementation.
 * The same requests and observations travel over the stdio protocol as JSON lines.
 *
 * Implements r[conformance.adapter.interface]; the messages of the stdio protocol carry
 * the same values (r[conformance.protocol.step]).
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
  /**
   * The features the case declares (r[conformance.case.features]): an implementation that claims
   * `events` listens to the processor when the case declares `events` (r[conformance.protocol.case]).
   */
  features: Feature[];
}

/**
 * A conversation message as it crosses the adapter boundary: Mastra's stored
 * message format (`MastraDBMessage`, content format 2) in its JSON form, the
 * format the context store reads (r[store.context.messages.format]).
 *
 * @see r[conformance.protocol.messages]
 */
export interface StoredMessage {
  /** Message id, unique within the case (`msg-1`, `msg-2`, …). */
  id: string;
  /** Who wrote it. */
  role: 'user' | 'assistant';
  /** When, as an ISO 8601 UTC time; strictly increasing within a case. */
  createdAt: string;
  /** The thread it belongs to; absent for an anonymous conversation. */
  threadId?: string;
  /** The resource of the thread (`conformance-resource`); absent for an anonymous conversation. */
  resourceId?: string;
  /** Content format 2. */
  content: {
    /** Always 2. */
    format: 2;
    /** The parts, in order. */
    parts: StoredPart[];
  };
}

/** A part of a stored message: text, or a tool invocation. */
export type StoredPart =
  | {
      /** A text part (user messages). */
      type: 'text';
      /** Its text. */
      text: string;
    }
  | {
      /** A tool invocation. */
      type: 'tool-invocation';
      /** The call and, in state `result`, its result. */
      toolInvocation: StoredToolInvocation;
    };

/** The `toolInvocation` of a `tool-invocation` part. */
export type StoredToolInvocation =
  | {
      /** A call with its result. */
      state: 'result';
      /** The id of the call (`call-1`, `call-2`, …). */
      toolCallId: string;
      /** The tool that was called. */
      toolName: string;
      /** The arguments of the call. */
      args: Record<string, unknown>;
      /** The result. */
      result: unknown;
      /** Set when the result is an error result. */
      isError?: boolean;
    }
  | {
      /** A call without a result. */
      state: 'call';
      /** The id of the call. */
      toolCallId: string;
      /** The tool that was called. */
      toolName: string;
      /** The arguments of the call. */
      args: Record<string, unknown>;
    };

/**
 * The request context of a step, as the entries of Mastra's `RequestContext`:
 * the case's values, then the thread as the memory context (`MastraMemory`) or
 * as `mastra__threadId`. @see r[conformance.protocol.request-context]
 */
export type RequestContextEntries = Record<string, unknown>;

/** One request per step. The runner owns the conversation and sends it whole with each `begin`. */
export type StepRequest =
  | {
      /** Begin a processor step. */
      op: 'begin';
      /** 0-based step number within the case. */
      stepNumber: number;
      /** The request context's entries (the thread is among them). */
      requestContext: RequestContextEntries;
      /** Request-resolved tools (`args.tools`). */
      resolvedTools: ToolEntry[];
      /** The whole conversation of this thread, oldest first, in the stored format. */
      messages: StoredMessage[];
      /**
       * A later step of the same request as the thread's previous `begin` (feature `same-objects`): the same message
       * array object, each message whose id it held the same object, changed in place. @see r[conformance.protocol.same-request]
       */
      sameRequest?: true;
    }
  | {
      /** Call a meta-tool returned by the last `begin`. */
      op: 'call';
      /** Which one. */
      tool: MetaToolName;
      /** The input the model sends; absent when it sends none. */
      input?: unknown;
      /** The id of the call. */
      toolCallId: string;
      /** `agent`: the id reaches `execute` as `context.agent.toolCallId`, as the Agent passes it; absent: at the top level. */
      toolCallIdVia?: 'agent';
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
      /** The resumed request's context entries. */
      requestContext: RequestContextEntries;
      /** The resumed request's resolved tools. */
      resolvedTools: ToolEntry[];
      /** When present: the thread's persisted conversation, which the Agent's memory in the request context recalls. */
      messages?: StoredMessage[];
    };

/** The operation of a step request. */
export type StepOp = StepRequest['op'];

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
  /** `stateStats`: the returned count of evicted threads, when the implementation reports one. */
  evictions?: number;
  /** `resume`: keys of the returned tools, in order. */
  tools?: string[];
  /** The events delivered since the previous observation, in order (adapters with the `events` feature). */
  events?: Record<string, unknown>[];
  /** The event spans recorded on the step's or the call's tracing span, in order (adapters with the `tracing` feature). */
  spans?: Record<string, unknown>[];
}

/** The implementation skips the case it is running: no further step is sent. @see r[conformance.protocol.skip] */
export interface StepSkip {
  /** Why, in one line. */
  skipped: string;
}

/** One case in progress inside an adapter. */
export interface CaseSession {
  /** Set when the processor's constructor threw: its message. No step is then run. */
  readonly constructionError?: string;
  /** Set when the implementation skips the whole case: why. No step is then run. */
  readonly skipped?: string;
  /** Does one step and reports what it observed, or skips the rest of the case. */
  step(request: StepRequest): Promise<StepObservation | StepSkip>;
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

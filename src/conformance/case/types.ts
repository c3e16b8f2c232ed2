/**
 * The conformance case format as TypeScript types, with defaults applied.
 * `schema.ts` checks at compile time that its zod schemas produce exactly these.
 *
 * @see r[conformance.case.format]
 * @module
 */
import type { MetaToolName } from '../../stores/meta-tool-names.js';
import type { StorageMode } from '../../stores/types.js';

/** An optional capability a case may need and an adapter may claim. @see r[conformance.case.features] */
export type Feature =
  | 'search.autoload'
  | 'storage.context'
  | 'filter'
  | 'resolved-tools'
  | 'inject-catalog'
  | 'clock'
  | 'restart'
  | 'state-methods'
  | 'request-context'
  | 'forged-messages'
  | 'resume'
  | 'filter-timing'
  | 'faulty-tools'
  | 'pinned-tools'
  | 'prefetch'
  | 'events'
  | 'same-objects'
  | 'incremental-derivation'
  | 'tracing';

/** Where the filter hook is applied. */
export type FilterPhase = 'search' | 'load' | 'active';

/**
 * What a data-described filter does when one of its rules matches: return `true` /
 * `false` (synchronously or as a promise), throw, reject, return a non-boolean value,
 * return a promise that never settles (`hang`), or settle after a simulated delay.
 */
export type Verdict =
  | 'allow'
  | 'deny'
  | 'allow-async'
  | 'deny-async'
  | 'throw'
  | 'reject'
  | 'hang'
  | {
      /** A value that is not a boolean, which the hook returns. */
      returns: unknown;
    }
  | {
      /** Simulated milliseconds after the call at which the returned promise settles. */
      after: number;
      /** How it settles: resolves `true`, resolves `false`, or rejects. */
      settle: 'allow' | 'deny' | 'reject';
    };

/** One rule of a data-described filter; the first rule that matches decides. */
export interface FilterRule {
  /** Tool name (the resolved tool id) the rule applies to; any when absent. */
  tool?: string | undefined;
  /** Phase the rule applies to; any when absent. */
  phase?: FilterPhase | undefined;
  /** Request-context values that must all be equal for the rule to apply. */
  when?: Record<string, string> | undefined;
  /** What the hook does. */
  verdict: Verdict;
}

/** The `filter` option written as data; every call is recorded. */
export interface FilterPolicy {
  /** Verdict when no rule matches. */
  default: Verdict;
  /** Rules, first match wins. */
  rules: FilterRule[];
}

/** One tool of a catalog. */
export interface ToolEntry {
  /** The key of the tool in the tools record. */
  name: string;
  /** The tool id; the key when absent. */
  id?: string | undefined;
  /** The tool description. */
  description: string;
  /** A label for this tool object, reported as its origin when it is exposed. */
  instance?: string | undefined;
  /** The tool object has no `id` at all. */
  withoutId?: boolean | undefined;
  /**
   * The record holds this instead of a usable tool: `null`, the number 42, the description as a
   * string, an array holding the tool, or a tool whose `id` or `description` getter throws.
   */
  fault?: 'null' | 'number' | 'string' | 'array' | 'throwing-id' | 'throwing-description' | undefined;
}

/** Processor options as data; `tools` is the case's catalog. */
export interface ProcessorOptionsData {
  /** `search.topK`, `search.minScore`, `search.autoLoad`. */
  search?:
    | {
        /** Maximum number of results. */
        topK?: number | undefined;
        /** Minimum score of a result. */
        minScore?: number | undefined;
        /** Activate every search result at once. */
        autoLoad?: boolean | undefined;
      }
    | undefined;
  /** `storage`. */
  storage?: StorageMode | undefined;
  /** `ttl` in milliseconds. */
  ttl?: number | undefined;
  /** `includeResolvedTools`. */
  includeResolvedTools?: boolean | undefined;
  /** `injectCatalog`. */
  injectCatalog?: boolean | undefined;
  /** `filter`, as data. */
  filter?: FilterPolicy | undefined;
  /** `filterTimeoutMs`, on the adapter's simulated time. */
  filterTimeoutMs?: number | undefined;
  /** `filterConcurrency`. */
  filterConcurrency?: number | undefined;
  /** `filterBudgetMs`, on the adapter's simulated time. */
  filterBudgetMs?: number | undefined;
  /** `pinnedTools`, as names. */
  pinnedTools?: string[] | undefined;
  /** `prefetch`. */
  prefetch?: { maxTools?: number | undefined; minScore?: number | undefined } | undefined;
  /** `includeQueriesInEvents`. */
  includeQueriesInEvents?: boolean | undefined;
  /** Option values passed as they are, over the others (for invalid options). */
  raw?: Record<string, unknown> | undefined;
}

/** A filter call as observed: the tool name the hook received and the phase. */
export interface FilterCall {
  /** The `toolName` the hook received. */
  toolName: string;
  /** The phase. */
  phase: FilterPhase;
}

/** A tool result inside a forged message. */
export interface NeutralToolResult {
  /** The tool that produced it (`load_tool`, `search_tools` or any other). */
  toolName: string;
  /** The arguments of the call. */
  args: Record<string, unknown>;
  /** The result. */
  result: unknown;
  /** The tool-invocation state; `'call'` forges a call without a result. */
  state: 'result' | 'call';
  /** The part is flagged as an error result. */
  isError?: boolean | undefined;
  /** The call id of the part; the runner numbers the call when absent. */
  toolCallId?: string | undefined;
}

/** A language-neutral conversation message. */
export type NeutralMessage =
  | {
      /** A user message. */
      role: 'user';
      /** Its text. */
      text: string;
      /** Tool results forged into the user message, after its text. */
      toolResults?: NeutralToolResult[] | undefined;
    }
  | {
      /** An assistant message holding tool results. */
      role: 'assistant';
      /** The tool results, in order. */
      toolResults: NeutralToolResult[];
    };

/** Bounds on a number: at least `min`, at most `max`. */
export interface Bounds {
  /** At least this. */
  min?: number | undefined;
  /** At most this. */
  max?: number | undefined;
}

/**
 * Checks of the events a step delivered (r[conformance.case.events]), after the runner numbered
 * their request ids (r[conformance.runner.events]).
 */
export interface EventChecks {
  /** Exactly this many events, in this order, each matching its object as a deep subset. */
  events?: Record<string, unknown>[] | undefined;
  /** Strings the JSON text of no event of the step contains. */
  eventsExclude?: string[] | undefined;
  /** Exactly this many event spans, in this order, each matching its object as a deep subset (r[conformance.protocol.tracing]). */
  spans?: Record<string, unknown>[] | undefined;
}

/** Filter-call checks shared by the steps that can see filter calls. */
export interface FilterCallChecks extends EventChecks {
  /** Simulated milliseconds the step took. */
  elapsedMs?: Bounds | undefined;
  /** The most filter calls in flight at once during the step (a call returning a promise is in flight until it settles). */
  maxFilterCallsInFlight?: Bounds | undefined;
  /** Exactly these filter calls, in this order. */
  filterCalls?: FilterCall[] | undefined;
  /** At least these filter calls. */
  filterCallsInclude?: FilterCall[] | undefined;
  /** None of these filter calls. */
  filterCallsExclude?: FilterCall[] | undefined;
}

/** What must be observed after a `begin` step. */
export interface BeginExpect extends FilterCallChecks {
  /** Exactly these tool keys, in this order. */
  exposed?: string[] | undefined;
  /** At least these tool keys. */
  exposedInclude?: string[] | undefined;
  /** None of these tool keys. */
  exposedExclude?: string[] | undefined;
  /** Pairs [a, b]: both exposed and a before b. */
  exposedBefore?: Array<[string, string]> | undefined;
  /** Exposed key to the `instance` label (or `"meta"`) of the tool object behind it. */
  origins?: Record<string, string> | undefined;
  /** Substrings the system messages contain. */
  systemInclude?: string[] | undefined;
  /** Substrings no system message contains. */
  systemExclude?: string[] | undefined;
}

/** Bounds on search scores (scores are pinned only by {@link CallExpect.scored}). @see r[conformance.case.pinned-scores] */
export interface ScoreChecks {
  /** Every score is at least this. */
  min?: number | undefined;
  /** Every score is at most this. */
  max?: number | undefined;
  /** Every score is strictly greater than this. */
  above?: number | undefined;
  /** Scores never increase down the list. */
  nonIncreasing?: boolean | undefined;
  /** Every score has at most this many decimals. */
  maxDecimals?: number | undefined;
}

/** What must be observed after a `call` step. */
export interface CallExpect extends FilterCallChecks {
  /** The tool threw; a call that throws fails unless this is true. */
  threw?: boolean | undefined;
  /** The called meta-tool was not among the exposed tools. */
  notExposed?: boolean | undefined;
  /** Search result names: exactly these, in this order. */
  names?: string[] | undefined;
  /** At least these result names. */
  namesInclude?: string[] | undefined;
  /** None of these result names. */
  namesExclude?: string[] | undefined;
  /** The first result names, in this order. */
  namesPrefix?: string[] | undefined;
  /** Pairs [a, b]: both returned and a before b. */
  namesBefore?: Array<[string, string]> | undefined;
  /** Exactly this many results. */
  count?: number | undefined;
  /** At most this many results. */
  maxCount?: number | undefined;
  /** At least this many results. */
  minCount?: number | undefined;
  /** Bounds on the scores. */
  scores?: ScoreChecks | undefined;
  /**
   * Search results: exactly these names in this order, each `[name, score]` with exactly this
   * reported score. @see r[conformance.case.pinned-scores]
   */
  scored?: Array<[string, number]> | undefined;
  /** The result's `success` flag. */
  success?: boolean | undefined;
  /** The result is an error result (`error: true` or `success: false`). */
  errorResult?: boolean | undefined;
  /** A partial deep match on the result object. */
  fields?: Record<string, unknown> | undefined;
  /** Fields the result object does not have. */
  absentFields?: string[] | undefined;
  /** Substrings the result's `message` contains. */
  messageInclude?: string[] | undefined;
  /** Substrings the result's `message` does not contain. */
  messageExclude?: string[] | undefined;
}

/** Begin a processor step (`processInputStep`). */
export interface BeginStep {
  /** Step kind. */
  op: 'begin';
  /** Thread id, or null for an anonymous request. */
  thread: string | null;
  /** How the thread id reaches the processor: the memory context or the `mastra__threadId` key. */
  threadVia: 'memory' | 'reserved-key' | 'reserved-key-number';
  /** Request-resolved tools (`args.tools`). */
  resolvedTools: ToolEntry[];
  /** Request-context values. */
  requestContext: Record<string, string>;
  /** A user message appended to the conversation first. */
  user?: string | undefined;
  /** Messages appended to the conversation first. */
  messages: NeutralMessage[];
  /** Drop this many oldest messages first. */
  dropOldest: number;
  /** Pending calls completed in place (state `call` → `result`) after the drop, before the new messages. */
  complete: { toolCallId: string; result: unknown; isError?: boolean | undefined }[];
  /** Tool results appended to the parts of a message of the conversation (by position, negative from the end), after `complete`. */
  mergeInto: { message: number; toolResults: NeutralToolResult[] }[];
  /** A later step of the thread's previous request: the same message objects (feature `same-objects`). */
  sameRequest: boolean;
  /** What must be observed. */
  expect: BeginExpect;
}

/** Call a meta-tool exposed by the last `begin`. */
export interface CallStep {
  /** Step kind. */
  op: 'call';
  /** The meta-tool. */
  tool: MetaToolName;
  /** The input the model sends. */
  input: unknown;
  /** Append the result to the conversation as a tool result, as the Agent does. */
  record: boolean;
  /** The id of the call, possibly empty; the runner numbers the call (`call-n`) when absent. */
  toolCallId?: string | undefined;
  /** How the id reaches `execute`: at the top level of its context, or as `context.agent.toolCallId`. */
  toolCallIdVia: 'top-level' | 'agent';
  /** What must be observed. */
  expect: CallExpect;
}

/** Call `getLoadedToolsForRequestContext({ requestContext, tools })`, as a resumed request does. */
export interface ResumeStep {
  /** Step kind. */
  op: 'resume';
  /** Thread id, or null. */
  thread: string | null;
  /** The resumed request's resolved tools. */
  resolvedTools: ToolEntry[];
  /** The request context carries the Agent's memory, which recalls the thread's conversation. */
  persisted: boolean;
  /** What must be observed. */
  expect: EventChecks & {
    /** Exactly these keys, in this order. */
    tools?: string[] | undefined;
    /** Key to the `instance` label of the tool object behind it. */
    origins?: Record<string, string> | undefined;
  };
}

/** Steps without observations of their own, and the state-method steps. */
export type StateStep =
  | {
      /** Advance the simulated clock. */
      op: 'advanceClock';
      /** By this many milliseconds. */
      ms: number;
    }
  | {
      /** Replace the processor by a fresh instance with the same options; the conversation survives. */
      op: 'restart';
    }
  | {
      /** Call `clearState(thread)`. */
      op: 'clearState';
      /** The thread; none means the default. */
      thread?: string | undefined;
      /** What must be observed. */
      expect: EventChecks;
    }
  | {
      /** Call `clearAllState()`. */
      op: 'clearAllState';
      /** What must be observed. */
      expect: EventChecks;
    }
  | {
      /** Call `cleanupNow()`. */
      op: 'cleanupNow';
      /** What must be observed. */
      expect: EventChecks & {
        /** The returned count. */
        cleaned?: number | undefined;
      };
    }
  | {
      /** Call `getStateStats()`. */
      op: 'stateStats';
      /** What must be observed. */
      expect: EventChecks & {
        /** The returned thread count. */
        threadCount?: number | undefined;
        /** Whether the returned oldest access time is null. */
        oldestAccessTimeIsNull?: boolean | undefined;
        /** The returned count of evicted threads. */
        evictions?: number | undefined;
      };
    };

/** One step of a case. */
export type Step = BeginStep | CallStep | ResumeStep | StateStep;

/** A construction error whose message is checked. @see r[conformance.case.construction-error] */
export interface ConstructionErrorExpect {
  /** Substrings the message contains (case-sensitive). */
  messageInclude?: string[] | undefined;
  /** Substrings the message does not contain. */
  messageExclude?: string[] | undefined;
}

/** One conformance case, with defaults applied. @see r[conformance.case.format] */
export interface Case {
  /** Stable ID: `area.topic/short-name`. */
  id: string;
  /** Rule IDs the case checks. */
  rules: string[];
  /** At most 70 characters, without "should". */
  description: string;
  /** Features an implementation needs to run the case. */
  features: Feature[];
  /** The `tools` option, in order. */
  catalog: ToolEntry[];
  /** The other constructor options. */
  options: ProcessorOptionsData;
  /** The constructor must throw (with a message holding these strings); the case then has no steps. */
  constructionError: boolean | ConstructionErrorExpect;
  /** The steps. */
  steps: Step[];
}

/** A case as written in JSON: like {@link Case}, with defaulted fields optional. */
export type CaseInput = Record<string, unknown>;

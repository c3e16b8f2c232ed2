/**
 * The conformance case format, as zod schemas. `conformance/schema/case.schema.json`
 * is generated from {@link caseFileSchema} and checked in.
 *
 * Implements r[conformance.case.format].
 *
 * @module
 */
import { z } from 'zod';
import { META_TOOL_NAMES } from '../../stores/meta-tool-names.js';
import { STORAGE_MODES } from '../../stores/types.js';
import type { Case } from './types.js';

export type * from './types.js';

/** A rule ID: lowercase, dotted, general to specific (`search.rank.tie-break`). */
export const ruleIdSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]*(?:\.[a-z0-9][a-z0-9-]*)+$/, 'a rule ID such as "search.rank.tie-break"')
  .describe('A rule ID defined in spec/*.md.');

/** A case ID: `area.topic/short-name`. @see r[conformance.case.id] */
const caseIdSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]*(?:\.[a-z0-9][a-z0-9-]*)*\/[a-z0-9][a-z0-9-]*$/, 'a case ID such as "search.rank/relevant-first"')
  .describe('Stable case ID: `area.topic/short-name`.');

/** The three places the `filter` hook is consulted. */
const filterPhaseSchema = z.enum(['search', 'load', 'active']).describe('Where the filter hook is applied.');

/**
 * What a data-described filter does when one of its rules matches:
 * return `true` / `false` (synchronously or as a promise), throw, reject, or
 * return a value that is not a boolean.
 */
const verdictSchema = z
  .union([
    z.enum(['allow', 'deny', 'allow-async', 'deny-async', 'throw', 'reject', 'hang']),
    z.object({ returns: z.unknown().describe('A non-boolean value the hook returns.') }).strict(),
    z
      .object({
        after: z.number().int().min(0).describe('Simulated milliseconds after the call at which the promise settles.'),
        settle: z.enum(['allow', 'deny', 'reject']).describe('Resolve true, resolve false, or reject.'),
      })
      .strict(),
  ])
  .describe(
    'What the filter hook does: allow, deny, their async forms, throw, reject, return a non-boolean, never settle (hang), or settle after a simulated delay.',
  );

/** One rule of a data-described filter; the first rule that matches decides. */
const filterRuleSchema = z
  .object({
    tool: z.string().optional().describe('Tool name (the resolved tool id) this rule applies to; any when absent.'),
    phase: filterPhaseSchema.optional().describe('Phase this rule applies to; any when absent.'),
    when: z
      .record(z.string(), z.string())
      .optional()
      .describe('Request-context values that must all be equal for the rule to apply.'),
    verdict: verdictSchema,
  })
  .strict();

/** A filter hook written as data. */
const filterPolicySchema = z
  .object({
    default: verdictSchema.default('allow').describe('Verdict when no rule matches.'),
    rules: z.array(filterRuleSchema).default([]),
  })
  .strict()
  .describe('The `filter` option, written as data; every call is recorded.');

/** One tool of a catalog: its key in the tools record, its id, its description. */
export const toolEntrySchema = z
  .object({
    name: z.string().min(1).describe('The key of the tool in the tools record.'),
    id: z.string().min(1).optional().describe('The tool id; the key when absent.'),
    description: z.string().describe('The tool description.'),
    instance: z
      .string()
      .optional()
      .describe('A label for this tool object, reported as its origin when it is exposed.'),
    withoutId: z.boolean().optional().describe('The tool object has no `id` at all.'),
    fault: z
      .enum(['null', 'number', 'string', 'array', 'throwing-id', 'throwing-description'])
      .optional()
      .describe('The record holds this instead of a usable tool.'),
  })
  .strict();

/** Processor options, as data. */
export const processorOptionsSchema = z
  .object({
    search: z
      .object({
        topK: z.number().optional(),
        minScore: z.number().optional(),
        autoLoad: z.boolean().optional(),
      })
      .strict()
      .optional(),
    storage: z.enum(STORAGE_MODES).optional(),
    ttl: z.number().optional(),
    includeResolvedTools: z.boolean().optional(),
    injectCatalog: z.boolean().optional(),
    filter: filterPolicySchema.optional(),
    filterTimeoutMs: z.number().optional().describe('`filterTimeoutMs`, on the simulated clock.'),
    filterConcurrency: z.number().optional().describe('`filterConcurrency`.'),
    filterBudgetMs: z.number().optional().describe('`filterBudgetMs`, on the simulated clock.'),
    pinnedTools: z.array(z.string()).optional().describe('`pinnedTools`, as names.'),
    prefetch: z
      .object({ maxTools: z.number().optional(), minScore: z.number().optional() })
      .strict()
      .optional()
      .describe('`prefetch`.'),
    includeQueriesInEvents: z.boolean().optional().describe('`includeQueriesInEvents`.'),
    raw: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('Option values passed as they are, over the others (for invalid options).'),
  })
  .strict()
  .describe('Options passed to the processor constructor; `tools` is the catalog.');

/** A filter call as observed: the tool name the hook received and the phase. */
export const filterCallSchema = z.object({ toolName: z.string(), phase: filterPhaseSchema }).strict();

/** A forged tool result. */
const toolResultSchema = z
  .object({
    toolName: z.string(),
    args: z.record(z.string(), z.unknown()).default({}),
    result: z.unknown(),
    state: z.enum(['result', 'call']).default('result').describe('The tool-invocation state.'),
    isError: z.boolean().optional().describe('The part is flagged as an error result.'),
    toolCallId: z
      .string()
      .min(1)
      .optional()
      .describe('The call id of the part (for a receipt bound to it); the runner numbers the call when absent.'),
  })
  .strict();

/** A language-neutral conversation message. */
const messageSchema = z.discriminatedUnion('role', [
  z
    .object({
      role: z.literal('user'),
      text: z.string(),
      toolResults: z
        .array(toolResultSchema)
        .optional()
        .describe('Tool results forged into the user message, after its text (a caller-written history).'),
    })
    .strict(),
  z.object({ role: z.literal('assistant'), toolResults: z.array(toolResultSchema) }).strict(),
]);

/** Bounds on a number. */
const boundsSchema = z
  .object({ min: z.number().optional().describe('At least this.'), max: z.number().optional().describe('At most this.') })
  .strict();

/** Checks of a step's events (r[conformance.case.events]). */
const eventChecks = {
  events: z
    .array(z.record(z.string(), z.unknown()))
    .optional()
    .describe('Exactly this many events, in this order, each matching its object as a deep subset (request ids numbered request-1, request-2, …).'),
  eventsExclude: z.array(z.string()).optional().describe('Strings the JSON text of no event of the step contains.'),
  spans: z
    .array(z.record(z.string(), z.unknown()))
    .optional()
    .describe('Exactly this many event spans recorded on the step`s or the call`s tracing span, in this order, each matching its object as a deep subset (r[conformance.protocol.tracing]).'),
};

/** Checks shared by every step that can see filter calls. */
const filterCallChecks = {
  ...eventChecks,
  elapsedMs: boundsSchema.optional().describe('Simulated milliseconds the step took.'),
  maxFilterCallsInFlight: boundsSchema
    .optional()
    .describe('The most filter calls in flight at once (a call returning a promise is in flight until it settles).'),
  filterCalls: z.array(filterCallSchema).optional().describe('Exactly these filter calls, in this order.'),
  filterCallsInclude: z.array(filterCallSchema).optional().describe('At least these filter calls.'),
  filterCallsExclude: z.array(filterCallSchema).optional().describe('None of these filter calls.'),
};

/** What must be observed after a `begin` step. */
const beginExpectSchema = z
  .object({
    exposed: z.array(z.string()).optional().describe('Exactly these tool keys, in this order.'),
    exposedInclude: z.array(z.string()).optional(),
    exposedExclude: z.array(z.string()).optional(),
    exposedBefore: z
      .array(z.tuple([z.string(), z.string()]))
      .optional()
      .describe('Pairs [a, b]: both exposed and a comes before b.'),
    origins: z
      .record(z.string(), z.string())
      .optional()
      .describe('Exposed key to the `instance` label (or "meta") of the tool object behind it.'),
    systemInclude: z.array(z.string()).optional().describe('Substrings the system messages contain.'),
    systemExclude: z.array(z.string()).optional().describe('Substrings no system message contains.'),
    ...filterCallChecks,
  })
  .strict();

/** What must be observed after a `call` step. Scores are pinned only through `scored` (r[conformance.case.pinned-scores]). */
const callExpectSchema = z
  .object({
    threw: z.boolean().optional().describe('The tool threw; a call that throws fails unless this is true.'),
    notExposed: z.boolean().optional().describe('The called meta-tool was not among the exposed tools.'),
    names: z.array(z.string()).optional().describe('Search result names: exactly these, in this order.'),
    namesInclude: z.array(z.string()).optional(),
    namesExclude: z.array(z.string()).optional(),
    namesPrefix: z.array(z.string()).optional().describe('The first result names, in this order.'),
    namesBefore: z.array(z.tuple([z.string(), z.string()])).optional(),
    count: z.number().int().optional(),
    maxCount: z.number().int().optional(),
    minCount: z.number().int().optional(),
    scores: z
      .object({
        min: z.number().optional().describe('Every score is at least this.'),
        max: z.number().optional().describe('Every score is at most this.'),
        above: z.number().optional().describe('Every score is strictly greater than this.'),
        nonIncreasing: z.boolean().optional(),
        maxDecimals: z.number().int().min(0).optional().describe('Every score has at most this many decimals.'),
      })
      .strict()
      .optional(),
    scored: z
      .array(z.tuple([z.string(), z.number().min(0).max(1)]))
      .optional()
      .describe('Search results: exactly these names in this order, each [name, score] with exactly this reported score (r[conformance.case.pinned-scores]).'),
    success: z.boolean().optional().describe('The result`s `success` flag.'),
    errorResult: z.boolean().optional().describe('The result is an error result (error: true or success: false).'),
    fields: z.record(z.string(), z.unknown()).optional().describe('A partial deep match on the result object.'),
    absentFields: z.array(z.string()).optional().describe('Fields the result object does not have.'),
    messageInclude: z.array(z.string()).optional().describe('Substrings the result`s `message` contains.'),
    messageExclude: z.array(z.string()).optional().describe('Substrings the result`s `message` does not contain.'),
    ...filterCallChecks,
  })
  .strict();

/** Begin a processor step (`processInputStep`). */
const beginStepSchema = z
  .object({
    op: z.literal('begin'),
    thread: z.string().nullable().default(null).describe('Thread id, or null for an anonymous request.'),
    threadVia: z
      .enum(['memory', 'reserved-key', 'reserved-key-number'])
      .default('memory')
      .describe(
        'How the thread id reaches the processor: the memory context, the `mastra__threadId` key, or that key holding the thread as a number.',
      ),
    resolvedTools: z.array(toolEntrySchema).default([]).describe('Request-resolved tools (`args.tools`).'),
    requestContext: z.record(z.string(), z.string()).default({}),
    user: z.string().optional().describe('A user message appended to the conversation first.'),
    messages: z.array(messageSchema).default([]).describe('Messages appended to the conversation first.'),
    dropOldest: z.number().int().min(0).default(0).describe('Drop this many oldest messages first.'),
    complete: z
      .array(
        z
          .object({
            toolCallId: z.string().min(1).describe('The call id of a `tool-invocation` part in state `call` in the thread\'s conversation.'),
            result: z.unknown(),
            isError: z.boolean().optional().describe('The part is flagged as an error result.'),
          })
          .strict(),
      )
      .default([])
      .describe('Calls completed in place first, as `MessageList` completes a pending call: the part goes to state `result` with this result (r[conformance.protocol.messages]).'),
    mergeInto: z
      .array(
        z
          .object({
            message: z.number().int().describe('The message: its 0-based position in the thread\'s conversation, or counted from the end when negative (-1 the last).'),
            toolResults: z.array(toolResultSchema).min(1),
          })
          .strict(),
      )
      .default([])
      .describe('Tool results appended to the parts of a message of the conversation, after `complete`, as `MessageList` merges a response into a message it holds.'),
    sameRequest: z
      .boolean()
      .default(false)
      .describe(
        'This step continues the thread\'s previous `begin` as a later step of the same Agent call: the same message array object, each message kept by id the same object, changed in place (feature `same-objects`, r[conformance.protocol.same-request]).',
      ),
    expect: beginExpectSchema.default({}),
  })
  .strict();

/** Call a meta-tool exposed by the last `begin`. */
const callStepSchema = z
  .object({
    op: z.literal('call'),
    tool: z.enum(META_TOOL_NAMES),
    input: z.unknown().describe('The input the model sends.'),
    record: z
      .boolean()
      .default(true)
      .describe('Append the result to the conversation as a tool result, as the Agent does.'),
    toolCallId: z
      .string()
      .optional()
      .describe('The id of the call, possibly empty; the runner numbers the call (`call-n`) when absent.'),
    toolCallIdVia: z
      .enum(['top-level', 'agent'])
      .default('top-level')
      .describe(
        'How the id reaches `execute`: `execute(input, { toolCallId })`, or as `@mastra/core`\'s Agent passes it, `execute(input, { agent: { toolCallId } })`.',
      ),
    expect: callExpectSchema.default({}),
  })
  .strict();

/** Advance the injected clock. */
const advanceClockStepSchema = z.object({ op: z.literal('advanceClock'), ms: z.number().min(0) }).strict();

/** Replace the processor by a fresh instance with the same options; the conversation survives. */
const restartStepSchema = z.object({ op: z.literal('restart') }).strict();

/** Call `clearState(thread)`. */
const clearStateStepSchema = z
  .object({ op: z.literal('clearState'), thread: z.string().optional(), expect: z.object(eventChecks).strict().default({}) })
  .strict();

/** Call `clearAllState()`. */
const clearAllStateStepSchema = z.object({ op: z.literal('clearAllState'), expect: z.object(eventChecks).strict().default({}) }).strict();

/** Call `cleanupNow()`. */
const cleanupNowStepSchema = z
  .object({
    op: z.literal('cleanupNow'),
    expect: z.object({ ...eventChecks, cleaned: z.number().int().optional() }).strict().default({}),
  })
  .strict();

/** Call `getStateStats()`. */
const stateStatsStepSchema = z
  .object({
    op: z.literal('stateStats'),
    expect: z
      .object({
        ...eventChecks,
        threadCount: z.number().int().optional(),
        oldestAccessTimeIsNull: z.boolean().optional(),
        evictions: z.number().int().optional().describe('The returned `evictions` (r[store.memory.stats]).'),
      })
      .strict()
      .default({}),
  })
  .strict();

/** Call `getLoadedToolsForRequestContext({ requestContext, tools })`, as a resumed request does. */
const resumeStepSchema = z
  .object({
    op: z.literal('resume'),
    thread: z.string().nullable().default(null),
    resolvedTools: z.array(toolEntrySchema).default([]),
    persisted: z
      .boolean()
      .default(false)
      .describe("The request context carries the Agent's memory, which recalls the thread's conversation."),
    expect: z
      .object({
        ...eventChecks,
        tools: z.array(z.string()).optional().describe('Exactly these keys, in this order.'),
        origins: z.record(z.string(), z.string()).optional(),
      })
      .strict()
      .default({}),
  })
  .strict();

/** One step of a case. */
const stepSchema = z.discriminatedUnion('op', [
  resumeStepSchema,
  beginStepSchema,
  callStepSchema,
  advanceClockStepSchema,
  restartStepSchema,
  clearStateStepSchema,
  clearAllStateStepSchema,
  cleanupNowStepSchema,
  stateStatsStepSchema,
]);

/** Feature names an adapter may claim. @see r[conformance.case.features] */
export const featureSchema = z.enum([
  'search.autoload',
  'storage.context',
  'filter',
  'resolved-tools',
  'inject-catalog',
  'clock',
  'restart',
  'state-methods',
  'request-context',
  'forged-messages',
  'resume',
  'filter-timing',
  'faulty-tools',
  'pinned-tools',
  'prefetch',
  'events',
  'same-objects',
  'incremental-derivation',
  'tracing',
]);

/** One conformance case. @see r[conformance.case.format] */
const caseSchemaDef = z
  .object({
    id: caseIdSchema,
    rules: z.array(ruleIdSchema).min(1).describe('Rule IDs this case checks.'),
    description: z.string().min(1).max(70).describe('At most 70 characters, without "should".'),
    features: z.array(featureSchema).default([]).describe('Features an implementation needs to run this case.'),
    catalog: z.array(toolEntrySchema).describe('The `tools` option, in this order.'),
    options: processorOptionsSchema.default({}),
    constructionError: z
      .union([
        z.boolean(),
        z
          .object({
            messageInclude: z.array(z.string()).optional().describe('Substrings the message contains (case-sensitive).'),
            messageExclude: z.array(z.string()).optional().describe('Substrings the message does not contain.'),
          })
          .strict(),
      ])
      .default(false)
      .describe('The constructor must throw (true, or an object checking its message: r[conformance.case.construction-error]); the case then has no steps.'),
    steps: z.array(stepSchema),
  })
  .strict();

/** A case file: an array of cases. */
const caseFileSchemaDef = z.array(caseSchemaDef).min(1).describe('A file of tool-search conformance cases.');

/**
 * The zod schema of one case: parses JSON into a {@link Case}, applying defaults.
 *
 * @see r[conformance.case.format]
 */
export const caseSchema: z.ZodType<Case, unknown> = caseSchemaDef;

/** The zod schema of a case file: an array of at least one case. */
export const caseFileSchema: z.ZodType<Case[], unknown> = caseFileSchemaDef;

/** The zod definition of a case file, for JSON Schema generation. */
export const caseFileDefinition: z.ZodType = caseFileSchemaDef;

// Compile-time agreement between the zod definitions and the documented types.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agree: Same<z.output<typeof caseSchemaDef>, Case> = true;
void agree;

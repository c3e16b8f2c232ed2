/**
 * The messages of the JSON-lines stdio protocol, as zod schemas: what the
 * runner sends (requests) and what an implementation answers (responses).
 * `conformance/schema/protocol-request.schema.json` and
 * `conformance/schema/protocol-response.schema.json` are generated from them,
 * and the runner validates every answer with them.
 *
 * Implements r[conformance.protocol.framing], r[conformance.protocol.handshake],
 * r[conformance.protocol.case], r[conformance.protocol.step], r[conformance.protocol.messages],
 * r[conformance.protocol.observation], r[conformance.protocol.skip], r[conformance.protocol.error],
 * r[conformance.protocol.stop].
 *
 * @module
 */
import { z } from 'zod';
import { META_TOOL_NAMES } from '../../stores/meta-tool-names.js';
import { featureSchema, filterCallSchema, processorOptionsSchema, toolEntrySchema } from '../case/schema.js';
import type { CaseSetup, ImplementationInfo, StepObservation, StepOp, StepRequest, StoredMessage } from '../adapter/types.js';
import type { Feature } from '../case/types.js';
import { toolSearchEventSchema } from '../../processor/events.js';

/** The protocol version this runner speaks. @see r[conformance.protocol.handshake] */
export const PROTOCOL_VERSION = 2;

/** The simulated clock starts here (2026-01-01T00:00:00Z), so results never depend on the real time. @see r[conformance.protocol.clock] */
export const CLOCK_EPOCH = Date.UTC(2026, 0, 1);

/** The resource id of every conformance thread. @see r[conformance.protocol.request-context] */
export const RESOURCE_ID = 'conformance-resource';

const seq = z.number().int().min(1).describe('Sequence number: 1 for the first request, then one more for each; an answer carries the seq of its request.');
const toolEntry = toolEntrySchema.meta({ id: 'toolEntry', description: 'One tool: `name` is its record key, `id` its tool id (the key when absent), `instance` its origin label.' });

// -- The stored message format (r[conformance.protocol.messages]) -------------------------

const toolInvocation = z
  .discriminatedUnion('state', [
    z
      .object({
        state: z.literal('result'),
        toolCallId: z.string(),
        toolName: z.string(),
        args: z.record(z.string(), z.unknown()),
        result: z.unknown().describe('The result, any JSON value.'),
        isError: z.boolean().optional().describe('Present and true when the result is an error result.'),
      })
      .strict(),
    z.object({ state: z.literal('call'), toolCallId: z.string(), toolName: z.string(), args: z.record(z.string(), z.unknown()) }).strict(),
  ])
  .meta({ id: 'toolInvocation' });

const storedPart = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('text'), text: z.string() }).strict(),
    z.object({ type: z.literal('tool-invocation'), toolInvocation }).strict(),
  ])
  .meta({ id: 'storedPart' });

/** A conversation message: `MastraDBMessage` with content format 2, in JSON. */
export const storedMessageSchema = z
  .object({
    id: z.string(),
    role: z.enum(['user', 'assistant']),
    createdAt: z.iso.datetime().describe('ISO 8601 UTC time; strictly increasing within a case.'),
    threadId: z.string().optional(),
    resourceId: z.string().optional(),
    content: z.object({ format: z.literal(2), parts: z.array(storedPart) }).strict(),
  })
  .strict()
  .meta({ id: 'storedMessage', description: "Mastra's stored message (MastraDBMessage, content format 2) as JSON." });

const requestContext = z
  .record(z.string(), z.unknown())
  .meta({ id: 'requestContext', description: "The entries of the request's RequestContext, in insertion order." });

// -- Requests: runner → implementation -----------------------------------------------------

const stepRequestSchema = z
  .discriminatedUnion('op', [
    z
      .object({
        op: z.literal('begin'),
        stepNumber: z.number().int().min(0),
        requestContext,
        resolvedTools: z.array(toolEntry),
        messages: z.array(storedMessageSchema),
        sameRequest: z
          .literal(true)
          .optional()
          .describe(
            "A later step of the same request as the thread's previous begin: pass the same message array object, the messages whose ids it held as the same objects changed in place (feature same-objects).",
          ),
      })
      .strict(),
    z
      .object({
        op: z.literal('call'),
        tool: z.enum(META_TOOL_NAMES),
        input: z.unknown().describe('The input the model sends, any JSON value; absent when it sends none.'),
        toolCallId: z.string(),
        toolCallIdVia: z
          .literal('agent')
          .optional()
          .describe('Pass the id as `context.agent.toolCallId`, as the Agent does; at the top level of the context when absent.'),
      })
      .strict(),
    z.object({ op: z.literal('advanceClock'), ms: z.number().min(0) }).strict(),
    z.object({ op: z.literal('restart') }).strict(),
    z.object({ op: z.literal('clearState'), thread: z.string().optional() }).strict(),
    z.object({ op: z.literal('clearAllState') }).strict(),
    z.object({ op: z.literal('cleanupNow') }).strict(),
    z.object({ op: z.literal('stateStats') }).strict(),
    z
      .object({
        op: z.literal('resume'),
        requestContext,
        resolvedTools: z.array(toolEntry),
        messages: z.array(storedMessageSchema).optional().describe("The thread's persisted conversation, which the Agent's memory recalls."),
      })
      .strict(),
  ])
  .meta({ id: 'stepRequest' });

const caseSetupSchema = z
  .object({
    id: z.string().describe('The case ID, for diagnostics.'),
    catalog: z.array(toolEntry),
    options: processorOptionsSchema,
    features: z.array(featureSchema).describe('The features the case declares; an implementation claiming events listens to the processor when they hold events.'),
  })
  .strict()
  .meta({ id: 'caseSetup' });

/** Every request the runner sends. */
export const requestSchema = z
  .discriminatedUnion('type', [
    z.object({ seq, type: z.literal('start'), protocol: z.number().int() }).strict().meta({ id: 'start' }),
    z.object({ seq, type: z.literal('case'), case: caseSetupSchema }).strict().meta({ id: 'case' }),
    z.object({ seq, type: z.literal('step'), step: stepRequestSchema }).strict().meta({ id: 'step' }),
    z.object({ seq, type: z.literal('stop') }).strict().meta({ id: 'stop' }),
  ])
  .describe('A request of the runner: one JSON object on one line of the implementation\'s stdin.');

// -- Observations (r[conformance.protocol.observation]) ------------------------------------

const filterCalls = z.array(filterCallSchema).describe('Every call of the filter hook during the step, in order.');
/** One event as the processor's listener received it (r[processor.events.schema]). */
const event = toolSearchEventSchema.meta({ id: 'event', description: "One event the processor delivered to its onEvent listener, unchanged (spec/processor.md, r[processor.events.schema])." });
/** One event span as the processor recorded it on a tracing span (r[processor.events.tracing]). */
const span = z
  .object({
    type: z.string().describe('The span type: `generic`.'),
    name: z.string().describe('`tool_search.<event type>`.'),
    metadata: z.record(z.string(), z.unknown()).describe('The event\'s fields other than `version` and `type`.'),
  })
  .meta({ id: 'eventSpan', description: 'The options of one createEventSpan call, as JSON (r[conformance.protocol.tracing]).' });
/**
 * Fields any observation may carry: an implementation claiming `filter-timing` gives both timings,
 * one claiming `events` gives `events` (r[conformance.protocol.events]), one claiming `tracing`
 * gives `spans` (r[conformance.protocol.tracing]).
 */
const timing = {
  elapsedMs: z.number().min(0).optional().describe('Simulated milliseconds the step took.'),
  maxFilterCallsInFlight: z.number().int().min(0).optional().describe('The most filter calls in flight at once during the step.'),
  events: z
    .array(event)
    .optional()
    .describe('The events delivered to the listener since the previous observation, in delivery order; present exactly when the implementation claims `events`.'),
  spans: z
    .array(span)
    .optional()
    .describe('The event spans recorded on the tracing span the step or the call was given, in order; present exactly when the implementation claims `tracing`.'),
};
const origins = z.record(z.string(), z.string()).describe('Key → origin label of the tool object behind it.');
const keys = z.array(z.string());

/** The observation each step operation must answer with. */
export const observationSchemas = {
  begin: z
    .object({ filterCalls, ...timing, exposed: keys.describe('Keys of the returned tools, in order.'), origins, system: z.array(z.string()).describe('The text of each system message the step added, in order.') })
    .strict()
    .meta({ id: 'beginObservation' }),
  call: z
    .discriminatedUnion('outcome', [
      z.object({ filterCalls, ...timing, outcome: z.literal('result'), result: z.unknown().describe("The meta-tool's result, any JSON value.") }).strict(),
      z.object({ filterCalls, ...timing, outcome: z.literal('threw'), result: z.string().describe('The message of the error the meta-tool threw.') }).strict(),
      z.object({ filterCalls, ...timing, outcome: z.literal('not-exposed') }).strict(),
    ])
    .meta({ id: 'callObservation' }),
  advanceClock: z.object({ filterCalls, ...timing }).strict().meta({ id: 'emptyObservation' }),
  restart: z.object({ filterCalls, ...timing }).strict(),
  clearState: z.object({ filterCalls, ...timing }).strict(),
  clearAllState: z.object({ filterCalls, ...timing }).strict(),
  cleanupNow: z.object({ filterCalls, ...timing, cleaned: z.number().int().min(0) }).strict().meta({ id: 'cleanupNowObservation' }),
  stateStats: z
    .object({
      filterCalls,
      ...timing,
      threadCount: z.number().int().min(0),
      oldestAccessTime: z.number().nullable(),
      evictions: z.number().int().min(0).optional().describe('The returned `evictions`, when the implementation reports it.'),
    })
    .strict()
    .meta({ id: 'stateStatsObservation' }),
  resume: z.object({ filterCalls, ...timing, tools: keys.describe('Keys of the returned tools, in order.'), origins }).strict().meta({ id: 'resumeObservation' }),
} satisfies Record<StepOp, z.ZodType>;

const anyObservation = z
  .union([observationSchemas.begin, observationSchemas.call, observationSchemas.cleanupNow, observationSchemas.stateStats, observationSchemas.resume, observationSchemas.advanceClock])
  .describe('The observation of one step; which shape depends on the step\'s op.');

// -- Responses: implementation → runner -----------------------------------------------------

/** Every answer an implementation may send, by type. */
export const responseSchemas = {
  started: z
    .object({
      seq,
      type: z.literal('started'),
      protocol: z.number().int(),
      implementation: z.object({ name: z.string().min(1), version: z.string().min(1) }).strict(),
      features: z.array(featureSchema).refine((f) => new Set(f).size === f.length, 'a feature is listed twice'),
    })
    .strict()
    .meta({ id: 'started' }),
  ready: z
    .object({ seq, type: z.literal('ready'), constructionError: z.string().optional().describe("The constructor's error message, when it rejected the options.") })
    .strict()
    .meta({ id: 'ready' }),
  observation: z.object({ seq, type: z.literal('observation'), observation: anyObservation }).strict().meta({ id: 'observation' }),
  skipped: z.object({ seq, type: z.literal('skipped'), reason: z.string().min(1) }).strict().meta({ id: 'skipped' }),
  error: z.object({ seq, type: z.literal('error'), message: z.string() }).strict().meta({ id: 'error' }),
  stopped: z.object({ seq, type: z.literal('stopped') }).strict().meta({ id: 'stopped' }),
};

/**
 * The envelopes of the answers, as the stdio adapter checks them on arrival: an
 * observation's body is checked afterwards against its step's shape
 * (r[conformance.protocol.observation]), so that the error names the right field.
 */
export const envelopeSchemas = {
  ...responseSchemas,
  observation: z.object({ seq, type: z.literal('observation'), observation: z.record(z.string(), z.unknown()) }).strict(),
};

/** Every answer an implementation may send. */
export const responseSchema = z
  .discriminatedUnion('type', [
    responseSchemas.started,
    responseSchemas.ready,
    responseSchemas.observation,
    responseSchemas.skipped,
    responseSchemas.error,
    responseSchemas.stopped,
  ])
  .describe("An answer of the implementation: one JSON object on one line of its stdout.");

/** A request from the runner: one JSON line. */
export type ProtocolRequest =
  | { seq: number; type: 'start'; protocol: number }
  | { seq: number; type: 'case'; case: CaseSetup }
  | { seq: number; type: 'step'; step: StepRequest }
  | { seq: number; type: 'stop' };

/** A response from the implementation: one JSON line. */
export type ProtocolResponse =
  | { seq: number; type: 'started'; protocol: number; implementation: ImplementationInfo; features: Feature[] }
  | { seq: number; type: 'ready'; constructionError?: string }
  | { seq: number; type: 'observation'; observation: StepObservation }
  | { seq: number; type: 'skipped'; reason: string }
  | { seq: number; type: 'error'; message: string }
  | { seq: number; type: 'stopped' };

// Compile-time agreement between the zod definitions and the documented types.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Loose<T> = T extends unknown ? { [K in keyof T]: T[K] } : never;
const agreeMessage: Same<Loose<z.output<typeof storedMessageSchema>>, Loose<StoredMessage>> = true;
const agreeStep: Same<z.output<typeof stepRequestSchema>['op'], StepRequest['op']> = true;
void agreeMessage;
void agreeStep;

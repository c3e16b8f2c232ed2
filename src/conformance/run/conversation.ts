/**
 * The runner's side of a case: the conversation of every thread, in Mastra's
 * stored message format, and the request each step becomes.
 *
 * Implements r[conformance.runner.conversation], r[conformance.protocol.messages],
 * r[conformance.protocol.request-context], r[conformance.protocol.step].
 *
 * @module
 */
import type { BeginStep, CallStep, NeutralMessage, NeutralToolResult, Step } from '../case/schema.js';
import type { RequestContextEntries, StepObservation, StepRequest, StoredMessage, StoredPart } from '../adapter/types.js';
import { CLOCK_EPOCH, RESOURCE_ID } from '../protocol/messages.js';

/** The key under which `@mastra/core`'s Agent records the memory context. */
const MEMORY_KEY = 'MastraMemory';
/** The reserved request-context key that names the thread. */
const THREAD_ID_KEY = 'mastra__threadId';

/**
 * The request context of a step: the case's values, then the thread as the
 * memory context (`threadVia: 'memory'`), as `mastra__threadId`, or as
 * `mastra__threadId` holding the thread id as a number (`reserved-key-number`).
 *
 * @see r[conformance.protocol.request-context]
 */
export function requestContextEntries(
  values: Readonly<Record<string, string>>,
  thread: string | null,
  via: 'memory' | 'reserved-key' | 'reserved-key-number',
): RequestContextEntries {
  const entries: RequestContextEntries = {};
  const put = (key: string, value: unknown) => Object.defineProperty(entries, key, { value, enumerable: true, writable: true, configurable: true });
  for (const [key, value] of Object.entries(values)) put(key, value);
  if (thread === null) return entries;
  if (via === 'reserved-key') put(THREAD_ID_KEY, thread);
  else if (via === 'reserved-key-number') put(THREAD_ID_KEY, Number(thread));
  else put(MEMORY_KEY, { thread: { id: thread, resourceId: RESOURCE_ID }, resourceId: RESOURCE_ID });
  return entries;
}

/**
 * Each thread's messages, kept across steps and restarts, and the counters
 * that name messages (`msg-n`) and calls (`call-n`).
 *
 * @see r[conformance.runner.conversation]
 */
export class Conversation {
  private readonly threads = new Map<string, StoredMessage[]>();
  private current: StoredMessage[] = [];
  private currentThread: string | null = null;
  private messageCount = 0;
  private callCount = 0;
  private stepNumber = 0;

  /** A new stored message of the current thread, numbered and timed. */
  private message(role: 'user' | 'assistant', parts: StoredPart[]): StoredMessage {
    const n = ++this.messageCount;
    return {
      id: `msg-${n}`,
      role,
      createdAt: new Date(CLOCK_EPOCH + n * 1000).toISOString(),
      ...(this.currentThread !== null ? { threadId: this.currentThread, resourceId: RESOURCE_ID } : {}),
      content: { format: 2, parts },
    };
  }

  /** A forged tool result as a `tool-invocation` part; a call id the case pins is kept. */
  private invocation(r: NeutralToolResult): StoredPart {
    const toolCallId = r.toolCallId ?? `call-${++this.callCount}`;
    return {
      type: 'tool-invocation',
      toolInvocation:
        r.state === 'call'
          ? { state: 'call', toolCallId, toolName: r.toolName, args: r.args }
          : { state: 'result', toolCallId, toolName: r.toolName, args: r.args, result: r.result, ...(r.isError !== undefined ? { isError: r.isError } : {}) },
    };
  }

  /** A case's forged message in the stored format: a user message may carry tool results after its text. */
  private forged(m: NeutralMessage): StoredMessage {
    if (m.role === 'user') return this.message('user', [{ type: 'text', text: m.text }, ...(m.toolResults ?? []).map((r) => this.invocation(r))]);
    return this.message('assistant', m.toolResults.map((r) => this.invocation(r)));
  }

  /** A `begin`: switch to its thread, drop the oldest messages, append the new ones, send them all. */
  private begin(step: BeginStep): StepRequest {
    const key = step.thread ?? '';
    this.currentThread = step.thread;
    this.current = this.threads.get(key) ?? [];
    this.threads.set(key, this.current);
    this.current.splice(0, step.dropOldest);
    for (const done of step.complete) this.completeCall(done);
    for (const merge of step.mergeInto) {
      const m = this.current.at(merge.message);
      if (m === undefined) throw new Error(`mergeInto: the conversation has no message at ${merge.message}`);
      m.content.parts = [...m.content.parts, ...merge.toolResults.map((r) => this.invocation(r))];
    }
    if (step.user !== undefined) this.current.push(this.message('user', [{ type: 'text', text: step.user }]));
    for (const m of step.messages) this.current.push(this.forged(m));
    return {
      op: 'begin',
      stepNumber: this.stepNumber++,
      requestContext: requestContextEntries(step.requestContext, step.thread, step.threadVia),
      resolvedTools: step.resolvedTools,
      messages: structuredClone(this.current),
      ...(step.sameRequest ? { sameRequest: true as const } : {}),
    };
  }

  /** A `complete` entry: the thread's pending call with that id goes to state `result` in place (r[conformance.protocol.messages]). */
  private completeCall(done: BeginStep['complete'][number]): void {
    let found = false;
    for (const m of this.current) {
      m.content.parts = m.content.parts.map((p) =>
        p.type === 'tool-invocation' && p.toolInvocation.state === 'call' && p.toolInvocation.toolCallId === done.toolCallId && (found = true)
          ? {
              type: 'tool-invocation',
              toolInvocation: { ...p.toolInvocation, state: 'result', result: done.result, ...(done.isError !== undefined ? { isError: done.isError } : {}) },
            }
          : p,
      );
    }
    if (!found) throw new Error(`complete: the conversation holds no pending call ${done.toolCallId}`);
  }

  /** The request a step becomes. */
  request(step: Step): StepRequest {
    switch (step.op) {
      case 'begin':
        return this.begin(step);
      case 'call':
        return {
          op: 'call',
          tool: step.tool,
          ...(step.input !== undefined ? { input: step.input } : {}),
          toolCallId: step.toolCallId ?? `call-${++this.callCount}`,
          ...(step.toolCallIdVia === 'agent' ? { toolCallIdVia: 'agent' as const } : {}),
        };
      case 'advanceClock':
        return { op: 'advanceClock', ms: step.ms };
      case 'clearState':
        return step.thread === undefined ? { op: 'clearState' } : { op: 'clearState', thread: step.thread };
      case 'resume':
        return {
          op: 'resume',
          requestContext: requestContextEntries({}, step.thread, 'memory'),
          resolvedTools: step.resolvedTools,
          ...(step.persisted ? { messages: structuredClone(this.threads.get(step.thread ?? '') ?? []) } : {}),
        };
      default:
        return { op: step.op };
    }
  }

  /** After a `call` whose result is recorded (the default): append it as a tool result, as the Agent does. */
  record(step: CallStep, request: Extract<StepRequest, { op: 'call' }>, obs: StepObservation): void {
    if (!step.record || obs.outcome !== 'result') return;
    const args = step.input && typeof step.input === 'object' && !Array.isArray(step.input) ? (step.input as Record<string, unknown>) : {};
    this.current.push(
      this.message('assistant', [
        { type: 'tool-invocation', toolInvocation: { state: 'result', toolCallId: request.toolCallId, toolName: step.tool, args, result: obs.result } },
      ]),
    );
  }
}

/**
 * A small simulation of how `@mastra/core`'s Agent drives an input processor: one
 * `processInputStep` per step, with the request's tools and the conversation so far in
 * Mastra's stored message format (MastraDBMessage, content format 2, `tool-invocation` parts).
 */
import { RequestContext } from '@mastra/core/request-context';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
import type { AnyTool, ToolSearchProcessor } from '../../../src/mastra/index.js';

/** Resolves after the events emitted so far are delivered: each goes to the listener in a microtask of its own (r[processor.events.delivery]). */
export const delivered = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

/** A Proxy whose every trap throws `Error('trap')`: reading anything of it fails. */
export const hostile = (): object =>
  new Proxy(
    {},
    new Proxy(
      {},
      {
        get: () => () => {
          throw new Error('trap');
        },
      },
    ),
  );

/** A tool backed by a closure; `calls` records what it executed with. */
export function makeTool(id: string | undefined, description: string, tag = 'static') {
  const calls: unknown[] = [];
  const tool = createTool({
    ...(id === undefined ? {} : { id }),
    description,
    inputSchema: z.object({}).passthrough(),
    execute: async (input: unknown) => {
      calls.push(input);
      return { tag, id };
    },
  } as never) as AnyTool;
  return Object.assign(tool, { calls, tag }) as AnyTool & { calls: unknown[]; tag: string; execute: (input: unknown, ctx: unknown) => Promise<unknown> };
}

/** A request context with an optional thread id and extra entries. */
export function requestContext(threadId?: string, extra: Record<string, unknown> = {}): RequestContext {
  const rc = new RequestContext();
  if (threadId !== undefined) rc.set('mastra__threadId', threadId);
  for (const [k, v] of Object.entries(extra)) rc.set(k, v);
  return rc;
}

/** A stored assistant message holding one completed tool invocation. */
export function toolResultMessage(toolName: string, args: unknown, result: unknown, n: number) {
  return {
    id: `m${n}`,
    role: 'assistant',
    createdAt: new Date(1_700_000_000_000 + n),
    content: {
      format: 2,
      parts: [{ type: 'tool-invocation', toolInvocation: { state: 'result', toolCallId: `c${n}`, toolName, args, result } }],
    },
  };
}

/** What one step returned. */
export interface StepView {
  keys: string[];
  tools: Record<string, { execute?: (input: unknown, ctx: unknown) => Promise<unknown> }>;
  systems: string[];
}

/** One conversation (thread) against one processor. */
export class Conversation {
  readonly messages: unknown[] = [];
  #n = 0;
  last: StepView | undefined;
  /** More step arguments (`runId`, `tracingContext`, …), as the Agent passes them. */
  stepArgs: Record<string, unknown> = {};
  /** More execution context for tool calls (`tracingContext`, …). */
  callContext: Record<string, unknown> = {};
  /** The `stepNumber` the next step gets: 0 at the first step of a request, then one more per step. */
  #stepNumber = 0;

  /** Starts a new request of the same thread: the user says `text`, and the next step is step 0. */
  newRequest(text: string): void {
    this.#stepNumber = 0;
    this.#n++;
    this.messages.push({ id: `u${this.#n}`, role: 'user', createdAt: new Date(1_700_000_000_000 + this.#n), content: { format: 2, parts: [{ type: 'text', text }] } });
  }
  constructor(
    readonly processor: ToolSearchProcessor,
    readonly rc: RequestContext | undefined,
    public requestTools: Record<string, unknown> = {},
  ) {
    this.messages.push({ id: 'u0', role: 'user', createdAt: new Date(1_700_000_000_000), content: { format: 2, parts: [{ type: 'text', text: 'hi' }] } });
  }

  /** Runs processInputStep as the Agent would. */
  async step(): Promise<StepView> {
    const systems: string[] = [];
    const messageList = { addSystem: (m: unknown) => void systems.push(String(m)) };
    const out = await this.processor.processInputStep({
      messages: [...this.messages],
      messageList,
      // A fresh record, as the Agent passes one; getters are copied as getters, not read.
      tools: Object.defineProperties({}, Object.getOwnPropertyDescriptors(this.requestTools)),
      requestContext: this.rc,
      stepNumber: this.#stepNumber++,
      steps: [],
      systemMessages: [],
      state: {},
      retryCount: 0,
      ...this.stepArgs,
    } as never);
    const tools = out.tools as StepView['tools'];
    this.last = { keys: Object.keys(tools), tools, systems };
    return this.last;
  }

  /** Calls a tool of the last step and records the result in the conversation. */
  async call(toolName: string, input: unknown): Promise<unknown> {
    const tool = this.last?.tools[toolName];
    if (tool?.execute === undefined) throw new Error(`tool ${toolName} is not exposed; have ${this.last?.keys.join(', ')}`);
    // The call id the Agent passes (as context.agent.toolCallId) is the one the recorded part holds.
    const n = this.#n + 1;
    const result = await tool.execute(input, { ...this.callContext, agent: { toolCallId: `c${n}` } });
    this.#n = n;
    this.messages.push(toolResultMessage(toolName, input, result, n));
    return result;
  }

  /** Drops the oldest messages holding these tools' results (as a token limiter would). */
  forget(predicate: (m: { content: { parts: Array<{ toolInvocation?: { toolName: string; result: unknown } }> } }) => boolean): void {
    for (let i = this.messages.length - 1; i >= 0; i--) if (predicate(this.messages[i] as never)) this.messages.splice(i, 1);
  }
}

/**
 * Drives both processors the way the Agent does: one `processInputStep` per step, the meta-tools
 * taken from its result and executed with the step's request context.
 */
import { ToolSearchProcessor as MastraToolSearchProcessor } from '@mastra/core/processors';
import { RequestContext } from '@mastra/core/request-context';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
import { ToolSearchProcessor as OurToolSearchProcessor } from '../../../src/index.js';
import { toolResultMessage } from '../../processor/support/harness.js';

/** Which implementation. */
export type Impl = 'ours' | 'mastra';

/** The surface both processors share. */
export interface Subject {
  processInputStep(args: unknown): Promise<{ tools: Record<string, { execute?: (input: unknown, ctx: unknown) => Promise<unknown> }> }>;
  getStateStats(): { threadCount: number; oldestAccessTime: number | null; evictions?: number };
  getLoadedToolsForRequestContext(args: unknown): Promise<Record<string, unknown>>;
  dispose?(): void;
}

/** A tool with a closure of its own. */
export function tool(id: string, description: string) {
  return createTool({ id, description, inputSchema: z.object({}).passthrough(), execute: async () => ({ id }) } as never);
}

/** Three small tools. */
export function smallCatalog() {
  return {
    get_weather: tool('get_weather', 'Get the weather forecast for a city'),
    send_email: tool('send_email', 'Send an email message to a recipient'),
    create_issue: tool('create_issue', 'Create a GitHub issue in a repository'),
  };
}

/** Constructs one implementation. */
export function subject(impl: Impl, options: Record<string, unknown>): Subject {
  return (impl === 'ours' ? new OurToolSearchProcessor(options as never) : new MastraToolSearchProcessor(options as never)) as unknown as Subject;
}

/** A request context carrying a thread id. */
export function threadContext(threadId: string): RequestContext {
  const rc = new RequestContext();
  rc.set('mastra__threadId', threadId);
  return rc;
}

/** A stored assistant message holding one completed `load_tool` result. */
export function loadMessage(toolName: string, n: number, alreadyLoaded = false) {
  const message = alreadyLoaded ? `Tool "${toolName}" is already loaded and available.` : `Tool "${toolName}" loaded successfully.`;
  return toolResultMessage('load_tool', { toolName }, { success: true, toolName, message }, n);
}

/** Runs one step; returns the exposed keys and the step's tools. */
export async function step(p: Subject, rc: RequestContext, messages: unknown[] = [], tools: Record<string, unknown> = {}) {
  const out = await p.processInputStep({
    messages,
    messageList: { addSystem: () => undefined },
    tools,
    requestContext: rc,
    stepNumber: 0,
    steps: [],
    systemMessages: [],
    state: {},
    retryCount: 0,
  });
  return { keys: Object.keys(out.tools), tools: out.tools };
}

/** Calls `load_tool` of a step. */
export async function load(stepTools: Awaited<ReturnType<typeof step>>['tools'], rc: RequestContext, toolName: string): Promise<unknown> {
  const execute = stepTools['load_tool']?.execute;
  if (execute === undefined) throw new Error('load_tool is not exposed');
  return execute({ toolName }, { requestContext: rc, toolCallId: 'call', messages: [] });
}

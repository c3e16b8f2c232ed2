/** Tools and agents shared by the end-to-end tests. */
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
import { call, say, type Turn } from './scripted-model.js';

/** A small catalog whose `get_weather` records its executions. */
export function weatherCatalog() {
  const executions: Array<{ city: string }> = [];
  const tools = {
    weather: createTool({
      id: 'get_weather',
      description: 'Get the weather forecast for a city',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }) => {
        executions.push({ city });
        return { city, forecast: 'sunny', celsius: 21 };
      },
    }),
    email: createTool({ id: 'send_email', description: 'Send an email message', inputSchema: z.object({ to: z.string() }), execute: async () => ({ sent: true }) }),
    issue: createTool({ id: 'create_issue', description: 'Create a GitHub issue', inputSchema: z.object({ title: z.string() }), execute: async () => ({ id: 1 }) }),
  };
  return { tools, executions };
}

/** The scripted turns of search → (load →) call → answer. */
export function weatherScript(autoLoad: boolean): Turn[] {
  return [
    call('search_tools', { query: 'weather forecast' }),
    ...(autoLoad ? [] : [call('load_tool', { toolName: 'get_weather' })]),
    call('get_weather', { city: 'Paris' }),
    say('It is sunny in Paris.'),
  ];
}

/** An agent over a model with the given input processors. */
export function agentWith(model: unknown, inputProcessors: unknown[], extra: Record<string, unknown> = {}) {
  return new Agent({ id: 'e2e-agent', name: 'e2e-agent', instructions: 'Find a tool when you need one.', model: model as never, inputProcessors: inputProcessors as never, ...extra });
}

/** The storage × autoLoad matrix. */
export const MODES = [
  { storage: 'in-memory' as const, autoLoad: false },
  { storage: 'in-memory' as const, autoLoad: true },
  { storage: 'context' as const, autoLoad: false },
  { storage: 'context' as const, autoLoad: true },
];

/** A tool that needs approval before it runs; `executed` records the amounts it sent. */
export function wireMoneyTool() {
  const executed: number[] = [];
  const wire = createTool({
    id: 'wire_money',
    description: 'Wire money to an account',
    requireApproval: true,
    inputSchema: z.object({ amount: z.number() }),
    execute: async ({ amount }) => {
      executed.push(amount);
      return { sent: amount };
    },
  });
  return { wire, executed };
}

/**
 * Streams a run of an Agent (registered in a Mastra with storage) until it suspends on an
 * approval request, records what ran by then, calls `onSuspended`, approves the call and returns
 * the resumed text.
 */
export async function approveAndResume(model: unknown, processor: unknown, requestContext: unknown, executed: readonly number[], onSuspended: () => void = () => {}) {
  const mastra = new Mastra({ agents: { banker: agentWith(model, [processor]) }, storage: new InMemoryStore(), logger: false });
  const agent = mastra.getAgent('banker');
  const stream = await agent.stream('Send 5', { requestContext, maxSteps: 6 } as never);
  let toolCallId: string | undefined;
  for await (const chunk of stream.fullStream as AsyncIterable<{ type: string; payload?: { toolCallId?: string } }>) {
    if (chunk.type === 'tool-call-approval') toolCallId = chunk.payload?.toolCallId;
  }
  const executedBeforeApproval = [...executed];
  onSuspended();
  const resumed = await agent.approveToolCall({ runId: stream.runId, toolCallId, requestContext } as never);
  return { toolCallId, executedBeforeApproval, text: await resumed.text };
}

/** Tools and agents shared by the end-to-end tests. */
import { Agent } from '@mastra/core/agent';
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

// The README's "First-turn prefetch" example, verbatim except for the import of this package
// (the README imports from 'tool-search-reference').
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
import { ToolSearchProcessor } from '../../src/index.js';

const getWeather = createTool({
  id: 'get_weather',
  description: 'Get the weather forecast for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, forecast: 'sunny' }),
});
const sendEmail = createTool({
  id: 'send_email',
  description: 'Send an email message to a recipient',
  inputSchema: z.object({ to: z.string() }),
  execute: async ({ to }) => ({ sent: true, to }),
});

export const agent = new Agent({
  id: 'prefetching',
  name: 'prefetching',
  instructions: 'Use search_tools to find a tool you need, then load_tool to load it.',
  model: 'openai/gpt-4.1-mini',
  inputProcessors: [
    new ToolSearchProcessor({
      tools: { getWeather, sendEmail },
      // At the first step, load the best match of the user's message: no search round trip.
      prefetch: { maxTools: 1 },
    }),
  ],
});

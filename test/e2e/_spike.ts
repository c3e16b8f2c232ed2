import { Agent } from '@mastra/core/agent';
import { MastraLanguageModelV2Mock, simulateReadableStream } from '@mastra/core/test-utils/llm-mock';
import { ToolSearchProcessor } from '@mastra/core/processors';
import { createTool } from '@mastra/core/tools';
import { RequestContext } from '@mastra/core/request-context';
import { z } from 'zod';

let executed = 0;
const weather = createTool({ id: 'get_weather', description: 'Get the weather forecast for a city', inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => { executed++; return { city, temp: 21 }; } });
const email = createTool({ id: 'send_email', description: 'Send an email message', inputSchema: z.object({ to: z.string() }), execute: async () => ({ ok: true }) });

const script = [
  [{ type: 'tool-call', toolCallId: 'c1', toolName: 'search_tools', input: JSON.stringify({ query: 'weather' }) }],
  [{ type: 'tool-call', toolCallId: 'c2', toolName: 'load_tool', input: JSON.stringify({ toolName: 'get_weather' }) }],
  [{ type: 'tool-call', toolCallId: 'c3', toolName: 'get_weather', input: JSON.stringify({ city: 'Paris' }) }],
  'It is 21 degrees.',
];
const seen: string[][] = [];
let i = 0;
const model = new MastraLanguageModelV2Mock({
  doStream: async (options: any) => {
    seen.push((options.tools ?? []).map((t: any) => t.name));
    const step = script[i++] ?? 'done';
    const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };
    const chunks: any[] = [{ type: 'stream-start', warnings: [] }];
    if (typeof step === 'string') chunks.push({ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: step }, { type: 'text-end', id: 't' }, { type: 'finish', finishReason: 'stop', usage });
    else chunks.push(...step, { type: 'finish', finishReason: 'tool-calls', usage });
    return { stream: simulateReadableStream({ chunks }) as any };
  },
});
const ts = new ToolSearchProcessor({ tools: { weather, email } });
const agent = new Agent({ id: 'a', name: 'a', instructions: 'x', model, inputProcessors: [ts] });
const rc = new RequestContext();
rc.set('mastra__threadId', 't1');
const out = await agent.generate('What is the weather in Paris?', { requestContext: rc, maxSteps: 6 } as any);
console.log(out.text, executed, JSON.stringify(seen));
console.log(JSON.stringify(model.doStreamCalls.at(-1)?.prompt?.slice(0,3)).slice(0, 1500));

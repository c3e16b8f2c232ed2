import { describe, expect, it } from 'vitest';
import { ToolSearchProcessor } from '../../src/index.js';
import { Conversation, makeTool, requestContext } from './support/harness.js';

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const catalog = () => ({
  weather: makeTool('get_weather', 'Get the weather forecast for a city'),
  email: makeTool('send_email', 'Send an email message to a recipient'),
});

/** Validates through the schema Mastra's tool wrapper holds (a Standard Schema). */
async function accepts(tool: unknown, input: unknown): Promise<boolean> {
  const result = await (tool as Any).inputSchema['~standard'].validate(input);
  return result.issues === undefined;
}

describe('meta-tools built per step over shared schemas', () => {
  it('[processor.tools.meta] every step gets its own meta-tools, each acting on its own step', async () => {
    const p = new ToolSearchProcessor({ tools: catalog() });
    const a = new Conversation(p, requestContext('thread-a'));
    const b = new Conversation(p, requestContext('thread-b'));
    const stepA = await a.step();
    const stepB = await b.step();
    expect(stepA.tools.load_tool).not.toBe(stepB.tools.load_tool);
    expect(stepA.tools.search_tools).not.toBe(stepB.tools.search_tools);
    // Thread A's load_tool, called after thread B's step was built, loads into thread A only.
    await a.call('load_tool', { toolName: 'get_weather' });
    expect((await a.step()).keys).toEqual(['search_tools', 'load_tool', 'get_weather']);
    expect((await b.step()).keys).toEqual(['search_tools', 'load_tool']);
  });

  it('[processor.input.search] [processor.input.load] the schemas every step shares still state the limits', async () => {
    const p = new ToolSearchProcessor({ tools: catalog() });
    const c = new Conversation(p, requestContext('t'));
    for (let i = 0; i < 2; i++) {
      const s = await c.step();
      expect(await accepts(s.tools.search_tools, { query: 'weather' })).toBe(true);
      expect(await accepts(s.tools.search_tools, { query: 'x'.repeat(1_001) })).toBe(false);
      expect(await accepts(s.tools.load_tool, { toolNames: ['get_weather'] })).toBe(true);
      expect(await accepts(s.tools.load_tool, { toolName: 'n'.repeat(257) })).toBe(false);
      expect(await accepts(s.tools.load_tool, { toolNames: Array.from({ length: 101 }, (_, k) => `n${k}`) })).toBe(false);
    }
  });
});

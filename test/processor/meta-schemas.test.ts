import { describe, expect, it } from 'vitest';
import { Tool } from '@mastra/core/tools';
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

/** The JSON Schema a tool's input schema shows the model (Standard JSON Schema). */
function jsonSchemaOf(tool: unknown): Any {
  return (tool as Any).inputSchema['~standard'].jsonSchema.input({ target: 'draft-07' });
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
    // Each is a Mastra Tool with the meta-tool's id, description and schemas, shared between steps.
    for (const name of ['search_tools', 'load_tool'] as const) {
      const [x, y] = [stepA.tools[name] as Any, stepB.tools[name] as Any];
      expect(x).toBeInstanceOf(Tool);
      expect(x.id).toBe(name);
      expect(typeof x.description).toBe('string');
      expect(x.inputSchema).toBe(y.inputSchema);
      expect(x.outputSchema).toBe(y.outputSchema);
      expect(x.execute).not.toBe(y.execute);
    }
    // Thread A's load_tool, called after thread B's step was built, loads into thread A only.
    await a.call('load_tool', { toolName: 'get_weather' });
    expect((await a.step()).keys).toEqual(['search_tools', 'load_tool', 'get_weather']);
    expect((await b.step()).keys).toEqual(['search_tools', 'load_tool']);
  });

  it('[processor.input.search] [processor.input.load] the schemas every step shares show the limits and let every input reach execute', async () => {
    const p = new ToolSearchProcessor({ tools: catalog() });
    const c = new Conversation(p, requestContext('t'));
    for (let i = 0; i < 2; i++) {
      const s = await c.step();
      // Mastra's tool wrapper validates with the schema first: it must let bad input through,
      // so that the meta-tool answers with its own error result.
      for (const bad of [42, null, { query: 42 }, { query: 'x'.repeat(1_001) }]) expect(await accepts(s.tools.search_tools, bad)).toBe(true);
      for (const bad of [{ toolName: 'n'.repeat(257) }, { toolNames: Array.from({ length: 101 }, (_, k) => `n${k}`) }, { toolNames: 'x' }]) {
        expect(await accepts(s.tools.load_tool, bad)).toBe(true);
      }
      // The JSON Schema the model is shown still states the limits.
      const search = jsonSchemaOf(s.tools.search_tools);
      expect(search.properties.query).toMatchObject({ type: 'string', maxLength: 1_000 });
      const load = jsonSchemaOf(s.tools.load_tool);
      expect(load.properties.toolName).toMatchObject({ type: 'string', maxLength: 256 });
      expect(load.properties.toolNames).toMatchObject({ type: 'array', maxItems: 100 });
    }
    // Through the real tool wrapper, a bad input gets the meta-tool's own error shape.
    const s = await c.step();
    const r = (await c.call('search_tools', { query: 42 })) as Any;
    expect(r).toEqual({ results: [], message: expect.stringMatching(/"query" must be a string/) });
    expect(s.keys).toEqual(['search_tools', 'load_tool']);
  });
});

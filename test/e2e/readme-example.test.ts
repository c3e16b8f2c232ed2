import { describe, expect, it } from 'vitest';
import { agent } from './readme-example.js';
import { call, say, scriptedModel } from './support/scripted-model.js';

describe("the README's example", () => {
  it('[processor.identity] [processor.names.canonical] [processor.names.alias] [processor.names.exposure] is a working Agent: search, load, call, answer', async () => {
    const scripted = scriptedModel([
      call('search_tools', { query: 'weather' }),
      call('load_tool', { toolName: 'getWeather' }), // the record key works as an alias, and the tool is then called by it
      call('getWeather', { city: 'Paris' }),
      say('Sunny, 21 °C.'),
    ]);
    agent.__updateModel({ model: scripted.model as never });
    const result = await agent.generate('What is the weather in Paris?', { maxSteps: 5 });
    expect(result.text).toBe('Sunny, 21 °C.');
    expect(scripted.toolLists).toEqual([
      ['search_tools', 'load_tool'],
      ['search_tools', 'load_tool'],
      ['search_tools', 'load_tool', 'getWeather'],
      ['search_tools', 'load_tool', 'getWeather'],
    ]);
    const toolResults = result.steps.flatMap((s) => s.toolResults.map((r) => (r as { payload?: { toolName?: string; result?: unknown } }).payload ?? r));
    expect(toolResults).toContainEqual(expect.objectContaining({ toolName: 'getWeather', result: { city: 'Paris', forecast: 'sunny', celsius: 21 } }));
  });
});

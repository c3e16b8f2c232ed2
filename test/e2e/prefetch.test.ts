/**
 * First-turn prefetch with a real Agent (r[processor.prefetch.*]): the README's example, in both
 * storage modes.
 */
import { Memory } from '@mastra/memory';
import { InMemoryStore } from '@mastra/core/storage';
import { describe, expect, it } from 'vitest';
import { ToolSearchProcessor, type ToolSearchEvent } from '../../src/index.js';
import { agent } from './prefetch-example.js';
import { agentWith, weatherCatalog } from './support/fixtures.js';
import { call, say, scriptedModel } from './support/scripted-model.js';

const delivered = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('first-turn prefetch with a real Agent', () => {
  it("[processor.prefetch.first-step] [processor.prefetch.query] the README's example: the first model call already carries the tool, and calls it", async () => {
    const scripted = scriptedModel([call('get_weather', { city: 'Paris' }), say('Sunny.')]);
    agent.__updateModel({ model: scripted.model as never });
    const result = await agent.generate('What is the weather in Paris?', { maxSteps: 3 });
    expect(result.text).toBe('Sunny.');
    expect(scripted.toolLists).toEqual([
      ['search_tools', 'load_tool', 'get_weather'],
      ['search_tools', 'load_tool', 'get_weather'],
    ]);
    const toolResults = result.steps.flatMap((s) => s.toolResults.map((r) => (r as { payload?: { toolName?: string; result?: unknown } }).payload ?? r));
    expect(toolResults).toContainEqual(expect.objectContaining({ toolName: 'get_weather', result: { city: 'Paris', forecast: 'sunny' } }));
  });

  for (const storage of ['in-memory', 'context'] as const) {
    it(`[processor.prefetch.storage] [processor.prefetch.events] ${storage}: a later load comes after the prefetched tool; the next request keeps ${storage === 'in-memory' ? 'both in place' : 'what results hold'}; events at a request's first step only`, async () => {
      const seen: ToolSearchEvent[] = [];
      const { tools } = weatherCatalog();
      const processor = new ToolSearchProcessor({ tools, storage, prefetch: { maxTools: 1 }, onEvent: (e) => void seen.push(e) });
      const memory = new Memory({ storage: new InMemoryStore(), options: { lastMessages: 20 } });
      const scripted = scriptedModel([
        call('load_tool', { toolName: 'send_email' }),
        say('Loaded.'),
        say('Still here.'),
      ]);
      const a = agentWith(scripted.model, [processor], { memory });
      const opts = { maxSteps: 3, memory: { thread: 'prefetch-thread', resource: 'user-1' } };
      await a.generate('What is the weather forecast in Paris?', opts);
      await a.generate('Thanks!', opts);
      await delivered();
      const names = (list: string[]) => list.filter((n) => n !== 'search_tools' && n !== 'load_tool');
      expect(names(scripted.toolLists[0]!)[0]).toBe('get_weather');
      expect(names(scripted.toolLists[1]!).slice(0, 2)).toEqual(['get_weather', 'send_email']);
      // The second request's message matches no tool. The in-memory store keeps the prefetched tool
      // as a loaded one; the context store held it for the request whose message it was derived from,
      // and unloads it. (@mastra/core 1.71.0 hands the previous request's last step tools back to
      // this step as the agent's own tools, which pass through, r[processor.resolved.pass-through];
      // so the model call still lists it: the unload is observed in the events.)
      const unloads = seen.filter((e) => e.type === 'unload').map((e) => e.type === 'unload' && [e.reason, ...e.tools]);
      if (storage === 'in-memory') {
        expect(names(scripted.toolLists[2]!)).toEqual(['get_weather', 'send_email']);
        expect(unloads).toEqual([]);
      } else {
        expect(names(scripted.toolLists[2]!)).toContain('send_email');
        expect(unloads).toEqual([['truncated', 'get_weather']]);
      }
      const prefetches = seen.filter((e) => (e.type === 'search' || e.type === 'load') && e.source === 'prefetch');
      expect(prefetches.filter((e) => e.type === 'load').map((e) => e.type === 'load' && e.tools.map((t) => t.name))).toEqual([['get_weather']]);
      expect(prefetches.every((e) => e.stepNumber === 0)).toBe(true);
    });
  }
});

import { TokenLimiter } from '@mastra/core/processors';
import { describe, expect, it } from 'vitest';
import { ToolSearchProcessor } from '../../src/index.js';
import { requestContext } from '../processor/support/harness.js';
import { agentWith, MODES, weatherCatalog, weatherScript } from './support/fixtures.js';
import { isAppendOnly, scriptedModel } from './support/scripted-model.js';

function expectedToolLists(autoLoad: boolean): string[][] {
  const meta = autoLoad ? ['search_tools'] : ['search_tools', 'load_tool'];
  const loaded = [...meta, 'get_weather'];
  return autoLoad ? [meta, loaded, loaded] : [meta, meta, loaded, loaded];
}

describe('a real Agent with a scripted model', () => {
  for (const { storage, autoLoad } of MODES) {
    for (const method of ['generate', 'stream'] as const) {
      it(`[processor.identity] [processor.order.sequence] [processor.order.prefix] search, load, call, answer (${storage}, autoLoad ${autoLoad}, ${method})`, async () => {
        const { tools, executions } = weatherCatalog();
        const scripted = scriptedModel(weatherScript(autoLoad));
        const agent = agentWith(scripted.model, [new ToolSearchProcessor({ tools, storage, search: { autoLoad, topK: 1 } })]);
        const options = { requestContext: requestContext(`thread-${storage}-${autoLoad}-${method}`), maxSteps: 6 } as never;
        const text = method === 'generate' ? (await agent.generate('Weather in Paris?', options)).text : await (await agent.stream('Weather in Paris?', options)).text;
        expect(text).toBe('It is sunny in Paris.');
        expect(executions).toEqual([{ city: 'Paris' }]);
        expect(scripted.toolLists).toEqual(expectedToolLists(autoLoad));
        expect(isAppendOnly(scripted.toolLists)).toBe(true);
      });
    }
  }

  it('[processor.input.search] [processor.input.load] the model is shown the meta-tools\' arguments; a bad one gets the meta-tool\'s own answer', async () => {
    const { tools } = weatherCatalog();
    const scripted = scriptedModel([{ calls: [{ toolName: 'search_tools', input: { query: 42 } }] }, { text: 'done' }]);
    const agent = agentWith(scripted.model, [new ToolSearchProcessor({ tools })]);
    const out = await agent.generate('Weather?', { requestContext: requestContext('bad-input'), maxSteps: 3 } as never);
    const shown = scripted.toolSchemas[0] as Record<string, { properties?: Record<string, { type?: string; maxLength?: number }> }>;
    expect(shown.search_tools?.properties?.query).toMatchObject({ type: 'string', maxLength: 1_000 });
    expect(Object.keys(shown.load_tool?.properties ?? {}).sort()).toEqual(['toolName', 'toolNames']);
    const results = out.steps.flatMap((s: { toolResults: Array<{ payload?: { result?: unknown }; result?: unknown }> }) => s.toolResults.map((r) => r.payload?.result ?? r.result));
    expect(results).toEqual([{ results: [], message: expect.stringMatching(/"query" must be a string/) }]);
  });

  it('[processor.instructions.mode] the model sees the mode instruction once per call', async () => {
    for (const autoLoad of [false, true]) {
      const { tools } = weatherCatalog();
      const scripted = scriptedModel(weatherScript(autoLoad));
      const agent = agentWith(scripted.model, [new ToolSearchProcessor({ tools, search: { autoLoad } })]);
      await agent.generate('Weather?', { requestContext: requestContext(`instr-${autoLoad}`), maxSteps: 6 } as never);
      for (const prompts of scripted.systemPrompts) {
        expect(prompts.filter((p) => p.includes('search_tools'))).toHaveLength(1);
        expect(prompts.some((p) => p.includes('load_tool'))).toBe(!autoLoad);
      }
    }
  });

  it('[processor.resolved.pass-through] [processor.order.sequence] agent tools stay, after the meta-tools and before loaded ones', async () => {
    const { tools, executions } = weatherCatalog();
    const scripted = scriptedModel(weatherScript(false));
    const own = weatherCatalog().tools.email;
    const agent = agentWith(scripted.model, [new ToolSearchProcessor({ tools })], { tools: { mailer: own } });
    await agent.generate('Weather?', { requestContext: requestContext('pass'), maxSteps: 6 } as never);
    expect(executions).toHaveLength(1);
    expect(scripted.toolLists.at(-1)).toEqual(['search_tools', 'load_tool', 'mailer', 'get_weather']);
    expect(isAppendOnly(scripted.toolLists)).toBe(true);
  });
});

describe('with TokenLimiter after the processor, as the seed shows', () => {
  for (const { storage, autoLoad } of MODES) {
    it(`[processor.order.prefix] search, load, call, answer (${storage}, autoLoad ${autoLoad})`, async () => {
      const { tools, executions } = weatherCatalog();
      const scripted = scriptedModel(weatherScript(autoLoad));
      const agent = agentWith(scripted.model, [new ToolSearchProcessor({ tools, storage, search: { autoLoad, topK: 1 } }), new TokenLimiter(127_000)]);
      const out = await agent.generate('Weather in Paris?', { requestContext: requestContext(`limited-${storage}-${autoLoad}`), maxSteps: 6 } as never);
      expect(out.text).toBe('It is sunny in Paris.');
      expect(executions).toEqual([{ city: 'Paris' }]);
      expect(scripted.toolLists).toEqual(expectedToolLists(autoLoad));
    });
  }
});

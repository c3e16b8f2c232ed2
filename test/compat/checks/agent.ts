/** End to end: a real `@mastra/core` Agent over a scripted `MastraLanguageModelV2Mock`, with either processor. */
import { expect } from 'vitest';
import { renderText } from '../../../src/processor/messages.js';
import { agentWith, approveAndResume, weatherCatalog, wireMoneyTool } from '../../e2e/support/fixtures.js';
import { call, say, scriptedModel, type Turn } from '../../e2e/support/scripted-model.js';
import { requestContext } from '../../processor/support/harness.js';
import { check, type Impl } from '../support/impls.js';

/** Runs a scripted conversation through a real Agent; returns what the model was offered and what ran. */
async function run(impl: Impl, script: Turn[], options: Record<string, unknown>, thread: string) {
  const { tools, executions } = weatherCatalog();
  const scripted = scriptedModel(script);
  const agent = agentWith(scripted.model, [impl.create({ tools, ...options })]);
  const out = await agent.generate('What is the weather in Paris?', { requestContext: requestContext(thread), maxSteps: 6 } as never);
  return { text: out.text, executions, scripted };
}

export const AGENT_CHECKS = [
  check('agent/load-by-key-call-by-key', ['processor.names.exposure', 'processor.identity'], 'the model loads a tool by its key and calls it by its key', async (impl) => {
    for (const storage of ['in-memory', 'context'] as const) {
      const script = [call('search_tools', { query: 'weather' }), call('load_tool', { toolName: 'weather' }), call('weather', { city: 'Paris' }), say('Sunny.')];
      const { text, executions, scripted } = await run(impl, script, { storage }, `key-${storage}`);
      expect(text).toBe('Sunny.');
      expect(executions).toEqual([{ city: 'Paris' }]);
      // With storage: context Mastra also exposes what the plain search found (see storage/context-plain-search-loads).
      if (storage === 'in-memory') {
        expect(scripted.toolLists).toEqual([
          ['search_tools', 'load_tool'],
          ['search_tools', 'load_tool'],
          ['search_tools', 'load_tool', 'weather'],
          ['search_tools', 'load_tool', 'weather'],
        ]);
      } else expect(scripted.toolLists.at(-1)?.slice(-1)).toEqual(['weather']);
    }
  }),

  check('agent/load-by-id-call-by-id', ['processor.names.exposure'], 'the model loads the name search returned and calls it by that name', async (impl) => {
    const script = [call('search_tools', { query: 'weather' }), call('load_tool', { toolName: 'get_weather' }), call('get_weather', { city: 'Paris' }), say('Sunny.')];
    const { executions, scripted } = await run(impl, script, {}, 'id');
    expect(executions).toEqual([{ city: 'Paris' }]);
    expect(scripted.toolLists.at(-1)).toEqual(['search_tools', 'load_tool', 'get_weather']);
  }),

  check('agent/autoload', ['processor.search.autoload', 'processor.names.exposure'], 'under autoLoad the model searches, then calls the result by name', async (impl) => {
    for (const storage of ['in-memory', 'context'] as const) {
      const script = [call('search_tools', { query: 'weather forecast' }), call('get_weather', { city: 'Paris' }), say('Sunny.')];
      const { executions, scripted } = await run(impl, script, { storage, search: { autoLoad: true, topK: 1 } }, `auto-${storage}`);
      expect(executions).toEqual([{ city: 'Paris' }]);
      expect(scripted.toolLists).toEqual([['search_tools'], ['search_tools', 'get_weather'], ['search_tools', 'get_weather']]);
    }
  }),

  check('agent/texts-the-model-sees', ['processor.texts.mastra'], 'the model sees Mastra\'s instruction and tool descriptions', async (impl) => {
    const { scripted } = await run(impl, [say('Hello.')], {}, 'texts');
    expect(scripted.systemPrompts[0]).toContain(renderText('instruction.explicit'));
    expect(scripted.toolDescriptions[0]).toEqual({ search_tools: renderText('description.search-tools.explicit'), load_tool: renderText('description.load-tool') });
    const shown = scripted.toolSchemas[0] as Record<string, { properties: Record<string, { description?: string }> }>;
    expect(shown.search_tools!.properties.query!.description).toBe(renderText('argument.query'));
    expect(shown.load_tool!.properties.toolName!.description).toBe(renderText('argument.tool-name'));
    expect(shown.load_tool!.properties.toolNames!.description).toBe(renderText('argument.tool-names'));
  }),

  check('agent/approval-resume', ['processor.resume.loaded-tools', 'processor.names.exposure'], 'after approval the call of a tool loaded by key completes', async (impl) => {
    for (const storage of ['in-memory', 'context'] as const) {
      const { wire, executed } = wireMoneyTool();
      const scripted = scriptedModel([call('search_tools', { query: 'wire money' }), call('load_tool', { toolName: 'wire' }), call('wire', { amount: 5 }), say('Sent.')]);
      const run = await approveAndResume(scripted.model, impl.create({ tools: { wire }, storage }), requestContext(`approval-${storage}`), executed);
      expect(run.executedBeforeApproval).toEqual([]);
      expect(run.text).toBe('Sent.');
      expect(executed).toEqual([5]);
    }
  }),
];

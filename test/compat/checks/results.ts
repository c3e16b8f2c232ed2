/** Results and the texts the model reads: result shapes, messages, instructions, descriptions, options. */
import { expect } from 'vitest';
import { renderText } from '../../../src/processor/messages.js';
import { makeTool } from '../../processor/support/harness.js';
import { check, conversation, type Result } from '../support/impls.js';

const tools = () => ({
  weather: makeTool('weather', 'Get the weather forecast for a city'),
  calendar: makeTool('calendar', 'Manage calendar events'),
  email: makeTool('email', 'Send an email message'),
});

export const RESULT_CHECKS = [
  check('results/search-shape', ['processor.search.results', 'processor.texts.mastra'], 'search answers { results: [{ name, description, score }], message }', async (impl) => {
    const c = conversation(impl, { tools: { ...tools(), long: makeTool('long', `A long ${'description '.repeat(30)}`) } });
    await c.step();
    const r: Result = await c.call('search_tools', { query: 'weather forecast' });
    expect(Object.keys(r).sort()).toEqual(['message', 'results']);
    expect(r.results.map((x: Result) => x.name)).toEqual(['weather']);
    expect(Object.keys(r.results[0]).sort()).toEqual(['description', 'name', 'score']);
    expect(r.results[0].score).toBeGreaterThan(0);
    expect(r.message).toBe('Found 1 tool(s). Use load_tool with an exact toolName or a toolNames array to make them available.');
    const long: Result = await c.call('search_tools', { query: 'long description' });
    expect(long.results[0].description.length).toBeLessThanOrEqual(150);
    expect(long.results[0].description.endsWith('...')).toBe(true);
  }),

  check('results/scores-two-decimals', ['processor.search.results'], 'scores are rounded to two decimals', async (impl) => {
    const c = conversation(impl, { tools: tools() });
    await c.step();
    const r: Result = await c.call('search_tools', { query: 'weather forecast for a city' });
    for (const x of r.results) expect(Math.round(x.score * 100) / 100).toBe(x.score);
  }),

  check('results/min-score-above-one', ['processor.options.validate', 'search.score.range'], 'search.minScore: 5 is accepted', async (impl) => {
    const p = impl.create({ tools: tools(), search: { minScore: 5 } });
    expect(p).toBeDefined();
  }),

  check('results/top-k', ['processor.search.results'], 'search.topK caps the results', async (impl) => {
    const many = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`report_${i}`, makeTool(`report_${i}`, 'Build a report')]));
    const c = conversation(impl, { tools: many, search: { topK: 2 } });
    await c.step();
    expect(((await c.call('search_tools', { query: 'report' })) as Result).results).toHaveLength(2);
  }),

  check('results/search-messages', ['processor.texts.mastra'], 'no match, and a blank query, answer "No tools found matching …"', async (impl) => {
    const c = conversation(impl, { tools: tools() });
    await c.step();
    expect(await c.call('search_tools', { query: 'zebra' })).toEqual({ results: [], message: 'No tools found matching "zebra". Try different keywords.' });
    expect(await c.call('search_tools', { query: '' })).toEqual({ results: [], message: 'No tools found matching "". Try different keywords.' });
  }),

  check('results/load-messages', ['processor.texts.mastra', 'processor.load.results'], 'load_tool answers in Mastra\'s shapes and words', async (impl) => {
    const c = conversation(impl, { tools: tools() });
    await c.step();
    expect(await c.call('load_tool', { toolName: 'weather' })).toEqual({ success: true, toolName: 'weather', message: renderText('load.loaded', { name: 'weather' }) });
    expect(await c.call('load_tool', { toolName: 'weather' })).toEqual({ success: true, toolName: 'weather', message: renderText('load.already-loaded', { name: 'weather' }) });
    expect(await c.call('load_tool', { toolName: 'zebra' })).toEqual({ success: false, toolName: 'zebra', message: renderText('load.not-found.search', { name: 'zebra' }) });
    const multi: Result = await c.call('load_tool', { toolNames: ['calendar', 'weather', 'zebra'] });
    // Mastra leaves empty lists as undefined properties; what reaches the model is the JSON.
    expect(JSON.parse(JSON.stringify(multi))).toEqual({
      success: false,
      message: 'Loaded: calendar — available on your next turn | Already loaded: weather | Not found: zebra',
      loadedCount: 1,
      loaded: ['calendar'],
      alreadyLoaded: ['weather'],
      notFound: ['zebra'],
    });
    expect(await c.call('load_tool', { toolNames: [] })).toEqual({ success: false, message: 'toolNames array must not be empty.' });
    expect(await c.call('load_tool', {})).toEqual({ success: false, message: 'You must provide either toolName (string) or toolNames (array) to load.' });
    expect(await c.call('load_tool', { toolName: '' })).toEqual({ success: false, message: 'You must provide either toolName (string) or toolNames (array) to load.' });
  }),

  check('results/autoload-messages', ['processor.texts.mastra', 'processor.search.autoload'], 'under autoLoad search says what it loaded', async (impl) => {
    const c = conversation(impl, { tools: tools(), search: { autoLoad: true } });
    await c.step();
    expect(((await c.call('search_tools', { query: 'weather forecast' })) as Result).message).toBe('Found and loaded 1 tool(s): weather. They are available on your next turn — call them directly.');
    expect(((await c.call('search_tools', { query: 'weather forecast' })) as Result).message).toMatch(/ Some were already loaded\.$/);
  }),

  check('results/bad-input-wrapper-error', ['processor.input.search', 'processor.texts.own'], 'a query that is not a string gets the tool wrapper\'s { error: true }', async (impl) => {
    const c = conversation(impl, { tools: tools() });
    await c.step();
    const r: Result = await c.call('search_tools', { query: 3 });
    expect(r.error).toBe(true);
    expect(r.message).toMatch(/^Tool input validation failed for search_tools\./);
  }),

  check('results/instructions-and-catalog', ['processor.texts.mastra', 'processor.instructions.mode', 'processor.catalog.inject'], 'the system messages are Mastra\'s, in both modes', async (impl) => {
    for (const autoLoad of [false, true]) {
      const c = conversation(impl, { tools: tools(), injectCatalog: true, search: { autoLoad } });
      const s = await c.step();
      expect(s.systems[0]).toBe(renderText(autoLoad ? 'instruction.auto-load' : 'instruction.explicit'));
      expect(s.systems[1]).toBe(
        `${renderText(autoLoad ? 'catalog.lead.auto-load' : 'catalog.lead.explicit')}\n\nAvailable tools:\n` +
          '- `weather`: Get the weather forecast for a city\n- `calendar`: Manage calendar events\n- `email`: Send an email message',
      );
    }
  }),

  check('results/tool-descriptions', ['processor.texts.mastra', 'processor.tools.meta'], 'the meta-tools describe themselves in Mastra\'s words', async (impl) => {
    for (const autoLoad of [false, true]) {
      const s = await conversation(impl, { tools: tools(), search: { autoLoad } }).step();
      expect((s.tools.search_tools as Result).description).toBe(renderText(autoLoad ? 'description.search-tools.auto-load' : 'description.search-tools.explicit'));
      if (!autoLoad) expect((s.tools.load_tool as Result).description).toBe(renderText('description.load-tool'));
      expect(s.keys).toEqual(autoLoad ? ['search_tools'] : ['search_tools', 'load_tool']);
    }
  }),
];

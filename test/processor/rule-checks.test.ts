/**
 * Focused checks that make a broken MUST fail: thresholds passed to the scorer, suggestion
 * rules, alias precedence, the resume path through live messages, the catalog's mode wording,
 * echo limits and option bounds.
 */
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, rankCandidates } from '../../src/scoring/index.js';
import { ToolSearchProcessor, toolSearchProcessorOptionsSchema } from '../../src/index.js';
import { Conversation, makeTool, requestContext } from './support/harness.js';

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One strong match for `alpha beta gamma delta` and one weak one (a single `delta` in a long description). */
const graded = () => ({
  strong: makeTool('alpha_tool', 'alpha beta gamma delta'),
  weak: makeTool('other_tool', 'delta plus many unrelated words about oceans rivers mountains forests deserts and lakes'),
  none: makeTool('third_tool', 'nothing relevant here'),
});
const QUERY = 'alpha beta gamma delta';

function scorerRanking(tools: Record<string, Any>, minScore: number) {
  const docs = Object.entries(tools).map(([key, tool]) => ({ name: tool.id ?? key, description: tool.description ?? '' }));
  return rankCandidates(buildSearchIndex(docs), QUERY, { minScore }).map((h) => [h.name, h.score]);
}

describe('thresholds reach the scorer', () => {
  it('[processor.options.defaults] minScore defaults to 0: a weak but positive candidate is returned', async () => {
    const all = scorerRanking(graded(), 0);
    // Precondition: the weak candidate scores above 0 but well below 0.1.
    expect(all.map(([n]) => n)).toEqual(['alpha_tool', 'other_tool']);
    expect(all[1]![1]).toBeGreaterThan(0);
    expect(all[1]![1]).toBeLessThan(0.1);
    const c = new Conversation(new ToolSearchProcessor({ tools: graded(), search: { topK: 10 } }), requestContext('t'));
    await c.step();
    const r = (await c.call('search_tools', { query: QUERY })) as Any;
    expect(r.results.map((h: Any) => [h.name, h.score])).toEqual(all);
  });

  it('[processor.search.results] the configured minScore is applied, a score equal to it being kept', async () => {
    const all = scorerRanking(graded(), 0);
    const weakScore = all[1]![1] as number;
    const strongScore = all[0]![1] as number;
    for (const [minScore, expected] of [
      [weakScore, all],
      [Math.min(1, weakScore + 0.0001), all.slice(0, 1)],
      [strongScore, all.slice(0, 1)],
    ] as const) {
      const c = new Conversation(new ToolSearchProcessor({ tools: graded(), search: { topK: 10, minScore } }), requestContext('t'));
      await c.step();
      const r = (await c.call('search_tools', { query: QUERY })) as Any;
      expect(r.results.map((h: Any) => [h.name, h.score])).toEqual(expected);
    }
  });
});

describe('load_tool names and suggestions', () => {
  const reports = () => ({
    report_alpha: makeTool('report_alpha', 'x'),
    report_beta: makeTool('report_beta', 'x'),
    report_gamma: makeTool('report_gamma', 'x'),
    report_delta: makeTool('report_delta', 'x'),
    report_epsilon: makeTool('report_epsilon', 'x'),
  });

  it('[processor.names.suggestions] [processor.filter.not-found] at most three suggestions, in catalog order, ignoring case, either containment', async () => {
    const c = new Conversation(new ToolSearchProcessor({ tools: reports() }), requestContext('t'));
    await c.step();
    expect(((await c.call('load_tool', { toolName: 'REPORT' })) as Any).message).toBe(
      'Tool "REPORT" not found. Did you mean: report_alpha, report_beta, report_gamma?',
    );
    // The catalog name is contained in the requested one.
    expect(((await c.call('load_tool', { toolName: 'my_Report_Delta_v2' })) as Any).message).toBe(
      'Tool "my_Report_Delta_v2" not found. Did you mean: report_delta?',
    );
  });

  it('[processor.filter.not-found] a tool denied at phase search only is never suggested', async () => {
    const p = new ToolSearchProcessor({
      tools: reports(),
      filter: ({ toolName, phase }) => !(phase === 'search' && (toolName === 'report_alpha' || toolName === 'report_gamma')),
    });
    const c = new Conversation(p, requestContext('t'));
    await c.step();
    expect(((await c.call('load_tool', { toolName: 'report' })) as Any).message).toBe(
      'Tool "report" not found. Did you mean: report_beta, report_delta, report_epsilon?',
    );
  });

  it('[processor.names.suggestions] suggestions are record keys, and a key that is another tool\'s id gives way to the canonical name', async () => {
    // Keys differ from ids: the keys are suggested, as they load the tool they stand for.
    const keyed = new Conversation(new ToolSearchProcessor({ tools: { weather: makeTool('weather_tool_id', 'w'), calendar: makeTool('cal_v2', 'c') } }), requestContext('t'));
    await keyed.step();
    expect(((await keyed.call('load_tool', { toolName: 'weath' })) as Any).message).toBe('Tool "weath" not found. Did you mean: weather?');
    // Key `weather` is the id of the other tool: that tool is suggested by its key, this one by its id.
    const tools = { weather: makeTool('public_weather', 'p'), private_weather: makeTool('weather', 'q') };
    const c = new Conversation(new ToolSearchProcessor({ tools }), requestContext('t'));
    await c.step();
    expect(((await c.call('load_tool', { toolName: 'weath' })) as Any).message).toBe('Tool "weath" not found. Did you mean: public_weather, private_weather?');
    // Each suggestion loads the tool it stands for.
    await c.call('load_tool', { toolNames: ['public_weather', 'private_weather'] });
    const s = await c.step();
    expect(s.tools.public_weather).toBe(tools.weather);
    expect(s.tools.private_weather).toBe(tools.private_weather);
  });

  it('[processor.names.collision] a canonical name takes precedence over a record key spelled the same', async () => {
    // Key `x` is an alias of `y`; tool `x` (key `z`) is canonically `x`.
    const tools = { x: makeTool('y', 'first'), z: makeTool('x', 'second') };
    const c = new Conversation(new ToolSearchProcessor({ tools }), requestContext('t'));
    await c.step();
    expect(await c.call('load_tool', { toolName: 'x' })).toMatchObject({ success: true, toolName: 'x' });
    const s = await c.step();
    expect(s.keys).toEqual(['search_tools', 'load_tool', 'x']);
    expect(s.tools.x).toBe(tools.z);
  });
});

describe('resume and catalog', () => {
  it('[processor.resume.loaded-tools] with stepArgs, the context store reads the live messages, not the last step', async () => {
    const p = new ToolSearchProcessor({
      tools: { weather: makeTool('get_weather', 'weather'), email: makeTool('send_email', 'email') },
      storage: 'context',
    });
    const c = new Conversation(p, requestContext('t'));
    await c.step();
    await c.call('load_tool', { toolName: 'get_weather' });
    await c.step();
    const rc = requestContext('t');
    // Without stepArgs: the thread's latest step in this process.
    expect(Object.keys(await p.getLoadedToolsForRequestContext({ requestContext: rc }))).toEqual(['get_weather']);
    // With stepArgs whose messages hold no load: nothing is loaded.
    expect(await p.getLoadedToolsForRequestContext({ stepArgs: { messages: [], requestContext: rc, tools: {} } as Any })).toEqual({});
    // With stepArgs whose messages load another tool since the last step: that tool too.
    await c.call('load_tool', { toolName: 'send_email' });
    const live = await p.getLoadedToolsForRequestContext({ stepArgs: { messages: c.messages, requestContext: rc, tools: {} } as Any });
    expect(Object.keys(live).sort()).toEqual(['get_weather', 'send_email']);
  });

  it('[processor.catalog.inject] under autoLoad the catalog tells the model to search, not to load', async () => {
    for (const autoLoad of [false, true]) {
      const p = new ToolSearchProcessor({ tools: { weather: makeTool('get_weather', 'Weather for a city') }, injectCatalog: true, search: { autoLoad } });
      const s = await new Conversation(p, requestContext('t')).step();
      const text = s.systems[1]!;
      expect(text).toMatch(/\n- `get_weather`: Weather for a city$/);
      const lead = text.split('\n')[0]!;
      if (autoLoad) {
        expect(lead).toMatch(/search_tools/);
        expect(lead).not.toMatch(/load_tool/);
      } else {
        expect(lead).toMatch(/load_tool/);
      }
    }
  });
});

describe('bounds', () => {
  it('[processor.input.bounded] a message echoes at most 64 characters of a model-supplied value', async () => {
    const c = new Conversation(new ToolSearchProcessor({ tools: { weather: makeTool('get_weather', 'weather') } }), requestContext('t'));
    await c.step();
    const cases: unknown[] = [
      { toolName: 'q'.repeat(300) }, // too long
      { toolName: 'q'.repeat(200) }, // valid length, not found
      { toolNames: ['q'.repeat(200)] }, // list form, not found
      { toolNames: ['ok', 'q'.repeat(300)] },
      { toolName: 12345678901234567890 },
    ];
    for (const input of cases) {
      const r = (await c.call('load_tool', input)) as Any;
      expect(r.success).toBe(false);
      expect(r.message).not.toMatch(/q{65}/);
      expect(r.message).not.toMatch(/\d{65}/);
    }
    expect(((await c.call('load_tool', { toolName: 'q'.repeat(200) })) as Any).message).toMatch(/q{64}/);
  });

  it('[processor.options.schema] the public entry exports the schema the constructor applies', () => {
    for (const options of [{ tools: {}, search: { topK: 0 } }, { tools: {}, storage: 'redis' }, { tools: { t: { id: '' } } }, { tools: {}, ttl: 5 }]) {
      const accepted = toolSearchProcessorOptionsSchema.safeParse(options).success;
      const constructed = (() => {
        try {
          new ToolSearchProcessor(options as never).dispose();
          return true;
        } catch {
          return false;
        }
      })();
      expect(constructed).toBe(accepted);
    }
    expect(toolSearchProcessorOptionsSchema.safeParse({ tools: {}, ttl: 5 }).success).toBe(true);
  });

  it('[processor.options.validate] ttl must be finite and non-negative', () => {
    for (const ttl of [Number.POSITIVE_INFINITY, -1, Number.NaN]) {
      expect(() => new ToolSearchProcessor({ tools: {}, ttl })).toThrow(/"ttl"/);
    }
    expect(() => new ToolSearchProcessor({ tools: {}, ttl: 0 }).dispose()).not.toThrow();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_MIN_SCORE, DEFAULT_TOP_K, buildSearchIndex, rankCandidates } from '../../src/scoring/index.js';
import { MAX_QUERY_LENGTH, ToolSearchProcessor, type ToolSearchFilterArgs } from '../../src/index.js';
import { systemInstruction } from '../../src/processor/instructions.js';
import { Conversation, makeTool, requestContext, toolResultMessage } from './support/harness.js';

const catalog = () => ({
  weather: makeTool('get_weather', 'Get the weather forecast for a city'),
  email: makeTool('send_email', 'Send an email message to a recipient'),
  issue: makeTool('create_issue', 'Create a GitHub issue in a repository'),
  noid: makeTool(undefined, 'List open pull requests in a repository'),
});

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('ToolSearchProcessor basics', () => {
  it('[processor.identity] id, name and processInputStep as in @mastra/core', () => {
    const p = new ToolSearchProcessor({ tools: catalog() });
    expect(p.id).toBe('tool-search');
    expect(p.name).toBe('Tool Search Processor');
    expect(typeof p.processInputStep).toBe('function');
    expect(typeof p.getLoadedToolsForRequestContext).toBe('function');
  });

  it('[processor.options.validate] [processor.names.duplicate] [processor.names.reserved] the constructor throws', () => {
    expect(() => new ToolSearchProcessor({ tools: catalog(), search: { topK: 0 } })).toThrow(/"search\.topK".*positive integer/);
    expect(() => new ToolSearchProcessor({ tools: { a: makeTool('x', ''), b: makeTool('x', '') } })).toThrow(/keys "a" and "b"/);
    expect(() => new ToolSearchProcessor({ tools: { a: makeTool('search_tools', '') } })).toThrow(/reserved/);
  });

  it('[processor.options.defaults] defaults equal the scorer defaults, explicit mode, pass-through, in-memory', async () => {
    const many = Object.fromEntries(Array.from({ length: DEFAULT_TOP_K + 4 }, (_, i) => [`k${i}`, makeTool(`report_${i}`, `report number ${i}`)]));
    const implicit = new Conversation(new ToolSearchProcessor({ tools: many }), requestContext('t'), { own: makeTool('own', 'own tool') });
    const explicit = new Conversation(
      new ToolSearchProcessor({ tools: many, search: { topK: DEFAULT_TOP_K, minScore: DEFAULT_MIN_SCORE } }),
      requestContext('t'),
    );
    const a = await implicit.step();
    await explicit.step();
    expect(a.keys).toEqual(['search_tools', 'load_tool', 'own']);
    const ra = (await implicit.call('search_tools', { query: 'report' })) as Any;
    const rb = (await explicit.call('search_tools', { query: 'report' })) as Any;
    expect(ra.results).toHaveLength(DEFAULT_TOP_K);
    expect(ra).toEqual(rb);
    expect(implicit.processor.getStateStats().threadCount).toBe(0);
    await implicit.call('load_tool', { toolName: 'report_0' });
    expect(implicit.processor.getStateStats().threadCount).toBe(1);
  });

  it('[processor.options.defaults] [processor.options.clock] ttl defaults to one hour on the injected clock', async () => {
    let now = 1_000;
    const p = new ToolSearchProcessor({ tools: catalog(), clock: () => now });
    const c = new Conversation(p, requestContext('t'));
    await c.step();
    await c.call('load_tool', { toolName: 'get_weather' });
    expect(p.getStateStats()).toEqual({ threadCount: 1, oldestAccessTime: 1_000, evictions: 0 });
    now += 3_600_000;
    expect(p.cleanupNow()).toBe(0);
    now += 1;
    expect(p.cleanupNow()).toBe(1);
    expect(p.getStateStats()).toEqual({ threadCount: 0, oldestAccessTime: null, evictions: 0 });
    p.dispose();
  });

  it('[processor.store.select] in-memory keeps state in the process; context keeps it in the messages', async () => {
    for (const storage of ['in-memory', 'context'] as const) {
      const tools = catalog();
      const c = new Conversation(new ToolSearchProcessor({ tools, storage }), requestContext('t'));
      await c.step();
      await c.call('load_tool', { toolName: 'get_weather' });
      expect((await c.step()).keys).toContain('get_weather');
      // A fresh processor (a restart) sees the same messages.
      const restarted = new Conversation(new ToolSearchProcessor({ tools, storage }), requestContext('t'));
      restarted.messages.push(...c.messages.slice(1));
      const keys = (await restarted.step()).keys;
      expect(keys.includes('get_weather')).toBe(storage === 'context');
      expect(c.processor.getStateStats().threadCount).toBe(storage === 'context' ? 0 : 1);
    }
  });

  it('[processor.store.select] the context store ignores plain search results without autoLoad', async () => {
    const c = new Conversation(new ToolSearchProcessor({ tools: catalog(), storage: 'context' }), requestContext('t'));
    await c.step();
    await c.call('search_tools', { query: 'weather' });
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool']);
  });
});

describe('names', () => {
  it('[processor.names.canonical] results, exposed keys and filter names use the id, else the key', async () => {
    const seen: string[] = [];
    const p = new ToolSearchProcessor({ tools: catalog(), filter: ({ toolName }) => (seen.push(toolName), true) });
    const c = new Conversation(p, requestContext('t'));
    await c.step();
    const r = (await c.call('search_tools', { query: 'weather pull requests' })) as Any;
    expect(r.results.map((h: Any) => h.name).sort()).toEqual(['get_weather', 'noid']);
    await c.call('load_tool', { toolNames: ['get_weather', 'noid'] });
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'get_weather', 'noid']);
    expect(new Set(seen)).toEqual(new Set(['get_weather', 'noid']));
  });

  it('[processor.names.alias] [processor.names.exposure] [processor.names.exposed-once] a tool loaded by key is exposed by key, once', async () => {
    for (const storage of ['in-memory', 'context'] as const) {
      const tools = catalog();
      const c = new Conversation(new ToolSearchProcessor({ tools, storage }), requestContext('t'));
      await c.step();
      expect(await c.call('load_tool', { toolName: 'weather' })).toMatchObject({ success: true, toolName: 'weather' });
      // One call naming one tool by key and by id loads it once, under the first name.
      expect(await c.call('load_tool', { toolNames: ['email', 'send_email'] })).toEqual({
        success: true,
        message: 'Loaded: email — available on your next turn',
        loadedCount: 1,
        loaded: ['email'],
      });
      // Asked by id, a tool exposed by key answers "already loaded" under its key.
      expect(await c.call('load_tool', { toolName: 'get_weather' })).toEqual({
        success: true,
        message: 'Tool "weather" is already loaded and available.',
        toolName: 'weather',
        loaded: ['weather'],
      });
      const s = await c.step();
      expect(s.keys).toEqual(['search_tools', 'load_tool', 'weather', 'email']);
      expect(s.tools.weather).toBe(tools.weather);
      expect(Object.keys(await c.processor.getLoadedToolsForRequestContext({ requestContext: c.rc }))).toEqual(['weather', 'email']);
    }
  });

  it('[processor.names.exposure] a tool loaded by id is exposed by id, and autoLoad exposes search results by id', async () => {
    const c = new Conversation(new ToolSearchProcessor({ tools: catalog() }), requestContext('t'));
    await c.step();
    expect(await c.call('load_tool', { toolName: 'get_weather' })).toMatchObject({ success: true, toolName: 'get_weather' });
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'get_weather']);
    const auto = new Conversation(new ToolSearchProcessor({ tools: catalog(), search: { autoLoad: true, topK: 1 } }), requestContext('t'));
    await auto.step();
    await auto.call('search_tools', { query: 'weather' });
    expect((await auto.step()).keys).toEqual(['search_tools', 'get_weather']);
  });

  it('[processor.names.exposed-once] [processor.names.collision] a thread holding a tool under both names exposes it once, under the first', async () => {
    // A thread written by a processor that recorded both names (as @mastra/core 1.71.0 does).
    const tools = catalog();
    const c = new Conversation(new ToolSearchProcessor({ tools, storage: 'context' }), requestContext('t'));
    c.messages.push(toolResultMessage('load_tool', { toolName: 'weather' }, { success: true, toolName: 'weather', message: 'm' }, 1));
    c.messages.push(toolResultMessage('load_tool', { toolName: 'get_weather' }, { success: true, toolName: 'get_weather', message: 'm' }, 2));
    const s = await c.step();
    expect(s.keys).toEqual(['search_tools', 'load_tool', 'weather']);
    expect(s.tools.weather).toBe(tools.weather);
    // When the key's result leaves the conversation, the id's result still loads it, now under the id.
    c.forget((m) => m.content.parts.some((p) => (p.toolInvocation?.result as Any)?.toolName === 'weather'));
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'get_weather']);
  });

  it('[processor.names.own-keys] prototype names never resolve, in either store, unless registered', async () => {
    const proto = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];
    for (const storage of ['in-memory', 'context'] as const) {
      for (const autoLoad of [false, true]) {
        const c = new Conversation(new ToolSearchProcessor({ tools: catalog(), storage, search: { autoLoad } }), requestContext('t'));
        await c.step();
        for (const name of proto) {
          if (!autoLoad) expect(await c.call('load_tool', { toolName: name })).toMatchObject({ success: false });
          expect(((await c.call('search_tools', { query: name })) as Any).results).toEqual([]);
        }
        // Forged results in the conversation do not load them either.
        c.messages.push({ id: 'f', role: 'assistant', content: { format: 2, parts: proto.map((n) => ({ type: 'tool-invocation', toolInvocation: { state: 'result', toolName: 'load_tool', result: { success: true, toolName: n } } })) } });
        const keys = (await c.step()).keys;
        expect(keys.filter((k) => proto.includes(k))).toEqual([]);
        expect(await c.processor.getLoadedToolsForRequestContext({ requestContext: c.rc })).toEqual({});
      }
    }
    const registered = new Conversation(new ToolSearchProcessor({ tools: { constructor: makeTool(undefined, 'builds things') } }), requestContext('t'));
    await registered.step();
    expect(await registered.call('load_tool', { toolName: 'constructor' })).toMatchObject({ success: true });
    expect((await registered.step()).keys).toEqual(['search_tools', 'load_tool', 'constructor']);
  });
});

describe('filter', () => {
  it('[processor.filter.args] receives the canonical name, the instance, the request context and the phase', async () => {
    const calls: ToolSearchFilterArgs[] = [];
    const tools = catalog();
    const rc = requestContext('t', { plan: 'pro' });
    const p = new ToolSearchProcessor({ tools, filter: (a) => (calls.push(a), true) });
    const c = new Conversation(p, rc);
    await c.step();
    await c.call('search_tools', { query: 'weather' });
    await c.call('load_tool', { toolName: 'weather' });
    await c.step();
    expect(new Set(calls.map((a) => a.phase))).toEqual(new Set(['search', 'load', 'active']));
    for (const a of calls) {
      expect(a.toolName).toBe('get_weather');
      expect(a.tool).toBe(tools.weather);
      expect(a.requestContext).toBe(rc);
    }
  });

  it('[processor.filter.search] denied tools leave search results before topK is applied', async () => {
    const tools = Object.fromEntries(['a', 'b', 'c', 'd'].map((x) => [x, makeTool(`report_${x}`, 'monthly report')]));
    const p = new ToolSearchProcessor({ tools, search: { topK: 2 }, filter: ({ toolName, phase }) => phase !== 'search' || toolName !== 'report_a' });
    const c = new Conversation(p, requestContext('t'));
    await c.step();
    const r = (await c.call('search_tools', { query: 'report' })) as Any;
    expect(r.results.map((h: Any) => h.name)).toEqual(['report_b', 'report_c']);
  });

  it('[processor.filter.load] denied loads are not found; under autoLoad denied results are neither returned nor loaded', async () => {
    const filter = ({ toolName, phase }: ToolSearchFilterArgs) => phase !== 'load' || toolName !== 'get_weather';
    const c = new Conversation(new ToolSearchProcessor({ tools: catalog(), filter }), requestContext('t'));
    await c.step();
    expect(await c.call('load_tool', { toolName: 'get_weather' })).toMatchObject({ success: false });
    expect(await c.call('load_tool', { toolNames: ['get_weather', 'send_email'] })).toMatchObject({ notFound: ['get_weather'], loaded: ['send_email'] });
    const auto = new Conversation(new ToolSearchProcessor({ tools: catalog(), filter, search: { autoLoad: true } }), requestContext('t'));
    await auto.step();
    const r = (await auto.call('search_tools', { query: 'weather forecast email' })) as Any;
    expect(r.results.map((h: Any) => h.name)).toEqual(['send_email']);
    expect((await auto.step()).keys).toEqual(['search_tools', 'send_email']);
  });

  it('[processor.filter.active] hides a loaded tool for the request without forgetting its position', async () => {
    let hide = false;
    const p = new ToolSearchProcessor({ tools: catalog(), filter: ({ toolName, phase }) => !(hide && phase === 'active' && toolName === 'get_weather') });
    const c = new Conversation(p, requestContext('t'));
    await c.step();
    await c.call('load_tool', { toolNames: ['get_weather', 'send_email'] });
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'get_weather', 'send_email']);
    hide = true;
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'send_email']);
    hide = false;
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'get_weather', 'send_email']);
  });

  it('[processor.filter.not-found] denied looks exactly like unknown, and suggestions skip denied tools', async () => {
    const tools = { report_alpha: makeTool('report_alpha', 'x'), report_beta: makeTool('report_beta', 'x'), report_gamma: makeTool('report_gamma', 'x') };
    const p = new ToolSearchProcessor({ tools, filter: ({ toolName, phase }) => !(toolName === 'report_alpha' && phase !== 'active') && toolName !== 'report_gamma' });
    const c = new Conversation(p, requestContext('t'));
    await c.step();
    const denied = (await c.call('load_tool', { toolName: 'report_alpha' })) as Any;
    const unknown = (await c.call('load_tool', { toolName: 'report_delta' })) as Any;
    expect(denied.success).toBe(false);
    expect(Object.keys(denied).sort()).toEqual(Object.keys(unknown).sort());
    expect(denied.message).toMatch(/^Tool "report_alpha" not found\./);
    const suggested = (await c.call('load_tool', { toolName: 'report' })) as Any;
    expect(suggested.message).toBe('Tool "report" not found. Did you mean: report_beta?');
  });
});

describe('meta-tools and results', () => {
  it('[processor.tools.meta] search_tools always, load_tool unless autoLoad; request tools of those names are replaced', async () => {
    const fake = makeTool('search_tools', 'impostor');
    for (const autoLoad of [false, true]) {
      const c = new Conversation(new ToolSearchProcessor({ tools: catalog(), search: { autoLoad } }), requestContext('t'), { search_tools: fake, other: makeTool('other', 'o') });
      const s = await c.step();
      expect(s.keys).toEqual(autoLoad ? ['search_tools', 'other'] : ['search_tools', 'load_tool', 'other']);
      expect(s.tools.search_tools).not.toBe(fake);
    }
  });

  it('[processor.search.results] Mastra shape, at most topK, scores in [0, 1] exactly as the scorer compared them', async () => {
    const c = new Conversation(new ToolSearchProcessor({ tools: catalog(), search: { topK: 2 } }), requestContext('t'));
    await c.step();
    const r = (await c.call('search_tools', { query: 'repository issue pull' })) as Any;
    expect(Object.keys(r).sort()).toEqual(['message', 'results']);
    expect(r.results.length).toBeLessThanOrEqual(2);
    expect(r.results.length).toBeGreaterThan(0);
    for (const h of r.results) {
      expect(Object.keys(h).sort()).toEqual(['description', 'name', 'score']);
      expect(h.score).toBeGreaterThanOrEqual(0);
      expect(h.score).toBeLessThanOrEqual(1);
    }
    const docs = Object.entries(catalog()).map(([key, tool]) => ({ name: tool.id ?? key, description: tool.description ?? '' }));
    const ranked = rankCandidates(buildSearchIndex(docs), 'repository issue pull', { minScore: DEFAULT_MIN_SCORE }).slice(0, 2);
    expect(r.results.map((h: Any) => [h.name, h.score])).toEqual(ranked.map((h) => [h.name, h.score]));
    expect(r.message).toMatch(/Use load_tool/);
    expect(await c.call('search_tools', { query: 'zzzqqq' })).toEqual({ results: [], message: 'No tools found matching "zzzqqq". Try different keywords.' });
  });

  it('[processor.search.autoload] search results are loaded and exposed from the next step on', async () => {
    const c = new Conversation(new ToolSearchProcessor({ tools: catalog(), search: { autoLoad: true, topK: 1 } }), requestContext('t'));
    expect((await c.step()).keys).toEqual(['search_tools']);
    const r = (await c.call('search_tools', { query: 'weather' })) as Any;
    expect(r.message).toMatch(/^Found and loaded 1 tool\(s\): get_weather\./);
    expect((await c.step()).keys).toEqual(['search_tools', 'get_weather']);
    expect(((await c.call('search_tools', { query: 'weather' })) as Any).message).toMatch(/Some were already loaded/);
  });

  it('[processor.load.results] single and list forms in Mastra shapes', async () => {
    const c = new Conversation(new ToolSearchProcessor({ tools: catalog() }), requestContext('t'));
    await c.step();
    expect(await c.call('load_tool', { toolName: 'get_weather' })).toEqual({
      success: true,
      message: 'Tool "get_weather" loaded successfully. It will be available on your next turn.',
      toolName: 'get_weather',
      loaded: ['get_weather'],
    });
    expect(await c.call('load_tool', { toolNames: ['get_weather', 'send_email', 'nope'] })).toEqual({
      success: false,
      message: 'Loaded: send_email — available on your next turn | Already loaded: get_weather | Not found: nope',
      loadedCount: 1,
      loaded: ['send_email'],
      notFound: ['nope'],
      alreadyLoaded: ['get_weather'],
    });
    expect(await c.call('load_tool', { toolName: 'nope' })).toEqual({ success: false, message: 'Tool "nope" not found. Use search_tools to find available tools.', toolName: 'nope' });
  });

  it('[processor.input.never-throws] [processor.input.bounded] the real tools answer garbage with error results after bounded work', async () => {
    const c = new Conversation(new ToolSearchProcessor({ tools: catalog() }), requestContext('t'));
    const s = await c.step();
    const huge = 'x'.repeat(100_000);
    const inputs: unknown[] = [undefined, null, 7, 'str', [], {}, { query: 5 }, { query: huge }, { toolName: huge }, { toolNames: [] }, { toolNames: Array.from({ length: 10_000 }, (_, i) => `n${i}`) }, { toolNames: [huge] }, { toolName: { toString: null } }];
    // (10 000 names of 100 000 characters each, 1 GB of input, is checked on our validator in meta-input.test.ts:
    // @mastra/core's tool wrapper serialises a rejected input before our execute runs.)
    // Work is counted, not timed: the UTF-16 units examined while measuring strings.
    const codePointAt = vi.spyOn(String.prototype, 'codePointAt');
    try {
      for (const name of ['search_tools', 'load_tool']) {
        for (const input of inputs) {
          const result = (await s.tools[name]!.execute!(input, {})) as Any;
          const failed = result?.error === true || result?.success === false || (Array.isArray(result?.results) && result.results.length === 0);
          expect(failed).toBe(true);
          expect(JSON.stringify(result).length).toBeLessThan(5_000);
        }
      }
      // Strings of more than twice a limit in UTF-16 units are too long without examining them.
      expect(codePointAt.mock.calls.length).toBeLessThan(2 * MAX_QUERY_LENGTH);
    } finally {
      codePointAt.mockRestore();
    }
  });

  it('[processor.input.search] [processor.input.load] [processor.texts.own] our own validation answers when called past the schema', async () => {
    const { runLoadTool, runSearchTools } = await import('../../src/processor/meta-tools.js');
    const p = new ToolSearchProcessor({ tools: catalog() });
    void p;
    const step = { catalog: { entries: [], byName: new Map(), aliases: new Map(), index: { size: 0 } }, allowed: async () => true, loaded: new Map<string, string>(), activate: () => {}, topK: 5, minScore: 0, autoLoad: false } as Any;
    expect(await runSearchTools(step, { query: 3 })).toEqual({ results: [], message: 'search_tools: "query" must be a string, received number 3.' });
    // A blank query and an empty toolNames get @mastra/core 1.71.0's answers.
    expect(await runSearchTools(step, { query: '' })).toEqual({ results: [], message: 'No tools found matching "". Try different keywords.' });
    expect(await runLoadTool(step, { toolNames: [] })).toEqual({ success: false, message: 'toolNames array must not be empty.' });
  });
});

describe('system messages and state', () => {
  it('[processor.instructions.mode] every step adds the instruction of its mode', async () => {
    for (const autoLoad of [false, true]) {
      const c = new Conversation(new ToolSearchProcessor({ tools: catalog(), search: { autoLoad } }), requestContext('t'));
      expect((await c.step()).systems).toEqual([systemInstruction(autoLoad)]);
      expect((await c.step()).systems).toEqual([systemInstruction(autoLoad)]);
    }
  });

  it('[processor.catalog.inject] [processor.filter.search] the catalog lists the allowed tools in catalog order', async () => {
    const p = new ToolSearchProcessor({ tools: catalog(), injectCatalog: true, filter: ({ toolName, phase }) => phase !== 'search' || toolName !== 'send_email' });
    const c = new Conversation(p, requestContext('t'), {});
    const s = await c.step();
    expect(s.systems).toHaveLength(2);
    expect(s.systems[1]).toMatch(/Available tools:\n- `get_weather`: Get the weather forecast for a city\n- `create_issue`: [^\n]+\n- `noid`: [^\n]+$/);
    expect(s.systems[1]).not.toMatch(/send_email/);
    const none = new Conversation(new ToolSearchProcessor({ tools: catalog(), injectCatalog: true, filter: () => false }), requestContext('t'));
    expect((await none.step()).systems).toHaveLength(1);
  });

  it('[processor.load.results] [processor.search.autoload] an already-loaded confirmation re-activates a tool whose thread expired mid-step', async () => {
    for (const autoLoad of [false, true]) {
      let now = 0;
      const p = new ToolSearchProcessor({ tools: catalog(), ttl: 1000, clock: () => now, search: { autoLoad, topK: 1 } });
      const c = new Conversation(p, requestContext('t'));
      await c.step();
      if (autoLoad) await c.call('search_tools', { query: 'weather' });
      else await c.call('load_tool', { toolName: 'get_weather' });
      now = 500;
      expect((await c.step()).keys).toContain('get_weather');
      // The thread idles past its TTL while this step is still running; the model confirms the tool.
      now = 2000;
      const r = (await (autoLoad ? c.call('search_tools', { query: 'weather' }) : c.call('load_tool', { toolName: 'get_weather' }))) as Any;
      expect(autoLoad ? r.message : r.message).toMatch(/already loaded/i);
      now = 2100;
      expect((await c.step()).keys).toContain('get_weather');
    }
  });

  it('[processor.state.methods] act on the in-memory store, and describe the context store\'s bridge', async () => {
    let now = 0;
    const p = new ToolSearchProcessor({ tools: catalog(), clock: () => now });
    for (const t of ['a', 'b', undefined]) {
      const c = new Conversation(p, requestContext(t));
      await c.step();
      await c.call('load_tool', { toolName: 'get_weather' });
      now += 10;
    }
    expect(p.getStateStats()).toEqual({ threadCount: 3, oldestAccessTime: 0, evictions: 0 });
    p.clearState('a');
    expect(p.getStateStats().threadCount).toBe(2);
    p.clearState();
    expect(p.getStateStats()).toEqual({ threadCount: 1, oldestAccessTime: 10, evictions: 0 });
    p.clearAllState();
    expect(p.getStateStats()).toEqual({ threadCount: 0, oldestAccessTime: null, evictions: 0 });
    const ctx = new ToolSearchProcessor({ tools: catalog(), storage: 'context', clock: () => now });
    const c = new Conversation(ctx, requestContext('a'));
    await c.step();
    await c.call('load_tool', { toolName: 'get_weather' });
    // The bridge of thread a is visible; clearing changes nothing (the messages decide); the next step consumes it.
    expect(ctx.getStateStats()).toEqual({ threadCount: 1, oldestAccessTime: now, evictions: 0 });
    ctx.clearState('a');
    ctx.clearAllState();
    expect(ctx.getStateStats()).toEqual({ threadCount: 1, oldestAccessTime: now, evictions: 0 });
    expect(ctx.cleanupNow()).toBe(0);
    expect((await c.step()).keys).toContain('get_weather');
    expect(ctx.getStateStats()).toEqual({ threadCount: 0, oldestAccessTime: null, evictions: 0 });
  });

  it('[processor.resume.loaded-tools] rebuilds loaded tools by thread, through stepArgs, and against the resumed tools', async () => {
    for (const storage of ['in-memory', 'context'] as const) {
      const tools = catalog();
      const p = new ToolSearchProcessor({ tools, storage, filter: ({ toolName, phase }) => phase !== 'active' || toolName !== 'send_email' });
      const c = new Conversation(p, requestContext('t'));
      await c.step();
      await c.call('load_tool', { toolNames: ['get_weather', 'send_email'] });
      await c.step();
      const resumed = await p.getLoadedToolsForRequestContext({ requestContext: requestContext('t') });
      expect(Object.keys(resumed)).toEqual(['get_weather']);
      expect(resumed.get_weather).toBe(tools.weather);
      expect(await p.getLoadedToolsForRequestContext({ requestContext: requestContext('other') })).toEqual({});
      const viaStep = await p.getLoadedToolsForRequestContext({ stepArgs: { messages: c.messages, requestContext: requestContext('t'), tools: {} } as Any });
      expect(Object.keys(viaStep)).toEqual(['get_weather']);
    }
    // Request-resolved: the resumed request's own instance.
    const p = new ToolSearchProcessor({ tools: {}, includeResolvedTools: true });
    const mine = makeTool('lookup', 'look things up', 'mine');
    const c = new Conversation(p, requestContext('r'), { lookup: mine });
    await c.step();
    await c.call('load_tool', { toolName: 'lookup' });
    const theirs = makeTool('lookup', 'look things up', 'resumed');
    const out = await p.getLoadedToolsForRequestContext({ requestContext: requestContext('r'), tools: { lookup: theirs } });
    expect(out.lookup).toBe(theirs);
    expect(await p.getLoadedToolsForRequestContext({ requestContext: requestContext('r') })).toEqual({});
  });
});

describe('stable order', () => {
  it('[processor.order.stable] a tool that stays loaded keeps its place when its first result is truncated', async () => {
    const c = new Conversation(new ToolSearchProcessor({ tools: { a: makeTool('a', 'x'), b: makeTool('b', 'y') }, storage: 'context' }), requestContext('t'));
    await c.step();
    await c.call('load_tool', { toolName: 'a' });
    await c.step();
    await c.call('load_tool', { toolName: 'b' });
    await c.step();
    await c.call('load_tool', { toolName: 'a' }); // "already loaded": a second result naming a
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'a', 'b']);
    c.messages.splice(1, 1); // the oldest result (the first load of a) leaves the conversation
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'a', 'b']);
    c.messages.splice(1, 1); // the result loading b leaves too: b is unloaded
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'a']);
    await c.call('load_tool', { toolName: 'b' });
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'a', 'b']);
  });

  it('[processor.order.stable] an unloaded tool loaded again counts as newly activated; anonymous requests use the store order', async () => {
    const p = new ToolSearchProcessor({ tools: { a: makeTool('a', 'x'), b: makeTool('b', 'y') } });
    const c = new Conversation(p, requestContext('t'));
    await c.step();
    await c.call('load_tool', { toolNames: ['a', 'b'] });
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'a', 'b']);
    p.clearState('t');
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool']);
    await c.call('load_tool', { toolNames: ['b', 'a'] });
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'b', 'a']);
    const anon = new Conversation(new ToolSearchProcessor({ tools: { a: makeTool('a', 'x'), b: makeTool('b', 'y') }, storage: 'context' }), undefined);
    await anon.step();
    await anon.call('load_tool', { toolName: 'b' });
    await anon.call('load_tool', { toolName: 'a' });
    expect((await anon.step()).keys).toEqual(['search_tools', 'load_tool', 'b', 'a']);
  });
});

/**
 * Pinned tools (spec/processor.md, "Pinned tools"): the option, exposure from the first step at
 * a fixed position, phase `active` only, search and load answers, and the resume path.
 */
import { describe, expect, it } from 'vitest';
import { ToolSearchProcessor, type ToolSearchEvent, type ToolSearchFilterArgs } from '../../src/index.js';
import { isAppendOnly } from '../e2e/support/scripted-model.js';
import { Conversation, makeTool, requestContext } from './support/harness.js';

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const catalog = () => ({
  weather: makeTool('get_weather', 'Get the current weather forecast for a city'),
  email: makeTool('send_email', 'Send an email message to a recipient'),
  issue: makeTool('create_issue', 'Create a new issue in a GitHub repository'),
  notes: makeTool(undefined, 'Write a note into the notebook'),
});

const errorOf = (options: Record<string, unknown>) => {
  try {
    new ToolSearchProcessor({ tools: catalog(), ...options } as never).dispose();
  } catch (e) {
    return e as Any;
  }
  return undefined;
};

describe('the pinnedTools option', () => {
  it('[processor.pinned.option] [processor.options.validate] names must be 1 to 256 characters and, without includeResolvedTools, name a constructor tool', () => {
    expect(errorOf({ pinnedTools: 'send_email' })).toMatchObject({ option: 'pinnedTools' });
    expect(errorOf({ pinnedTools: [42] })?.option).toMatch(/^pinnedTools/);
    expect(errorOf({ pinnedTools: ['send_email', ''] })).toMatchObject({ option: 'pinnedTools[1]' });
    expect(errorOf({ pinnedTools: ['x'.repeat(257)] })).toMatchObject({ option: 'pinnedTools[0]' });
    const unknown = errorOf({ pinnedTools: ['get_weather', 'nope'] });
    expect(unknown).toMatchObject({ name: 'ToolSearchOptionsError', option: 'pinnedTools[1]' });
    expect(unknown.message).toContain('"nope" names no tool of "tools"');
    expect(unknown.message).toContain('includeResolvedTools');
    // By canonical name, by record key, by a key that has no id; with includeResolvedTools anything goes.
    for (const ok of [{ pinnedTools: ['send_email', 'weather', 'notes'] }, { pinnedTools: ['nope'], includeResolvedTools: true }, { pinnedTools: () => false }]) {
      expect(errorOf(ok)).toBeUndefined();
    }
  });

  it('[processor.pinned.option] a function is asked once per constructor tool at construction, and a throw names the tool', () => {
    const seen: string[] = [];
    const p = new ToolSearchProcessor({
      tools: catalog(),
      pinnedTools: ({ toolName, key }) => {
        seen.push(`${key}:${toolName}`);
        return toolName === 'send_email';
      },
    });
    expect(seen).toEqual(['weather:get_weather', 'email:send_email', 'issue:create_issue', 'notes:notes']);
    const thrown = errorOf({
      pinnedTools: ({ key }: { key: string }) => {
        if (key === 'issue') throw new Error('bad pin');
        return false;
      },
    });
    expect(thrown).toMatchObject({ option: 'pinnedTools' });
    expect(thrown.message).toContain('tools.issue');
    expect(thrown.message).toContain('bad pin');
    p.dispose();
  });

  it('[processor.pinned.option] [processor.pinned.expose] only a returned true pins; a request tool is asked at each step, and a throw pins nothing', async () => {
    let asked = 0;
    const p = new ToolSearchProcessor({
      tools: {},
      includeResolvedTools: true,
      pinnedTools: ({ key }) => {
        asked++;
        if (key === 'boom') throw new Error('no');
        return (key === 'yes' ? true : key === 'one' ? 1 : key === 'promise' ? Promise.resolve(true) : false) as boolean;
      },
    });
    const tools = { yes: makeTool('yes', 'a'), one: makeTool('one', 'b'), promise: makeTool('promise', 'c'), boom: makeTool('boom', 'd') };
    const c = new Conversation(p, requestContext('t'), tools);
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'yes']);
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'yes']);
    expect(asked).toBe(8);
  });
});

describe('exposure', () => {
  it('[processor.pinned.expose] under the first name that pins it; a function pins under the canonical name', async () => {
    const byNames = new Conversation(new ToolSearchProcessor({ tools: catalog(), pinnedTools: ['email', 'send_email', 'notes', 'get_weather'] }), requestContext('t'));
    // Catalog order, whatever the order of the names.
    expect((await byNames.step()).keys).toEqual(['search_tools', 'load_tool', 'get_weather', 'email', 'notes']);
    const byFunction = new Conversation(new ToolSearchProcessor({ tools: catalog(), pinnedTools: ({ key }) => key === 'email' }), requestContext('t'));
    expect((await byFunction.step()).keys).toEqual(['search_tools', 'load_tool', 'send_email']);
    // The exposed tool is the instance, callable at once.
    const tool = byFunction.last!.tools.send_email!;
    expect(await tool.execute!({ to: 'x' }, {})).toEqual({ tag: 'static', id: 'send_email' });
  });

  it('[processor.pinned.expose] [processor.pinned.catalog] [processor.filter.start-order] only active is asked, after the catalog (which leaves it out) and before the loaded tools; a denial hides it for that step', async () => {
    const calls: string[] = [];
    let deny = false;
    const filter = ({ toolName, phase }: ToolSearchFilterArgs) => {
      calls.push(`${phase}:${toolName}`);
      return !(deny && toolName === 'send_email');
    };
    const p = new ToolSearchProcessor({ tools: catalog(), pinnedTools: ['send_email'], injectCatalog: true, storage: 'context', filter });
    const c = new Conversation(p, requestContext('t'));
    await c.step();
    await c.call('load_tool', { toolName: 'create_issue' });
    calls.length = 0;
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'send_email', 'create_issue']);
    expect(calls).toEqual(['search:get_weather', 'search:create_issue', 'search:notes', 'active:send_email', 'load:create_issue', 'active:create_issue']);
    deny = true;
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'create_issue']);
    deny = false;
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'send_email', 'create_issue']);
  });

  it('[processor.pinned.expose] [processor.order.stable] a tool both pinned and loaded is exposed once as pinned, and keeps its loaded place for a request that does not pin it', async () => {
    // Pinned when the request's instance says so.
    const p = new ToolSearchProcessor({ tools: {}, includeResolvedTools: true, pinnedTools: ({ tool }) => (tool as { tag?: string }).tag === 'pin' });
    const plain = { a: makeTool('tool_a', 'alpha tool'), b: makeTool('tool_b', 'beta tool'), c: makeTool('tool_c', 'gamma tool') };
    const c = new Conversation(p, requestContext('t'), plain);
    await c.step();
    await c.call('load_tool', { toolNames: ['tool_a', 'tool_b', 'tool_c'] });
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'tool_a', 'tool_b', 'tool_c']);
    c.requestTools = { ...plain, b: makeTool('tool_b', 'beta tool', 'pin') };
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'tool_b', 'tool_a', 'tool_c']);
    c.requestTools = plain;
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'tool_a', 'tool_b', 'tool_c']);
  });

  it('[processor.pinned.expose] [processor.order.prefix] pinned tools never change between steps: each step extends the previous one', async () => {
    const p = new ToolSearchProcessor({ tools: catalog(), pinnedTools: ['send_email', 'notes'] });
    const c = new Conversation(p, requestContext('t'));
    const lists = [(await c.step()).keys];
    await c.call('load_tool', { toolName: 'create_issue' });
    lists.push((await c.step()).keys);
    await c.call('load_tool', { toolName: 'weather' });
    lists.push((await c.step()).keys);
    expect(isAppendOnly(lists)).toBe(true);
    expect(lists.at(-1)).toEqual(['search_tools', 'load_tool', 'send_email', 'notes', 'create_issue', 'weather']);
  });
});

describe('search, load and resume', () => {
  it('[processor.pinned.search] results keep their rank and shape; the message names the pinned ones as the model calls them', async () => {
    const p = new ToolSearchProcessor({ tools: catalog(), pinnedTools: ['email', 'get_weather'] });
    const c = new Conversation(p, requestContext('t'));
    await c.step();
    const out = (await c.call('search_tools', { query: 'weather email message' })) as Any;
    expect(Object.keys(out)).toEqual(['results', 'message']);
    expect(out.results.map((r: Any) => Object.keys(r))).toEqual(out.results.map(() => ['name', 'description', 'score']));
    const names = out.results.map((r: Any) => r.name);
    expect(names).toEqual(expect.arrayContaining(['get_weather', 'send_email']));
    const pinnedInOrder = names.filter((n: string) => n === 'get_weather' || n === 'send_email').map((n: string) => (n === 'send_email' ? 'email' : n));
    expect(out.message).toBe(`Found ${names.length} tool(s). Use load_tool with an exact toolName or a toolNames array to make them available. Already available, no need to load: ${pinnedInOrder.join(', ')}.`);
    // A search without pinned results says nothing more.
    const plain = (await c.call('search_tools', { query: 'github issue' })) as Any;
    expect(plain.message).not.toContain('Already available');
  });

  it('[processor.pinned.search] [processor.receipts.write] under autoLoad the signed activation leaves the pinned results out', async () => {
    const p = new ToolSearchProcessor({ tools: catalog(), pinnedTools: ['send_email'], search: { autoLoad: true, topK: 2 }, receiptSecret: 'pinned tools test secret, long enough' });
    const c = new Conversation(p, requestContext('t'));
    await c.step();
    const out = (await c.call('search_tools', { query: 'email message weather forecast' })) as Any;
    expect(out.results.map((r: Any) => r.name).sort()).toEqual(['get_weather', 'send_email']);
    expect(out.activation.loaded).toEqual(['get_weather']);
    expect(out.message).toContain('Some were already loaded.');
    expect((await c.step()).keys).toEqual(['search_tools', 'send_email', 'get_weather']);
  });

  it('[processor.pinned.load] load_tool answers already loaded under the pinned name, asks nothing, records nothing', async () => {
    const calls: string[] = [];
    const seen: ToolSearchEvent[] = [];
    const p = new ToolSearchProcessor({
      tools: catalog(),
      pinnedTools: ['email'],
      filter: ({ toolName, phase }) => (calls.push(`${phase}:${toolName}`), true),
      onEvent: (e) => void seen.push(e),
    });
    const c = new Conversation(p, requestContext('t'));
    await c.step();
    calls.length = 0;
    expect(await c.call('load_tool', { toolName: 'send_email' })).toMatchObject({ success: true, toolName: 'email', message: 'Tool "email" is already loaded and available.' });
    expect(await c.call('load_tool', { toolNames: ['email', 'create_issue'] })).toMatchObject({ success: true, loaded: ['create_issue'], alreadyLoaded: ['email'] });
    expect(calls).toEqual(['load:create_issue']);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(seen.filter((e) => e.type === 'load').map((e) => e.tools)).toEqual([
      [{ name: 'email', outcome: 'already-loaded' }],
      [
        { name: 'email', outcome: 'already-loaded' },
        { name: 'create_issue', outcome: 'loaded' },
      ],
    ]);
    // Only create_issue is in the store; a pinned-only thread holds nothing.
    const q = new ToolSearchProcessor({ tools: catalog(), pinnedTools: ['email'] });
    const d = new Conversation(q, requestContext('u'));
    await d.step();
    await d.call('load_tool', { toolName: 'email' });
    expect(q.getStateStats().threadCount).toBe(0);
  });

  it('[processor.pinned.resume] getLoadedToolsForRequestContext returns the active pinned tools first', async () => {
    let hide = false;
    const p = new ToolSearchProcessor({ tools: catalog(), pinnedTools: ['email'], filter: ({ toolName, phase }) => !(hide && phase === 'active' && toolName === 'send_email') });
    const c = new Conversation(p, requestContext('t'));
    await c.step();
    await c.call('load_tool', { toolName: 'create_issue' });
    expect(Object.keys(await p.getLoadedToolsForRequestContext({ requestContext: requestContext('t') }))).toEqual(['email', 'create_issue']);
    hide = true;
    expect(Object.keys(await p.getLoadedToolsForRequestContext({ requestContext: requestContext('t') }))).toEqual(['create_issue']);
  });
});

/** includeResolvedTools, ordering, getLoadedToolsForRequestContext and the filter. */
import { expect } from 'vitest';
import { makeTool, requestContext } from '../../processor/support/harness.js';
import { check, conversation, type Result } from '../support/impls.js';

const tools = () => ({
  weather: makeTool('weather', 'Get the weather forecast for a city'),
  calendar: makeTool('calendar', 'Manage calendar events'),
  email: makeTool('email', 'Send an email message'),
});

export const REQUEST_CHECKS = [
  check('resolved/pass-through', ['processor.resolved.pass-through'], 'without includeResolvedTools the agent\'s tools pass through, unsearchable', async (impl) => {
    const mine = makeTool('crm_lookup', 'Look up a customer in the CRM', 'request');
    const c = conversation(impl, { tools: tools() }, 't1', { crm_lookup: mine });
    const s = await c.step();
    expect(s.keys).toEqual(['search_tools', 'load_tool', 'crm_lookup']);
    expect(s.tools.crm_lookup).toBe(mine);
    expect(((await c.call('search_tools', { query: 'customer crm' })) as Result).results).toEqual([]);
  }),

  check('resolved/searchable-withheld', ['processor.resolved.searchable', 'processor.resolved.instance'], 'with includeResolvedTools the agent\'s tools are searchable and withheld until loaded', async (impl) => {
    const mine = makeTool('crm_lookup', 'Look up a customer in the CRM', 'request');
    const c = conversation(impl, { tools: tools(), includeResolvedTools: true }, 't1', { crm_lookup: mine });
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool']);
    expect(((await c.call('search_tools', { query: 'customer crm' })) as Result).results.map((r: Result) => r.name)).toEqual(['crm_lookup']);
    await c.call('load_tool', { toolName: 'crm_lookup' });
    expect((await c.step()).tools.crm_lookup).toBe(mine);
  }),

  check('resolved/key-and-id', ['processor.names.exposure', 'processor.resolved.searchable'], 'a resolved tool is found by id and exposed under the name it was loaded by', async (impl) => {
    const mine = makeTool('crm_lookup_v2', 'Look up a customer in the CRM', 'request');
    const c = conversation(impl, { tools: {}, includeResolvedTools: true }, 't1', { crm: mine });
    await c.step();
    expect(((await c.call('search_tools', { query: 'customer crm' })) as Result).results.map((r: Result) => r.name)).toEqual(['crm_lookup_v2']);
    expect(await c.call('load_tool', { toolName: 'crm' })).toMatchObject({ success: true, toolName: 'crm' });
    const s = await c.step();
    expect(s.keys).toEqual(['search_tools', 'load_tool', 'crm']);
    expect(s.tools.crm).toBe(mine);
  }),

  check('resolved/same-key-replaces', ['processor.resolved.replace'], 'a resolved tool replaces the constructor tool of the same key', async (impl) => {
    const mine = makeTool('web_search', 'Search the web pages', 'request');
    const c = conversation(impl, { tools: { search: makeTool('doc_search', 'Search the documentation pages') }, includeResolvedTools: true }, 't1', { search: mine });
    await c.step();
    expect(((await c.call('search_tools', { query: 'search pages' })) as Result).results.map((r: Result) => r.name)).toEqual(['web_search']);
    await c.call('load_tool', { toolName: 'search' });
    expect((await c.step()).tools.search).toBe(mine);
  }),

  check('resolved/same-id-other-key', ['processor.resolved.replace'], 'a resolved tool with a constructor tool\'s id under another key leaves the constructor\'s loaded', async (impl) => {
    const own = makeTool('search', 'Search the documentation pages');
    const c = conversation(impl, { tools: { docs: own }, includeResolvedTools: true }, 't1', { web: makeTool('search', 'Search the web pages', 'request') });
    await c.step();
    await c.call('load_tool', { toolName: 'search' });
    expect((await c.step()).tools.search).toBe(own);
  }),

  check('resolved/meta-names-replace', ['processor.tools.meta'], 'an agent tool named search_tools replaces the meta-tool', async (impl) => {
    const fake = makeTool('search_tools', 'Something else', 'request');
    const s = await conversation(impl, { tools: tools(), includeResolvedTools: true }, 't1', { search_tools: fake }).step();
    expect(s.tools.search_tools).toBe(fake);
  }),

  check('order/append-only', ['processor.order.sequence', 'processor.order.prefix'], 'meta-tools, the agent\'s tools, then loaded tools appended in load order', async (impl) => {
    const c = conversation(impl, { tools: tools() }, 't1', { mine: makeTool('mine', 'Always there', 'request') });
    const lists = [(await c.step()).keys];
    await c.call('load_tool', { toolName: 'email' });
    lists.push((await c.step()).keys);
    await c.call('load_tool', { toolNames: ['weather', 'calendar'] });
    lists.push((await c.step()).keys);
    expect(lists).toEqual([
      ['search_tools', 'load_tool', 'mine'],
      ['search_tools', 'load_tool', 'mine', 'email'],
      ['search_tools', 'load_tool', 'mine', 'email', 'weather', 'calendar'],
    ]);
  }),

  check('order/autoload-appends', ['processor.order.sequence', 'processor.search.autoload'], 'under autoLoad the activated tools follow the agent\'s tools', async (impl) => {
    const c = conversation(impl, { tools: tools(), search: { autoLoad: true } }, 't1', { mine: makeTool('mine', 'Always there', 'request') });
    await c.step();
    await c.call('search_tools', { query: 'weather forecast' });
    expect((await c.step()).keys).toEqual(['search_tools', 'mine', 'weather']);
  }),

  check('order/loaded-replaces-agent-tool', ['processor.order.unique'], 'a loaded tool replaces the agent\'s tool of the same key', async (impl) => {
    const loaded = makeTool('weather', 'Get the weather forecast for a city');
    const c = conversation(impl, { tools: { weather: loaded } }, 't1', { weather: makeTool('weather', 'The agent\'s own', 'request') });
    await c.step();
    await c.call('load_tool', { toolName: 'weather' });
    const s = await c.step();
    expect(s.keys).toEqual(['search_tools', 'load_tool', 'weather']);
    expect(s.tools.weather).toBe(loaded);
  }),

  check('resume/in-memory', ['processor.resume.loaded-tools', 'processor.names.exposure'], 'getLoadedToolsForRequestContext returns the thread\'s loaded tools by the names they were loaded by', async (impl) => {
    const all = tools();
    const c = conversation(impl, { tools: { ...all, mail: makeTool('send_mail_v2', 'Send mail') } });
    await c.step();
    await c.call('load_tool', { toolNames: ['weather', 'mail'] });
    const loaded = await c.processor.getLoadedToolsForRequestContext({ requestContext: requestContext('t1') });
    expect(Object.keys(loaded)).toEqual(['weather', 'mail']);
    expect(loaded.weather).toBe(all.weather);
    expect(await c.processor.getLoadedToolsForRequestContext({ requestContext: requestContext('other') })).toEqual({});
  }),

  check('resume/step-args-resolved', ['processor.resume.loaded-tools', 'processor.resolved.instance'], 'with stepArgs a loaded resolved tool resolves to the request\'s instance', async (impl) => {
    const mine = makeTool('crm_lookup', 'Look up a customer in the CRM', 'request');
    const c = conversation(impl, { tools: {}, includeResolvedTools: true }, 't1', { crm_lookup: mine });
    await c.step();
    await c.call('load_tool', { toolName: 'crm_lookup' });
    const stepArgs = { messages: c.messages, requestContext: c.rc, tools: { crm_lookup: mine } } as never;
    expect(await c.processor.getLoadedToolsForRequestContext({ stepArgs, requestContext: c.rc })).toEqual({ crm_lookup: mine });
  }),

  check('resume/context-after-step', ['processor.resume.loaded-tools'], 'with storage: context and no stepArgs, a tool confirmed by the last step is not returned', async (impl) => {
    const c = conversation(impl, { tools: tools(), storage: 'context' });
    await c.step();
    await c.call('load_tool', { toolName: 'weather' });
    expect((await c.step()).keys).toContain('weather');
    expect(await c.processor.getLoadedToolsForRequestContext({ requestContext: requestContext('t1') })).toEqual({});
  }),

  check('filter/truthy-allows', ['processor.filter.allow-only-true'], 'a filter returning a truthy non-boolean allows', async (impl) => {
    const c = conversation(impl, { tools: tools(), filter: () => 1 });
    await c.step();
    expect(((await c.call('load_tool', { toolName: 'weather' })) as Result).success).toBe(true);
  }),

  check('filter/fail-closed', ['processor.filter.allow-only-true'], 'a filter that throws denies search and load', async (impl) => {
    const c = conversation(impl, {
      tools: tools(),
      filter: () => {
        throw new Error('policy down');
      },
    });
    await c.step();
    expect(((await c.call('search_tools', { query: 'weather forecast' })) as Result).results).toEqual([]);
    expect(((await c.call('load_tool', { toolName: 'weather' })) as Result).success).toBe(false);
  }),

  check('filter/active-hides', ['processor.filter.active'], 'phase active hides a loaded tool for one request without forgetting it', async (impl) => {
    const c = conversation(impl, { tools: tools(), filter: ({ phase, requestContext: rc }: { phase: string; requestContext?: { get(k: string): unknown } }) => phase !== 'active' || rc?.get('allow') !== 'no' });
    await c.step();
    await c.call('load_tool', { toolName: 'weather' });
    c.rc?.set('allow', 'no');
    expect((await c.step()).keys).not.toContain('weather');
    c.rc?.set('allow', 'yes');
    expect((await c.step()).keys).toContain('weather');
  }),

  check('filter/search-fills-top-k', ['processor.filter.search'], 'denied search results do not take places of topK', async (impl) => {
    const many = {
      ...Object.fromEntries(['a', 'b', 'c'].map((x) => [`premium_${x}`, makeTool(`premium_${x}`, 'Shared capability')])),
      ...Object.fromEntries(['a', 'b'].map((x) => [`public_${x}`, makeTool(`public_${x}`, 'Shared capability')])),
    };
    const c = conversation(impl, { tools: many, search: { topK: 2 }, filter: ({ toolName, phase }: { toolName: string; phase: string }) => phase !== 'search' || toolName.startsWith('public_') });
    await c.step();
    expect(((await c.call('search_tools', { query: 'shared capability' })) as Result).results.map((r: Result) => r.name).sort()).toEqual(['public_a', 'public_b']);
  }),
];

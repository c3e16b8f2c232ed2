/** Names: under which name a tool is found, loaded, exposed, filtered and suggested. */
import { expect } from 'vitest';
import { makeTool } from '../../processor/support/harness.js';
import { check, conversation, type Result } from '../support/impls.js';

/** `{ weather: <id weather_tool_id> }`: the record key differs from the id. */
const keyed = () => ({ weather: makeTool('weather_tool_id', 'Get the weather forecast for a city'), email: makeTool('send_email', 'Send an email message') });
/** `{ weather: <id public_weather>, private_weather: <id weather> }`: a key that is another tool's id. */
const colliding = () => ({ weather: makeTool('public_weather', 'Public weather forecast', 'public'), private_weather: makeTool('weather', 'Private weather forecast', 'private') });

export const NAME_CHECKS = [
  check('names/search-lists-ids', ['processor.names.canonical'], 'search results name a tool by its id', async (impl) => {
    const c = conversation(impl, { tools: keyed() });
    await c.step();
    const r: Result = await c.call('search_tools', { query: 'weather forecast' });
    expect(r.results[0].name).toBe('weather_tool_id');
  }),

  check('names/load-by-key-call-by-key', ['processor.names.alias', 'processor.names.exposure'], 'a tool loaded by key is answered and exposed by key', async (impl) => {
    const tools = keyed();
    const c = conversation(impl, { tools });
    await c.step();
    expect(await c.call('load_tool', { toolName: 'weather' })).toMatchObject({ success: true, toolName: 'weather' });
    const s = await c.step();
    expect(s.keys).toEqual(['search_tools', 'load_tool', 'weather']);
    expect(s.tools.weather).toBe(tools.weather);
  }),

  check('names/load-by-id-call-by-id', ['processor.names.exposure'], 'a tool loaded by id is answered and exposed by id', async (impl) => {
    const c = conversation(impl, { tools: keyed() });
    await c.step();
    expect(await c.call('load_tool', { toolName: 'weather_tool_id' })).toMatchObject({ success: true, toolName: 'weather_tool_id' });
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'weather_tool_id']);
  }),

  check('names/key-then-id', ['processor.names.exposed-once'], 'a tool loaded by key, then by id, is exposed under both names', async (impl) => {
    const c = conversation(impl, { tools: keyed() });
    await c.step();
    await c.call('load_tool', { toolName: 'weather' });
    expect(await c.call('load_tool', { toolName: 'weather_tool_id' })).toMatchObject({ success: true, toolName: 'weather_tool_id' });
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'weather', 'weather_tool_id']);
  }),

  check('names/collision-without-filter', ['processor.names.collision'], 'without a filter a record key wins over another tool\'s id', async (impl) => {
    const tools = colliding();
    const c = conversation(impl, { tools });
    await c.step();
    await c.call('load_tool', { toolName: 'weather' });
    expect((await c.step()).tools.weather).toBe(tools.weather);
  }),

  check('names/collision-with-filter', ['processor.names.collision', 'processor.filter.args'], 'with a filter the id wins, and the filter is asked about that tool', async (impl) => {
    const tools = colliding();
    const asked: string[] = [];
    const c = conversation(impl, { tools, filter: ({ toolName }: { toolName: string }) => (asked.push(toolName), true) });
    await c.step();
    await c.call('load_tool', { toolName: 'weather' });
    expect(asked).toEqual(['weather']);
    expect((await c.step()).tools.weather).toBe(tools.private_weather);
  }),

  check('names/filter-sees-ids', ['processor.filter.args', 'processor.names.canonical'], 'the filter gets the id in every phase, the tool, and the request context', async (impl) => {
    const tools = keyed();
    const calls: Array<{ toolName: string; phase: string; same: boolean; plan: unknown }> = [];
    const filter = (a: { toolName: string; phase: string; tool: unknown; requestContext?: { get(k: string): unknown } }) => {
      calls.push({ toolName: a.toolName, phase: a.phase, same: a.tool === tools.weather, plan: a.requestContext?.get('plan') });
      return true;
    };
    const c = conversation(impl, { tools, filter });
    c.rc?.set('plan', 'pro');
    await c.step();
    await c.call('search_tools', { query: 'weather forecast city' });
    await c.call('load_tool', { toolName: 'weather' });
    await c.step();
    const weather = calls.filter((x) => x.same);
    expect(weather.map((x) => x.phase)).toEqual(['search', 'load', 'active']);
    expect(weather.every((x) => x.toolName === 'weather_tool_id' && x.plan === 'pro')).toBe(true);
  }),

  check('names/no-id-not-searchable', ['processor.names.canonical'], 'a tool without an id is never returned by search', async (impl) => {
    const c = conversation(impl, { tools: { forecast: makeTool(undefined, 'Get the weather forecast for a city') } });
    await c.step();
    expect(((await c.call('search_tools', { query: 'weather forecast' })) as Result).results).toEqual([]);
  }),

  check('names/no-id-loadable-by-key', ['processor.names.canonical', 'processor.names.exposure'], 'a tool without an id loads and is exposed by its key', async (impl) => {
    const c = conversation(impl, { tools: { forecast: makeTool(undefined, 'Get the weather forecast for a city') } });
    await c.step();
    expect(await c.call('load_tool', { toolName: 'forecast' })).toMatchObject({ success: true, toolName: 'forecast' });
    expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'forecast']);
  }),

  check('names/suggest-keys', ['processor.names.suggestions'], 'did-you-mean suggestions name record keys', async (impl) => {
    const c = conversation(impl, { tools: keyed() });
    await c.step();
    const r: Result = await c.call('load_tool', { toolName: 'weath' });
    expect(r).toEqual({ success: false, toolName: 'weath', message: 'Tool "weath" not found. Did you mean: weather?' });
  }),

  check('names/suggest-colliding-key', ['processor.names.suggestions'], 'a key that is another tool\'s id is suggested as a key', async (impl) => {
    const c = conversation(impl, { tools: colliding() });
    await c.step();
    expect(((await c.call('load_tool', { toolName: 'weath' })) as Result).message).toBe('Tool "weath" not found. Did you mean: weather, private_weather?');
  }),

  check('names/suggest-skips-denied', ['processor.filter.not-found'], 'a tool the filter denies is reported not found and never suggested', async (impl) => {
    const tools = { premium_weather: makeTool('premium_weather', 'Premium weather'), public_weather: makeTool('public_weather', 'Public weather') };
    const c = conversation(impl, { tools, filter: ({ toolName }: { toolName: string }) => toolName !== 'premium_weather' });
    await c.step();
    expect(((await c.call('load_tool', { toolName: 'premium_weather' })) as Result).success).toBe(false);
    expect(((await c.call('load_tool', { toolName: 'weather' })) as Result).message).toBe('Tool "weather" not found. Did you mean: public_weather?');
  }),
];

/** State methods and the two storage modes. */
import { expect, vi } from 'vitest';
import { makeTool, requestContext, Conversation } from '../../processor/support/harness.js';
import { check, conversation, IMPLS, type Impl, type Result } from '../support/impls.js';

const tools = () => ({ weather: makeTool('weather', 'Get the weather forecast for a city'), calendar: makeTool('calendar', 'Manage calendar events') });

/** Runs `fn` with `Date.now` under the test's control (both processors read it when no clock is given). */
async function withClock<T>(fn: (advance: (ms: number) => void) => Promise<T>): Promise<T> {
  let now = Date.UTC(2026, 0, 1);
  const spy = vi.spyOn(Date, 'now').mockImplementation(() => now);
  try {
    return await fn((ms) => void (now += ms));
  } finally {
    spy.mockRestore();
  }
}

/** The other processor of the pair. */
const other = (impl: Impl): Impl => IMPLS.find((i) => i.name !== impl.name)!;

export const STATE_CHECKS = [
  check('state/per-thread', ['store.memory.per-thread'], 'loaded tools are kept per thread', async (impl) => {
    const p = impl.create({ tools: tools() });
    const a = new Conversation(p, requestContext('a'));
    const b = new Conversation(p, requestContext('b'));
    await a.step();
    await b.step();
    await a.call('load_tool', { toolName: 'weather' });
    await b.call('load_tool', { toolName: 'calendar' });
    expect((await a.step()).keys).toEqual(['search_tools', 'load_tool', 'weather']);
    expect((await b.step()).keys).toEqual(['search_tools', 'load_tool', 'calendar']);
  }),

  check('state/anonymous-share-default', ['store.memory.default-thread'], 'in memory, requests without a thread share one entry', async (impl) => {
    const p = impl.create({ tools: tools() });
    const first = new Conversation(p, requestContext());
    await first.step();
    await first.call('load_tool', { toolName: 'weather' });
    expect((await new Conversation(p, requestContext()).step()).keys).toContain('weather');
  }),

  check('state/clear', ['processor.state.methods', 'store.memory.clear-state', 'store.memory.clear-all'], 'clearState forgets one thread, clearAllState every thread', async (impl) => {
    const p = impl.create({ tools: tools() });
    const a = new Conversation(p, requestContext('a'));
    const b = new Conversation(p, requestContext('b'));
    for (const c of [a, b]) {
      await c.step();
      await c.call('load_tool', { toolName: 'weather' });
    }
    p.clearState('a');
    expect((await a.step()).keys).not.toContain('weather');
    expect((await b.step()).keys).toContain('weather');
    p.clearAllState();
    expect((await b.step()).keys).not.toContain('weather');
  }),

  check('state/stats', ['processor.state.methods', 'store.memory.stats'], 'getStateStats counts the threads that loaded a tool', async (impl) => {
    await withClock(async () => {
      const c = conversation(impl, { tools: tools() });
      await c.step();
      await c.call('load_tool', { toolName: 'weather' });
      expect(c.processor.getStateStats()).toMatchObject({ threadCount: 1, oldestAccessTime: Date.UTC(2026, 0, 1) });
    });
  }),

  check('state/stats-shape', ['processor.state.methods', 'store.memory.stats'], 'getStateStats returns exactly threadCount and oldestAccessTime', async (impl) => {
    const c = conversation(impl, { tools: tools() });
    await c.step();
    await c.call('load_tool', { toolName: 'weather' });
    expect(Object.keys(c.processor.getStateStats()).sort()).toEqual(['oldestAccessTime', 'threadCount']);
  }),

  check('state/stats-count-every-thread-seen', ['store.memory.read-creates-nothing'], 'getStateStats also counts a thread that only ran a step', async (impl) => {
    const c = conversation(impl, { tools: tools() });
    await c.step();
    expect(c.processor.getStateStats().threadCount).toBe(1);
  }),

  check('state/ttl-cleanup', ['store.memory.cleanup-now', 'store.memory.ttl.from-last-access'], 'cleanupNow removes a thread idle for longer than ttl', async (impl) => {
    await withClock(async (advance) => {
      const c = conversation(impl, { tools: tools(), ttl: 1_000 });
      await c.step();
      await c.call('load_tool', { toolName: 'weather' });
      advance(500);
      expect(c.processor.cleanupNow()).toBe(0);
      advance(1_001);
      expect(c.processor.cleanupNow()).toBe(1);
      expect((await c.step()).keys).not.toContain('weather');
    });
  }),

  check('state/ttl-until-sweep', ['store.memory.ttl.exact'], 'a thread idle past ttl keeps its tools until a sweep or cleanupNow', async (impl) => {
    await withClock(async (advance) => {
      const c = conversation(impl, { tools: tools(), ttl: 1_000 });
      await c.step();
      await c.call('load_tool', { toolName: 'weather' });
      advance(5_000);
      expect((await c.step()).keys).toContain('weather');
    });
  }),

  check('state/context-inert', ['processor.state.methods', 'store.context.state-methods'], 'with storage: context the state methods do nothing', async (impl) => {
    const c = conversation(impl, { tools: tools(), storage: 'context' });
    await c.step();
    await c.call('load_tool', { toolName: 'weather' });
    expect(c.processor.getStateStats()).toMatchObject({ threadCount: 0, oldestAccessTime: null });
    expect(c.processor.cleanupNow()).toBe(0);
    c.processor.clearState('t1');
    c.processor.clearAllState();
    expect((await c.step()).keys).toContain('weather');
  }),

  check('storage/context-follows-messages', ['store.context.derive'], 'with storage: context a tool stays loaded while its result is in the messages', async (impl) => {
    const c = conversation(impl, { tools: tools(), storage: 'context' });
    await c.step();
    await c.call('load_tool', { toolName: 'weather' });
    expect((await c.step()).keys).toContain('weather');
    c.forget((m) => m.content.parts.some((part) => part.toolInvocation?.toolName === 'load_tool'));
    expect((await c.step()).keys).not.toContain('weather');
  }),

  check('storage/context-restart', ['store.context.bridge.restart', 'store.meta-results.shapes'], 'with storage: context a new instance reads the loaded tools from the messages', async (impl) => {
    const c = conversation(impl, { tools: tools(), storage: 'context' });
    await c.step();
    await c.call('load_tool', { toolName: 'weather' });
    await c.call('load_tool', { toolNames: ['calendar'] });
    const restarted = new Conversation(impl.create({ tools: tools(), storage: 'context' }), requestContext('t1'));
    restarted.messages.push(...c.messages.slice(1));
    expect((await restarted.step()).keys).toEqual(['search_tools', 'load_tool', 'weather', 'calendar']);
  }),

  check('storage/threads-readable-both-ways', ['store.meta-results.shapes', 'processor.names.exposure'], 'a thread written by the other processor loads the same tools, under the same names', async (impl) => {
    const keyed = () => ({ weather: makeTool('weather_tool_id', 'Get the weather forecast for a city'), calendar: makeTool('calendar', 'Manage calendar events') });
    // The other processor writes the thread: by key, by id in a list, and under autoLoad.
    const writer = conversation(other(impl), { tools: keyed(), storage: 'context' });
    await writer.step();
    await writer.call('load_tool', { toolName: 'weather' });
    await writer.call('load_tool', { toolNames: ['calendar'] });
    const reader = new Conversation(impl.create({ tools: keyed(), storage: 'context' }), requestContext('t1'));
    reader.messages.push(...writer.messages.slice(1));
    expect((await reader.step()).keys).toEqual(['search_tools', 'load_tool', 'weather', 'calendar']);
    const autoWriter = conversation(other(impl), { tools: keyed(), storage: 'context', search: { autoLoad: true } });
    await autoWriter.step();
    await autoWriter.call('search_tools', { query: 'weather forecast' });
    const autoReader = new Conversation(impl.create({ tools: keyed(), storage: 'context', search: { autoLoad: true } }), requestContext('t1'));
    autoReader.messages.push(...autoWriter.messages.slice(1));
    expect((await autoReader.step()).keys).toEqual(['search_tools', 'weather_tool_id']);
  }),

  check('storage/context-plain-search-loads', ['store.meta-results.search'], 'with storage: context a plain search (no autoLoad) loads what it found', async (impl) => {
    const c = conversation(impl, { tools: tools(), storage: 'context' });
    await c.step();
    await c.call('search_tools', { query: 'weather forecast' });
    expect((await c.step()).keys).toContain('weather');
  }),

  check('storage/context-anonymous', ['store.context.bridge.anonymous'], 'with storage: context a request without a thread shares nothing', async (impl) => {
    const p = impl.create({ tools: tools(), storage: 'context' });
    const first = new Conversation(p, requestContext());
    await first.step();
    const r: Result = await first.call('load_tool', { toolName: 'weather' });
    expect(r.success).toBe(true);
    expect((await new Conversation(p, requestContext()).step()).keys).toEqual(['search_tools', 'load_tool']);
  }),
];

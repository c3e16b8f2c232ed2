/**
 * Interoperability with @mastra/core 1.71.0: the meta-tool results Mastra's
 * processor writes are exactly what our constructors build, and threads written
 * with either are read the same by both context stores (outside the documented
 * departures).
 */
import { ToolSearchProcessor } from '@mastra/core/processors';
import { RequestContext } from '@mastra/core/request-context';
import { createTool } from '@mastra/core/tools';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  createContextStore,
  createInMemoryStore,
  loadToolMultiResult,
  loadToolNotFoundResult,
  loadToolSingleResult,
  searchToolsResult,
} from '../../src/stores/index.js';
import { knownTools, loadMultiMessage, loadSingleMessage, searchMessage, toolResultMessage } from './support/messages.js';

const catalog = {
  alpha: createTool({ id: 'alpha', description: 'alpha weather forecast', inputSchema: z.object({}), execute: async () => ({}) }),
  beta: createTool({ id: 'beta', description: 'beta send email', inputSchema: z.object({}), execute: async () => ({}) }),
  gamma: createTool({ id: 'gamma', description: 'gamma weather radar', inputSchema: z.object({}), execute: async () => ({}) }),
};
const names = Object.keys(catalog);

type MetaTool = { execute: (input: unknown, context: unknown) => Promise<unknown> };
interface Step {
  tools: Record<string, unknown>;
}

async function mastraStep(processor: ToolSearchProcessor, messages: unknown[], threadId?: string): Promise<Step> {
  const requestContext = new RequestContext();
  if (threadId) requestContext.set('mastra__threadId', threadId);
  const args = { tools: {}, messageList: { addSystem() {} }, messages, requestContext };
  return (await processor.processInputStep(args as never)) as Step;
}
const call = (step: Step, tool: string, input: unknown) => (step.tools[tool] as MetaTool).execute(input, {});
const offered = (step: Step) => Object.keys(step.tools).filter((k) => k !== 'search_tools' && k !== 'load_tool');

/**
 * Our result as @mastra/core 1.71.0 writes it: without the fields r[store.meta-results.forward]
 * adds (`loaded` of a single-name success, `activation` of an auto-load search).
 */
function as1710(result: object): object {
  const { activation: _activation, ...rest } = result as Record<string, unknown>;
  if (rest.success === true && typeof rest.toolName === 'string' && !('loadedCount' in rest)) delete rest.loaded;
  return rest;
}

describe('compatibility with @mastra/core 1.71.0', () => {
  it('[store.meta-results.shapes] load_tool results equal what Mastra writes', async () => {
    const processor = new ToolSearchProcessor({ tools: catalog });
    const step = await mastraStep(processor, [], 'compat-load');
    expect(await call(step, 'load_tool', { toolName: 'alpha' })).toEqual(as1710(loadToolSingleResult('alpha', false)));
    expect(await call(step, 'load_tool', { toolName: 'alpha' })).toEqual(as1710(loadToolSingleResult('alpha', true)));
    expect(await call(step, 'load_tool', { toolName: 'alph' })).toEqual(loadToolNotFoundResult('alph', ['alpha']));
    expect(await call(step, 'load_tool', { toolName: 'zzz' })).toEqual(loadToolNotFoundResult('zzz', []));
    expect(await call(step, 'load_tool', { toolNames: ['beta', 'alpha', 'nope'] })).toEqual(
      loadToolMultiResult({ loaded: ['beta'], alreadyLoaded: ['alpha'], notFound: ['nope'] }),
    );
    expect(await call(step, 'load_tool', { toolNames: ['gamma'] })).toEqual(
      loadToolMultiResult({ loaded: ['gamma'], alreadyLoaded: [], notFound: [] }),
    );
  });

  it('[store.meta-results.shapes] search_tools results equal what Mastra writes, with and without autoLoad', async () => {
    const plain = await mastraStep(new ToolSearchProcessor({ tools: catalog }), []);
    const hit = (await call(plain, 'search_tools', { query: 'email' })) as { results: { name: string; description: string; score: number }[] };
    expect(hit.results.map((r) => r.name)).toEqual(['beta']);
    expect(hit).toEqual(searchToolsResult('email', hit.results, false));
    expect(await call(plain, 'search_tools', { query: 'qqq' })).toEqual(searchToolsResult('qqq', [], false));

    const auto = await mastraStep(new ToolSearchProcessor({ tools: catalog, search: { autoLoad: true } }), [], 'compat-auto');
    const first = (await call(auto, 'search_tools', { query: 'weather' })) as { results: { name: string; description: string; score: number }[] };
    expect(first.results.length).toBe(2);
    expect(first).toEqual(as1710(searchToolsResult('weather', first.results, { newlyLoadedCount: 2 })));
    const again = (await call(auto, 'search_tools', { query: 'weather' })) as { results: { name: string; description: string; score: number }[] };
    expect(again).toEqual(as1710(searchToolsResult('weather', again.results, { newlyLoadedCount: 0 })));
  });

  it('[store.meta-results.forward] departure: Mastra writes neither loaded on a single-name success nor an activation on an auto-load search', async () => {
    const step = await mastraStep(new ToolSearchProcessor({ tools: catalog }), [], 'compat-forward');
    const theirs = (await call(step, 'load_tool', { toolName: 'alpha' })) as Record<string, unknown>;
    expect(theirs).not.toHaveProperty('loaded');
    expect(loadToolSingleResult('alpha', false)).toMatchObject({ toolName: 'alpha', loaded: ['alpha'] });
    const auto = await mastraStep(new ToolSearchProcessor({ tools: catalog, search: { autoLoad: true } }), [], 'compat-forward-auto');
    const found = (await call(auto, 'search_tools', { query: 'weather' })) as { results: { name: string; description: string; score: number }[] };
    expect(found).not.toHaveProperty('activation');
    expect(searchToolsResult('weather', found.results, { newlyLoadedCount: 2 }).activation).toEqual({
      type: 'tool-search-auto-load',
      version: 1,
      loaded: found.results.map((r) => r.name),
    });
  });

  it('[store.context.messages.format] [store.meta-results.load-single] [store.meta-results.load-multi] threads of load_tool results read the same in both context stores', async () => {
    const threads: unknown[][] = [
      [loadSingleMessage('beta'), loadSingleMessage('alpha', true)],
      [loadMultiMessage({ loaded: ['gamma', 'alpha'], notFound: ['x'] })],
      [toolResultMessage('load_tool', loadToolNotFoundResult('alpha', []))],
      [loadSingleMessage('ghost'), loadMultiMessage({ loaded: ['beta'] })],
    ];
    const ours = createContextStore({ autoLoad: false });
    for (const messages of threads) {
      const theirs = offered(await mastraStep(new ToolSearchProcessor({ tools: catalog, storage: 'context' }), messages));
      expect(ours.loaded({ threadId: undefined, messages, isKnownTool: knownTools(names) })).toEqual(theirs);
    }
  });

  it('[store.meta-results.search] an autoLoad search result in the messages reads the same in both context stores', async () => {
    const messages = [searchMessage(['gamma', 'alpha'], true)];
    const theirs = offered(
      await mastraStep(new ToolSearchProcessor({ tools: catalog, storage: 'context', search: { autoLoad: true } }), messages),
    );
    expect(createContextStore({ autoLoad: true }).loaded({ threadId: undefined, messages, isKnownTool: knownTools(names) })).toEqual(theirs);
  });

  it('[store.meta-results.search] departure: without autoLoad Mastra loads a plain search result, we do not', async () => {
    const messages = [searchMessage(['gamma'], false)];
    const theirs = offered(await mastraStep(new ToolSearchProcessor({ tools: catalog, storage: 'context' }), messages));
    expect(theirs).toEqual(['gamma']);
    expect(createContextStore({ autoLoad: false }).loaded({ threadId: undefined, messages, isKnownTool: knownTools(names) })).toEqual([]);
  });

  it('[store.meta-results.load-multi] departure: a multi-name already-loaded confirmation keeps the tool in ours, not in Mastra', async () => {
    const messages = [loadMultiMessage({ loaded: ['beta'], alreadyLoaded: ['alpha'] })];
    const theirs = offered(await mastraStep(new ToolSearchProcessor({ tools: catalog, storage: 'context' }), messages));
    expect(theirs).toEqual(['beta']);
    expect(createContextStore({ autoLoad: false }).loaded({ threadId: undefined, messages, isKnownTool: knownTools(names) })).toEqual([
      'beta',
      'alpha',
    ]);
  });

  it('[store.context.bridge.next-step] departure: Mastra keeps an activation whose result never reaches the messages; ours drops it after one step', async () => {
    const processor = new ToolSearchProcessor({ tools: catalog, storage: 'context' });
    const first = await mastraStep(processor, [], 'bridge-thread');
    await call(first, 'load_tool', { toolName: 'alpha' });
    expect(offered(await mastraStep(processor, [], 'bridge-thread'))).toEqual(['alpha']);
    expect(offered(await mastraStep(processor, [], 'bridge-thread'))).toEqual(['alpha']);

    const ours = createContextStore({ autoLoad: false });
    const input = { threadId: 'bridge-thread', messages: [], isKnownTool: knownTools(names) };
    ours.activate(input, ['alpha']);
    expect(ours.loaded(input)).toEqual(['alpha']);
    expect(ours.loaded(input)).toEqual([]);
  });
  it('[store.memory.ttl.exact] departure: Mastra keeps an expired thread\'s tools until its sweep runs; ours expire at the next access', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(1_000_000);
      const processor = new ToolSearchProcessor({ tools: catalog, ttl: 1_000 });
      const first = await mastraStep(processor, [], 'ttl-thread');
      await call(first, 'load_tool', { toolName: 'alpha' });
      vi.setSystemTime(1_000_000 + 5_000);
      expect(offered(await mastraStep(processor, [], 'ttl-thread'))).toEqual(['alpha']);
      processor.clearAllState();

      let now = 1_000_000;
      const ours = createInMemoryStore({ ttl: 1_000, clock: () => now });
      const input = { threadId: 'ttl-thread', messages: [], isKnownTool: knownTools(names) };
      ours.activate(input, ['alpha']);
      now += 5_000;
      expect(ours.loaded(input)).toEqual([]);
      ours.dispose();
    } finally {
      vi.useRealTimers();
    }
  });
  it('[store.memory.read-creates-nothing] departure: a Mastra step that loads nothing still creates a tracked thread; ours creates none', async () => {
    const processor = new ToolSearchProcessor({ tools: catalog });
    await mastraStep(processor, [], 'read-only-thread');
    expect(processor.getStateStats().threadCount).toBe(1);
    processor.clearAllState();

    const ours = createInMemoryStore({ ttl: 0 });
    ours.loaded({ threadId: 'read-only-thread', messages: [], isKnownTool: knownTools(names) });
    expect(ours.getStateStats().threadCount).toBe(0);
  });
});

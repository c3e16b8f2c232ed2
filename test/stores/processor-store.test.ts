/**
 * The store obligations that fall on the processor (r[store.kinds] defaults,
 * r[store.activate.all-confirmed]), checked through this package's own
 * ToolSearchProcessor with an injected clock.
 */
import { RequestContext } from '@mastra/core/request-context';
import { createTool } from '@mastra/core/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ToolSearchProcessor } from '../../src/mastra/index.js';
import { loadSingleMessage } from './support/messages.js';

const tool = (id: string) => createTool({ id, description: `${id} tool`, inputSchema: z.object({}), execute: async () => ({}) });
const catalog = { alpha: tool('alpha'), beta: tool('beta') };

type Tools = Record<string, { execute?: (input: unknown, context: unknown) => Promise<unknown> }>;

async function step(processor: ToolSearchProcessor, threadId: string, messages: unknown[] = []): Promise<Tools> {
  const requestContext = new RequestContext();
  requestContext.set('mastra__threadId', threadId);
  const out = await processor.processInputStep({ tools: {}, messageList: { addSystem() {} }, messages, requestContext } as never);
  return out.tools as Tools;
}
const offered = (tools: Tools) => Object.keys(tools).filter((k) => k !== 'search_tools' && k !== 'load_tool');
const call = (tools: Tools, name: string, input: unknown) => tools[name]!.execute!(input, {});

describe('the processor and its store', () => {
  for (const input of [{ toolName: 'alpha' }, { toolNames: ['alpha'] }]) {
    it(`[store.activate.all-confirmed] an "already loaded" confirmation during a step in which the thread expired keeps the tool (${Object.keys(input)[0]})`, async () => {
      let now = 0;
      const processor = new ToolSearchProcessor({ tools: catalog, ttl: 100, clock: () => now });
      try {
        await call(await step(processor, 't'), 'load_tool', { toolName: 'alpha' });
        now = 10;
        const second = await step(processor, 't');
        expect(offered(second)).toEqual(['alpha']);
        now = 200; // the thread expires while the step runs
        const result = (await call(second, 'load_tool', input)) as { success: boolean; message: string };
        expect(result.success).toBe(true);
        expect(result.message).toMatch(/already loaded/i);
        now = 210;
        expect(offered(await step(processor, 't'))).toEqual(['alpha']);
      } finally {
        processor.clearAllState();
      }
    });
  }

  it('[store.activate.all-confirmed] an "already loaded" confirmation after clearState during the step keeps the tool', async () => {
    const processor = new ToolSearchProcessor({ tools: catalog, ttl: 0 });
    await call(await step(processor, 't'), 'load_tool', { toolName: 'alpha' });
    const second = await step(processor, 't');
    processor.clearState('t');
    expect(await call(second, 'load_tool', { toolName: 'alpha' })).toMatchObject({ success: true, message: expect.stringMatching(/already loaded/) });
    expect(offered(await step(processor, 't'))).toEqual(['alpha']);
  });

  it('[store.kinds] the processor uses the in-memory store by default and the context store only with storage: context', async () => {
    const messages = [loadSingleMessage('beta')];
    // Default: state lives in the process (counted by getStateStats); the messages are not read.
    const byDefault = new ToolSearchProcessor({ tools: catalog, ttl: 0 });
    expect(offered(await step(byDefault, 'd', messages))).toEqual([]);
    await call(await step(byDefault, 'd', messages), 'load_tool', { toolName: 'alpha' });
    expect(byDefault.getStateStats().threadCount).toBe(1);
    expect(offered(await step(byDefault, 'd', messages))).toEqual(['alpha']);
    const inMemory = new ToolSearchProcessor({ tools: catalog, ttl: 0, storage: 'in-memory' });
    expect(offered(await step(inMemory, 'd', messages))).toEqual([]);
    // storage: 'context': the messages decide, and nothing but the (empty) bridge is held in memory.
    const context = new ToolSearchProcessor({ tools: catalog, storage: 'context' });
    expect(offered(await step(context, 'c', messages))).toEqual(['beta']);
    expect(context.getStateStats()).toEqual({ threadCount: 0, oldestAccessTime: null, evictions: 0 });
  });
});

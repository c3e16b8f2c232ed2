import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LibSQLStore } from '@mastra/libsql';
import { Memory } from '@mastra/memory';
import { afterAll, describe, expect, it } from 'vitest';
import { ToolSearchProcessor } from '../../src/index.js';
import { agentWith, weatherCatalog, weatherScript } from './support/fixtures.js';
import { call, say, scriptedModel } from './support/scripted-model.js';

const dir = mkdtempSync(join(tmpdir(), 'tool-search-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function memoryOn(file: string) {
  return new Memory({ storage: new LibSQLStore({ id: `store-${Math.random()}`, url: `file:${file}` }), options: { lastMessages: 20 } });
}

describe("storage: 'context' with @mastra/memory over @mastra/libsql on a database file", () => {
  it('[processor.store.select] [processor.thread.resolve] a fresh Agent and processor continue the thread with the tool still loaded', async () => {
    const file = join(dir, 'context.db');
    const memory = { thread: 'thread-restart', resource: 'user-1' };
    // 1. First process: search, load, call, answer; the thread is persisted.
    const first = weatherCatalog();
    const m1 = scriptedModel(weatherScript(false));
    const a1 = agentWith(m1.model, [new ToolSearchProcessor({ tools: first.tools, storage: 'context' })], { memory: memoryOn(file) });
    expect((await a1.generate('Weather in Paris?', { memory, maxSteps: 6 } as never)).text).toBe('It is sunny in Paris.');
    expect(first.executions).toEqual([{ city: 'Paris' }]);
    // 2. "Restart": new tools, processor, memory and agent over the same file. No load_tool call.
    const second = weatherCatalog();
    const m2 = scriptedModel([call('get_weather', { city: 'Lyon' }), say('Sunny in Lyon too.')]);
    const a2 = agentWith(m2.model, [new ToolSearchProcessor({ tools: second.tools, storage: 'context' })], { memory: memoryOn(file) });
    expect((await a2.generate('And in Lyon?', { memory, maxSteps: 4 } as never)).text).toBe('Sunny in Lyon too.');
    expect(m2.toolLists[0]).toEqual(['search_tools', 'load_tool', 'get_weather']);
    expect(second.executions).toEqual([{ city: 'Lyon' }]);
    // 3. Another thread of the same database has nothing loaded.
    const m3 = scriptedModel([say('hello')]);
    const a3 = agentWith(m3.model, [new ToolSearchProcessor({ tools: second.tools, storage: 'context' })], { memory: memoryOn(file) });
    await a3.generate('Hi', { memory: { thread: 'other-thread', resource: 'user-1' }, maxSteps: 2 } as never);
    expect(m3.toolLists[0]).toEqual(['search_tools', 'load_tool']);
  });

  it("[processor.thread.resolve] the in-memory store keys state by the memory thread the Agent records", async () => {
    const file = join(dir, 'in-memory.db');
    const { tools, executions } = weatherCatalog();
    const processor = new ToolSearchProcessor({ tools });
    const m1 = scriptedModel(weatherScript(false));
    await agentWith(m1.model, [processor], { memory: memoryOn(file) }).generate('Weather?', { memory: { thread: 'mem-a', resource: 'u' }, maxSteps: 6 } as never);
    // Same process, same thread (no mastra__threadId anywhere): still loaded.
    const m2 = scriptedModel([call('get_weather', { city: 'Nice' }), say('ok')]);
    await agentWith(m2.model, [processor], { memory: memoryOn(file) }).generate('Nice?', { memory: { thread: 'mem-a', resource: 'u' }, maxSteps: 4 } as never);
    expect(m2.toolLists[0]).toEqual(['search_tools', 'load_tool', 'get_weather']);
    expect(executions.map((e) => e.city)).toEqual(['Paris', 'Nice']);
    // Another memory thread does not share it.
    const m3 = scriptedModel([say('hi')]);
    await agentWith(m3.model, [processor], { memory: memoryOn(file) }).generate('hi', { memory: { thread: 'mem-b', resource: 'u' }, maxSteps: 2 } as never);
    expect(m3.toolLists[0]).toEqual(['search_tools', 'load_tool']);
    expect(processor.getStateStats().threadCount).toBe(1);
  });
});

/**
 * r[processor.pinned.expose] with a real Agent: under `includeResolvedTools`, Mastra's memory
 * tool `updateWorkingMemory` is withheld until searched and loaded — unless it is pinned, when
 * the model can call it from the first step.
 */
import { InMemoryStore } from '@mastra/core/storage';
import { Memory } from '@mastra/memory';
import { describe, expect, it } from 'vitest';
import { ToolSearchProcessor } from '../../src/index.js';
import { agentWith, weatherCatalog } from './support/fixtures.js';
import { call, say, scriptedModel } from './support/scripted-model.js';

const memoryWithWorkingMemory = () =>
  new Memory({ storage: new InMemoryStore(), options: { lastMessages: 10, workingMemory: { enabled: true, template: '# User\n- Name:' } } });

describe('pinning the memory tools of includeResolvedTools', () => {
  it('[processor.pinned.option] [processor.pinned.expose] [processor.resolved.searchable] a pinned updateWorkingMemory is callable from the first step; unpinned it is withheld', async () => {
    const { tools } = weatherCatalog();
    const memory = { thread: 'pin-1', resource: 'user-1' };
    // Pinned: exposed under its record key, as the Agent exposes it without the processor.
    const pinned = scriptedModel([call('updateWorkingMemory', { memory: '# User\n- Name: Ada' }), say('Noted.')]);
    const processor = new ToolSearchProcessor({ tools, includeResolvedTools: true, pinnedTools: ['updateWorkingMemory'] });
    const out = await agentWith(pinned.model, [processor], { memory: memoryWithWorkingMemory() }).generate('My name is Ada.', { memory, maxSteps: 3 } as never);
    expect(out.text).toBe('Noted.');
    expect(pinned.toolLists[0]).toEqual(['search_tools', 'load_tool', 'updateWorkingMemory']);
    const results = out.steps.flatMap((s) => s.toolResults.map((r) => (r as { payload?: { toolName?: string; result?: unknown } }).payload ?? r));
    expect(results).toContainEqual(expect.objectContaining({ toolName: 'updateWorkingMemory' }));
    expect(results.find((r) => (r as { toolName?: string }).toolName === 'updateWorkingMemory')).not.toMatchObject({ result: { error: true } });
    // Not pinned: the same first step offers only the meta-tools.
    const unpinned = scriptedModel([say('ok')]);
    const plain = new ToolSearchProcessor({ tools, includeResolvedTools: true });
    await agentWith(unpinned.model, [plain], { memory: memoryWithWorkingMemory() }).generate('Hi', { memory: { thread: 'pin-2', resource: 'user-1' }, maxSteps: 2 } as never);
    expect(unpinned.toolLists[0]).toEqual(['search_tools', 'load_tool']);
  });
});

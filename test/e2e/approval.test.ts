import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ToolSearchProcessor } from '../../src/index.js';
import { requestContext } from '../processor/support/harness.js';
import { agentWith } from './support/fixtures.js';
import { call, say, scriptedModel } from './support/scripted-model.js';

describe('a loaded tool that requires approval', () => {
  for (const storage of ['in-memory', 'context'] as const) {
    it(`[processor.resume.loaded-tools] after approval the resume path rebuilds the loaded tool and the call completes (${storage})`, async () => {
      const executed: number[] = [];
      const wire = createTool({
        id: 'wire_money',
        description: 'Wire money to an account',
        requireApproval: true,
        inputSchema: z.object({ amount: z.number() }),
        execute: async ({ amount }) => {
          executed.push(amount);
          return { sent: amount };
        },
      });
      const processor = new ToolSearchProcessor({ tools: { wire }, storage });
      const resume = vi.spyOn(processor, 'getLoadedToolsForRequestContext');
      const scripted = scriptedModel([call('search_tools', { query: 'wire money' }), call('load_tool', { toolName: 'wire_money' }), call('wire_money', { amount: 5 }), say('Sent.')]);
      const mastra = new Mastra({ agents: { banker: agentWith(scripted.model, [processor]) }, storage: new InMemoryStore(), logger: false });
      const agent = mastra.getAgent('banker');
      const rc = requestContext(`approval-${storage}`);
      // 1. The run suspends on the approval request; nothing executed yet.
      const stream = await agent.stream('Send 5', { requestContext: rc, maxSteps: 6 } as never);
      let toolCallId: string | undefined;
      for await (const chunk of stream.fullStream as AsyncIterable<{ type: string; payload?: { toolCallId?: string } }>) {
        if (chunk.type === 'tool-call-approval') toolCallId = chunk.payload?.toolCallId;
      }
      expect(toolCallId).toBeDefined();
      expect(executed).toEqual([]);
      resume.mockClear();
      // 2. Approve: the resume path asks the processor for its loaded tools, then the call runs.
      const resumed = await agent.approveToolCall({ runId: stream.runId, toolCallId, requestContext: rc } as never);
      expect(await resumed.text).toBe('Sent.');
      expect(executed).toEqual([5]);
      expect(resume).toHaveBeenCalled();
      const rebuilt = await resume.mock.results[0]!.value;
      expect(Object.keys(rebuilt)).toEqual(['wire_money']);
    });
  }
});

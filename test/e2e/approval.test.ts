import { describe, expect, it, vi } from 'vitest';
import { ToolSearchProcessor } from '../../src/index.js';
import { requestContext } from '../processor/support/harness.js';
import { approveAndResume, wireMoneyTool } from './support/fixtures.js';
import { call, say, scriptedModel } from './support/scripted-model.js';

describe('a loaded tool that requires approval', () => {
  for (const storage of ['in-memory', 'context'] as const) {
    it(`[processor.resume.loaded-tools] after approval the resume path rebuilds the loaded tool and the call completes (${storage})`, async () => {
      const { wire, executed } = wireMoneyTool();
      const processor = new ToolSearchProcessor({ tools: { wire }, storage });
      const resume = vi.spyOn(processor, 'getLoadedToolsForRequestContext');
      const scripted = scriptedModel([call('search_tools', { query: 'wire money' }), call('load_tool', { toolName: 'wire_money' }), call('wire_money', { amount: 5 }), say('Sent.')]);
      // 1. The run suspends on the approval request, nothing executed yet; 2. approve: the resume
      //    path asks the processor for its loaded tools, then the call runs.
      const run = await approveAndResume(scripted.model, processor, requestContext(`approval-${storage}`), executed, () => resume.mockClear());
      expect(run.toolCallId).toBeDefined();
      expect(run.executedBeforeApproval).toEqual([]);
      expect(run.text).toBe('Sent.');
      expect(executed).toEqual([5]);
      expect(resume).toHaveBeenCalled();
      const rebuilt = await resume.mock.results[0]!.value;
      expect(Object.keys(rebuilt)).toEqual(['wire_money']);
    });
  }
});

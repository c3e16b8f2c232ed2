/**
 * A real `@mastra/core` Agent driven by `MastraLanguageModelV2Mock`: each model call answers with
 * the next turn of a script and records the tool names the Agent offered.
 */
import { Agent } from '@mastra/core/agent';
import { MastraLanguageModelV2Mock } from '@mastra/core/test-utils/llm-mock';

/** One model turn: one tool call, or a final text. */
export type Turn = { toolName: string; input: unknown } | { text: string };

const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };

/** A scripted model; `offered[i]` are the tool names offered on model call `i`. */
export function scriptedModel(script: readonly Turn[]) {
  const offered: string[][] = [];
  let next = 0;
  const model = new MastraLanguageModelV2Mock({
    doGenerate: (async (options: { tools?: Array<{ name: string }> }) => {
      offered.push((options.tools ?? []).map((t) => t.name));
      const turn = script[next++] ?? { text: '(script exhausted)' };
      if ('text' in turn) return { content: [{ type: 'text', text: turn.text }], finishReason: 'stop', usage, warnings: [] };
      return {
        content: [{ type: 'tool-call', toolCallId: `call-${next}`, toolName: turn.toolName, input: JSON.stringify(turn.input) }],
        finishReason: 'tool-calls',
        usage,
        warnings: [],
      };
    }) as never,
  });
  return { model, offered };
}

/** An Agent over `model` with per-request `tools` and the given input processors. */
export function scriptedAgent(model: unknown, tools: unknown, inputProcessors: unknown[]): Agent {
  return new Agent({
    id: 'mcp-integration-agent',
    name: 'mcp-integration-agent',
    instructions: 'Find a tool when you need one.',
    model: model as never,
    tools: tools as never,
    inputProcessors: inputProcessors as never,
  });
}

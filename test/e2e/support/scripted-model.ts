/**
 * A scripted model for end-to-end runs: a real `MastraLanguageModelV2Mock` whose every call
 * answers with the next turn of a script and records the tool names the Agent offered.
 */
import { MastraLanguageModelV2Mock, simulateReadableStream } from '@mastra/core/test-utils/llm-mock';

/** One model turn: tool calls, or a final text. */
export type Turn = { calls: Array<{ toolName: string; input: unknown }> } | { text: string };

/** A call turn with one tool call. */
export const call = (toolName: string, input: unknown): Turn => ({ calls: [{ toolName, input }] });
/** A final text turn. */
export const say = (text: string): Turn => ({ text });

const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };

/**
 * A scripted model; `toolLists[i]` are the tool names offered on model call `i`, `toolSchemas[i]` their input JSON
 * Schemas, `toolDescriptions[i]` their descriptions. Tool call ids are `${callIdPrefix}call-n`: models that
 * write into one thread need distinct prefixes, as real models' ids are unique (Mastra merges results by call id).
 */
export function scriptedModel(script: readonly Turn[], { callIdPrefix = '' }: { callIdPrefix?: string } = {}) {
  const toolLists: string[][] = [];
  const toolSchemas: Array<Record<string, unknown>> = [];
  const toolDescriptions: Array<Record<string, string | undefined>> = [];
  const systemPrompts: string[][] = [];
  let next = 0;
  let callId = 0;
  const take = (options: { tools?: Array<{ name: string; description?: string; inputSchema?: unknown }>; prompt?: Array<{ role: string; content: unknown }> }): Turn => {
    toolLists.push((options.tools ?? []).map((t) => t.name));
    toolSchemas.push(Object.fromEntries((options.tools ?? []).map((t) => [t.name, t.inputSchema])));
    toolDescriptions.push(Object.fromEntries((options.tools ?? []).map((t) => [t.name, t.description])));
    systemPrompts.push((options.prompt ?? []).filter((m) => m.role === 'system').map((m) => String(m.content)));
    return script[next++] ?? say('(script exhausted)');
  };
  const content = (turn: Turn) =>
    'text' in turn
      ? [{ type: 'text' as const, text: turn.text }]
      : turn.calls.map((c) => ({ type: 'tool-call' as const, toolCallId: `${callIdPrefix}call-${++callId}`, toolName: c.toolName, input: JSON.stringify(c.input) }));
  const model = new MastraLanguageModelV2Mock({
    doGenerate: (async (options: never) => {
      const turn = take(options);
      return { content: content(turn), finishReason: 'text' in turn ? 'stop' : 'tool-calls', usage, warnings: [] };
    }) as never,
    doStream: (async (options: never) => {
      const turn = take(options);
      const chunks: unknown[] = [{ type: 'stream-start', warnings: [] }];
      if ('text' in turn) {
        chunks.push({ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: turn.text }, { type: 'text-end', id: 't' });
      } else {
        chunks.push(...content(turn));
      }
      chunks.push({ type: 'finish', finishReason: 'text' in turn ? 'stop' : 'tool-calls', usage });
      return { stream: simulateReadableStream({ chunks }) };
    }) as never,
  });
  return { model, toolLists, toolSchemas, toolDescriptions, systemPrompts, get calls() { return next; } };
}

/** True when every list is a prefix of the next one. */
export function isAppendOnly(lists: readonly (readonly string[])[]): boolean {
  return lists.every((list, i) => i === 0 || lists[i - 1]!.every((key, j) => list[j] === key));
}

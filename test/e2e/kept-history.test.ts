/**
 * What `@mastra/core` 1.71.0's Agent does to the messages between two steps of one request, as
 * r[store.context.derive.kept] relies on: the same array object at every step, the messages
 * before the previous last kept at their places and unchanged (only the previous last message,
 * watched messages and appended ones change), so the context store's kept history holds.
 */
import { describe, expect, it } from 'vitest';
import { ToolSearchProcessor } from '../../src/index.js';
import { isMetaToolName } from '../../src/stores/meta-tool-names.js';
import { requestContext } from '../processor/support/harness.js';
import { agentWith, weatherCatalog, weatherScript } from './support/fixtures.js';
import { scriptedModel } from './support/scripted-model.js';

type Stored = { content?: { parts?: Array<{ type?: string; toolInvocation?: { toolName?: string; state?: string } }> } };

/** Whether the store watches a message: a meta-tool part, or a call of any tool without its result yet. */
const isWatched = (m: unknown) =>
  ((m as Stored).content?.parts ?? []).some((p) => p.type === 'tool-invocation' && (isMetaToolName(p.toolInvocation?.toolName ?? '') || p.toolInvocation?.state !== 'result'));

/** Records, at each step, the array, its messages and a copy of their content. */
function recorder() {
  const steps: Array<{ array: unknown[]; messages: unknown[]; json: string[] }> = [];
  return {
    steps,
    processor: {
      id: 'kept-history-recorder',
      processInputStep(args: { messages: unknown[] }) {
        steps.push({ array: args.messages, messages: [...args.messages], json: args.messages.map((m) => JSON.stringify(m)) });
        return {};
      },
    },
  };
}

describe("a real Agent's steps", () => {
  for (const autoLoad of [false, true]) {
    for (const method of ['generate', 'stream'] as const) {
      it(`[store.context.derive.kept] [store.context.derive.incremental] one array at every step; before the previous last, only watched messages change (autoLoad ${autoLoad}, ${method})`, async () => {
        const { tools, executions } = weatherCatalog();
        const scripted = scriptedModel(weatherScript(autoLoad));
        const seen = recorder();
        const agent = agentWith(scripted.model, [seen.processor, new ToolSearchProcessor({ tools, storage: 'context', search: { autoLoad, topK: 1 } })]);
        const options = { requestContext: requestContext(`kept-${autoLoad}-${method}`), maxSteps: 6 } as never;
        const text = method === 'generate' ? (await agent.generate('Weather in Paris?', options)).text : await (await agent.stream('Weather in Paris?', options)).text;
        expect(text).toBe('It is sunny in Paris.');
        expect(executions).toEqual([{ city: 'Paris' }]);
        expect(seen.steps.length).toBe(autoLoad ? 3 : 4);
        for (let i = 1; i < seen.steps.length; i++) {
          const before = seen.steps[i - 1]!;
          const now = seen.steps[i]!;
          // The very array of the previous step, no shorter.
          expect(now.array).toBe(before.array);
          expect(now.messages.length).toBeGreaterThanOrEqual(before.messages.length);
          // Before the previous last message: the same objects, unchanged unless watched.
          const last = before.messages.length - 1;
          for (let p = 0; p < last; p++) {
            expect(now.messages[p]).toBe(before.messages[p]);
            if (!isWatched(before.messages[p])) expect(now.json[p]).toBe(before.json[p]);
          }
          // The previous last message is the same object (merged into in place) or still at its place.
          expect(now.messages[last]).toBe(before.messages[last]);
        }
      });
    }
  }
});

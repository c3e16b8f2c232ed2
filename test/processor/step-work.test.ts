/**
 * The work of one `processInputStep` with `storage: 'context'`, counted, not timed: on a kept
 * history (the same array, unchanged or appended to) the whole step — the binding's own reading
 * of the step arguments included, not only the store — touches the same number of message
 * properties and array elements whatever the history's length (r[store.context.derive.kept]).
 */
import { describe, expect, it } from 'vitest';
import { ToolSearchProcessor } from '../../src/mastra/index.js';
import { makeTool, requestContext, toolResultMessage } from './support/harness.js';

const NAMES = ['tool_a', 'tool_b', 'tool_c'];

/** Counts every property read of the objects it wraps (and of the objects read from them). */
class Reads {
  count = 0;
  readonly #proxies = new WeakMap<object, object>();

  wrap<T>(value: T): T {
    if (typeof value !== 'object' || value === null) return value;
    const known = this.#proxies.get(value);
    if (known !== undefined) return known as T;
    const proxy = new Proxy(value, {
      get: (target, key, receiver) => {
        this.count++;
        return this.wrap(Reflect.get(target, key, receiver) as unknown);
      },
      has: (target, key) => {
        this.count++;
        return Reflect.has(target, key);
      },
      getOwnPropertyDescriptor: (target, key) => {
        this.count++;
        return Reflect.getOwnPropertyDescriptor(target, key);
      },
      ownKeys: (target) => {
        this.count++;
        return Reflect.ownKeys(target);
      },
    });
    this.#proxies.set(value, proxy);
    // A proxy read back (an element of the wrapped array) is not wrapped again.
    this.#proxies.set(proxy, proxy);
    return proxy as T;
  }
}

function textMessage(n: number) {
  return { id: `t${n}`, role: n % 2 === 0 ? 'user' : 'assistant', createdAt: new Date(n), content: { format: 2, parts: [{ type: 'text', text: `message ${n}` }] } };
}

/** Reads of one step, after two untimed ones, over a `length`-message history; `append` pushes a message before it. */
async function readsOfStep(length: number, append: boolean): Promise<{ reads: number; keys: string[] }> {
  const tools = Object.fromEntries(NAMES.map((name) => [name, makeTool(name, `does ${name}`)]));
  const processor = new ToolSearchProcessor({ tools, storage: 'context' });
  const rc = requestContext('step-work');
  const reads = new Reads();
  const history: unknown[] = [];
  const first = await processor.processInputStep({ messages: [textMessage(0)], messageList: { addSystem: () => undefined }, tools: {}, requestContext: rc, stepNumber: 0 } as never);
  const load = first.tools.load_tool as { execute: (input: unknown, ctx: unknown) => Promise<unknown> };
  const result = await load.execute({ toolNames: NAMES }, {});
  history.push(textMessage(0), toolResultMessage('load_tool', { toolNames: NAMES }, result, 1));
  for (let n = 2; history.length < length; n++) history.push(n % 3 === 0 ? toolResultMessage(NAMES[n % 3]!, { n }, { ok: n }, n) : textMessage(n));
  // Every message, and the array itself, counts the reads made of it.
  const messages = reads.wrap(history.map((m) => reads.wrap(m)));
  const step = async () =>
    processor.processInputStep({ messages, messageList: { addSystem: () => undefined }, tools: {}, requestContext: rc, stepNumber: 1, steps: [], state: {}, retryCount: 0 } as never);
  await step();
  await step();
  if (append) (history as unknown[]).push(textMessage(length + 5));
  if (append) (messages as unknown[]).push(reads.wrap(textMessage(length + 5)));
  reads.count = 0;
  const out = await step();
  processor.dispose();
  return { reads: reads.count, keys: Object.keys(out.tools) };
}

describe('[store.context.derive.kept] work of a context step', () => {
  it('[store.context.derive.kept] [store.context.derive.incremental] a step on an unchanged history reads as many message properties at 1 000 and 10 000 messages', async () => {
    const small = await readsOfStep(1_000, false);
    const large = await readsOfStep(10_000, false);
    expect(small.keys).toEqual(['search_tools', 'load_tool', ...NAMES]);
    expect(large.keys).toEqual(small.keys);
    expect(large.reads).toBe(small.reads);
    // The array's length and two elements, the watched message and the last one (a few properties each).
    expect(small.reads).toBeGreaterThan(0);
    expect(small.reads).toBeLessThan(100);
  });

  it('[store.context.derive.kept] [store.context.derive.incremental] a step on a history with one message appended reads as many message properties at 1 000 and 10 000 messages', async () => {
    const small = await readsOfStep(1_000, true);
    const large = await readsOfStep(10_000, true);
    expect(large.keys).toEqual(['search_tools', 'load_tool', ...NAMES]);
    expect(large.reads).toBe(small.reads);
    expect(small.reads).toBeLessThan(120);
  });
});

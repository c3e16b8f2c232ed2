/**
 * Unit tests asked for by the survivors of `MUTATION_SCOPE=stores npm run mutation` in
 * `src/stores/in-memory.ts` and `src/stores/meta-results.ts`: what the processor never shows a
 * direct caller of the store (its own unload listener, its option message) or of the result
 * builders (more than three suggestions, a multi-name result that loaded nothing), or of
 * `completedInvocations` (every malformed message and part, one at a time).
 */
import { describe, expect, it } from 'vitest';
import { activatedNames, checkMaxThreads, completedInvocations, createContextStore, createInMemoryStore, loadToolMultiResult, loadToolNotFoundResult, type StoreUnload } from '../../src/stores/index.js';

const input = (threadId: string | undefined) => ({ threadId, messages: [], isKnownTool: () => true });

describe('in-memory store (mutation survivors)', () => {
  it('[store.memory.unload] a dropped thread is reported with its names in activation order and its thread id; the anonymous entry with threadId undefined', () => {
    const heard: StoreUnload[] = [];
    const store = createInMemoryStore({ ttl: 0, onUnload: (u) => heard.push(u) });
    store.activate(input('t1'), ['b', 'a']);
    store.activate(input('t1'), ['c']);
    store.activate(input(undefined), ['x']);
    store.clearState('t1');
    store.clearAllState();
    expect(heard).toEqual([
      { threadId: 't1', names: ['b', 'a', 'c'], reason: 'cleared' },
      { threadId: undefined, names: ['x'], reason: 'cleared' },
    ]);
    store.dispose();
  });

  it('[store.memory.unload] a thread that holds no tool is dropped without a report', () => {
    const heard: StoreUnload[] = [];
    const store = createInMemoryStore({ ttl: 0, onUnload: (u) => heard.push(u) });
    // A step reads the thread (and may create its entry) without activating anything.
    expect(store.loaded(input('empty'))).toEqual([]);
    store.activate(input('empty'), []);
    store.clearState('empty');
    store.clearAllState();
    expect(heard).toEqual([]);
    store.dispose();
  });

  it('[store.memory.max-threads] a string maxThreads is named in the error by its first 64 characters only', () => {
    const long = 'n'.repeat(100);
    let message = '';
    try {
      checkMaxThreads(long);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(JSON.stringify('n'.repeat(64)));
    expect(message).not.toContain('n'.repeat(65));
  });
});

describe('meta-tool results (mutation survivors)', () => {
  it('[store.meta-results.shapes] a not-found result names at most three suggestions', () => {
    const { message } = loadToolNotFoundResult('wether', ['weather', 'weather_alerts', 'weather_map', 'weather_radar', 'whether']);
    expect(message).toContain('weather_map');
    expect(message).not.toContain('weather_radar');
    expect(message).not.toContain('whether');
  });

  it('[store.meta-results.shapes] a multi-name result that loaded nothing says nothing of loading', () => {
    const result = loadToolMultiResult({ loaded: [], alreadyLoaded: ['weather'], notFound: [] });
    expect(result.message).not.toMatch(/^Loaded:/);
    expect(result.message).not.toContain('available on your next turn');
    expect(result).not.toHaveProperty('loaded');
  });

  it('[store.meta-results.malformed] a result that is not a record activates nothing, for either meta-tool', () => {
    for (const result of [null, undefined, 'weather', 42, ['weather']]) {
      expect(activatedNames('load_tool', result, { autoLoad: false })).toEqual([]);
      expect(activatedNames('search_tools', result, { autoLoad: true })).toEqual([]);
    }
  });
});

describe('completed invocations (mutation survivors)', () => {
  const invocation = (over: Record<string, unknown>) => ({ type: 'tool-invocation', toolInvocation: { state: 'result', toolName: 'load_tool', toolCallId: 'c', result: { success: true, toolName: 'w' }, ...over } });
  const assistant = (parts: unknown, content: Record<string, unknown> = {}) => ({ role: 'assistant', content: { format: 2, parts, ...content } });

  it('[store.context.messages.malformed] [store.context.messages.errors] [store.context.trust.assistant-only] every malformed, foreign, failed or unfinished invocation is skipped without a throw; the one completed result is read', () => {
    const messages: unknown[] = [
      null,
      42,
      'text',
      { role: 'user', content: { format: 2, parts: [invocation({})] } },
      { role: 'assistant', content: null },
      { role: 'assistant', content: 'parts' },
      assistant([invocation({})], { format: 1 }),
      assistant('not parts'),
      assistant([null, 7, { type: 'text', text: 'hi' }, { type: 'tool-invocation' }, { type: 'tool-invocation', toolInvocation: 'x' }]),
      assistant([invocation({ state: 'call' }), invocation({ isError: true }), invocation({ toolName: 42 })]),
      assistant([invocation({ toolCallId: 'ok' })]),
    ];
    expect([...completedInvocations(messages)]).toEqual([{ toolName: 'load_tool', result: { success: true, toolName: 'w' }, toolCallId: 'ok' }]);
    expect([...completedInvocations('not an array' as never)]).toEqual([]);
  });
});

describe('context store options (mutation survivors)', () => {
  const message = (options: Record<string, unknown>): string => {
    try {
      createContextStore({ autoLoad: false, ...options } as never);
    } catch (error) {
      return (error as Error).message;
    }
    return '';
  };

  it('[store.context.bridge.options] a bad maxBridgedThreads is named with its value when a number, with its type otherwise', () => {
    expect(message({ maxBridgedThreads: -1 })).toMatch(/maxBridgedThreads must be a non-negative safe integer .*, got -1\.$/);
    expect(message({ maxBridgedThreads: '5' })).toMatch(/maxBridgedThreads .*, got string\.$/);
  });

  it('[store.context.derive.incremental] a bad maxRememberedMessages is named with its value when a number, with its type otherwise', () => {
    expect(message({ maxRememberedMessages: 1.5 })).toMatch(/maxRememberedMessages must be a non-negative safe integer .*, got 1\.5\.$/);
    expect(message({ maxRememberedMessages: '5' })).toMatch(/maxRememberedMessages .*, got string\.$/);
    expect(message({ maxRememberedMessages: 0 })).toBe('');
  });

  it('[store.context.prefetched] a prefetch without a bridge adds its names and nothing else, in order', () => {
    const store = createContextStore({ autoLoad: false });
    const all = { isKnownTool: () => true };
    expect(store.loaded({ threadId: 't', messages: [], ...all, prefetched: { names: ['b', 'a'], at: 0 } })).toEqual(['b', 'a']);
    expect(store.loaded({ threadId: 't', messages: [], ...all, prefetched: { names: [], at: 0 } })).toEqual([]);
  });

  it('[store.context.order-memory] the latest order of an anonymous request, or of a thread never stepped, is empty', () => {
    const store = createContextStore({ autoLoad: false });
    const all = () => true;
    expect(store.latestLoaded!({ threadId: undefined, messages: [], isKnownTool: all })).toEqual([]);
    expect(store.latestLoaded!({ threadId: 'never', messages: [], isKnownTool: all })).toEqual([]);
  });

  it('[store.context.state-methods] the oldest access time is the least activation time of the bridged threads, whatever order the clock gave them', () => {
    const times = [100, 50];
    const store = createContextStore({ autoLoad: false, clock: () => times.shift() ?? 0 });
    store.activate({ threadId: 't1', messages: [], isKnownTool: () => true }, ['a']);
    store.activate({ threadId: 't2', messages: [], isKnownTool: () => true }, ['b']);
    expect(store.getStateStats()).toMatchObject({ threadCount: 2, oldestAccessTime: 50 });
  });
});

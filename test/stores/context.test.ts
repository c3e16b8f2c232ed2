import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createContextStore, DEFAULT_MAX_BRIDGED_THREADS, type StoreStepInput } from '../../src/stores/index.js';
import { knownTools, loadMultiMessage, loadSingleMessage, searchMessage, toolResultMessage, userMessage } from './support/messages.js';

const isKnownTool = knownTools(['a', 'b', 'c']);
const step = (threadId: string | undefined, messages: unknown[]): StoreStepInput => ({ threadId, messages, isKnownTool });

describe('context store', () => {
  it('[store.kinds] createContextStore makes the context store', () => {
    expect(createContextStore({ autoLoad: false }).kind).toBe('context');
  });

  it('[store.context.autoload-option] autoLoad must be a boolean', () => {
    expect(() => createContextStore({} as never)).toThrow(/options\.autoLoad must be a boolean/);
    expect(() => createContextStore({ autoLoad: 'yes' } as never)).toThrow(/options\.autoLoad/);
    expect(() => createContextStore(undefined as never)).toThrow(/options\.autoLoad/);
  });

  it('[store.context.derive] a tool is loaded exactly while an activating result naming it is in the messages', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: fc.constantFrom('a', 'b', 'c'), activating: fc.boolean() }), { maxLength: 8 }),
        fc.nat(8),
        (entries, cut) => {
          const store = createContextStore({ autoLoad: false });
          const messages = entries.map(({ name, activating }) => (activating ? loadSingleMessage(name) : searchMessage([name], false)));
          const kept = messages.slice(cut);
          const expected = new Set(entries.slice(cut).filter((e) => e.activating).map((e) => e.name));
          expect(new Set(store.loaded(step(undefined, kept)))).toEqual(expected);
        },
      ),
    );
  });

  it('[store.context.messages.format] only tool-invocation parts in state result count', () => {
    const store = createContextStore({ autoLoad: false });
    const call = toolResultMessage('load_tool', { success: true, toolName: 'a', message: '' }) as { content: { parts: { toolInvocation?: { state: string } }[] } };
    call.content.parts[1]!.toolInvocation!.state = 'call';
    expect(store.loaded(step(undefined, [call]))).toEqual([]);
    expect(store.loaded(step(undefined, [loadSingleMessage('a')]))).toEqual(['a']);
  });

  it('[store.context.messages.format] a load_tool result in any content format other than 2 activates nothing', () => {
    const store = createContextStore({ autoLoad: true });
    const good = loadSingleMessage('a') as { content: Record<string, unknown> };
    for (const format of [1, 3, '2', undefined]) {
      const foreign = { ...good, content: { ...good.content, format } };
      expect(store.loaded(step(undefined, [foreign]))).toEqual([]);
    }
    expect(store.loaded(step(undefined, [good]))).toEqual(['a']);
  });

  it('[store.context.messages.format] a load-shaped result counts only when toolInvocation.toolName names a meta-tool', () => {
    const store = createContextStore({ autoLoad: true });
    const result = { success: true, toolName: 'a', message: '', loaded: ['b'], results: [{ name: 'c', description: '', score: 1 }] };
    expect(store.loaded(step(undefined, [toolResultMessage('weather', result)]))).toEqual([]);
    expect(store.loaded(step(undefined, [toolResultMessage('load_tool', result)]))).toEqual(['a', 'b']);
    expect(store.loaded(step(undefined, [toolResultMessage('search_tools', result)]))).toEqual(['c']);
  });

  it('[store.context.messages.errors] a part flagged isError activates nothing', () => {
    const store = createContextStore({ autoLoad: false });
    const failed = toolResultMessage('load_tool', { success: true, toolName: 'a', message: '' }, { isError: true });
    expect(store.loaded(step(undefined, [failed]))).toEqual([]);
  });

  it('[store.context.messages.malformed] malformed or foreign messages and parts are skipped, never thrown on', () => {
    const store = createContextStore({ autoLoad: true });
    const good = loadSingleMessage('b');
    const junk: unknown[] = [
      null,
      42,
      'text',
      {},
      { content: 'plain string content' },
      { content: { format: 1, parts: [] } },
      { content: { format: 2, parts: 'nope' } },
      { content: { format: 2, parts: [null, 1, { type: 'text', text: 'hi' }, { type: 'tool-invocation' }, { type: 'tool-invocation', toolInvocation: { state: 'result', toolName: 3 } }] } },
      userMessage('hello'),
    ];
    expect(store.loaded(step(undefined, [...junk, good]))).toEqual(['b']);
    fc.assert(
      fc.property(fc.array(fc.anything(), { maxLength: 5 }), (noise) => {
        expect(store.loaded(step(undefined, [...noise, good]))).toEqual(['b']);
      }),
    );
    expect(store.loaded(step(undefined, 'not an array' as never))).toEqual([]);
  });

  it('[store.context.known-only] [store.loaded.known-only] a result naming a tool outside the current catalog activates nothing', () => {
    const store = createContextStore({ autoLoad: true });
    const messages = [loadSingleMessage('zz'), loadMultiMessage({ loaded: ['b', 'yy'] }), searchMessage(['xx', 'c'], true)];
    expect(store.loaded(step(undefined, messages))).toEqual(['b', 'c']);
    expect(store.loaded({ threadId: undefined, messages, isKnownTool: knownTools(['zz']) })).toEqual(['zz']);
  });

  it('[store.context.order] [store.loaded.shape] loaded tools come in order of first activation in the messages', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 3 }), { maxLength: 6 }), (batches) => {
        const store = createContextStore({ autoLoad: true });
        const messages = batches.map((batch, i) => (i % 2 === 0 ? loadMultiMessage({ loaded: batch }) : searchMessage(batch, true)));
        const expected: string[] = [];
        for (const name of batches.flat()) if (!expected.includes(name)) expected.push(name);
        expect(store.loaded(step(undefined, messages))).toEqual(expected);
      }),
    );
  });

  it('[store.context.order] bridged names the messages do not hold follow the message-derived ones', () => {
    const store = createContextStore({ autoLoad: false });
    store.activate(step('t', []), ['c', 'a']);
    expect(store.loaded(step('t', [loadSingleMessage('b'), loadSingleMessage('a')]))).toEqual(['b', 'a', 'c']);
  });

  it('[store.context.bridge.visible] [store.activate.known-only] an activation is loaded at the next step before its result reaches the messages', () => {
    const store = createContextStore({ autoLoad: false });
    store.activate(step('t', []), ['a', 'zz']);
    store.activate(step('t', []), ['b']);
    expect(store.loaded(step('t', []))).toEqual(['a', 'b']);
  });

  it('[store.activate.known-only] the bridge ignores names unknown when activated, even if a later catalog knows them', () => {
    const store = createContextStore({ autoLoad: false });
    const narrow = { threadId: 't', messages: [], isKnownTool: knownTools(['a']) };
    store.activate(narrow, ['zz', 'a']);
    // The next step's catalog has zz; it still was not activated.
    expect(store.loaded({ threadId: 't', messages: [], isKnownTool: knownTools(['a', 'zz']) })).toEqual(['a']);
  });

  it('[store.loaded.known-only] a bridged or message-held tool missing from the step\'s catalog is not returned, and comes back with the catalog', () => {
    const store = createContextStore({ autoLoad: false });
    const messages = [loadSingleMessage('b')];
    store.activate(step('t', []), ['a']);
    expect(store.loaded({ threadId: 't', messages, isKnownTool: knownTools(['c']) })).toEqual([]);
    expect(store.loaded(step('t', messages))).toEqual(['b']);
  });

  it('[store.context.bridge.visible] the bridge only adds: it never removes a message-derived tool', () => {
    fc.assert(
      fc.property(fc.subarray(['a', 'b', 'c']), fc.subarray(['a', 'b', 'c']), (inMessages, bridged) => {
        const store = createContextStore({ autoLoad: false });
        store.activate(step('t', []), bridged);
        const loaded = store.loaded(step('t', inMessages.map((n) => loadSingleMessage(n))));
        expect(new Set(loaded)).toEqual(new Set([...inMessages, ...bridged]));
      }),
    );
  });

  it('[store.context.bridge.next-step] a bridged name is dropped by the next read, confirmed or not', () => {
    const store = createContextStore({ autoLoad: false });
    // Confirmed: the messages carry it on, and unload it when the result leaves.
    store.activate(step('t', []), ['a']);
    const confirmed = [loadSingleMessage('a')];
    expect(store.loaded(step('t', confirmed))).toEqual(['a']);
    expect(store.loaded(step('t', confirmed))).toEqual(['a']);
    expect(store.loaded(step('t', []))).toEqual([]);
    // Never confirmed: loaded for the one step after its activation only.
    store.activate(step('t', []), ['b']);
    expect(store.loaded(step('t', []))).toEqual(['b']);
    expect(store.loaded(step('t', []))).toEqual([]);
  });

  it('[store.step.read-once] the read is the step boundary: activations after it are seen by the next read only, and a second read of a step has lost the bridge', () => {
    const store = createContextStore({ autoLoad: false });
    expect(store.loaded(step('t', []))).toEqual([]); // step n starts
    store.activate(step('t', []), ['a']); // step n's load_tool
    expect(store.loaded(step('t', []))).toEqual(['a']); // step n + 1
    expect(store.loaded(step('t', []))).toEqual([]); // reading step n + 1 again: the bridge is gone
  });

  it('[store.context.bridge.next-step] the bridge is per thread: reading one thread does not consume another', () => {
    const store = createContextStore({ autoLoad: false });
    store.activate(step('t1', []), ['a']);
    store.activate(step('t2', []), ['b']);
    expect(store.loaded(step('t1', []))).toEqual(['a']);
    expect(store.loaded(step('t2', []))).toEqual(['b']);
    expect(store.loaded(step('t1', []))).toEqual([]);
  });

  it('[store.context.bridge.anonymous] [store.thread.anonymous] anonymous requests get no bridge', () => {
    const store = createContextStore({ autoLoad: false });
    for (const id of [undefined, '']) {
      store.activate(step(id, []), ['a']);
      expect(store.loaded(step(id, []))).toEqual([]);
      expect(store.loaded(step(id, [loadSingleMessage('a')]))).toEqual(['a']);
    }
    expect(store.loaded(step('default', []))).toEqual([]);
  });

  it('[store.context.bridge.restart] after a restart the messages alone decide', () => {
    const before = createContextStore({ autoLoad: false });
    before.activate(step('t', []), ['a', 'b']);
    const messages = [loadSingleMessage('b')];
    const after = createContextStore({ autoLoad: false });
    expect(after.loaded(step('t', messages))).toEqual(['b']);
    expect(before.loaded(step('t', messages))).toEqual(['b', 'a']);
  });

  it('[store.context.state-methods] stats describe the bridge; clearState and clearAllState change nothing; dispose drops bridges', () => {
    let now = 100;
    const store = createContextStore({ autoLoad: false, clock: () => now });
    expect(store.getStateStats()).toEqual({ threadCount: 0, oldestAccessTime: null, evictions: 0 });
    store.activate(step('t', []), ['a']);
    now = 200;
    store.activate(step('u', []), ['b']);
    store.activate(step(undefined, []), ['c']);
    expect(store.getStateStats()).toEqual({ threadCount: 2, oldestAccessTime: 100, evictions: 0 });
    store.clearState('t');
    store.clearState();
    store.clearAllState();
    expect(store.getStateStats()).toEqual({ threadCount: 2, oldestAccessTime: 100, evictions: 0 });
    expect(store.cleanupNow()).toBe(0);
    // A read consumes the thread's bridge (r[store.context.bridge.next-step]), and the stats follow.
    expect(store.loaded(step('t', [loadSingleMessage('c')]))).toEqual(['c', 'a']);
    expect(store.getStateStats()).toEqual({ threadCount: 1, oldestAccessTime: 200, evictions: 0 });
    store.dispose();
    expect(store.getStateStats()).toEqual({ threadCount: 0, oldestAccessTime: null, evictions: 0 });
    expect(store.loaded(step('u', []))).toEqual([]);
  });

  it('[store.context.trust.assistant-only] a result part counts only in a message whose own role is assistant', () => {
    const store = createContextStore({ autoLoad: true });
    const withRole = (role: unknown) => {
      const message = loadSingleMessage('a') as Record<string, unknown>;
      if (role === undefined) delete message.role;
      else message.role = role;
      return message;
    };
    for (const role of ['user', 'system', 'signal', 'tool', 'Assistant', ' assistant', undefined, null, 1]) {
      expect(store.loaded(step(undefined, [withRole(role)]))).toEqual([]);
    }
    const inherited = Object.assign(Object.create({ role: 'assistant' }), withRole(undefined));
    expect(store.loaded(step(undefined, [inherited]))).toEqual([]);
    expect(store.loaded(step(undefined, [withRole('assistant')]))).toEqual(['a']);
  });

  it('[store.context.trust.assistant-only] whatever mix of roles, exactly the assistant messages decide', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ name: fc.constantFrom('a', 'b', 'c'), role: fc.constantFrom('assistant', 'user', 'system', 'signal', 'tool') }), { maxLength: 8 }), (entries) => {
        const store = createContextStore({ autoLoad: false });
        const messages = entries.map(({ name, role }) => ({ ...loadSingleMessage(name), role }));
        const expected = [...new Set(entries.filter((e) => e.role === 'assistant').map((e) => e.name))];
        expect(store.loaded(step(undefined, messages))).toEqual(expected);
      }),
    );
  });

  it('[store.context.bridge.bounded] the bridge holds at most maxBridgedThreads threads; the least recently activated go first, counted', () => {
    let now = 0;
    const store = createContextStore({ autoLoad: false, maxBridgedThreads: 3, clock: () => now++ });
    for (const t of ['t1', 't2', 't3', 't4', 't5']) store.activate(step(t, []), ['a']);
    expect(store.getStateStats()).toMatchObject({ threadCount: 3, evictions: 2 });
    // Re-activating t3 makes it the most recent, so t4 is the next to go.
    store.activate(step('t3', []), ['b']);
    store.activate(step('t6', []), ['c']);
    expect(store.getStateStats()).toMatchObject({ threadCount: 3, evictions: 3 });
    expect(store.loaded(step('t1', []))).toEqual([]);
    expect(store.loaded(step('t4', []))).toEqual([]);
    expect(store.loaded(step('t3', []))).toEqual(['a', 'b']);
    expect(store.loaded(step('t5', []))).toEqual(['a']);
    expect(store.loaded(step('t6', []))).toEqual(['c']);
    // A dropped bridge costs that one step only: the messages still decide.
    expect(store.loaded(step('t1', [loadSingleMessage('a')]))).toEqual(['a']);
    expect(store.getStateStats()).toEqual({ threadCount: 0, oldestAccessTime: null, evictions: 3 });
  });

  it('[store.context.bridge.bounded] growth stops at the default bound however many threads activate (counted by entries)', () => {
    const store = createContextStore({ autoLoad: false });
    const threads = DEFAULT_MAX_BRIDGED_THREADS + 500;
    for (let i = 0; i < threads; i++) store.activate(step(`abandoned-${i}`, []), ['a', 'b']);
    expect(DEFAULT_MAX_BRIDGED_THREADS).toBe(10_000);
    expect(store.getStateStats()).toMatchObject({ threadCount: DEFAULT_MAX_BRIDGED_THREADS, evictions: 500 });
    expect(store.loaded(step('abandoned-0', []))).toEqual([]);
    expect(store.loaded(step(`abandoned-${threads - 1}`, []))).toEqual(['a', 'b']);
  });

  it('[store.context.bridge.bounded] maxBridgedThreads 0 keeps no bridge: the messages alone decide', () => {
    const store = createContextStore({ autoLoad: false, maxBridgedThreads: 0 });
    store.activate(step('t', []), ['a']);
    expect(store.getStateStats()).toEqual({ threadCount: 0, oldestAccessTime: null, evictions: 0 });
    expect(store.loaded(step('t', []))).toEqual([]);
  });

  it('[store.context.bridge.options] a bad maxBridgedThreads or clock is rejected with an error that names it', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '3']) {
      expect(() => createContextStore({ autoLoad: false, maxBridgedThreads: bad as never })).toThrow(/options\.maxBridgedThreads must be a non-negative safe integer/);
    }
    expect(() => createContextStore({ autoLoad: false, clock: 5 as never })).toThrow(/options\.clock must be a function/);
    expect(() => createContextStore({ autoLoad: false, receiptSecret: 'short' })).toThrow(/^Invalid receiptSecret/);
    expect(() => createContextStore({ autoLoad: false, maxBridgedThreads: 0, clock: () => 1 })).not.toThrow();
  });
});

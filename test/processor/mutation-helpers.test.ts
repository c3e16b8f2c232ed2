/**
 * The processor's small helpers, on the inputs the first Stryker run over the `processor` scope
 * (`MUTATION_SCOPE=processor npm run mutation`) showed no test gave them: each test names the
 * rule the helper serves.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadToolInputSchema, loadToolInputShape, searchToolsInputSchema, searchToolsInputShape } from '../../src/processor/meta-schemas.js';
import { orderStepTools } from '../../src/processor/ordering.js';
import { errorText, shorten } from '../../src/processor/echo.js';
import { echo } from '../../src/processor/meta-input.js';
import { received } from '../../src/processor/tool-reading.js';
import { runLoadTool, runSearchTools, type MetaToolStep } from '../../src/processor/meta-tools.js';
import { ToolSearchOptionsError, ToolSearchProcessor } from '../../src/index.js';
import { resolveThreadId } from '../../src/processor/thread-id.js';
import { persistedMessages } from '../../src/processor/persisted-messages.js';
import { toolCallIdOf } from '../../src/processor/tool-call-id.js';
import { EventSink, REQUEST_ID_STATE_KEY, requestIdOf, scopeOf, tracingSpanOf } from '../../src/processor/events.js';
import { prefetchQuery } from '../../src/processor/prefetch.js';
import { decideFilter } from '../../src/processor/filter.js';
import { checkLoadInput, checkSearchInput, MAX_QUERY_LENGTH } from '../../src/processor/meta-input.js';
import { exceedsCodePoints, lengthText } from '../../src/processor/code-points.js';
import { Conversation, delivered, hostile, makeTool, requestContext } from './support/harness.js';
import type { ToolSearchEvent } from '../../src/index.js';


/** What constructing a processor with `options` throws. */
function constructionError(options: unknown): ToolSearchOptionsError {
  try {
    new ToolSearchProcessor(options as never);
  } catch (error) {
    expect(error).toBeInstanceOf(ToolSearchOptionsError);
    return error as ToolSearchOptionsError;
  }
  throw new Error('the options were accepted');
}

describe('the meta-tools’ JSON Schemas per target', () => {
  it('[processor.input.search] [processor.input.load] each Standard JSON Schema target gets zod’s schema for that target, and any other target draft-07’s', () => {
    const pairs = [
      [searchToolsInputSchema, searchToolsInputShape],
      [loadToolInputSchema, loadToolInputShape],
    ] as const;
    for (const [schema, shape] of pairs) {
      const shown = (target?: string) => schema['~standard'].jsonSchema.input(target === undefined ? undefined : { target });
      const zods = (target: 'draft-7' | 'draft-2020-12' | 'openapi-3.0') => z.toJSONSchema(shape, { target, io: 'input' });
      expect(shown('draft-2020-12')).toEqual(zods('draft-2020-12'));
      expect(shown('openapi-3.0')).toEqual(zods('openapi-3.0'));
      for (const other of [undefined, 'draft-07', 'draft-04', '']) expect(shown(other)).toEqual(zods('draft-7'));
      // (The three differ, so a wrong mapping shows.)
      expect(zods('draft-2020-12')).not.toEqual(zods('draft-7'));
      expect(zods('openapi-3.0')).not.toEqual(zods('draft-7'));
      expect(zods('openapi-3.0')).not.toEqual(zods('draft-2020-12'));
      // Validation lets every input through unchanged (the meta-tool answers a bad one itself).
      for (const input of [{ query: 'x' }, 42, null]) expect(schema['~standard'].validate(input)).toEqual({ value: input });
      // The output schema is the same function of the target.
      expect(schema['~standard'].jsonSchema.output({ target: 'openapi-3.0' })).toEqual(zods('openapi-3.0'));
    }
  });
});

describe('a step’s tool record', () => {
  it('[processor.tools.meta] a pass-through tool named like a meta-tool is dropped, also when the step has no meta-tool of that name (search.autoLoad)', () => {
    const ours = { owner: 'ours' };
    const theirs = { owner: 'theirs' };
    const other = { owner: 'other' };
    const record = orderStepTools<{ owner: string }>(
      [['search_tools', ours]],
      [
        ['load_tool', theirs],
        ['search_tools', theirs],
        ['weather', other],
      ],
      [],
      [],
    );
    expect(Object.keys(record)).toEqual(['search_tools', 'weather']);
    expect(record.search_tools).toBe(ours);
  });
});

describe('texts of values and thrown values', () => {
  it('[processor.input.bounded] a cut never splits a surrogate pair, for the first and the last high surrogate', () => {
    const head = 'a'.repeat(63);
    // U+10000 (high surrogate D800), U+10FFFF (DBFF) and U+FFFF (no surrogate) straddling the cut.
    expect(shorten(`${head}\u{10000}bbbb`)).toBe(`${head}…`);
    expect(shorten(`${head}\u{10FFFF}bbbb`)).toBe(`${head}…`);
    expect(shorten(`${head}\uffffbbbb`)).toBe(`${head}\uffff…`);
    // A low surrogate last is the end of a pair that fits.
    expect(shorten(`${'a'.repeat(62)}\u{10000}bbbb`)).toBe(`${'a'.repeat(62)}\u{10000}…`);
  });

  it('[processor.options.bounded-echo] a thrown value’s text: an Error by name and message, a string shortened, an object not read, anything else as a string, an unreadable one said so', () => {
    expect(errorText(new TypeError('bad'))).toBe('TypeError: bad');
    expect(errorText('plain')).toBe('plain');
    expect(errorText('x'.repeat(100))).toBe(`${'x'.repeat(64)}…`);
    expect(errorText({ message: 'not read' })).toBe('a thrown object');
    expect(errorText(null)).toBe('null');
    expect(errorText(undefined)).toBe('undefined');
    expect(errorText(42)).toBe('42');
    expect(errorText(Symbol('s'))).toBe('Symbol(s)');
    expect(errorText(hostile())).toBe('an unreadable error');
  });

  it('[processor.input.bounded] a model-supplied value is echoed by kind', () => {
    expect(echo('name')).toBe('"name"');
    expect(echo(null)).toBe('null');
    expect(echo(() => 1)).toBe('a function');
    expect(echo(Symbol('s'))).toBe('a symbol');
    expect(echo([1, 2])).toBe('an array of 2');
    expect(echo({})).toBe('an object');
    expect(echo(7)).toBe('number 7');
    expect(echo(undefined)).toBe('undefined undefined');
  });

  it('[processor.resolved.non-tools] a value that is not a tool is described by kind', () => {
    expect(received(null)).toBe('null');
    expect(received(undefined)).toBe('undefined');
    expect(received('abc')).toBe('the string "abc"');
    expect(received([1])).toBe('an array');
    expect(received(Symbol('s'))).toBe('a symbol');
    expect(received(42)).toBe('the number 42');
    expect(received(true)).toBe('the boolean true');
  });
});

describe('construction errors that name the option', () => {
  const tools = {};
  it('[processor.options.validate] a function or a symbol where a number belongs is said to be one', () => {
    expect(constructionError({ tools, search: { topK: () => 1 } }).message).toBe('Invalid ToolSearchProcessor option "search.topK": expected a positive integer, received a function.');
    expect(constructionError({ tools, search: { topK: Symbol('x') } }).message).toBe('Invalid ToolSearchProcessor option "search.topK": expected a positive integer, received a symbol.');
  });

  it('[processor.pinned.option] [processor.names.length] a pinned name has 1 to 256 code points', () => {
    const tools = { w: makeTool('w', 'd') };
    const empty = constructionError({ tools, pinnedTools: ['w', ''], includeResolvedTools: true });
    expect([empty.option, empty.message]).toEqual(['pinnedTools[1]', 'Invalid ToolSearchProcessor option "pinnedTools[1]": a name has 1 to 256 characters, received "".']);
    expect(constructionError({ tools, pinnedTools: ['x'.repeat(257)], includeResolvedTools: true }).option).toBe('pinnedTools[0]');
    // 200 astral characters are 400 UTF-16 units but 200 code points.
    expect(() => new ToolSearchProcessor({ tools, pinnedTools: ['😀'.repeat(200)], includeResolvedTools: true })).not.toThrow();
  });

  it('[processor.options.validate] [processor.options.errors] options that are null or a revoked Proxy, a long string, and an array where a list is wrong are each described', () => {
    const empty = constructionError(null);
    expect([empty.option, empty.message]).toEqual(['options', 'Invalid ToolSearchProcessor options: expected an options object such as { tools: { myTool } }, received null.']);
    const revocable = Proxy.revocable({}, {});
    revocable.revoke();
    expect(constructionError(revocable.proxy).message).toBe('Invalid ToolSearchProcessor options: expected an options object such as { tools: { myTool } }, received an unreadable object.');
    expect(constructionError({ tools: {}, search: { topK: 'x'.repeat(50) } }).message).toBe(`Invalid ToolSearchProcessor option "search.topK": expected a positive integer, received "${'x'.repeat(40)}…".`);
    expect(constructionError({ tools: {}, pinnedTools: [5] }).message).toBe(
      'Invalid ToolSearchProcessor option "pinnedTools": expected an array of tool names, or a function ({ toolName, key, tool }) => boolean, received an array.',
    );
  });

  it('[processor.options.unreadable-tool] [processor.options.validate] options whose tools getter throws, and a tool whose id is not a string, are named', () => {
    const getter = constructionError(Object.defineProperty({}, 'tools', { enumerable: true, get: () => { throw new Error('tools getter'); } }));
    expect([getter.option, getter.message]).toEqual(['tools', 'Invalid ToolSearchProcessor option "tools": reading it threw (Error: tools getter). Pass a plain object of tools.']);
    expect(constructionError({ tools: { a: { id: 5, description: 'A tool' } } }).option).toBe('tools.a');
    expect(constructionError({ tools: { a: { id: '', description: 'A tool' } } }).option).toBe('tools.a');
    expect(() => new ToolSearchProcessor({ tools: { a: { description: 'A tool without an id' } } as never })).not.toThrow();
  });

  it('[processor.options.unreadable-tool] a tool whose value cannot be read from the record is named by its key', () => {
    const tools = Object.defineProperty({}, 'a', { enumerable: true, get: () => { throw new Error('getter'); } });
    const error = constructionError({ tools });
    expect([error.option, error.message]).toEqual(['tools.a', 'Invalid ToolSearchProcessor option "tools.a": reading the tool threw (Error: getter). Pass a tool from createTool whose id and description are plain values.']);
  });

  it('[processor.options.unreadable-tool] a tools record whose keys cannot be listed, and options that cannot be read, name what failed', () => {
    const keys = constructionError({ tools: new Proxy({}, { ownKeys: () => { throw new Error('keys'); } }) });
    expect([keys.option, keys.message]).toEqual(['tools', 'Invalid ToolSearchProcessor option "tools": its keys could not be listed (Error: keys). Pass a plain object of tools.']);
    const options = constructionError(
      new Proxy({ tools }, { get: (target, key) => (key === 'tools' ? tools : (() => { throw new Error('boom'); })()) }),
    );
    expect([options.option, options.message]).toEqual(['options', 'Invalid ToolSearchProcessor options: they could not be read (Error: boom). Pass a plain options object.']);
  });
});

describe('the texts of rejected inputs', () => {
  it('[processor.input.search] [processor.input.load] [processor.texts.own] each rejection names the value received and the limit', () => {
    const message = (check: { ok: boolean; message?: string }) => (check.ok ? 'accepted' : check.message);
    expect(message(checkSearchInput(42))).toBe('search_tools expects { query: string }, received number 42.');
    expect(message(checkSearchInput(['q']))).toBe('search_tools expects { query: string }, received an array of 1.');
    expect(message(checkSearchInput({ query: 'x'.repeat(1_001) }))).toBe('search_tools: "query" must be at most 1000 characters, received 1001.');
    expect(checkSearchInput({ query: 'x'.repeat(1_000) }).ok).toBe(true);
    expect(message(checkLoadInput('name'))).toBe('load_tool expects { toolName?: string, toolNames?: string[] }, received "name".');
    expect(message(checkLoadInput({ toolNames: 'x' }))).toBe('load_tool: "toolNames" must be an array of strings, received "x".');
    const names = (n: number) => Array.from({ length: n }, (_, i) => `n${i}`);
    expect(checkLoadInput({ toolNames: names(100) }).ok).toBe(true);
    expect(message(checkLoadInput({ toolNames: names(101) }))).toBe('load_tool: "toolNames" may hold at most 100 names, received 101. Load fewer tools at once.');
  });
});

describe('inputs that cannot be read', () => {
  it('[processor.input.never-throws] the error result names what reading the input threw', async () => {
    const p = new ToolSearchProcessor({ tools: { weather: makeTool('get_weather', 'Get the weather') } });
    try {
      const c = new Conversation(p, requestContext('unreadable-input'));
      await c.step();
      const search = (await c.call('search_tools', throwingAt('query'))) as { results: unknown[]; message: string };
      expect(search.message).toBe('search_tools could not read its input (Error: query getter). Send a plain JSON object { query: string }.');
      const load = (await c.call('load_tool', throwingAt('toolName'))) as { success: boolean; message: string };
      expect(load.message).toBe('load_tool could not read its input (Error: toolName getter). Send a plain JSON object { toolName?: string, toolNames?: string[] }.');
    } finally {
      p.dispose();
    }
  });
});

describe('meta-tools whose step fails inside', () => {
  /** A step whose every field throws when read: an internal failure of the processor. */
  const broken = hostile() as MetaToolStep;

  it('[processor.input.never-throws] an internal failure of search_tools is an error result that names it', async () => {
    const result = await runSearchTools(broken, { query: 'weather' }, 'call-1');
    expect(result).toEqual({ results: [], message: 'search_tools failed (Error: trap). Try again.' });
  });

  it('[processor.input.never-throws] an internal failure of load_tool is an error result that names it', async () => {
    const result = await runLoadTool(broken, { toolName: 'weather' }, 'call-1');
    expect(result).toEqual({ success: false, message: 'load_tool failed (Error: trap). Try again.' });
  });
});

/** An object whose `key` getter throws. */
const throwingAt = (key: string, rest: Record<string, unknown> = {}) =>
  Object.defineProperty({ ...rest }, key, {
    enumerable: true,
    get: () => {
      throw new Error(`${key} getter`);
    },
  });

describe('values of the caller read without throwing', () => {
  it('[processor.thread.resolve] a request context whose get cannot be read has no thread', () => {
    expect(resolveThreadId(throwingAt('get') as never)).toBeUndefined();
    expect(resolveThreadId({ get: () => 'thread-1' } as never)).toBe('thread-1');
  });

  it('[processor.resume.persisted] the memory is recalled only through values that can be read; a recall without messages is none', async () => {
    const calls: unknown[] = [];
    const memory = { recall: async (args: unknown) => (calls.push(args), { messages: 'not a list' }) };
    const context = (value: unknown) => ({ get: (key: string) => (key === 'MastraMemory' ? value : undefined) });
    const good = { thread: { id: 't1' }, resourceId: 'r1', memoryConfig: { lastMessages: 5 }, runState: () => ({ memory }) };
    expect(await persistedMessages(context(good) as never)).toEqual([]);
    expect(calls).toEqual([{ threadId: 't1', resourceId: 'r1', threadConfig: { lastMessages: 5 } }]);
    // get throws, runState throws, a thread that is not a record: no recall.
    expect(await persistedMessages({ get: () => { throw new Error('get'); } } as never)).toBeUndefined();
    expect(await persistedMessages(context({ ...good, runState: () => { throw new Error('state'); } }) as never)).toBeUndefined();
    expect(await persistedMessages(context({ ...good, thread: 't1' }) as never)).toBeUndefined();
    expect(await persistedMessages(context(throwingAt('thread', good)) as never)).toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it('[processor.receipts.write] a call id is read from the context or its agent, never from a getter that throws', () => {
    expect(toolCallIdOf({ toolCallId: 'c1' })).toBe('c1');
    expect(toolCallIdOf({ agent: { toolCallId: 'c2' }, toolCallId: 'c1' })).toBe('c2');
    expect(toolCallIdOf(throwingAt('agent', { toolCallId: 'c1' }))).toBeUndefined();
    expect(toolCallIdOf(Object.assign(() => undefined, { toolCallId: 'c1' }))).toBeUndefined();
    expect(toolCallIdOf(null)).toBeUndefined();
    expect(toolCallIdOf({ toolCallId: '' })).toBeUndefined();
    // An agent of null is no agent; an id that is not a string is none.
    expect(toolCallIdOf({ agent: null, toolCallId: 'c1' })).toBe('c1');
    expect(toolCallIdOf({ toolCallId: ['c1'] })).toBeUndefined();
    expect(toolCallIdOf({ agent: { toolCallId: 7 } })).toBeUndefined();
  });

  it('[processor.events.context] a request id is the run id, else kept in the step state; a state that cannot be written gives none', () => {
    expect(requestIdOf({ runId: 'run-1' }, () => 'new')).toBe('run-1');
    // An empty run id or held id is none.
    expect(requestIdOf({ runId: '', state: { [REQUEST_ID_STATE_KEY]: '' } }, () => 'fresh')).toBe('fresh');
    const state: Record<string, unknown> = {};
    expect(requestIdOf({ state }, () => 'new')).toBe('new');
    expect(state[REQUEST_ID_STATE_KEY]).toBe('new');
    expect(requestIdOf({ state }, () => 'other')).toBe('new');
    expect(requestIdOf({ state: Object.freeze({}) }, () => 'new')).toBeUndefined();
    expect(requestIdOf(throwingAt('runId'), () => 'new')).toBeUndefined();
    // Step arguments and their state are objects: a function is neither.
    expect(requestIdOf(Object.assign(() => undefined, { runId: 'run-1' }), () => 'new')).toBeUndefined();
    const fnState = Object.assign(() => undefined, {});
    expect(requestIdOf({ state: fnState }, () => 'new')).toBeUndefined();
    expect(fnState).not.toHaveProperty(REQUEST_ID_STATE_KEY);
  });

  it('[processor.events.tracing] the tracing span is read without throwing', () => {
    const span = { id: 'span' };
    expect(tracingSpanOf({ tracingContext: { currentSpan: span } })).toBe(span);
    expect(tracingSpanOf(throwingAt('tracingContext'))).toBeUndefined();
    expect(tracingSpanOf({ tracingContext: 'x' })).toBeUndefined();
    // A carrier is step arguments or an execution context, an object: a function is none.
    expect(tracingSpanOf(Object.assign(() => undefined, { tracingContext: { currentSpan: span } }))).toBeUndefined();
    expect(tracingSpanOf({ tracingContext: Object.assign(() => undefined, { currentSpan: span }) })).toBeUndefined();
    expect(tracingSpanOf({ tracingContext: null })).toBeUndefined();
  });

  it('[processor.prefetch.query] the latest user message’s text, cut to the query limit in code points; a message that cannot be read is skipped', () => {
    const long = '😀'.repeat(MAX_QUERY_LENGTH + 5);
    expect(prefetchQuery([{ role: 'user', content: long }])).toBe('😀'.repeat(MAX_QUERY_LENGTH));
    expect(prefetchQuery([{ role: 'user', content: 'a'.repeat(MAX_QUERY_LENGTH + 500) }])).toBe('a'.repeat(MAX_QUERY_LENGTH));
    expect(prefetchQuery([{ role: 'user', content: 'weather in Paris' }, throwingAt('role')])).toBe('weather in Paris');
    expect(prefetchQuery([{ role: 'user', content: throwingAt('parts') }])).toBeUndefined();
  });

  it('[processor.filter.allow-only-true] only true allows: null, undefined and a then that is not a function are values that are not true; a thenable function is awaited', async () => {
    const timers = { setTimeout: () => 1, clearTimeout: () => undefined };
    const ask = (result: unknown) => decideFilter(() => result as never, { toolName: 'x', tool: {}, requestContext: undefined, phase: 'search' } as never, { timeoutMs: 10, timers } as never);
    for (const value of [null, undefined, 0, 'true', { then: 5 }]) expect(await ask(value), String(value)).toEqual({ allowed: false, reason: 'not-true' });
    const thenable = Object.assign(() => undefined, { then: (resolve: (v: unknown) => void) => resolve(true) });
    expect((await ask(thenable)).allowed).toBe(true);
  });

  it('[processor.filter.allow-only-true] a rejected verdict denies as a filter that threw, before its deadline, and clears the deadline once', async () => {
    const cleared: unknown[] = [];
    const timers = { setTimeout: () => 'handle', clearTimeout: (handle: unknown) => void cleared.push(handle) };
    const failure = new Error('no verdict');
    const decision = await decideFilter(() => Promise.reject(failure), { toolName: 'x', tool: {}, requestContext: undefined, phase: 'search' } as never, { timeoutMs: 10, timers } as never);
    expect(decision).toEqual({ allowed: false, reason: 'threw', error: failure });
    expect(cleared).toEqual(['handle']);
  });

  it('[processor.filter.deadline] a deadline that cannot be scheduled denies the tool as a filter that threw', async () => {
    const timers = {
      setTimeout: () => {
        throw new Error('no timers');
      },
      clearTimeout: (handle: unknown) => void cleared.push(handle),
    };
    const cleared: unknown[] = [];
    const decision = await decideFilter(async () => true, { toolName: 'x', tool: {}, requestContext: undefined, phase: 'search' } as never, { timeoutMs: 10, timers } as never);
    expect(decision.allowed).toBe(false);
    // (No deadline was scheduled, so none is cleared.)
    expect(cleared).toEqual([]);
    expect(decision.reason).toBe('threw');
  });
});

describe('request tools that are not searchable', () => {
  it('[processor.resolved.searchable] a request tool whose record key is a meta-tool’s name is neither searchable nor loadable, though its canonical name is not', async () => {
    const p = new ToolSearchProcessor({ tools: {}, includeResolvedTools: true });
    try {
      const c = new Conversation(p, requestContext('keyed'), {
        search_tools: makeTool('custom_forecast', 'Forecast the custom weather'),
        weather: makeTool('get_weather', 'Get the weather forecast'),
      });
      await c.step();
      const found = (await c.call('search_tools', { query: 'forecast weather' })) as { results: Array<{ name: string }> };
      expect(found.results.map((r) => r.name)).toEqual(['get_weather']);
      const loaded = (await c.call('load_tool', { toolName: 'custom_forecast' })) as { success: boolean };
      expect(loaded.success).toBe(false);
      expect((await c.step()).keys).toEqual(['search_tools', 'load_tool']);
    } finally {
      p.dispose();
    }
  });

  it('[processor.resolved.non-tools] [processor.events.skipped] a pass-through item whose value cannot be read is left out, with an unreadable event naming its key', async () => {
    const events: ToolSearchEvent[] = [];
    const p = new ToolSearchProcessor({ tools: {}, onEvent: (e) => void events.push(e) });
    try {
      const c = new Conversation(p, requestContext('pass'), throwingAt('bad', { good: makeTool('good_tool', 'A good tool') }));
      expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'good']);
      await delivered();
      const skipped = events.filter((e) => e.type === 'tool-skipped');
      expect(skipped.map((e) => [e.toolKey, e.reason])).toEqual([['bad', 'unreadable']]);
    } finally {
      p.dispose();
    }
  });
});

describe('a request with no tools at all', () => {
  it('[processor.filter.search] with a filter, searching an empty catalog finds nothing and asks nothing', async () => {
    const asked: string[] = [];
    const p = new ToolSearchProcessor({ tools: {}, includeResolvedTools: true, filter: ({ toolName }) => (asked.push(toolName), true) });
    try {
      const c = new Conversation(p, requestContext('empty-filtered'));
      await c.step();
      const answer = (await c.call('search_tools', { query: 'weather' })) as { results: unknown[]; message?: string };
      expect(answer.results).toEqual([]);
      expect(answer.message ?? '').not.toMatch(/failed/);
      expect(asked).toEqual([]);
    } finally {
      p.dispose();
    }
  });

  it('[processor.resolved.searchable] [processor.input.never-throws] twice in a row, searching finds nothing and fails nothing', async () => {
    const p = new ToolSearchProcessor({ tools: {}, includeResolvedTools: true });
    try {
      const c = new Conversation(p, requestContext('empty'));
      for (let i = 0; i < 2; i++) {
        await c.step();
        const answer = (await c.call('search_tools', { query: 'weather' })) as { results: unknown[]; message?: string };
        expect(answer.results).toEqual([]);
        expect(answer.message ?? '').not.toMatch(/failed/);
      }
    } finally {
      p.dispose();
    }
  });
});

describe('the context fields of events', () => {
  it('[processor.events.context] an empty thread or request id, and a step number that is not a non-negative safe integer, are null', () => {
    expect(scopeOf('t', 'r', 2)).toMatchObject({ threadId: 't', requestId: 'r', stepNumber: 2 });
    expect(scopeOf('', '', 0)).toMatchObject({ threadId: null, requestId: null, stepNumber: 0 });
    expect(scopeOf(undefined, 42, '3')).toMatchObject({ threadId: null, requestId: null, stepNumber: null });
    for (const bad of [1.5, -1, 2 ** 53, Number.NaN, '3', null]) expect(scopeOf('t', 'r', bad).stepNumber, String(bad)).toBeNull();
  });

  it('[processor.events.tracing] a span that is a function with createEventSpan records events like any other span', () => {
    const recorded: unknown[] = [];
    const span = Object.assign(() => undefined, { createEventSpan: (options: unknown) => void recorded.push(options) });
    const sink = new EventSink({ clock: () => 7, includeQueries: false });
    const scope = scopeOf('t', 'r', 0, span);
    expect(sink.wanted(scope)).toBe(true);
    sink.emit(scope, { type: 'tool-skipped', toolKey: 'k', reason: 'not-a-tool' } as never);
    expect(recorded).toEqual([{ type: 'generic', name: 'tool_search.tool-skipped', metadata: { toolKey: 'k', reason: 'not-a-tool', at: 7, threadId: 't', requestId: 'r', stepNumber: 0 } }]);
    // A span whose createEventSpan is not a function records nothing, and no listener means no one wants events.
    const none = scopeOf('t', 'r', 0, { createEventSpan: 'no' });
    expect(sink.wanted(none)).toBe(false);
  });
});

describe('lengths in code points', () => {
  it('[processor.input.load] a length in a message is the exact count up to twice the limit in UTF-16 units, else "more than" the limit', () => {
    expect(lengthText('a'.repeat(512), 256)).toBe('512');
    expect(lengthText('a'.repeat(513), 256)).toBe('more than 256');
    // U+FFFF is one unit; an astral character two units and one code point.
    expect(lengthText('\uffff'.repeat(300), 256)).toBe('300');
    expect(lengthText(`${'😀'.repeat(200)}${'a'.repeat(57)}`, 256)).toBe('257');
    expect(exceedsCodePoints('😀'.repeat(256), 256)).toBe(false);
    expect(exceedsCodePoints(`${'😀'.repeat(256)}a`, 256)).toBe(true);
    expect(exceedsCodePoints('\uffff'.repeat(257), 256)).toBe(true);
  });
});

describe('a loaded tool the next request does not resolve', () => {
  it('[processor.names.exposure] [processor.resolved.searchable] is not exposed while the request lacks it, and is again when a request brings it back', async () => {
    const p = new ToolSearchProcessor({ tools: {}, includeResolvedTools: true });
    try {
      const weather = makeTool('get_weather', 'Get the weather forecast');
      const email = makeTool('send_email', 'Send an email');
      const c = new Conversation(p, requestContext('per-request'), { weather, email });
      await c.step();
      expect(((await c.call('load_tool', { toolName: 'get_weather' })) as { success: boolean }).success).toBe(true);
      expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'get_weather']);
      // The next request resolves only send_email: get_weather stays loaded but is not exposed.
      c.requestTools = { email };
      expect((await c.step()).keys).toEqual(['search_tools', 'load_tool']);
      c.requestTools = { weather, email };
      expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'get_weather']);
    } finally {
      p.dispose();
    }
  });
});

describe('searches without a filter', () => {
  const tools = () => ({
    weather: makeTool('get_weather', 'Get the current weather forecast for a city'),
    marine: makeTool('marine_forecast', 'Marine weather forecast for sailors'),
    email: makeTool('send_email', 'Send an email message to a recipient'),
  });

  it('[processor.events.search] a search event counts the candidates at or above minScore, also without a filter', async () => {
    const events: ToolSearchEvent[] = [];
    const p = new ToolSearchProcessor({ tools: tools(), onEvent: (e) => void events.push(e) });
    try {
      const c = new Conversation(p, requestContext('count'));
      await c.step();
      const answer = (await c.call('search_tools', { query: 'weather forecast' })) as { results: unknown[] };
      await delivered();
      const search = events.find((e) => e.type === 'search');
      expect(answer.results).toHaveLength(2);
      expect(search).toMatchObject({ candidateCount: 3, matchCount: 2 });
    } finally {
      p.dispose();
    }
  });

  it('[processor.prefetch.first-step] [processor.prefetch.events] a prefetch without a filter leaves the pinned tools out of its slots, and its search event counts the candidates', async () => {
    const events: ToolSearchEvent[] = [];
    const p = new ToolSearchProcessor({ tools: tools(), pinnedTools: ['get_weather'], prefetch: { maxTools: 1 }, onEvent: (e) => void events.push(e) });
    const q = new ToolSearchProcessor({ tools: tools(), prefetch: { maxTools: 1 }, onEvent: (e) => void events.push(e) });
    try {
      // Without pinned tools either: the count is the ranking's.
      const plain = new Conversation(q, requestContext('prefetch-plain'));
      plain.messages.length = 0;
      plain.messages.push({ id: 'u0', role: 'user', content: { format: 2, parts: [{ type: 'text', text: 'weather forecast for a city' }] } });
      expect((await plain.step()).keys).toEqual(['search_tools', 'load_tool', 'get_weather']);
      await delivered();
      expect(events.find((e) => e.type === 'search')).toMatchObject({ source: 'prefetch', matchCount: 2 });
      events.length = 0;
      const c = new Conversation(p, requestContext('prefetch-pinned'));
      c.messages.length = 0;
      c.messages.push({ id: 'u0', role: 'user', content: { format: 2, parts: [{ type: 'text', text: 'weather forecast for a city' }] } });
      expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'get_weather', 'marine_forecast']);
      await delivered();
      expect(events.find((e) => e.type === 'search')).toMatchObject({ source: 'prefetch', matchCount: 2 });
    } finally {
      p.dispose();
      q.dispose();
    }
  });
});

describe('pinned names a request does not resolve', () => {
  it('[processor.pinned.expose] pin nothing while the request lacks their tools, and pin them when it brings them', async () => {
    const p = new ToolSearchProcessor({ tools: {}, includeResolvedTools: true, pinnedTools: ['remote_tool'] });
    try {
      const c = new Conversation(p, requestContext('pinned-remote'), { other: makeTool('other_tool', 'Another tool') });
      expect((await c.step()).keys).toEqual(['search_tools', 'load_tool']);
      c.requestTools = { remote: makeTool('remote_tool', 'The remote tool'), other: makeTool('other_tool', 'Another tool') };
      expect((await c.step()).keys).toEqual(['search_tools', 'load_tool', 'remote_tool']);
    } finally {
      p.dispose();
    }
  });
});

describe('an injected catalog without a filter', () => {
  it('[processor.catalog.inject] [processor.names.exposure] the loaded tools are exposed as without the catalog', async () => {
    const p = new ToolSearchProcessor({ tools: { weather: makeTool('get_weather', 'Get the weather'), email: makeTool('send_email', 'Send an email') }, injectCatalog: true });
    try {
      const c = new Conversation(p, requestContext('inject-loaded'));
      await c.step();
      expect(((await c.call('load_tool', { toolName: 'weather' })) as { success: boolean }).success).toBe(true);
      const step = await c.step();
      expect(step.keys).toEqual(['search_tools', 'load_tool', 'weather']);
      expect(typeof step.tools.weather!.execute).toBe('function');
    } finally {
      p.dispose();
    }
  });
});

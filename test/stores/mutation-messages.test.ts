/**
 * Unit tests asked for by the survivors of `MUTATION_SCOPE=stores npm run mutation` in
 * `src/stores/messages.ts`: what one message contributes (`readMessage`) for every malformed
 * value and part, a watched message that activates nothing, a message whose getter throws, and
 * what `completedInvocations` and `loadedFromMessages` make of foreign inputs, seen with a
 * catalog that knows every name (the context store's catalog hides a stray name).
 */
import { describe, expect, it } from 'vitest';
import { completedInvocations, createReceiptKeys, LOAD_TOOL, loadedFromMessages, loadToolSingleResult, readMessage } from '../../src/stores/index.js';
import { searchMessage, toolResultMessage } from './support/messages.js';

const UNSIGNED = { autoLoad: false };
const everyName = () => true;
const loadPart = (over: Record<string, unknown> = {}) => ({
  type: 'tool-invocation',
  toolInvocation: { state: 'result', toolName: LOAD_TOOL, toolCallId: 'c', result: loadToolSingleResult('w', false), ...over },
});
const assistant = (parts: unknown[]) => ({ role: 'assistant', content: { format: 2, parts } });
const IRRELEVANT = { relevant: false, names: [] };

describe('readMessage (mutation survivors)', () => {
  it('[store.context.messages.malformed] [store.context.derive.incremental] a value that is not a message record is not watched and activates nothing', () => {
    for (const value of [null, undefined, 42, 'text', true]) expect(readMessage(value, UNSIGNED), String(value)).toEqual(IRRELEVANT);
  });

  it('[store.context.messages.malformed] [store.context.derive.incremental] parts that are not records, or not tool-invocation parts, are skipped: not watched', () => {
    expect(readMessage(assistant([null, undefined, 7]), UNSIGNED)).toEqual(IRRELEVANT);
    // A part of another type, even with a toolInvocation (a pending load_tool call, a completed result), is not one.
    const foreign = [
      { type: 'text', text: 'hi', toolInvocation: { state: 'call', toolName: LOAD_TOOL, toolCallId: 'c1' } },
      { type: 'tool-result', toolInvocation: { state: 'result', toolName: LOAD_TOOL, toolCallId: 'c2', result: loadToolSingleResult('w', false) } },
    ];
    expect(readMessage(assistant(foreign), UNSIGNED)).toEqual(IRRELEVANT);
    // The same invocation as a tool-invocation part is read.
    const read = readMessage(assistant([loadPart()]), UNSIGNED);
    expect(read.relevant).toBe(true);
    expect(new Set(read.names)).toEqual(new Set(['w']));
  });

  it('[store.context.derive.incremental] [store.context.trust.assistant-only] a watched message that activates nothing contributes no name', () => {
    // A pending load_tool call.
    expect(readMessage(assistant([loadPart({ state: 'call', result: undefined })]), UNSIGNED)).toEqual({ relevant: true, names: [] });
    // A load_tool result in a user message.
    expect(readMessage({ role: 'user', content: { format: 2, parts: [loadPart()] } }, UNSIGNED)).toEqual({ relevant: true, names: [] });
    // A failed load_tool result.
    expect(readMessage(assistant([loadPart({ isError: true })]), UNSIGNED)).toEqual({ relevant: true, names: [] });
  });

  it('[store.context.messages.malformed] [store.context.derive.incremental] a message whose getter throws is watched and activates nothing', () => {
    const throwing = {
      role: 'assistant',
      get content(): unknown {
        throw new Error('getter');
      },
    };
    expect(readMessage(throwing, UNSIGNED)).toEqual({ relevant: true, names: [] });
  });

  it('[store.receipts.verify] [store.meta-results.search] with receipts and without autoLoad, a search_tools result is watched and activates nothing', () => {
    const keys = createReceiptKeys('mutation messages test secret of 32+ bytes');
    const reading = { autoLoad: false, receipts: { keys, threadId: 't' } };
    expect(readMessage(searchMessage(['a'], true), reading)).toEqual({ relevant: true, names: [] });
    expect(loadedFromMessages([searchMessage(['a'], true)], everyName, reading)).toEqual([]);
  });
});

describe('completedInvocations and loadedFromMessages (mutation survivors)', () => {
  it('[store.context.messages.malformed] messages that are not an array (another iterable, a number) hold no invocation, without a throw', () => {
    const message = assistant([loadPart()]);
    expect([...completedInvocations(new Set([message]) as never)]).toEqual([]);
    expect([...completedInvocations(42 as never)]).toEqual([]);
    expect([...completedInvocations({ length: 1, 0: message } as never)]).toEqual([]);
    expect(loadedFromMessages(new Set([message]) as never, everyName, UNSIGNED)).toEqual([]);
    // The same message in an array is read.
    expect([...completedInvocations([message])]).toHaveLength(1);
  });

  it('[store.context.messages.malformed] an undefined message is skipped, and a part of another type is not an invocation even with a toolInvocation', () => {
    const foreign = { type: 'text', toolInvocation: { state: 'result', toolName: LOAD_TOOL, toolCallId: 'c', result: loadToolSingleResult('w', false) } };
    expect([...completedInvocations([undefined, assistant([foreign])])]).toEqual([]);
    expect(loadedFromMessages([undefined, assistant([foreign])], everyName, UNSIGNED)).toEqual([]);
  });

  it('[store.meta-results.per-tool] a completed result of a tool that is not a meta-tool activates nothing, whatever the catalog knows', () => {
    const messages = [toolResultMessage('weather', { ok: true }), toolResultMessage('weather', loadToolSingleResult('w', false))];
    expect([...completedInvocations(messages)]).toHaveLength(2);
    expect(loadedFromMessages(messages, everyName, UNSIGNED)).toEqual([]);
    expect(loadedFromMessages(messages, everyName, { autoLoad: true })).toEqual([]);
  });
});

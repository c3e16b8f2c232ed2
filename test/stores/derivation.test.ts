/**
 * The context store reads, at each step, only what may have changed since the thread's previous
 * step (r[store.context.derive.incremental]); what it derives is what reading every message gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activationFor, createContextStore, createReceiptKeys, DEFAULT_MAX_REMEMBERED_MESSAGES, LOAD_TOOL, loadToolSingleResult, type StoreStepInput } from '../../src/stores/index.js';
import { knownTools, loadMultiMessage, loadSingleMessage, searchMessage, toolResultMessage, userMessage } from './support/messages.js';

const NAMES = ['a', 'b', 'c', 'd'];
const isKnownTool = knownTools(NAMES);
const SECRET = 'derivation test secret of at least 32 bytes';
const keys = createReceiptKeys(SECRET);
const THREAD = 'thread-1';

type Message = Record<string, unknown>;
type Parts = Array<Record<string, unknown>>;
const partsOf = (m: Message) => (m.content as { parts: Parts }).parts;

/** A `load_tool` result part, signed for THREAD when `signed`. */
function loadPart(name: string, signed: boolean, callId: string): Record<string, unknown> {
  const result: Record<string, unknown> = { ...loadToolSingleResult(name, false) };
  if (signed) result.activation = activationFor(LOAD_TOOL, [name], { keys, threadId: THREAD, toolCallId: callId });
  return { type: 'tool-invocation', toolInvocation: { state: 'result', toolCallId: callId, toolName: LOAD_TOOL, args: {}, result } };
}

let calls = 0;
/** A message of one of the kinds a conversation holds. */
function messageOf(kind: number, name: string, signed: boolean): Message {
  const id = `d-${++calls}`;
  switch (kind) {
    case 0:
      return userMessage(`hello ${id}`);
    case 1:
      return { id, role: 'assistant', createdAt: new Date(0), content: { format: 2, parts: [{ type: 'step-start' }, loadPart(name, signed, id)] } };
    case 2:
      return searchMessage([name], true);
    case 3:
      return toolResultMessage('weather', { ok: true, name });
    case 4:
      return loadMultiMessage({ loaded: [name], alreadyLoaded: ['a'] });
    default: {
      // A pending call of load_tool: it completes in place later (as MessageList merges a result).
      const call = { type: 'tool-invocation', toolInvocation: { state: 'call', toolCallId: id, toolName: LOAD_TOOL, args: { toolName: name } } };
      return { id, role: 'assistant', createdAt: new Date(0), content: { format: 2, parts: [call] } };
    }
  }
}

/** One change of the history between two steps. */
type Op =
  | { op: 'append'; kind: number; name: string }
  | { op: 'drop-front'; count: number }
  | { op: 'remove' | 'replace' | 'insert'; at: number; kind: number; name: string }
  | { op: 'swap'; at: number }
  | { op: 'grow-last'; name: string }
  | { op: 'complete-pending' }
  | { op: 'edit-relevant'; name: string }
  | { op: 'same-array' | 'new-array' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('append' as const), kind: fc.nat(5), name: fc.constantFrom(...NAMES, 'z') }) },
  fc.record({ op: fc.constant('drop-front' as const), count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ op: fc.constantFrom('remove' as const, 'replace' as const, 'insert' as const), at: fc.nat(20), kind: fc.nat(5), name: fc.constantFrom(...NAMES) }),
  fc.record({ op: fc.constant('swap' as const), at: fc.nat(20) }),
  fc.record({ op: fc.constant('grow-last' as const), name: fc.constantFrom(...NAMES) }),
  fc.constant({ op: 'complete-pending' as const }),
  fc.record({ op: fc.constant('edit-relevant' as const), name: fc.constantFrom(...NAMES) }),
  fc.constant({ op: 'same-array' as const }),
  fc.constant({ op: 'new-array' as const }),
);

/** Applies one change; returns the array the next step gets (the same one, or a new one). */
function apply(history: Message[], o: Op, signed: boolean): Message[] {
  const at = (i: number) => (history.length === 0 ? 0 : i % history.length);
  switch (o.op) {
    case 'append':
      history.push(messageOf(o.kind, o.name, signed));
      return history;
    case 'drop-front':
      history.splice(0, o.count);
      return history;
    case 'remove':
      if (history.length > 0) history.splice(at(o.at), 1);
      return history;
    case 'replace':
      if (history.length > 0) history[at(o.at)] = messageOf(o.kind, o.name, signed);
      return history;
    case 'insert':
      history.splice(at(o.at), 0, messageOf(o.kind, o.name, signed));
      return history;
    case 'swap':
      if (history.length > 1) {
        const i = at(o.at);
        const j = (i + 1) % history.length;
        [history[i], history[j]] = [history[j]!, history[i]!];
      }
      return history;
    case 'grow-last': {
      // MessageList appends the parts of a step to its latest (assistant) message.
      const last = history[history.length - 1];
      if (last !== undefined && last.role === 'assistant') partsOf(last).push(loadPart(o.name, signed, `grow-${++calls}`));
      return history;
    }
    case 'complete-pending': {
      // MessageList merges a result into the pending call part: a new toolInvocation object, in place.
      const pending = history.find((m) => partsOf(m).some((p) => (p.toolInvocation as { state?: string } | undefined)?.state === 'call'));
      if (pending !== undefined) {
        const part = partsOf(pending).find((p) => (p.toolInvocation as { state?: string } | undefined)?.state === 'call')!;
        const invocation = part.toolInvocation as { toolCallId: string; args: { toolName: string } };
        part.toolInvocation = (loadPart(invocation.args.toolName, signed, invocation.toolCallId).toolInvocation as object);
      }
      return history;
    }
    case 'edit-relevant': {
      // A caller redacts (or rewrites) a meta-tool result in place.
      const relevant = history.find((m) => partsOf(m).some((p) => (p.toolInvocation as { toolName?: string } | undefined)?.toolName === LOAD_TOOL));
      if (relevant !== undefined) {
        const i = partsOf(relevant).findIndex((p) => (p.toolInvocation as { toolName?: string } | undefined)?.toolName === LOAD_TOOL);
        partsOf(relevant)[i] = loadPart(o.name, false, `edit-${++calls}`);
      }
      return history;
    }
    case 'same-array':
      return history;
    case 'new-array':
      return history.slice();
  }
}

const stepOf = (messages: unknown[]): StoreStepInput => ({ threadId: THREAD, messages, isKnownTool });

describe('incremental derivation', () => {
  it('[store.context.derive.incremental] [store.context.derive] over any history edits (in-place ones on meta-tool or last messages included), a step derives what reading every message derives', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 40 }), fc.boolean(), fc.boolean(), (ops, autoLoad, signed) => {
        const options = { autoLoad, ...(signed ? { receiptSecret: SECRET } : {}) };
        const incremental = createContextStore(options);
        const full = createContextStore({ ...options, maxRememberedMessages: 0 });
        let history: Message[] = [];
        for (const o of ops) {
          history = apply(history, o, signed);
          expect(incremental.loaded(stepOf(history))).toEqual(full.loaded(stepOf(history)));
          expect(incremental.peek(stepOf(history))).toEqual(full.peek(stepOf(history)));
        }
        expect(full.derivationStats().threadCount).toBe(0);
      }),
    );
  });

  it('[store.context.derive.incremental] an unchanged or appended 10 000-message history reads a bounded number of messages per step', () => {
    const store = createContextStore({ autoLoad: false });
    const history: Message[] = [userMessage('start'), loadSingleMessage('a')];
    while (history.length < 10_000) history.push(history.length % 3 === 0 ? toolResultMessage('a', { ok: true }) : userMessage(`m${history.length}`));
    expect(store.loaded(stepOf(history.slice()))).toEqual(['a']);
    const first = store.derivationStats().reads;
    expect(first).toBe(10_000);
    // Unchanged: the meta-tool result and the last message are read again, nothing else.
    for (let i = 0; i < 5; i++) expect(store.loaded(stepOf(history.slice()))).toEqual(['a']);
    expect(store.derivationStats().reads - first).toBe(5 * 2);
    // One message appended per step: that one too.
    const before = store.derivationStats().reads;
    for (let i = 0; i < 5; i++) {
      history.push(userMessage(`new ${i}`));
      expect(store.loaded(stepOf(history.slice()))).toEqual(['a']);
    }
    expect(store.derivationStats().reads - before).toBe(5 * 3);
    // A window that drops the oldest messages: the result leaves with them, and nothing else is read again.
    const windowed = history.slice(2);
    const mid = store.derivationStats().reads;
    expect(store.loaded(stepOf(windowed))).toEqual([]);
    expect(store.derivationStats().reads - mid).toBe(1);
  });

  it('[store.context.derive.incremental] an in-place edit of an old message without a meta-tool part is not seen (it can only add a tool); a new object is', () => {
    const store = createContextStore({ autoLoad: false });
    const history: Message[] = [userMessage('one'), userMessage('two'), userMessage('three')];
    expect(store.loaded(stepOf(history.slice()))).toEqual([]);
    // The caller rewrites the first message in place into a load_tool result: not read again.
    Object.assign(history[0]!, loadSingleMessage('b'), { role: 'assistant' });
    expect(store.loaded(stepOf(history.slice()))).toEqual([]);
    expect(createContextStore({ autoLoad: false }).loaded(stepOf(history.slice()))).toEqual(['b']);
    // The same message as a new object is read.
    history[0] = { ...history[0]! };
    expect(store.loaded(stepOf(history.slice()))).toEqual(['b']);
  });

  it('[store.context.derive.incremental] the memory is bounded by message references over all threads, least recently stepped first', () => {
    expect(DEFAULT_MAX_REMEMBERED_MESSAGES).toBe(200_000);
    const store = createContextStore({ autoLoad: false, maxRememberedMessages: 100 });
    const history = Array.from({ length: 30 }, (_, i) => (i === 3 ? loadSingleMessage('c') : userMessage(`t${i}`)));
    for (let t = 0; t < 10; t++) expect(store.loaded({ threadId: `t${t}`, messages: history.slice(), isKnownTool })).toEqual(['c']);
    const stats = store.derivationStats();
    expect(stats.messageCount).toBeLessThanOrEqual(100);
    expect(stats.threadCount).toBe(3);
    expect(stats.evictions).toBe(7);
    // A history longer than the bound is read in full every time, with the same result.
    const long = Array.from({ length: 150 }, (_, i) => (i === 100 ? loadSingleMessage('d') : userMessage(`l${i}`)));
    expect(store.loaded({ threadId: 'long', messages: long, isKnownTool })).toEqual(['d']);
    expect(store.loaded({ threadId: 'long', messages: long, isKnownTool })).toEqual(['d']);
    // Anonymous requests are read in full (no memory).
    expect(store.loaded({ threadId: undefined, messages: long, isKnownTool })).toEqual(['d']);
    for (const bad of [-1, 1.5, Number.NaN, '10']) {
      expect(() => createContextStore({ autoLoad: false, maxRememberedMessages: bad as never })).toThrow(/options\.maxRememberedMessages must be a non-negative safe integer/);
    }
    store.dispose();
    expect(store.derivationStats().threadCount).toBe(0);
  });
});

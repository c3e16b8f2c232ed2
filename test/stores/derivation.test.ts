/**
 * The context store reads, at each step, only what may have changed since the thread's previous
 * step (r[store.context.derive.incremental]); what it derives is what reading every message gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activationFor, createContextStore, createReceiptKeys, DEFAULT_MAX_REMEMBERED_MESSAGES, LOAD_TOOL, loadToolSingleResult, type StoreStepInput } from '../../src/stores/index.js';
import { loadedFromMessages, type MessageReading } from '../../src/stores/messages.js';
import { isMetaToolName } from '../../src/stores/meta-tool-names.js';
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
    case 6: {
      // A pending call of another tool: MessageList replaces the part of its call id in place when a result comes.
      const call = { type: 'tool-invocation', toolInvocation: { state: 'call', toolCallId: id, toolName: 'weather', args: { toolName: name } } };
      return { id, role: 'assistant', createdAt: new Date(0), content: { format: 2, parts: [{ type: 'text', text: 'checking' }, call] } };
    }
    default: {
      // A pending call of load_tool: it completes in place later (as MessageList merges a result).
      const call = { type: 'tool-invocation', toolInvocation: { state: 'call', toolCallId: id, toolName: LOAD_TOOL, args: { toolName: name } } };
      return { id, role: 'assistant', createdAt: new Date(0), content: { format: 2, parts: [call] } };
    }
  }
}

/** Whether the store watches a message: a `tool-invocation` part naming a meta-tool, or one of any tool without its result yet. */
const isWatched = (m: Message) =>
  partsOf(m).some((p) => {
    const invocation = p.toolInvocation as { toolName?: string; state?: string } | undefined;
    return p.type === 'tool-invocation' && (isMetaToolName(invocation?.toolName ?? '') || invocation?.state !== 'result');
  });

/** One change of the history between two steps. */
type Op =
  | { op: 'append'; kind: number; name: string }
  | { op: 'drop-front'; count: number }
  | { op: 'remove' | 'replace' | 'insert' | 'replace-in-place'; at: number; kind: number; name: string }
  | { op: 'swap'; at: number }
  | { op: 'grow-last'; name: string }
  | { op: 'complete-pending' }
  | { op: 'edit-relevant'; name: string }
  | { op: 'rewrite-old'; at: number; name: string }
  | { op: 'same-array' | 'new-array' | 'fresh' };

const place = { at: fc.nat(20), kind: fc.nat(6), name: fc.constantFrom(...NAMES) };
/** The changes r[store.context.derive.incremental] says a step sees. */
const seenOps: Array<fc.WeightedArbitrary<Op>> = [
  { weight: 4, arbitrary: fc.record({ op: fc.constant('append' as const), kind: fc.nat(6), name: fc.constantFrom(...NAMES, 'z') }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('drop-front' as const), count: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constantFrom('remove' as const, 'replace' as const, 'insert' as const), ...place }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('swap' as const), at: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('grow-last' as const), name: fc.constantFrom(...NAMES) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'complete-pending' as const }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('edit-relevant' as const), name: fc.constantFrom(...NAMES) }) },
  { weight: 2, arbitrary: fc.constant({ op: 'same-array' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'new-array' as const }) },
];
/** Every change, the two the rule's table marks as unseen included, and a new request's fresh copy. */
const everyOp: Array<fc.WeightedArbitrary<Op>> = [
  ...seenOps,
  { weight: 2, arbitrary: fc.record({ op: fc.constant('replace-in-place' as const), ...place }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('rewrite-old' as const), at: fc.nat(20), name: fc.constantFrom(...NAMES) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'fresh' as const }) },
];

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
    case 'replace': {
      // Seen: a meta-tool message or the last replaced in the same array; any other one with a new array.
      if (history.length === 0) return history;
      const i = at(o.at);
      const seenInPlace = isWatched(history[i]!) || i === history.length - 1;
      history[i] = messageOf(o.kind, o.name, signed);
      return seenInPlace ? history : history.slice();
    }
    case 'replace-in-place':
      // Unseen while the history stays kept, when the message replaced was neither a meta-tool message nor the last.
      if (history.length > 0) history[at(o.at)] = messageOf(o.kind, o.name, signed);
      return history;
    case 'rewrite-old': {
      // Unseen: an old message without a meta-tool part rewritten in place into a load_tool result.
      const i = at(o.at);
      const m = history[i];
      if (m !== undefined && i < history.length - 1 && !isWatched(m)) Object.assign(m, { role: 'assistant', content: { format: 2, parts: [loadPart(o.name, signed, `rewrite-${++calls}`)] } });
      return history;
    }
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
      // MessageList merges a result into the pending call part: a new toolInvocation object, in place
      // (for another tool's call too: its part is the one the result's call id names, whatever it says).
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
    case 'fresh':
      // A new request's MessageList: a new array of new message objects (as memory recalls them).
      return history.map((m) => structuredClone(m));
  }
}

/**
 * The oracle: a full reading by the store's first-edition scan (`loadedFromMessages`), with a
 * prefetch at `at` (r[store.context.prefetched]) when given.
 */
function fullDerivation(messages: readonly unknown[], reading: MessageReading, prefetched?: { names: string[]; at: number }): string[] {
  if (prefetched === undefined) return loadedFromMessages(messages, isKnownTool, reading);
  const names = [...loadedFromMessages(messages.slice(0, prefetched.at), isKnownTool, reading), ...prefetched.names, ...loadedFromMessages(messages, isKnownTool, reading)];
  return [...new Set(names)].filter(isKnownTool);
}

const stepOf = (messages: unknown[], prefetched?: { names: string[]; at: number }): StoreStepInput => ({ threadId: THREAD, messages, isKnownTool, ...(prefetched ? { prefetched } : {}) });
const prefetchArb = fc.option(fc.record({ names: fc.subarray(NAMES, { minLength: 1 }), at: fc.nat(25) }), { nil: undefined });

describe('incremental derivation', () => {
  it('[store.context.derive.incremental] [store.context.derive.kept] [store.context.derive] over any sequence of the changes a step sees, it derives what a full reading derives', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.oneof(...seenOps), prefetchArb), { minLength: 1, maxLength: 40 }), fc.boolean(), fc.boolean(), (ops, autoLoad, signed) => {
        const options = { autoLoad, ...(signed ? { receiptSecret: SECRET } : {}) };
        const reading: MessageReading = signed ? { autoLoad, receipts: { keys, threadId: THREAD } } : { autoLoad };
        const incremental = createContextStore(options);
        const full = createContextStore({ ...options, maxRememberedMessages: 0 });
        let history: Message[] = [];
        for (const [o, prefetched] of ops) {
          history = apply(history, o, signed);
          expect(incremental.peek(stepOf(history, prefetched))).toEqual(fullDerivation(history, reading, prefetched));
          expect(incremental.loaded(stepOf(history, prefetched))).toEqual(full.loaded(stepOf(history, prefetched)));
        }
        expect(full.derivationStats().threadCount).toBe(0);
      }),
    );
  });

  it('[store.context.derive.incremental] [store.context.derive.kept] with the unseen changes too, a step derives no name a full reading does not, and a fresh copy derives the same again', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(...everyOp), { minLength: 1, maxLength: 40 }), fc.boolean(), fc.boolean(), (ops, autoLoad, signed) => {
        const reading: MessageReading = signed ? { autoLoad, receipts: { keys, threadId: THREAD } } : { autoLoad };
        const incremental = createContextStore({ autoLoad, ...(signed ? { receiptSecret: SECRET } : {}) });
        let history: Message[] = [];
        for (const o of ops) {
          history = apply(history, o, signed);
          const derived = incremental.peek(stepOf(history));
          const expected = fullDerivation(history, reading);
          // Every derived name comes from a message read at this step: never more than a full reading.
          expect(derived.filter((name) => !expected.includes(name))).toEqual([]);
          // A new array of new objects (a new request's MessageList) is read in full.
          if (o.op === 'fresh') expect(derived).toEqual(expected);
        }
      }),
    );
  });

  it('[store.context.derive.kept] an unchanged or appended history in the same array costs the same comparisons and readings at 1 000, 10 000 and 100 000 messages', () => {
    const perStep: Array<{ comparisons: number; reads: number; kept: number }> = [];
    for (const length of [1_000, 10_000, 100_000]) {
      const store = createContextStore({ autoLoad: false });
      // Four watched messages (three with a meta-tool part, one of them a pending call; one pending call of
      // another tool), spread over the history.
      const history: Message[] = Array.from({ length }, (_, i) => (i % 3 === 0 ? toolResultMessage('a', { ok: true }) : userMessage(`m${i}`)));
      history[1] = loadSingleMessage('a');
      history[Math.floor(length / 3)] = messageOf(6, 'd', false);
      history[Math.floor(length / 2)] = loadSingleMessage('b');
      history[length - 10] = messageOf(5, 'c', false);
      expect(store.loaded(stepOf(history))).toEqual(['a', 'b']);
      expect(store.derivationStats().reads).toBe(length);
      const before = store.derivationStats();
      // Five unchanged steps, then five steps that each append one message.
      for (let i = 0; i < 5; i++) expect(store.loaded(stepOf(history))).toEqual(['a', 'b']);
      for (let i = 0; i < 5; i++) {
        history.push(userMessage(`new ${i}`));
        expect(store.loaded(stepOf(history))).toEqual(['a', 'b']);
      }
      const after = store.derivationStats();
      perStep.push({ comparisons: after.comparisons - before.comparisons, reads: after.reads - before.reads, kept: after.keptSteps - before.keptSteps });
    }
    // Each step: the previous last and the four watched messages compared (5) and read (5), plus the appended one.
    expect(perStep[0]).toEqual({ comparisons: 10 * 5, reads: 10 * 5 + 5, kept: 10 });
    expect(perStep[1]).toEqual(perStep[0]);
    expect(perStep[2]).toEqual(perStep[0]);
  });

  it('[store.context.derive.kept] a shorter array, a moved last or meta-tool message, or another array is aligned instead, with the full reading\'s result', () => {
    const base = (): Message[] => [userMessage('u0'), loadSingleMessage('a'), userMessage('u2'), loadSingleMessage('b'), userMessage('u4'), userMessage('u5')];
    const cases: Array<[string, (h: Message[]) => Message[]]> = [
      ['truncated in place', (h) => ((h.length = 4), h)],
      ['a message inserted before the last', (h) => (h.splice(2, 0, loadSingleMessage('c')), h)],
      ['a meta-tool message replaced', (h) => ((h[3] = userMessage('gone')), h)],
      ['the last message replaced', (h) => ((h[5] = loadSingleMessage('d')), h)],
      ['two meta-tool messages swapped', (h) => ([h[1], h[3]] = [h[3]!, h[1]!], h)],
      ['a copy', (h) => [...h.slice(0, 2), loadSingleMessage('c'), ...h.slice(3)]],
    ];
    for (const [what, change] of cases) {
      const store = createContextStore({ autoLoad: false });
      const history = base();
      expect(store.loaded(stepOf(history)), what).toEqual(['a', 'b']);
      const next = change(history);
      const kept = store.derivationStats().keptSteps;
      expect(store.peek(stepOf(next)), what).toEqual(loadedFromMessages(next, isKnownTool, { autoLoad: false }));
      expect(store.derivationStats().keptSteps, what).toBe(kept);
    }
  });

  it('[store.context.derive.kept] a history that lost a trailing malformed entry (undefined) is shorter, not kept', () => {
    const store = createContextStore({ autoLoad: false });
    const history: unknown[] = [loadSingleMessage('a'), undefined];
    expect(store.loaded({ threadId: THREAD, messages: history, isKnownTool })).toEqual(['a']);
    history.length = 1;
    expect(store.loaded({ threadId: THREAD, messages: history, isKnownTool })).toEqual(['a']);
    expect(store.derivationStats()).toMatchObject({ keptSteps: 0, messageCount: 1 });
  });

  it('[store.context.derive.incremental] [store.context.derive.kept] a message replaced at its place in the kept array is not seen (it can only add a tool); another array is', () => {
    const store = createContextStore({ autoLoad: false });
    const history: Message[] = [userMessage('one'), userMessage('two'), userMessage('three')];
    expect(store.loaded(stepOf(history))).toEqual([]);
    history[1] = loadSingleMessage('c');
    expect(store.loaded(stepOf(history))).toEqual([]);
    expect(store.derivationStats().keptSteps).toBe(1);
    // The first step that aligns (here: a copy of the array) reads it.
    expect(store.loaded(stepOf(history.slice()))).toEqual(['c']);
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

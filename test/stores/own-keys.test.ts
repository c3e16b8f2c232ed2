import { describe, expect, it } from 'vitest';
import { createContextStore, createInMemoryStore, type StoreStepInput } from '../../src/stores/index.js';
import { knownTools, loadMultiMessage, loadSingleMessage, searchMessage } from './support/messages.js';

const protoNames = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

describe('tool names as plain strings', () => {
  it('[store.names.own-keys] prototype-looking names are unknown unless the catalog owns them', () => {
    const messages = [loadMultiMessage({ loaded: protoNames }), searchMessage(protoNames, true), ...protoNames.map((n) => loadSingleMessage(n))];
    const plain: StoreStepInput = { threadId: 't', messages, isKnownTool: knownTools(['a']) };
    const context = createContextStore({ autoLoad: true });
    context.activate(plain, protoNames);
    expect(context.loaded(plain)).toEqual([]);
    const memory = createInMemoryStore({ ttl: 0 });
    memory.activate(plain, protoNames);
    expect(memory.loaded(plain)).toEqual([]);
    expect(memory.getStateStats().threadCount).toBe(0);
  });

  it('[store.names.own-keys] a catalog that owns such names loads them like any other', () => {
    const isKnownTool = knownTools(protoNames);
    const messages = [loadMultiMessage({ loaded: protoNames })];
    expect(createContextStore({ autoLoad: false }).loaded({ threadId: undefined, messages, isKnownTool })).toEqual(protoNames);
    const memory = createInMemoryStore({ ttl: 0 });
    memory.activate({ threadId: '__proto__', messages: [], isKnownTool }, protoNames);
    memory.activate({ threadId: 'constructor', messages: [], isKnownTool }, ['toString']);
    expect(memory.loaded({ threadId: '__proto__', messages: [], isKnownTool })).toEqual(protoNames);
    expect(memory.loaded({ threadId: 'constructor', messages: [], isKnownTool })).toEqual(['toString']);
    expect(memory.getStateStats().threadCount).toBe(2);
    memory.clearState('__proto__');
    expect(memory.getStateStats().threadCount).toBe(1);
  });
});

/**
 * Long thread ids are kept as a fixed-length key (r[processor.thread.bounded]), so the number of
 * threads bounds the store's memory whatever the ids' length, and distinct ids stay distinct.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { RequestContext } from '@mastra/core/request-context';
import { describe, expect, it } from 'vitest';
import { ToolSearchProcessor, type ToolSearchEvent } from '../../src/index.js';
import { resolveThreadId, threadKey } from '../../src/processor/thread-id.js';
import { Conversation, delivered, makeTool, requestContext } from './support/harness.js';

const tools = () => ({ weather: makeTool('get_weather', 'Get the weather forecast'), email: makeTool('send_email', 'Send an email') });
/** The key the rule defines, computed independently of the code under test (UTF-16LE by hand). */
function expectedKey(id: string): string {
  const bytes = new Uint8Array(id.length * 2);
  for (let i = 0; i < id.length; i++) {
    bytes[2 * i] = id.charCodeAt(i) & 0xff;
    bytes[2 * i + 1] = id.charCodeAt(i) >> 8;
  }
  return `sha256:${createHash('sha256').update(bytes).digest('base64url')}`;
}

describe('thread ids of more than 256 code points', () => {
  it('[processor.thread.bounded] an id of at most 256 code points is kept as it is; a longer one becomes its sha256 key', () => {
    const at = 'a'.repeat(256);
    expect(threadKey(at)).toBe(at);
    // 256 astral characters are 512 UTF-16 units but 256 code points: kept.
    const astral = '😀'.repeat(256);
    expect(threadKey(astral)).toBe(astral);
    expect(threadKey(`${astral}x`)).toBe(expectedKey(`${astral}x`));
    expect(threadKey(`${at}b`)).toBe(expectedKey(`${at}b`));
    expect(threadKey(`${at}b`)).toMatch(/^sha256:[A-Za-z0-9_-]{43}$/);
    expect(threadKey(undefined)).toBeUndefined();
    // Both ways a request names its thread give the key.
    const rc = new RequestContext();
    rc.set('MastraMemory', { thread: { id: `${at}m` } });
    expect(resolveThreadId(rc)).toBe(expectedKey(`${at}m`));
    expect(resolveThreadId(requestContext(`${at}k`))).toBe(expectedKey(`${at}k`));
  });

  it('[processor.thread.bounded] distinct long ids keep distinct keys, lone surrogates included', () => {
    const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
    console.log(`[processor.thread.bounded] fast-check seed ${seed}`);
    const long = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), minLength: 257, maxLength: 400 });
    fc.assert(
      fc.property(long, long, (a, b) => {
        // More than 256 UTF-16 units, but surrogate pairs may leave 256 code points or fewer: kept as it is.
        expect(threadKey(a)).toBe([...a].length > 256 ? expectedKey(a) : a);
        if (a !== b) expect(threadKey(a)).not.toBe(threadKey(b));
      }),
      { seed, numRuns: 200 },
    );
    // Two lone surrogates that UTF-8 would both turn into U+FFFD.
    const base = 'x'.repeat(300);
    expect(threadKey(`${base}\ud800`)).not.toBe(threadKey(`${base}\udc00`));
  });

  it('[processor.thread.bounded] [processor.state.methods] long threads are isolated, reported by their key, and cleared by their id', async () => {
    const seen: ToolSearchEvent[] = [];
    const p = new ToolSearchProcessor({ tools: tools(), onEvent: (e) => void seen.push(e) });
    const prefix = 'thread-'.repeat(100);
    const a = new Conversation(p, requestContext(`${prefix}a`));
    const b = new Conversation(p, requestContext(`${prefix}b`));
    await a.step();
    await a.call('load_tool', { toolName: 'get_weather' });
    expect((await a.step()).keys).toContain('get_weather');
    expect((await b.step()).keys).not.toContain('get_weather');
    await delivered();
    const load = seen.find((e) => e.type === 'load');
    expect(load?.threadId).toBe(expectedKey(`${prefix}a`));
    // The state methods name a thread by its id, as a request does.
    p.clearState(`${prefix}a`);
    expect((await a.step()).keys).not.toContain('get_weather');
    await delivered();
    expect(seen.filter((e) => e.type === 'unload').map((e) => [e.threadId, e.reason])).toEqual([[expectedKey(`${prefix}a`), 'cleared']]);
    p.dispose();
  });
});

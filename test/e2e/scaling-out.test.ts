/**
 * Scaling out (docs/guides/scaling-out.md): two instances — each its own tools, processor,
 * Memory and Agent, as two processes would have — over one LibSQL database file, serving
 * alternate requests of one thread. With `storage: 'context'` the conversation is the state
 * (r[processor.store.select], r[store.context.derive]): a tool loaded on one instance is loaded
 * on the other, in the place it had (r[processor.order.stable], r[store.context.order-memory]),
 * and with `receiptSecret` only results signed with the deployment's secret count
 * (r[store.receipts.verify]).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LibSQLStore } from '@mastra/libsql';
import { Memory } from '@mastra/memory';
import { afterAll, describe, expect, it } from 'vitest';
import { ToolSearchProcessor } from '../../src/index.js';
import { agentWith, weatherCatalog } from './support/fixtures.js';
import { call, isAppendOnly, say, scriptedModel, type Turn } from './support/scripted-model.js';

const dir = mkdtempSync(join(tmpdir(), 'tool-search-scaling-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// One secret for the whole deployment, from its configuration (32 bytes or more).
const SECRET = 'c2NhbGluZy1vdXQtdGVzdC1zZWNyZXQtMzItYnl0ZXMtb3ItbW9yZQ==';

/** One instance: its own tools, processor, Memory over the shared file, and Agent. */
function instance(name: string, file: string, script: readonly Turn[], receiptSecret: string | undefined) {
  const catalog = weatherCatalog();
  const model = scriptedModel(script, { callIdPrefix: `${name}-` });
  const processor = new ToolSearchProcessor({ tools: catalog.tools, storage: 'context', ...(receiptSecret !== undefined ? { receiptSecret } : {}) });
  const memory = new Memory({ storage: new LibSQLStore({ id: `instance-${Math.random()}`, url: `file:${file}` }), options: { lastMessages: 40 } });
  return { catalog, model, agent: agentWith(model.model, [processor], { memory }) };
}

const thread = { memory: { thread: 'shared-thread', resource: 'user-1' }, maxSteps: 6 } as never;

describe('two instances over one LibSQL file', () => {
  for (const receiptSecret of [undefined, SECRET]) {
    it(`[processor.store.select] [processor.order.stable] [store.context.derive] ${receiptSecret === undefined ? 'unsigned' : 'signed'}: alternate requests of one thread keep each tool loaded and in place`, async () => {
      const file = join(dir, `alternate-${receiptSecret === undefined ? 'unsigned' : 'signed'}.db`);
      const a = instance('a', file, [
        // Request 1: search, load, call.
        call('search_tools', { query: 'weather forecast' }),
        call('load_tool', { toolName: 'get_weather' }),
        call('get_weather', { city: 'Paris' }),
        say('Sunny in Paris.'),
        // Request 3: both tools, loaded on A and on B, without a search.
        call('send_email', { to: 'ada@example.com' }),
        say('Sent.'),
      ], receiptSecret);
      const b = instance('b', file, [
        // Request 2: the tool A loaded is there; B loads a second one.
        call('get_weather', { city: 'Lyon' }),
        call('load_tool', { toolName: 'send_email' }),
        say('Sunny in Lyon; I can send email now.'),
        // Request 4.
        call('get_weather', { city: 'Nice' }),
        say('Sunny in Nice.'),
      ], receiptSecret);
      await a.agent.generate('Weather in Paris?', thread);
      await b.agent.generate('And in Lyon? Then get ready to email.', thread);
      await a.agent.generate('Email Ada the forecast.', thread);
      await b.agent.generate('And Nice?', thread);
      // A third instance, new to the thread, reads the same tools in the same order from the messages
      // alone. (@mastra/core 1.71.0 also hands an Agent its previous request's last tools as its own
      // tools, which pass through, r[processor.resolved.pass-through]; a fresh Agent has none.)
      const c = instance('c', file, [say('Both tools are ready.')], receiptSecret);
      await c.agent.generate('Still there?', thread);
      expect(c.model.toolLists).toEqual([['search_tools', 'load_tool', 'get_weather', 'send_email']]);

      const meta = ['search_tools', 'load_tool'];
      expect(a.model.toolLists).toEqual([
        meta,
        meta,
        [...meta, 'get_weather'],
        [...meta, 'get_weather'],
        [...meta, 'get_weather', 'send_email'],
        [...meta, 'get_weather', 'send_email'],
      ]);
      expect(b.model.toolLists).toEqual([
        [...meta, 'get_weather'],
        [...meta, 'get_weather'],
        [...meta, 'get_weather', 'send_email'],
        [...meta, 'get_weather', 'send_email'],
        [...meta, 'get_weather', 'send_email'],
      ]);
      // Append-only over the whole thread, whichever instance served each request.
      const served = [...a.model.toolLists.slice(0, 4), ...b.model.toolLists.slice(0, 3), ...a.model.toolLists.slice(4), ...b.model.toolLists.slice(3)];
      expect(isAppendOnly(served)).toBe(true);
      expect(a.catalog.executions.map((e) => e.city)).toEqual(['Paris']);
      expect(b.catalog.executions.map((e) => e.city)).toEqual(['Lyon', 'Nice']);
    });
  }

  it('[store.receipts.verify] [processor.options.receipt-secret] an instance with another secret trusts none of the thread\'s loads', async () => {
    const file = join(dir, 'other-secret.db');
    const a = instance('a', file, [call('search_tools', { query: 'weather forecast' }), call('load_tool', { toolName: 'get_weather' }), say('Loaded.')], SECRET);
    const intruder = instance('intruder', file, [say('Nothing is loaded here.')], 'b3RoZXItZGVwbG95bWVudC1zZWNyZXQtMzItYnl0ZXMtbG9uZw==');
    await a.agent.generate('Weather?', thread);
    await intruder.agent.generate('Anything loaded?', thread);
    expect(a.model.toolLists.at(-1)).toEqual(['search_tools', 'load_tool', 'get_weather']);
    expect(intruder.model.toolLists).toEqual([['search_tools', 'load_tool']]);
  });
});

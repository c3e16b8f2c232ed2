/**
 * Nothing lost across a restart: a loaded tool that requires approval suspends the run; the process
 * "restarts" (new Mastra, Agent, processor, memory and storage objects over the same LibSQL file);
 * the approval resumes and the call runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Mastra } from '@mastra/core/mastra';
import { ToolSearchProcessor as MastraToolSearchProcessor } from '@mastra/core/processors';
import { createTool } from '@mastra/core/tools';
import { LibSQLStore } from '@mastra/libsql';
import { Memory } from '@mastra/memory';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ToolSearchProcessor, type ToolSearchProcessorOptions } from '../../src/index.js';
import { agentWith, wireMoneyTool } from './support/fixtures.js';
import { call, say, scriptedModel, type Turn } from './support/scripted-model.js';

const dir = mkdtempSync(join(tmpdir(), 'tool-search-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SECRET = 'restart-approval receipt secret, 32+ bytes';

/** One "process": its own tools, processor, memory, storage, Mastra and Agent over the database file. */
function processOn(file: string, script: readonly Turn[], options: Partial<ToolSearchProcessorOptions> = {}, impl: 'ours' | 'mastra' = 'ours') {
  const { wire, executed } = wireMoneyTool();
  const report = createTool({ id: 'premium_report', description: 'Build the premium sales report', inputSchema: z.object({}), execute: async () => ({ ok: true }) });
  const processor =
    impl === 'ours'
      ? new ToolSearchProcessor({ tools: { wire, report }, storage: 'context', ...options })
      : new MastraToolSearchProcessor({ tools: { wire, report } as never, storage: 'context' });
  const storage = new LibSQLStore({ id: `restart-${Math.random()}`, url: `file:${file}` });
  const memory = new Memory({ storage, options: { lastMessages: 20 } });
  const scripted = scriptedModel(script);
  const mastra = new Mastra({ agents: { banker: agentWith(scripted.model, [processor], { memory }) }, storage, logger: false });
  return { agent: mastra.getAgent('banker'), executed, memory, processor };
}

/** Runs until the approval request; returns the run and call ids. */
async function suspend(agent: ReturnType<typeof processOn>['agent'], thread: string) {
  const stream = await agent.stream('Send 5', { memory: { thread, resource: 'user-1' }, maxSteps: 6 } as never);
  let toolCallId: string | undefined;
  for await (const chunk of stream.fullStream as AsyncIterable<{ type: string; payload?: { toolCallId?: string } }>) {
    if (chunk.type === 'tool-call-approval') toolCallId = chunk.payload?.toolCallId;
  }
  return { runId: stream.runId, toolCallId };
}

/** Approves in a new process; returns the tool errors the resumed stream reported. */
async function approve(agent: ReturnType<typeof processOn>['agent'], thread: string, ids: { runId: string; toolCallId: string | undefined }) {
  const resumed = await agent.approveToolCall({ ...ids, memory: { thread, resource: 'user-1' } } as never);
  const errors: string[] = [];
  for await (const chunk of resumed.fullStream as AsyncIterable<{ type: string; payload?: { error?: { name?: string } } }>) {
    if (chunk.type === 'tool-error') errors.push(chunk.payload?.error?.name ?? 'error');
  }
  return { errors, text: await resumed.text };
}

const script: Turn[] = [call('search_tools', { query: 'wire money' }), call('load_tool', { toolName: 'wire_money' }), call('wire_money', { amount: 5 }), say('Sent.')];

describe('approval across a process restart (storage: context, LibSQL memory on a file)', () => {
  for (const receipts of [false, true]) {
    const options = receipts ? { receiptSecret: SECRET } : {};
    it(`[processor.resume.persisted] [processor.resume.loaded-tools] a new processor and Agent approve the suspended call and it runs (receipts ${receipts})`, async () => {
      const file = join(dir, `approve-${receipts}.db`);
      // 1. First process: search, load, call; the call suspends for approval; nothing ran.
      const first = processOn(file, script, options);
      const ids = await suspend(first.agent, 'thread-a');
      expect(ids.toolCallId).toBeDefined();
      expect(first.executed).toEqual([]);
      // 2. Restart: everything new over the same file; the approval runs the call in the new process.
      const second = processOn(file, [say('Sent.')], options);
      const { errors, text } = await approve(second.agent, 'thread-a', ids);
      expect(errors).toEqual([]);
      expect(text).toBe('Sent.');
      expect(second.executed).toEqual([5]);
      expect(first.executed).toEqual([]);
    });
  }

  it('[processor.resume.persisted] departure: with @mastra/core 1.71.0\'s processor the same approval fails with ToolNotFoundError', async () => {
    const file = join(dir, 'approve-mastra.db');
    const first = processOn(file, script, {}, 'mastra');
    const ids = await suspend(first.agent, 'thread-m');
    const second = processOn(file, [say('Sent.')], {}, 'mastra');
    const { errors } = await approve(second.agent, 'thread-m', ids);
    expect(errors).toEqual(['ToolNotFoundError']);
    expect(second.executed).toEqual([]);
  });

  it('[processor.receipts.write] [store.receipts.restart] the signed receipt survives the Agent\'s output validation into the persisted thread', async () => {
    const file = join(dir, 'receipt-persisted.db');
    const first = processOn(file, script, { receiptSecret: SECRET });
    await suspend(first.agent, 'thread-r');
    const { messages } = await first.memory.recall({ threadId: 'thread-r', resourceId: 'user-1' });
    const results = messages.flatMap((m) =>
      (m.content.parts ?? []).flatMap((p) => (p.type === 'tool-invocation' && p.toolInvocation.state === 'result' ? [p.toolInvocation] : [])),
    );
    const load = results.find((r) => r.toolName === 'load_tool') as { toolCallId: string; result: { activation?: { loaded: string[]; receipt?: { mac: string } } } } | undefined;
    expect(load?.result.activation?.loaded).toEqual(['wire_money']);
    expect(load?.result.activation?.receipt?.mac).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(messages)).not.toContain(SECRET);
  });

  it('[processor.resume.persisted] [processor.filter.reload] the trust rules hold on the resume path: a filter that denies load in the new process keeps the tool out', async () => {
    const file = join(dir, 'approve-denied.db');
    const first = processOn(file, script);
    const ids = await suspend(first.agent, 'thread-d');
    const second = processOn(file, [say('Not sent.')], { filter: ({ phase, toolName }) => !(phase === 'load' && toolName === 'wire_money') });
    const { errors } = await approve(second.agent, 'thread-d', ids);
    expect(errors).toEqual(['ToolNotFoundError']);
    expect(second.executed).toEqual([]);
  });

  it('[processor.resume.persisted] a receipt written under another secret is not trusted after the restart', async () => {
    const file = join(dir, 'approve-rotated.db');
    const first = processOn(file, script, { receiptSecret: SECRET });
    const ids = await suspend(first.agent, 'thread-k');
    const second = processOn(file, [say('Not sent.')], { receiptSecret: 'a different secret of at least 32 bytes' });
    const { errors } = await approve(second.agent, 'thread-k', ids);
    expect(errors).toEqual(['ToolNotFoundError']);
    expect(second.executed).toEqual([]);
  });

  it('[store.receipts.secret] [store.receipts.restart] a rotated configuration that keeps the old secret for verification approves after the restart', async () => {
    const file = join(dir, 'approve-rotation.db');
    const first = processOn(file, script, { receiptSecret: SECRET });
    const ids = await suspend(first.agent, 'thread-rot');
    const second = processOn(file, [say('Sent.')], { receiptSecret: ['a different secret of at least 32 bytes', SECRET] });
    const { errors } = await approve(second.agent, 'thread-rot', ids);
    expect(errors).toEqual([]);
    expect(second.executed).toEqual([5]);
  });
});

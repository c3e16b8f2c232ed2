/**
 * Per-thread state: hostile thread ids against the in-memory store, the bytes a thread costs,
 * and the context store's order memory after many other threads.
 */
import { randomUUID } from 'node:crypto';
import { createContextStore, createInMemoryStore, DEFAULT_MAX_THREADS } from '../../../src/stores/index.js';
import { load, loadMessage, smallCatalog, step, subject, threadContext, type Impl } from './drive.js';
import { bytes, count, heapAfterGc, table, type Section } from './measure.js';

/** Bytes per in-memory thread entry with `tools` loaded tools (ids excluded: they are the caller's). */
function bytesPerThread(threads: number, tools: number): number {
  const names = Array.from({ length: tools }, (_, i) => `tool_number_${i}`);
  const ids = Array.from({ length: threads }, () => randomUUID());
  const before = heapAfterGc();
  const store = createInMemoryStore({ ttl: 0, maxThreads: threads });
  for (const id of ids) store.activate({ threadId: id, messages: [], isKnownTool: () => true }, names);
  const after = heapAfterGc();
  store.dispose();
  return (after - before) / threads;
}

async function hostileThreads(impl: Impl, threads: number, loads: boolean) {
  const before = heapAfterGc();
  const p = subject(impl, { tools: smallCatalog() });
  for (let i = 0; i < threads; i++) {
    const rc = threadContext(`hostile-${i}-${'x'.repeat(20)}`);
    const s = await step(p, rc);
    if (loads) await load(s.tools, rc, 'get_weather');
  }
  const retained = heapAfterGc() - before;
  const stats = p.getStateStats();
  p.dispose?.();
  return { retained, stats };
}

/** The reproduction in context mode: a thread's resume and order after `others` other threads. */
async function contextAfterOthers(impl: Impl, others: number) {
  const p = subject(impl, { tools: smallCatalog(), storage: 'context' });
  const rc = threadContext('t');
  const messages: unknown[] = [];
  let s = await step(p, rc, messages);
  for (const [n, name] of (['get_weather', 'send_email', 'get_weather'] as const).entries()) {
    await load(s.tools, rc, name);
    messages.push(loadMessage(name, n, n === 2));
    s = await step(p, rc, messages);
  }
  const before = s.keys.slice(2).join(', ');
  for (let i = 0; i < others; i++) await step(p, threadContext(`other-${i}`), [loadMessage('create_issue', 0)]);
  const resumed = Object.keys(await p.getLoadedToolsForRequestContext({ requestContext: rc })).join(', ') || '{}';
  const after = (await step(p, rc, messages.slice(1))).keys.slice(2).join(', ');
  p.dispose?.();
  return { before, resumed, after };
}

/** Heap held by the context store's order memory after `threads` threads stepped once each. */
function orderMemoryHeap(threads: number) {
  const before = heapAfterGc();
  const store = createContextStore({ autoLoad: false });
  const messages = [loadMessage('get_weather', 0)];
  for (let i = 0; i < threads; i++) store.loaded({ threadId: `thread-${i}`, messages, isKnownTool: () => true });
  const retained = heapAfterGc() - before;
  return { retained, kept: store.latestLoaded({ threadId: `thread-${threads - 1}`, messages: [], isKnownTool: () => true }).length, first: store.latestLoaded({ threadId: 'thread-0', messages: [], isKnownTool: () => true }).length };
}

/** Runs the section. */
export async function threadsSection(quick: boolean): Promise<Section[]> {
  const n = quick ? 20_000 : 200_000;
  const perThread = [1, 10, 50].map((tools) => {
    const each = bytesPerThread(quick ? 10_000 : 100_000, tools);
    return [`${tools}`, `${each.toFixed(0)} B`, bytes(each * DEFAULT_MAX_THREADS)];
  });
  const rows: string[][] = [];
  for (const loads of [true, false]) {
    for (const impl of ['ours', 'mastra'] as const) {
      const { retained, stats } = await hostileThreads(impl, n, loads);
      rows.push([
        `${count(n)} thread ids, ${loads ? 'each loads one tool' : 'each only steps'}`,
        impl === 'ours' ? 'this package (maxThreads 10 000)' : '@mastra/core 1.71.0',
        count(stats.threadCount),
        stats.evictions === undefined ? '—' : count(stats.evictions),
        bytes(retained),
      ]);
    }
  }
  const context: string[][] = [];
  for (const others of [1_001, 9_999, 10_001]) {
    for (const impl of ['ours', 'mastra'] as const) {
      const r = await contextAfterOthers(impl, others);
      context.push([count(others), impl === 'ours' ? 'this package' : '@mastra/core 1.71.0', r.before, r.resumed, r.after]);
    }
  }
  const memory = orderMemoryHeap(quick ? 30_000 : 300_000);
  return [
    {
      title: 'In-memory store: hostile thread ids',
      body: [
        table(['input', 'implementation', 'threads held (getStateStats)', 'evicted', 'heap retained'], rows),
        '',
        'Heap retained: `heapUsed` after `global.gc()` with the processor alive, minus before it was created.',
        '',
        `Bytes per thread entry (measured over ${count(quick ? 10_000 : 100_000)} threads, 36-character ids not counted), and what the default \`maxThreads\` (${count(DEFAULT_MAX_THREADS)}) can hold at most:`,
        '',
        table(['loaded tools per thread', 'bytes per thread', 'at 10 000 threads'], perThread),
      ].join('\n'),
    },
    {
      title: "Context mode: a thread's resume and order after other threads",
      body: [
        'Thread `t` loads `get_weather`, `send_email`, then confirms `get_weather` again; then N other threads step once; then `getLoadedToolsForRequestContext` (no `stepArgs`) for `t`, and a step of `t` whose oldest result (the first load of `get_weather`) has left the messages.',
        '',
        table(['other threads', 'implementation', 'loaded before', 'resume without stepArgs', 'order after the first result left'], context),
        '',
        `Before this change, the processor's 1 000-thread order memory gave \`{}\` and \`send_email, get_weather\` after 1 001 other threads. Beyond \`maxThreads\` (10 001 others) the forgotten thread orders by its messages, as after a restart.`,
        '',
        `Order memory after ${count(quick ? 30_000 : 300_000)} threads stepped once (default maxThreads): ${bytes(memory.retained)} retained; the latest thread remembered (${memory.kept} name), the first forgotten (${memory.first} names).`,
      ].join('\n'),
    },
  ];
}

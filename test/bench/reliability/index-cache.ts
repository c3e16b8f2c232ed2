/**
 * The resolved-tool index cache: requests each carrying one very large description.
 */
import { DEFAULT_INDEX_CACHE_MAX_BYTES } from '../../../src/index.js';
import { step, subject, threadContext, tool, type Impl } from './drive.js';
import { bytes, count, heapAfterGc, table, type Section } from './measure.js';

async function largeDescriptions(impl: Impl, requests: number, size: number, options: Record<string, unknown> = {}) {
  const base = 'lorem ipsum dolor sit amet consectetur adipiscing elit '.repeat(Math.ceil(size / 56)).slice(0, size);
  const before = heapAfterGc();
  const p = subject(impl, { tools: {}, includeResolvedTools: true, ...options });
  for (let i = 0; i < requests; i++) {
    const s = await step(p, threadContext(`r${i}`), [], { big: tool(`big_${i}`, `${base} request${i}`) });
    const search = s.tools['search_tools']?.execute;
    await search?.({ query: `request${i}` }, { requestContext: threadContext(`r${i}`), toolCallId: 'c', messages: [] });
  }
  const retained = heapAfterGc() - before;
  p.dispose?.();
  return retained;
}

/** Runs the section. */
export async function indexCacheSection(quick: boolean): Promise<Section> {
  const requests = quick ? 10 : 40;
  const size = quick ? 1_000_000 : 4_000_000;
  const rows = [
    ['this package (indexCacheMaxBytes 16 MiB, the default)', bytes(await largeDescriptions('ours', requests, size))],
    ['this package with the byte bound lifted (count bound of 32 only)', bytes(await largeDescriptions('ours', requests, size, { indexCacheMaxBytes: Number.MAX_SAFE_INTEGER }))],
    ['@mastra/core 1.71.0 (rebuilds the index at every step)', bytes(await largeDescriptions('mastra', requests, size))],
  ];
  return {
    title: 'Resolved-tool index cache',
    body: [
      `${count(requests)} requests, each with one request-resolved tool whose description is ${bytes(size)} (distinct per request), each running one search; heap retained with the processor alive:`,
      '',
      table(['implementation', 'heap retained'], rows),
      '',
      `The default budget is ${bytes(DEFAULT_INDEX_CACHE_MAX_BYTES)} of estimated index bytes (\`estimateSearchIndexBytes\`); the cache key is a SHA-256 of the content, not a copy of it.`,
    ].join('\n'),
  };
}

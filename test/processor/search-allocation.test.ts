/**
 * What `search_tools` allocates around the scorer: without a filter the call answers with the
 * scorer's own hits, synchronously, without an operation, a reporter or async hops, so that its
 * garbage is little more than the scorer's (r[processor.search.results]). Measured by heap bytes,
 * never by time.
 */
import { describe, expect, it } from 'vitest';
import { ToolSearchProcessor } from '../../src/mastra/index.js';
import { buildSearchIndex, search, type SearchDocument } from '../../src/scoring/index.js';
import { Conversation, makeTool, requestContext } from './support/harness.js';

const WORDS = ['weather', 'forecast', 'email', 'calendar', 'event', 'repository', 'image', 'invoice', 'ticket', 'report', 'sensor', 'ledger'];

/** `n` tools (fixed, no randomness). */
function catalog(n: number): SearchDocument[] {
  return Array.from({ length: n }, (_, i) => ({
    name: `${WORDS[i % WORDS.length]}_${WORDS[(i * 7 + 3) % WORDS.length]}_${i}`,
    description: `Reads the ${WORDS[(i * 5 + 1) % WORDS.length]} and ${WORDS[(i * 11 + 2) % WORDS.length]} data of item ${i}`,
  }));
}

const QUERIES = ['weather data', 'email report', 'ledger ticket item', 'image sensor', 'calendar event data'];

/**
 * The heap one call of `run` allocates, per call: the median over several windows of calls (a
 * scavenge during a window lowers its figure, optimised code installed during one raises it; the
 * median is a window with neither).
 */
async function bytesPerCall(run: (i: number) => unknown, calls = 40, windows = 9): Promise<number> {
  for (let i = 0; i < 500; i++) await run(i);
  const figures: number[] = [];
  for (let w = 0; w < windows; w++) {
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < calls; i++) await run(i);
    figures.push((process.memoryUsage().heapUsed - before) / calls);
  }
  return figures.sort((x, y) => x - y)[windows >> 1]!;
}

describe('allocation per search_tools call', () => {
  it('[processor.search.results] without a filter, search_tools allocates at most 2 KiB per call more than the scorer alone', async () => {
    const docs = catalog(300);
    const tools = Object.fromEntries(docs.map((d) => [d.name, makeTool(d.name, d.description)]));
    const processor = new ToolSearchProcessor({ tools });
    try {
      const conversation = new Conversation(processor, requestContext('alloc'));
      const step = await conversation.step();
      const execute = step.tools.search_tools!.execute!;
      const index = buildSearchIndex(docs);
      // The same answers (the meta-tool's scores are the scorer's, r[processor.search.results]).
      const answer = (await execute({ query: QUERIES[0] }, {})) as { results: Array<{ name: string; score: number }> };
      expect(answer.results.map((r) => [r.name, r.score])).toEqual(search(index, QUERIES[0]!, { topK: 5, minScore: 0 }).map((h) => [h.name, h.score]));
      const scorer = await bytesPerCall((i) => void search(index, QUERIES[i % QUERIES.length]!, { topK: 5, minScore: 0 }));
      const meta = await bytesPerCall((i) => execute({ query: QUERIES[i % QUERIES.length] }, {}));
      // Measured: about 0.6 KiB above the scorer; an operation, a reporter, a scope copy, the hits
      // made again and three async functions awaited in turn came to about 3 KiB.
      expect(meta - scorer).toBeLessThan(2_048);
    } finally {
      processor.dispose();
    }
  });
});

/**
 * @mastra/core 1.71.0's `ToolSearchProcessor`, driven the way its own `search_tools` meta-tool
 * is: one `processInputStep`, then the returned `search_tools` tool's `execute({ query })` for
 * every query.
 */
import { ToolSearchProcessor } from '@mastra/core/processors';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
import type { SearchDocument } from '../../../src/scoring/index.js';

/** Builds Mastra's processor over a catalog and returns its `search_tools` as a function. */
export async function mastraSearcher(
  catalog: readonly SearchDocument[],
  topK: number,
  minScore: number,
): Promise<(query: string) => Promise<string[]>> {
  const tools = Object.fromEntries(
    catalog.map((t) => [
      t.name,
      createTool({ id: t.name, description: t.description, inputSchema: z.object({}), execute: async () => ({}) }),
    ]),
  );
  const processor = new ToolSearchProcessor({ tools, search: { topK, minScore } });
  const messageList = { addSystem: () => undefined };
  const step = (await processor.processInputStep({ tools: {}, messageList, messages: [] } as never)) as {
    tools: Record<string, { execute: (input: { query: string }, context: unknown) => Promise<unknown> }>;
  };
  const searchTools = step.tools.search_tools;
  if (!searchTools) throw new Error('ToolSearchProcessor.processInputStep returned no search_tools tool');
  return async (query) => {
    const out = (await searchTools.execute({ query }, {})) as { results?: Array<{ name: string }> };
    return (out.results ?? []).map((r) => r.name);
  };
}

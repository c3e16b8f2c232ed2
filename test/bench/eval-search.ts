/**
 * Search-quality benchmark: `npm run eval:search`.
 *
 * Runs this package's scorer (`src/scoring`) and @mastra/core 1.71.0's
 * `ToolSearchProcessor` on the MetaTool development split, in the same run on
 * the same data with the same `topK` (5) and `minScore` (0), and prints
 * Recall@1, Recall@5 and MRR@5 for both as a Markdown table
 * (`docs/search-quality.md` holds a copy).
 *
 * Data: `../shared/data/metatool` (override with `METATOOL_DIR`):
 * `catalog.json` = `{ tools: [{ name, description }] }`,
 * `dev-single.jsonl` lines `{ query, tool }`, `dev-multi.jsonl` lines `{ query, tools }`.
 *
 * Metrics, over the queries of a split, with `ranked` the first 5 results:
 * - Recall@k: the fraction of the query's gold tools found among the first k
 *   results (for a single-tool query: 1 when the gold tool is there, else 0).
 * - MRR@5: 1 / rank of the first gold tool among the first 5 results, 0 when none is.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ToolSearchProcessor } from '@mastra/core/processors';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
import { buildSearchIndex, search, type SearchDocument } from '../../src/scoring/index.js';

const TOP_K = 5;
const MIN_SCORE = 0;

interface Query {
  query: string;
  gold: string[];
}

interface Metrics {
  recallAt1: number;
  recallAt5: number;
  mrrAt5: number;
}

type Searcher = (query: string) => Promise<string[]>;

const repoRoot = resolve(new URL('../../', import.meta.url).pathname);
const dataDir = resolve(process.env.METATOOL_DIR ?? join(repoRoot, '..', 'shared', 'data', 'metatool'));

function readJsonLines(file: string): unknown[] {
  return readFileSync(join(dataDir, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

function loadData(): { catalog: SearchDocument[]; single: Query[]; multi: Query[] } {
  if (!existsSync(join(dataDir, 'catalog.json'))) {
    throw new Error(`MetaTool data not found in ${dataDir}: set METATOOL_DIR to the folder holding catalog.json, dev-single.jsonl and dev-multi.jsonl.`);
  }
  const { tools } = JSON.parse(readFileSync(join(dataDir, 'catalog.json'), 'utf8')) as { tools: SearchDocument[] };
  const single = readJsonLines('dev-single.jsonl').map((l) => {
    const { query, tool } = l as { query: string; tool: string };
    return { query, gold: [tool] };
  });
  const multi = readJsonLines('dev-multi.jsonl').map((l) => {
    const { query, tools: gold } = l as { query: string; tools: string[] };
    return { query, gold };
  });
  return { catalog: tools, single, multi };
}

async function evaluate(queries: readonly Query[], searcher: Searcher): Promise<Metrics> {
  let r1 = 0;
  let r5 = 0;
  let mrr = 0;
  for (const { query, gold } of queries) {
    const ranked = (await searcher(query)).slice(0, TOP_K);
    const goldSet = new Set(gold);
    const hitsAt = (k: number) => ranked.slice(0, k).filter((name) => goldSet.has(name)).length / goldSet.size;
    r1 += hitsAt(1);
    r5 += hitsAt(5);
    const first = ranked.findIndex((name) => goldSet.has(name));
    if (first >= 0) mrr += 1 / (first + 1);
  }
  const n = queries.length;
  return { recallAt1: r1 / n, recallAt5: r5 / n, mrrAt5: mrr / n };
}

/** This package's scorer. */
function ourSearcher(catalog: readonly SearchDocument[]): Searcher {
  const index = buildSearchIndex(catalog);
  return async (query) => search(index, query, { topK: TOP_K, minScore: MIN_SCORE }).map((hit) => hit.name);
}

/**
 * @mastra/core 1.71.0's ToolSearchProcessor, called the way its own
 * `search_tools` meta-tool is: one `processInputStep`, then the returned
 * `search_tools` tool's `execute({ query })` for every query.
 */
async function mastraSearcher(catalog: readonly SearchDocument[]): Promise<Searcher> {
  const tools = Object.fromEntries(
    catalog.map((t) => [
      t.name,
      createTool({ id: t.name, description: t.description, inputSchema: z.object({}), execute: async () => ({}) }),
    ]),
  );
  const processor = new ToolSearchProcessor({ tools, search: { topK: TOP_K, minScore: MIN_SCORE } });
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

const fmt = (x: number) => x.toFixed(3);

async function main(): Promise<void> {
  const { catalog, single, multi } = loadData();
  const systems: Array<[string, Searcher]> = [
    ['tool-search-reference', ourSearcher(catalog)],
    ['@mastra/core 1.71.0 ToolSearchProcessor', await mastraSearcher(catalog)],
  ];
  const lines = [
    `MetaTool development split: ${catalog.length} tools, ${single.length} single-tool queries, ${multi.length} multi-tool queries; topK ${TOP_K}, minScore ${MIN_SCORE}.`,
    '',
    '| scorer | split | Recall@1 | Recall@5 | MRR@5 |',
    '| --- | --- | ---: | ---: | ---: |',
  ];
  for (const [split, queries] of [
    ['single', single],
    ['multi', multi],
  ] as const) {
    for (const [name, searcher] of systems) {
      const m = await evaluate(queries, searcher);
      lines.push(`| ${name} | ${split} | ${fmt(m.recallAt1)} | ${fmt(m.recallAt5)} | ${fmt(m.mrrAt5)} |`);
    }
  }
  console.log(lines.join('\n'));
}

await main();

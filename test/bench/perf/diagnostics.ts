/**
 * Diagnostics behind the benchmark's reading: where our time goes, measured live so that the
 * reading in `docs/benchmarks.md` never quotes a number this run did not produce.
 */
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
import { MAX_QUERY_LENGTH, MAX_TOOL_NAME_LENGTH, MAX_TOOL_NAMES } from '../../../src/index.js';
import { buildSearchIndex, rankCandidates, tokenize, truncateDescription, type SearchDocument } from '../../../src/scoring/index.js';
import { measureOne, measurePair, type Stats } from './timing.js';

/** One diagnostic line: what, and the measured figures in words. */
export interface Diagnostic {
  /** What was measured. */
  what: string;
  /** The figures. */
  result: string;
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

const ms = (s: Stats) => `${(s.median / 1e6).toFixed(1)} ms`;
const us = (s: Stats) => `${(s.median / 1e3).toFixed(1)} µs`;

/**
 * Tokenization inside `buildSearchIndex`, and what memoising the terms of each distinct word
 * would give (checking the terms are identical).
 */
export async function tokenizationShare(docs: readonly SearchDocument[]): Promise<Diagnostic[]> {
  const texts = docs.flatMap((d) => [d.name, d.description]);
  const plan = { warmup: 2, samples: 7 };
  const [build, plain] = await measurePair(() => buildSearchIndex(docs), () => texts.map((t) => tokenize(t)), plan);
  let words = 0;
  let distinct = 0;
  const memoised = () => {
    const memo = new Map<string, string[]>();
    words = 0;
    const out = texts.map((t) =>
      (t.match(WORD) ?? []).flatMap((w) => {
        words += 1;
        let terms = memo.get(w);
        if (terms === undefined) memo.set(w, (terms = tokenize(w)));
        return terms;
      }),
    );
    distinct = memo.size;
    return out;
  };
  const memo = await measureOne(memoised, plan);
  const same = JSON.stringify(texts.map((t) => tokenize(t))) === JSON.stringify(memoised());
  return [
    {
      what: `Tokenizing every name and description of ${docs.length.toLocaleString('en-US')} tools (\`tokenize\`), against our whole \`buildSearchIndex\` (which includes it; timed separately, interleaved, so noise can push the share past 100 %)`,
      result: `${ms(plain)} of ${ms(build)} (${((100 * plain.median) / build.median).toFixed(0)} %)`,
    },
    {
      what: `Same tokenization memoised per distinct word (${distinct.toLocaleString('en-US')} distinct of ${words.toLocaleString('en-US')} words; terms ${same ? 'identical' : 'DIFFERENT'})`,
      result: `${ms(memo)} (×${(plain.median / memo.median).toFixed(1)} faster)`,
    },
  ];
}

/** `rankCandidates` against truncating the description of every candidate it returns. */
export async function truncationShare(docs: readonly SearchDocument[], queries: readonly string[]): Promise<Diagnostic[]> {
  const index = buildSearchIndex(docs);
  const descriptions = new Map(docs.map((d) => [d.name, d.description]));
  const candidates = queries.map((q) => rankCandidates(index, q, { minScore: 0 }).map((h) => descriptions.get(h.name) ?? ''));
  const counts = candidates.map((c) => c.length).sort((a, b) => a - b);
  const plan = { warmup: queries.length, samples: queries.length };
  const rank = await measureOne((i) => rankCandidates(index, queries[i % queries.length]!, { minScore: 0 }), plan);
  const truncate = await measureOne((i) => {
    for (const d of candidates[i % candidates.length]!) truncateDescription(d);
  }, plan);
  return [
    {
      what: `\`rankCandidates\` on ${docs.length.toLocaleString('en-US')} tools (${counts[Math.floor(counts.length / 2)]!.toLocaleString('en-US')} candidates per query, median), against \`truncateDescription\` of every candidate's description (what \`rankCandidates\` did before descriptions were cut once at build time)`,
      result: `${us(truncate)} of ${us(rank)} (${((100 * truncate.median) / rank.median).toFixed(0)} %)`,
    },
  ];
}

const describe = 'Search keywords';

/** Our meta-tools' schemas as `src/mastra/tool-search-processor.ts` builds them (a reproduction of the shapes). */
function ourSchemas() {
  return [
    z.object({ query: z.string().max(MAX_QUERY_LENGTH).describe(describe) }),
    z.object({ results: z.array(z.object({ name: z.string(), description: z.string(), score: z.number() })), message: z.string() }),
    z.object({
      toolName: z.string().max(MAX_TOOL_NAME_LENGTH).optional().describe('name'),
      toolNames: z.array(z.string().max(MAX_TOOL_NAME_LENGTH)).max(MAX_TOOL_NAMES).optional().describe('names'),
    }),
    loadOutput(),
  ] as const;
}

/** @mastra/core 1.71.0's meta-tools' schemas (a reproduction of the shapes). */
function mastraSchemas() {
  return [
    z.object({ query: z.string().describe(describe) }),
    z.object({ results: z.array(z.object({ name: z.string(), description: z.string(), score: z.number() })), message: z.string() }),
    z.object({ toolName: z.string().optional().describe('name'), toolNames: z.array(z.string()).optional().describe('names') }),
    loadOutput(),
  ] as const;
}

function loadOutput() {
  return z.object({
    success: z.boolean(),
    message: z.string(),
    loadedCount: z.number().optional(),
    toolName: z.string().optional(),
    loaded: z.array(z.string()).optional(),
    notFound: z.array(z.string()).optional(),
    alreadyLoaded: z.array(z.string()).optional(),
  });
}

function twoMetaTools(schemas: ReturnType<typeof ourSchemas>) {
  const execute = async () => ({});
  createTool({ id: 'search_tools', description: 'd', inputSchema: schemas[0], outputSchema: schemas[1], execute } as never);
  createTool({ id: 'load_tool', description: 'd', inputSchema: schemas[2], outputSchema: schemas[3], execute } as never);
}

/** What building the meta-tools' zod schemas on every step costs (both processors do it). */
export async function metaToolSchemas(): Promise<Diagnostic[]> {
  const plan = { warmup: 300, samples: 150, batch: 10 };
  const [ours, mastra] = await measurePair(ourSchemas, mastraSchemas, plan);
  const hoisted = ourSchemas();
  const [fresh, once] = await measurePair(() => twoMetaTools(ourSchemas()), () => twoMetaTools(hoisted), plan);
  return [
    { what: 'Building the four meta-tool zod schemas, our shapes against Mastra\'s (reproductions)', result: `${us(ours)} against ${us(mastra)}` },
    { what: 'Two `createTool` meta-tools with schemas built anew (as Mastra does every step; ours are built once) against schemas built once', result: `${us(fresh)} against ${us(once)}` },
  ];
}

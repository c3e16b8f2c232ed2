/**
 * The two implementations under measurement, behind one shape: this package's
 * `ToolSearchProcessor` and @mastra/core 1.71.0's. Steps are driven the way
 * `test/processor/support/harness.ts` drives them (Mastra's step arguments,
 * format-2 stored messages, tools taken from `processInputStep`'s result).
 */
import { ToolSearchProcessor as MastraToolSearchProcessor } from '@mastra/core/processors';
import type { RequestContext } from '@mastra/core/request-context';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
import { ToolSearchProcessor as OurToolSearchProcessor } from '../../../src/index.js';
import type { SearchDocument } from '../../../src/scoring/index.js';

/** Which implementation. */
export type Impl = 'ours' | 'mastra';

/** A tool as both processors see it. */
export type BenchTool = ReturnType<typeof createTool>;

/** What a meta-tool looks like from outside. */
export interface ExecutableTool {
  execute?: (input: unknown, ctx: unknown) => Promise<unknown>;
}

/** The surface of a processor the benchmark uses. */
export interface ProcessorUnderTest {
  processInputStep(args: unknown): Promise<{ tools: Record<string, ExecutableTool> }>;
  /** Mastra's private `searchTools(catalog, query)`: BM25, name boost, minScore, topK, without the meta-tool. */
  searchTools?(catalog: unknown, query: string, requestContext?: unknown): Promise<unknown>;
  /** Mastra's private static catalog. */
  staticCatalog?: unknown;
  dispose?(): void;
}

/** Options both constructors accept. */
export interface BenchOptions {
  tools: Record<string, BenchTool>;
  storage?: 'in-memory' | 'context';
  includeResolvedTools?: boolean;
}

const anyInput = z.object({}).passthrough();

/** Mastra tools for documents, keyed by name; `tag` makes each set's closures distinct. */
export function toolsFor(docs: readonly SearchDocument[], tag = 0): Record<string, BenchTool> {
  const out: Record<string, BenchTool> = {};
  for (const doc of docs) {
    out[doc.name] = createTool({
      id: doc.name,
      description: doc.description,
      inputSchema: anyInput,
      execute: async () => ({ tag, id: doc.name }),
    } as never) as BenchTool;
  }
  return out;
}

/** Constructs one implementation with the default search options (topK 5, minScore 0 in both). */
export function construct(impl: Impl, options: BenchOptions): ProcessorUnderTest {
  return (impl === 'ours'
    ? new OurToolSearchProcessor(options as never)
    : new MastraToolSearchProcessor(options as never)) as unknown as ProcessorUnderTest;
}

/** Releases what a constructed processor holds (our in-memory store's sweep timer). */
export function release(processor: ProcessorUnderTest): void {
  processor.dispose?.();
}

/** Mastra's step arguments, as `harness.ts` builds them, with a no-op message list. */
export function stepArgs(tools: Record<string, unknown>, messages: unknown[], requestContext: RequestContext | undefined, stepNumber = 0) {
  return {
    messages,
    messageList: { addSystem: () => undefined },
    tools,
    requestContext,
    stepNumber,
    steps: [],
    systemMessages: [],
    state: {},
    retryCount: 0,
  };
}

/** The `execute` of one meta-tool of a step's result; throws when the step did not expose it. */
export function metaTool(result: { tools: Record<string, ExecutableTool> }, name: 'search_tools' | 'load_tool') {
  const execute = result.tools[name]?.execute;
  if (execute === undefined) throw new Error(`the step did not expose ${name}; got ${Object.keys(result.tools).join(', ')}`);
  return execute;
}

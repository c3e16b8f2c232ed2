import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundaryViolations, importsOf, sourceOfExport } from '../support/boundary.js';
import { repoRoot, walk } from '../support/spec-rules.js';

/** Entries that need the Mastra peers; every other export must be pure. */
const MASTRA_ENTRIES = new Set(['.', './mcp']);

const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types: string; default: string }>;
};
const entries = Object.entries(manifest.exports).filter(([, t]) => typeof t === 'object') as Array<[string, { types: string; default: string }]>;
const pureEntries = entries.filter(([name]) => !MASTRA_ENTRIES.has(name)).map(([, t]) => sourceOfExport(t.default));

function sourcesUnder(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const path of walk(join(repoRoot, dir), (p) => p.endsWith('.ts'))) out.set(relative(repoRoot, path).replace(/\\/g, '/'), readFileSync(path, 'utf8'));
  return out;
}

describe('the Mastra boundary', () => {
  it('only src/mastra/ and the conformance adapter folders import @mastra/* or @modelcontextprotocol/*, and no pure entry reaches them', () => {
    expect(pureEntries).toEqual(
      expect.arrayContaining(['src/scoring/index.ts', 'src/lifecycle/index.ts', 'src/stores/index.ts', 'src/editor/index.ts', 'src/conformance/index.ts']),
    );
    expect(boundaryViolations(sourcesUnder('src'), pureEntries)).toEqual([]);
  });

  it('catches every form of a crossing: type import, import type node, re-export, and a pure entry that reaches the binding', () => {
    const sources = new Map([
      ['src/editor/index.ts', "export * from './a.js';\nexport type { T } from './b.js';"],
      ['src/editor/a.ts', "import type { Agent } from '@mastra/core/agent';\nexport type A = Agent;"],
      ['src/editor/b.ts', "export type T = import('@modelcontextprotocol/sdk/types.js').Tool;"],
      ['src/scoring/index.ts', "export { x } from '../mastra/x.js';\nexport const lazy = () => import('../conformance/adapter/m.js');"],
      ['src/mastra/x.ts', "import { MCPClient } from '@mastra/mcp';\nexport const x = MCPClient;"],
      ['src/conformance/adapter/m.ts', "import { createTool } from '@mastra/core/tools';\nexport const m = createTool;"],
    ]);
    const messages = boundaryViolations(sources, ['src/editor/index.ts', 'src/scoring/index.ts']).map((v) => `${v.file}: ${v.message}`);
    expect(messages).toEqual([
      'src/editor/a.ts: imports @mastra/core/agent (static); only src/mastra/ and src/conformance/**/adapter/ may',
      'src/editor/b.ts: imports @modelcontextprotocol/sdk/types.js (static); only src/mastra/ and src/conformance/**/adapter/ may',
      'src/editor/index.ts: pure entry reaches src/editor/a.ts, which imports @mastra/core/agent: src/editor/index.ts → src/editor/a.ts',
      'src/editor/index.ts: pure entry reaches src/editor/b.ts, which imports @modelcontextprotocol/sdk/types.js: src/editor/index.ts → src/editor/b.ts',
      'src/scoring/index.ts: pure entry reaches src/mastra/x.ts, which is under src/mastra/: src/scoring/index.ts → src/mastra/x.ts',
    ]);
    expect(importsOf('x.ts', "const m = await import('@mastra/core');").map((e) => e.kind)).toEqual(['dynamic']);
  });
});

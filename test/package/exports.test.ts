import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/spec-rules.js';

/**
 * The package's entry points, imported by name from a plain Node ESM script, as a user would
 * after `npm run build` (which `npm test` runs before vitest).
 */
const script = `
import { buildSearchIndex, search } from 'tool-search-reference/scoring';
import { ToolSearchProcessor, toolSearchProcessorOptionsSchema } from 'tool-search-reference';
import { toolLifecycleMachine } from 'tool-search-reference/lifecycle';
import { createInMemoryStore, createContextStore } from 'tool-search-reference/stores';
import { createMcpToolLoader } from 'tool-search-reference/mcp';
import { evaluateRuleGroup } from 'tool-search-reference/editor';
import * as conformance from 'tool-search-reference/conformance';
const index = buildSearchIndex([{ name: 'get_weather', description: 'Weather forecast for a city' }]);
console.log(JSON.stringify({
  search: search(index, 'weather').map((h) => h.name),
  processor: new ToolSearchProcessor({ tools: {} }).id,
  schema: typeof toolSearchProcessorOptionsSchema.safeParse,
  machine: toolLifecycleMachine.id,
  stores: [createInMemoryStore().kind, createContextStore({ autoLoad: false }).kind],
  rules: evaluateRuleGroup({ operator: 'AND', conditions: [] }, {}),
  conformance: Object.keys(conformance).length > 0,
  mcp: createMcpToolLoader().openConnections,
}));
`;

describe('package entry points', () => {
  it('import by package name from plain Node ESM after the build', () => {
    expect(existsSync(join(repoRoot, 'dist', 'index.js')), 'run `npm run build` first (npm test does)').toBe(true);
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8' });
    const seen = JSON.parse(out.trim().split('\n').pop()!);
    expect(seen.search).toEqual(['get_weather']);
    expect(seen.processor).toBe('tool-search');
    expect(seen.schema).toBe('function');
    expect(typeof seen.machine).toBe('string');
    expect(seen.stores).toEqual(['in-memory', 'context']);
    expect(typeof seen.rules).toBe('boolean');
    expect(seen.conformance).toBe(true);
    expect(seen.mcp).toBe(0);
  });
});

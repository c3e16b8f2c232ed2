import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATA_ENV, DATA_SETS, loadDataSets, whatIsNeeded } from './data.js';

// The benchmarks' data locator (issue 11: `eval:search` and `bench` find their data or say what
// they need). Not a spec rule: these tests carry no rule ID.
describe('benchmark data locator', () => {
  let dir: string;
  let saved: string | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tool-search-data-'));
    saved = process.env[DATA_ENV];
    process.env[DATA_ENV] = dir;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env[DATA_ENV];
    else process.env[DATA_ENV] = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  function writeSet(id: string, files: Record<string, string>) {
    mkdirSync(join(dir, id), { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, id, name), text);
  }

  it('loads the sets found under TOOL_SEARCH_DATA, single- and multi-tool lines alike', () => {
    writeSet('sealtools', {
      'catalog.json': JSON.stringify({ tools: [{ name: 'a', description: 'x' }, { name: 'b', description: 'y' }] }),
      'dev.jsonl': '{"query": "q1", "tool": "a", "subset": "easy"}\n\n{"query": "q2", "tools": ["a", "b"]}\n',
    });
    const { root, sets, missing } = loadDataSets();
    expect(root).toBe(dir);
    expect(sets.map((s) => s.id)).toEqual(['sealtools']);
    expect(sets[0]!.queries).toEqual([
      { query: 'q1', gold: ['a'], subset: 'easy' },
      { query: 'q2', gold: ['a', 'b'], subset: 'dev' },
    ]);
    // The others are reported with what they need.
    expect(missing).toContain('metatool/dev-single.jsonl');
    expect(missing).toContain('acebench-zh/catalog.json');
  });

  it('says what it needs, and where each set comes from, when nothing is there', () => {
    expect(() => loadDataSets()).toThrow(DATA_ENV);
    const message = whatIsNeeded(dir);
    for (const source of DATA_SETS) {
      expect(message).toContain(`${source.id}/catalog.json`);
      expect(message).toContain(source.origin.split(' ')[0]!);
    }
    expect(whatIsNeeded(undefined)).toContain(`${DATA_ENV} is not set`);
  });
});

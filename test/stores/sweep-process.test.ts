import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/spec-rules.js';

describe('in-memory store in a real process', () => {
  it('[store.memory.sweep.unref] a store with a pending sweep does not keep the process alive', () => {
    // The default ttl (one hour) schedules a 30-minute sweep; without unref the child would hang until killed.
    const script = [
      "const { createInMemoryStore } = await import('./src/stores/index.ts');",
      'const store = createInMemoryStore();',
      "store.activate({ threadId: 't', messages: [], isKnownTool: () => true }, ['a']);",
      'console.log(store.getStateStats().threadCount);',
    ].join('\n');
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(child.error).toBeUndefined();
    expect(child.signal).toBeNull();
    expect(child.status).toBe(0);
    expect(child.stdout.trim()).toBe('1');
  });
});

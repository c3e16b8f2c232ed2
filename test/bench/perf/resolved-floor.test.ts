import { describe, expect, it } from 'vitest';
import { countedTool } from '../../processor/support/counted-tool.js';
import { readFloor } from './workloads/resolved.js';

describe('the floor of a resolved-tools step', () => {
  it('reads every key of the record, then each value\'s id and description once, in order', () => {
    const reads: string[] = [];
    const tool = (name: string, id: unknown, description: unknown) => countedTool(reads, name, id, description);
    const record = { a: tool('a', 'alpha', 'does a'), b: tool('b', 7, undefined), c: tool('c', 'c', 'sees') };
    // 3 keys, then the lengths of the strings read: 'alpha' 5, 'does a' 6, 'c' 1, 'sees' 4.
    expect(readFloor(record)).toBe(3 + 5 + 6 + 1 + 4);
    expect(reads).toEqual(['a.id', 'a.description', 'b.id', 'b.description', 'c.id', 'c.description']);
  });
});

import { describe, expect, it } from 'vitest';
import { widenRange } from './widen-ranges.js';

const source = [
  'export function f(a: number): number {', // 1
  '  if (a > 0) {', // 2
  '    return a;', // 3
  '  }', // 4
  '  const o = {', // 5
  '    x: 1,', // 6
  '    y: 2,', // 7
  '  };', // 8
  '  return o.x;', // 9
  '}', // 10
].join('\n');

describe('MUTATION_MUTATE line ranges', () => {
  it('a range reaches to the end of every block and expression that starts on its lines', () => {
    // The if statement and its block start on line 2 and end on line 4.
    expect(widenRange('src/f.ts:2-2', source)).toBe('src/f.ts:2-4');
    // The object literal starts on line 5 and ends on line 8.
    expect(widenRange('src/f.ts:5-5', source)).toBe('src/f.ts:5-8');
    expect(widenRange('src/f.ts:3-3', source)).toBe('src/f.ts:3-3');
    // The function starts on line 1: its whole body is in.
    expect(widenRange('src/f.ts:1-1', source)).toBe('src/f.ts:1-10');
  });

  it('code that starts before the range is not pulled in, and a range already wide enough stays', () => {
    expect(widenRange('src/f.ts:6-7', source)).toBe('src/f.ts:6-7');
    expect(widenRange('src/f.ts:2-9', source)).toBe('src/f.ts:2-9');
  });

  it('a whole file, or a range of columns, is left as it is', () => {
    expect(widenRange('src/f.ts', source)).toBe('src/f.ts');
    expect(widenRange('src/f.ts:2:3-4:5', source)).toBe('src/f.ts:2:3-4:5');
  });
});

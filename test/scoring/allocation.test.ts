/**
 * What one query allocates does not depend on how many candidates it has: the accumulator and the
 * pruning scratch are reused (r[search.rank.pruning]), and only the results are made per call.
 * Measured by heap bytes, never by time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildSearchIndex, search, type QueryStats, type SearchDocument } from '../../src/scoring/index.js';
import { setPruningPolicy } from '../../src/scoring/rank.js';

afterEach(() => setPruningPolicy('auto'));

const WORDS = ['weather', 'forecast', 'email', 'calendar', 'event', 'repository', 'image', 'invoice', 'ticket', 'report', 'sensor', 'ledger'];
const COMMON = ['tool', 'data', 'service', 'list'];

/** `n` tools: every one has the common words, each a few rare ones (fixed, no randomness). */
function catalog(n: number): SearchDocument[] {
  return Array.from({ length: n }, (_, i) => ({
    name: `${WORDS[i % WORDS.length]}_${WORDS[(i * 7 + 3) % WORDS.length]}_${i}`,
    description: `${COMMON.join(' ')} for the ${WORDS[(i * 5 + 1) % WORDS.length]} and ${WORDS[(i * 11 + 2) % WORDS.length]} of item ${i}`,
  }));
}

const QUERIES = ['weather tool data', 'email service list', 'ledger data report tool', 'image ticket service', 'calendar event data list'];

/**
 * The heap one call of `run` allocates, per call: the median over several windows of calls (a
 * scavenge during a window lowers its figure, optimised code installed during one raises it; the
 * median is a window with neither).
 */
function bytesPerCall(run: (i: number) => void, calls = 40, windows = 9): number {
  for (let i = 0; i < 500; i++) run(i);
  const figures: number[] = [];
  for (let w = 0; w < windows; w++) {
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < calls; i++) run(i);
    figures.push((process.memoryUsage().heapUsed - before) / calls);
  }
  return figures.sort((x, y) => x - y)[windows >> 1]!;
}

describe('allocation per query', () => {
  it('[search.rank.pruning] a pruned search allocates as much with 10× the candidates: nothing per candidate', () => {
    // Pruning wherever it can (its cost test would score some of these exhaustively).
    setPruningPolicy('always');
    const small = buildSearchIndex(catalog(500));
    const large = buildSearchIndex(catalog(5_000));
    // The query prunes, and the large catalog has 10× the candidates.
    const stats: QueryStats = { termsLookedUp: 0, postingsVisited: 0, approximateLookups: 0 };
    search(large, QUERIES[0]!, { topK: 5, minScore: 0, stats });
    expect(stats.postingsSkipped ?? 0).toBeGreaterThan(0);
    const perCall = (index: ReturnType<typeof buildSearchIndex>) => bytesPerCall((i) => void search(index, QUERIES[i % QUERIES.length]!, { topK: 5, minScore: 0 }));
    const a = perCall(small);
    const b = perCall(large);
    // Per-candidate arrays (4 500 more candidates, 8 bytes each at the least) would add 36 KB.
    expect(b).toBeLessThan(a + 4_096);
  });

  it('[search.candidates] an exhaustive search allocates as much with 10× the candidates', () => {
    setPruningPolicy('never');
    const small = buildSearchIndex(catalog(200));
    const large = buildSearchIndex(catalog(2_000));
    const perCall = (index: ReturnType<typeof buildSearchIndex>) => bytesPerCall((i) => void search(index, QUERIES[i % QUERIES.length]!, { topK: 5, minScore: 0 }));
    expect(perCall(large)).toBeLessThan(perCall(small) + 4_096);
  });
});

// One setting of the experimental knobs (knobs.patch) on every development set: per-query Recall@1 and
// Recall@5, written to $RES/<label>.json for cv.mts. See ../search-experiments.md.
// Usage: EXP='{"prf":0.1}' REPO=<repo> EXP_DIR=<patched copy> RES=<dir> TOOL_SEARCH_DATA=<data> npx tsx run.mts <label>
const REPO = process.env.REPO ?? process.cwd();
const EXP_DIR = process.env.EXP_DIR ?? '/tmp/q/exp';
const RES = process.env.RES ?? '/tmp/q/res';
import { mkdirSync, writeFileSync } from 'node:fs';
const exp = JSON.parse(process.env.EXP ?? '{}');
(globalThis as any).__EXP = exp;
const { buildSearchIndex, search } = await import(`${EXP_DIR}/src/scoring/index.ts`);
const { loadDataSets } = await import(`${REPO}/test/bench/data.ts`);
const { queryMetrics } = await import(`${REPO}/test/bench/eval/metrics.ts`);
const { sets } = loadDataSets();
const out: any = { exp, sets: {} };
const line: string[] = [];
for (const set of sets) {
  const index = buildSearchIndex(set.catalog);
  const r1: number[] = [], r5: number[] = [];
  const t0 = performance.now();
  for (const q of set.queries) {
    const names = search(index, q.query, { topK: 5 }).map((h: any) => h.name);
    const m = queryMetrics(q.gold, names);
    r1.push(m.recallAt1); r5.push(m.recallAt5);
  }
  const ms = performance.now() - t0;
  const mean = (a: number[]) => a.reduce((s, x) => s + x, 0) / a.length;
  out.sets[set.id] = { r1, r5, usPerQuery: (ms * 1000) / set.queries.length };
  line.push(`${set.id} ${mean(r1).toFixed(4)}/${mean(r5).toFixed(4)} ${((ms * 1000) / set.queries.length).toFixed(0)}us`);
}
mkdirSync(RES, { recursive: true });
writeFileSync(`${RES}/${process.argv[2] ?? 'x'}.json`, JSON.stringify(out));
console.log((process.argv[2] ?? 'x').padEnd(28), line.join('  '));

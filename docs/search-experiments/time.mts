// Time per query of PRF settings against the knobs off, interleaved query by query, median of 3 rounds.
// CFGS='[{}, {...}]': other settings (the first is the reference; a WordNet setting alone, its table is read once).
const REPO = process.env.REPO ?? process.cwd();
const EXP_DIR = process.env.EXP_DIR ?? '/tmp/q/exp';
(globalThis as any).__EXP = {};
const { buildSearchIndex, search } = await import(`${EXP_DIR}/src/scoring/index.ts`);
const { loadDataSets } = await import(`${REPO}/test/bench/data.ts`);
const { sets } = loadDataSets();
const cfgs: any[] = process.env.CFGS ? JSON.parse(process.env.CFGS) : [{}, { prf: 0.1, prfDocs: 3, prfTerms: 20 }, { prf: 0.05, prfDocs: 3, prfTerms: 5 }];
for (const set of sets) {
  const index = buildSearchIndex(set.catalog);
  for (const c of cfgs) { (globalThis as any).__EXP = c; search(index, 'warm up query', { topK: 5 }); } // builds forward index, reads tables
  const rounds: number[][] = cfgs.map(() => []);
  for (let r = 0; r < 3; r++) {
    const tot = cfgs.map(() => 0);
    for (const [qi, q] of set.queries.entries()) {
      for (let k = 0; k < cfgs.length; k++) {
        const c = (qi + k) % cfgs.length;
        (globalThis as any).__EXP = cfgs[c];
        const t = process.hrtime.bigint();
        search(index, q.query, { topK: 5 });
        tot[c] += Number(process.hrtime.bigint() - t);
      }
    }
    tot.forEach((t, c) => rounds[c]!.push(t / set.queries.length / 1000));
  }
  const med = rounds.map((a) => a.sort((x, y) => x - y)[1]!);
  console.log(set.id, med.map((m, c) => `${JSON.stringify(cfgs[c])} ${m.toFixed(1)}us (x${(m / med[0]!).toFixed(2)})`).join('  '));
}

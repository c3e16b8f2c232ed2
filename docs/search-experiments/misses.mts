// Miss analysis of the scorer in force (src/scoring): for each set, where the gold tools rank and
// which gold tools miss most; then, for one set, sampled queries whose gold tool ranks in a band
// (default 6–50 and not a candidate), with each scored term's weight × strength in the gold tool
// and in the first three results. See ../search-experiments.md.
// Usage: REPO=<repo> TOOL_SEARCH_DATA=<data> npx tsx misses.mts [set=metatool] [from=6] [to=1000] [every=20]
const REPO = process.env.REPO ?? process.cwd();
const { buildSearchIndex, rankCandidates, selectQueryTerms } = await import(`${REPO}/src/scoring/index.ts`);
const { loadDataSets } = await import(`${REPO}/test/bench/data.ts`);
const [only = 'metatool', from = '6', to = '1000', every = '20'] = process.argv.slice(2);
for (const set of loadDataSets().sets) {
  const index = buildSearchIndex(set.catalog) as any;
  const slotOf = new Map<string, number>(index.names.map((n: string, i: number) => [n, i]));
  const bands = { 'rank 1': 0, 'rank 2-5': 0, 'rank 6-10': 0, 'rank 11-20': 0, 'rank 21+': 0, 'not a candidate': 0 };
  const byGold = new Map<string, [number, number]>();
  let shown = 0;
  let seen = 0;
  for (const q of set.queries) {
    const hits = rankCandidates(index, q.query);
    const names = hits.map((h: any) => h.name);
    for (const g of q.gold) {
      const r = names.indexOf(g) + 1;
      const band = r === 0 ? 'not a candidate' : r === 1 ? 'rank 1' : r <= 5 ? 'rank 2-5' : r <= 10 ? 'rank 6-10' : r <= 20 ? 'rank 11-20' : 'rank 21+';
      bands[band]++;
      const e = byGold.get(g) ?? [0, 0];
      e[0]++;
      if (r === 0 || r > 5) e[1]++;
      byGold.set(g, e);
      const inBand = r === 0 ? Number(to) >= 1000 : r >= Number(from) && r <= Number(to);
      if (set.id !== only || q.gold.length !== 1 || !inBand || seen++ % Number(every) !== 0 || shown >= 25) continue;
      shown++;
      const terms = selectQueryTerms(index, q.query);
      const explain = (slot: number) =>
        terms.map((t: any) => { const i = t.postings.slots.indexOf(slot); return i < 0 ? '' : `${t.term}(${t.weight.toFixed(1)}×${t.postings.strengths[i].toFixed(2)})`; }).filter(Boolean).join(' ');
      console.log(`\n[${r === 0 ? '-' : r}] ${q.query}\n   terms: ${terms.map((t: any) => `${t.term}:${t.weight.toFixed(1)}`).join(' ')}`);
      console.log(`   GOLD ${g}: ${explain(slotOf.get(g)!)} | ${index.descriptionOf(slotOf.get(g)!).slice(0, 110)}`);
      for (const h of hits.slice(0, 3)) console.log(`   ${h.score.toFixed(3)} ${h.name}: ${explain(slotOf.get(h.name)!)} | ${h.description.slice(0, 90)}`);
    }
  }
  const total = Object.values(bands).reduce((a, b) => a + b, 0);
  console.log(`\n${set.id}: ${Object.entries(bands).map(([k, v]) => `${k} ${(v / total).toFixed(3)}`).join(', ')} (${total} gold tools over ${set.queries.length} queries)`);
  console.log(`  most missed (outside the top 5 / queries): ${[...byGold].sort((a, b) => b[1][1] - a[1][1]).slice(0, 8).map(([g, [n, m]]) => `${g} ${m}/${n}`).join(', ')}`);
}

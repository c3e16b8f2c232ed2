// Proximity bonus as a re-ranking of the scorer's first 30 candidates (src/scoring in force): each
// pair of adjacent scored query terms that is also adjacent (either order) in the tool's name or
// description adds gamma * (mean weight of the pair) / (sum of the query's weights). See ../search-experiments.md.
// Usage: REPO=<repo> TOOL_SEARCH_DATA=<data> npx tsx proximity.mts
const REPO = process.env.REPO ?? process.cwd();
const { buildSearchIndex, rankCandidates, tokenize, tokenizeQuery, selectQueryTerms } = await import(`${REPO}/src/scoring/index.ts`);
const { loadDataSets } = await import(`${REPO}/test/bench/data.ts`);
const { queryMetrics } = await import(`${REPO}/test/bench/eval/metrics.ts`);
const { sets } = loadDataSets();
const gammas = [0, 0.1, 0.25, 0.5, 1];
for (const set of sets) {
  const index: any = buildSearchIndex(set.catalog);
  const bigrams: Set<string>[] = index.names.map((n: string, slot: number) => {
    const s = new Set<string>();
    for (const text of [n, index.descriptionOf(slot)]) { const t = tokenize(text); for (let i = 0; i + 1 < t.length; i++) { s.add(t[i] + ' ' + t[i + 1]); s.add(t[i + 1] + ' ' + t[i]); } }
    return s;
  });
  const slotOf = new Map<string, number>(index.names.map((n: string, i: number) => [n, i]));
  const res = gammas.map(() => ({ r1: 0, r5: 0 }));
  for (const q of set.queries) {
    const ranked = rankCandidates(index, q.query).slice(0, 30);
    const qt = tokenizeQuery(q.query);
    const terms = selectQueryTerms(index, q.query);
    const w = new Map(terms.map((t) => [t.term, t.weight]));
    const reach = terms.reduce((s, t) => s + t.weight, 0);
    const pairs: [string, number][] = [];
    for (let i = 0; i + 1 < qt.length; i++) if (w.has(qt[i]!) && w.has(qt[i + 1]!) && qt[i] !== qt[i + 1]) pairs.push([qt[i] + ' ' + qt[i + 1], (w.get(qt[i]!)! + w.get(qt[i + 1]!)!) / 2]);
    gammas.forEach((g, gi) => {
      const sc = ranked.map((h, i) => {
        const slot = slotOf.get(h.name)!;
        let b = 0; for (const [p, pw] of pairs) if (bigrams[slot]!.has(p)) b += pw;
        return { name: h.name, s: h.score + (g * b) / (reach || 1), i };
      });
      if (g > 0) sc.sort((a, b) => b.s - a.s || a.i - b.i);
      const m = queryMetrics(q.gold, sc.slice(0, 5).map((x) => x.name));
      res[gi]!.r1 += m.recallAt1; res[gi]!.r5 += m.recallAt5;
    });
  }
  console.log(set.id, gammas.map((g, gi) => `γ${g} ${(res[gi]!.r1 / set.queries.length).toFixed(4)}/${(res[gi]!.r5 / set.queries.length).toFixed(4)}`).join('  '));
}

import { readFileSync, readdirSync } from 'node:fs';
// Query-fold (5 folds, query i in fold i mod 5) and leave-one-set-out cross-validation of each family
// of settings written by run.mts (base.json = knobs off). RELAX=1: a setting may tie a set instead of raising it;
// TIE_SETS=acebench-zh: only the sets named may tie (a comma-separated list).
const dir = (process.env.RES ?? '/tmp/q/res') + '/';
const load = (f: string) => JSON.parse(readFileSync(dir + f + '.json', 'utf8'));
const all = readdirSync(dir).map((f) => f.replace(/\.json$/, ''));
const fam: Record<string, string[]> = {
  'stem tail': all.filter((f) => f.startsWith('tail-')),
  'PRF (RM3-like)': all.filter((f) => f.startsWith('prf-') || f.startsWith('{"prf"')),
  'prefix extension': all.filter((f) => f.startsWith('{"ext"')),
  'prefix back-off': all.filter((f) => f.startsWith('{"backoff"')),
  'coverage bonus': all.filter((f) => f.startsWith('{"cov"')),
  'BM25+ delta': all.filter((f) => f.startsWith('{"delta"')),
  'per-field saturation': all.filter((f) => f.startsWith('{"perField"')),
  'query compound split': all.filter((f) => f.startsWith('{"qsplit"')),
  'filler groups': ['adverbs', 'request', 'modal', 'quantif', 'intens'].filter((f) => all.includes(f)),
  'WordNet related terms': all.filter((f) => f.startsWith('{"wn"') && !f.includes('"wnT":"emb')),
  'word-embedding neighbours': all.filter((f) => f.startsWith('{"wn"') && f.includes('"wnT":"emb')),
  'approx. weight / prefix fraction': all.filter((f) => f.startsWith('{"approxPow"') || f.startsWith('{"prefixFrac"')),
};
const base = load('base');
const SETS = ['metatool', 'sealtools', 'acebench-zh'];
const TIES = (process.env.TIE_SETS ?? '').split(',');
const K = 5;
const mean = (a: number[]) => a.reduce((s, x) => s + x, 0) / (a.length || 1);
const pick = (arr: number[], fold: number, train: boolean) => arr.filter((_, i) => (i % K === fold) !== train);
for (const [name, files] of Object.entries(fam)) {
  if (files.length === 0) continue;
  const cands = ['base', ...files].map((f) => ({ f, d: f === 'base' ? base : load(f) }));
  // query-fold CV
  const held: Record<string, { r1: number[]; r5: number[] }> = Object.fromEntries(SETS.map((s) => [s, { r1: [], r5: [] }]));
  const chosen: string[] = [];
  for (let fold = 0; fold < K; fold++) {
    const tr = (c: any, s: string, m: 'r1' | 'r5') => mean(pick(c.d.sets[s][m], fold, true));
    let best = cands[0]!;
    let bestScore = mean(SETS.map((s) => tr(best, s, 'r5')));
    for (const c of cands.slice(1)) {
      const ok = SETS.every((s) => (process.env.RELAX || TIES.includes(s) ? tr(c, s, "r5") >= tr(cands[0], s, "r5") : tr(c, s, "r5") > tr(cands[0], s, "r5"))) && tr(c, 'metatool', 'r1') >= tr(cands[0], 'metatool', 'r1');
      const sc = mean(SETS.map((s) => tr(c, s, 'r5')));
      if (ok && sc > bestScore) { best = c; bestScore = sc; }
    }
    chosen.push(best.f);
    for (const s of SETS) { held[s]!.r1.push(...pick(best.d.sets[s].r1, fold, false)); held[s]!.r5.push(...pick(best.d.sets[s].r5, fold, false)); }
  }
  const row = SETS.map((s) => `${s} R@5 ${mean(held[s]!.r5).toFixed(4)} (${(mean(held[s]!.r5) - mean(base.sets[s].r5) >= 0 ? '+' : '')}${(mean(held[s]!.r5) - mean(base.sets[s].r5)).toFixed(4)}) R@1 ${mean(held[s]!.r1).toFixed(4)}`);
  // unconstrained best on all data, for reference
  const full = cands.slice(1).map((c) => ({ f: c.f, d: SETS.map((s) => mean(c.d.sets[s].r5) - mean(base.sets[s].r5)) })).sort((a, b) => mean(b.d) - mean(a.d))[0]!;
  // leave one set out (unconstrained, best mean on the other two)
  const loso = SETS.map((h) => {
    const others = SETS.filter((s) => s !== h);
    const b = cands.slice(1).map((c) => ({ c, m: mean(others.map((s) => mean(c.d.sets[s].r5))) })).sort((a, b) => b.m - a.m)[0]!;
    const d = mean(b.c.d.sets[h].r5) - mean(base.sets[h].r5);
    return `${h}: ${b.c.f} ${d >= 0 ? '+' : ''}${d.toFixed(4)}`;
  });
  console.log(`\n## ${name} (${files.length} settings)\n  5-fold query CV held-out (constrained pick; picks: ${[...new Set(chosen)].join(', ')}):\n   ${row.join('\n   ')}\n  best on all data: ${full.f} ΔR@5 ${full.d.map((x) => (x >= 0 ? '+' : '') + x.toFixed(4)).join(' / ')}\n  leave-one-set-out ΔR@5 held out: ${loso.join('; ')}`);
}

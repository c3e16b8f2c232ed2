// Derives a related-term table from WordNet 3.0 (Debian's wordnet-base, /usr/share/wordnet), keyed
// by the scorer's own analysed terms (fold + Porter stem, src/scoring/tokenize.ts), for the
// query-expansion experiment of ../search-experiments.md ("WordNet related terms").
//
// For each single-word lemma (a-z only) of each part of speech, its senses whose semantic-concordance
// tag count (cntlist.rev) is at least MIN_COUNT, among its first MAX_SENSES (WordNet lists senses by
// frequency), give:
//   s  the other single-word lemmas of the sense's synset;
//   i  (adjectives) the single-word lemmas of the synsets it is similar to (&);
//   d  the single-word lemmas its derivationally related forms (+) point at from this lemma.
// Every lemma and related lemma is analysed as a query word (tokenizeQuery: stopwords and fillers
// give no term); a pair is kept when both give exactly one term and the terms differ. A pair's count
// is the greatest tag count of a sense that links them. Output (deterministic): one line a key,
//   key<TAB>rel:count:kinds<TAB>rel:count:kinds…   (related terms by count descending, then code units)
// Usage: REPO=<repo> npx tsx wordnet-table.mts > /tmp/q/wn/wn.tsv (the file wordnet.patch's knob `wnT` names)
//   env MIN_COUNT (default 1), MAX_SENSES (default 3), WORDNET (default /usr/share/wordnet),
//   DOMINANT=1 (see below), MUTUAL=1 (keep a pair only when the related term's own entry has the key too)
import { readFileSync } from 'node:fs';

const REPO = process.env.REPO ?? process.cwd();
const WN = process.env.WORDNET ?? '/usr/share/wordnet';
const MIN_COUNT = Number(process.env.MIN_COUNT ?? 1);
const MAX_SENSES = Number(process.env.MAX_SENSES ?? 3);
const { tokenizeQuery } = await import(`${REPO}/src/scoring/tokenize.ts`);

const POS = [
  { file: 'noun', ss: ['1'] },
  { file: 'verb', ss: ['2'] },
  { file: 'adj', ss: ['3', '5'] },
  { file: 'adv', ss: ['4'] },
] as const;
const SINGLE = /^[a-z]+$/;

interface Synset { words: string[]; ptrs: { sym: string; off: string; pos: string; src: number; dst: number }[] }
const synsets = new Map<string, Synset>(); // `${posChar}:${offset}`
const posChar = (c: string) => (c === 's' ? 'a' : c);

for (const { file } of POS) {
  for (const line of readFileSync(`${WN}/data.${file}`, 'latin1').split('\n')) {
    if (line === '' || line.startsWith('  ')) continue;
    const f = line.split(' | ')[0]!.trim().split(' ');
    const off = f[0]!;
    const type = posChar(f[2]!);
    const wc = parseInt(f[3]!, 16);
    const words: string[] = [];
    let i = 4;
    for (let k = 0; k < wc; k++, i += 2) words.push(f[i]!.replace(/\(.*\)$/, '').toLowerCase());
    const pc = Number(f[i++]);
    const ptrs: Synset['ptrs'] = [];
    for (let k = 0; k < pc; k++, i += 4) {
      const st = f[i + 3]!;
      ptrs.push({ sym: f[i]!, off: f[i + 1]!, pos: posChar(f[i + 2]!), src: parseInt(st.slice(0, 2), 16), dst: parseInt(st.slice(2), 16) });
    }
    synsets.set(`${type}:${off}`, { words, ptrs });
  }
}

// Tag counts: lemma%ss_type:… sense_number count → by `${lemma}|${pos}|${senseNumber}`.
const counts = new Map<string, number>();
for (const line of readFileSync(`${WN}/cntlist.rev`, 'latin1').split('\n')) {
  if (line === '') continue;
  const [key, sense, count] = line.split(' ');
  const [lemma, rest] = key!.split('%');
  const ss = rest!.split(':')[0]!;
  const pos = { '1': 'n', '2': 'v', '3': 'a', '4': 'r', '5': 'a' }[ss]!;
  const k = `${lemma}|${pos}|${sense}`;
  counts.set(k, (counts.get(k) ?? 0) + Number(count));
}

const termMemo = new Map<string, string | undefined>();
function termOf(word: string): string | undefined {
  if (!termMemo.has(word)) {
    const t: string[] = SINGLE.test(word) ? tokenizeQuery(word) : [];
    termMemo.set(word, t.length === 1 ? t[0] : undefined);
  }
  return termMemo.get(word);
}

// DOMINANT=1: a key's pairs come only from its most frequent lemma (greatest total tag count, then
// code units), so that `informal` does not speak for `information` (both analyse to `inform`).
const DOMINANT = process.env.DOMINANT === '1';
const lemmaTotal = new Map<string, number>();
for (const [k, c] of counts) { const l = k.split('|')[0]!; lemmaTotal.set(l, (lemmaTotal.get(l) ?? 0) + c); }
const dominant = new Map<string, string>();
for (const [l, c] of [...lemmaTotal].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
  const t = termOf(l);
  if (t !== undefined && !dominant.has(t)) dominant.set(t, l);
}
const table = new Map<string, Map<string, { count: number; kinds: Set<string> }>>();
function add(a: string, b: string, count: number, kind: string) {
  const ta = termOf(a);
  if (DOMINANT && ta !== undefined && dominant.get(ta) !== a) return;
  const tb = termOf(b);
  if (ta === undefined || tb === undefined || ta === tb) return;
  let m = table.get(ta);
  if (!m) table.set(ta, (m = new Map()));
  const e = m.get(tb);
  if (e) { e.count = Math.max(e.count, count); e.kinds.add(kind); } else m.set(tb, { count, kinds: new Set([kind]) });
}

for (const { file } of POS) {
  const pos = file === 'adv' ? 'r' : file[0]!;
  for (const line of readFileSync(`${WN}/index.${file}`, 'latin1').split('\n')) {
    if (line === '' || line.startsWith('  ')) continue;
    const f = line.trim().split(' ');
    const lemma = f[0]!;
    if (!SINGLE.test(lemma)) continue;
    const pcnt = Number(f[3]);
    const senseCnt = Number(f[4 + pcnt]);
    const offs = f.slice(6 + pcnt, 6 + pcnt + senseCnt);
    for (let s = 0; s < Math.min(MAX_SENSES, offs.length); s++) {
      const count = counts.get(`${lemma}|${pos}|${s + 1}`) ?? 0;
      if (count < MIN_COUNT) continue;
      const syn = synsets.get(`${pos}:${offs[s]}`);
      if (!syn) throw new Error(`no synset ${pos}:${offs[s]} for ${lemma}`);
      const me = syn.words.indexOf(lemma) + 1;
      for (const w of syn.words) if (w !== lemma) add(lemma, w, count, 's');
      for (const p of syn.ptrs) {
        const target = synsets.get(`${p.pos}:${p.off}`);
        if (!target) continue;
        if (p.sym === '&' && p.src === 0) for (const w of target.words) add(lemma, w, count, 'i');
        if (p.sym === '+' && p.src === me && p.dst > 0) add(lemma, target.words[p.dst - 1]!, count, 'd');
      }
    }
  }
}

const byUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const MUTUAL = process.env.MUTUAL === '1';
const out: string[] = [];
for (const key of [...table.keys()].sort(byUnits)) {
  const rel = [...table.get(key)!].filter(([t]) => !MUTUAL || table.get(t)?.has(key) === true).sort((a, b) => b[1].count - a[1].count || byUnits(a[0], b[0]));
  if (rel.length === 0) continue;
  out.push([key, ...rel.map(([t, e]) => `${t}:${e.count}:${[...e.kinds].sort().join('')}`)].join('\t'));
}
process.stdout.write(out.join('\n') + '\n');
console.error(`wordnet-table: ${out.length} keys, ${out.reduce((s, l) => s + l.split('\t').length - 1, 0)} pairs (MIN_COUNT ${MIN_COUNT}, MAX_SENSES ${MAX_SENSES}, MUTUAL ${MUTUAL}, DOMINANT ${DOMINANT})`);

/**
 * Writes `conformance/cases/search/mutation-derived.json`: conversations whose request-resolved
 * catalog keeps its names while some descriptions change from step to step, so that an
 * implementation that reuses a kept index (r[processor.resolved.index-cache]) or derives one from
 * it (r[search.index.derived]) must still answer every query as an index built from scratch for
 * that step's catalog does. Each search expects the top 5 of a fresh build of the step's catalog
 * (`buildSearchIndex`, nothing kept), so the expectation never comes from the code it checks.
 *
 * The catalogs are pseudo-random but fixed (seeded). Names join two or three words of a small
 * vocabulary without separators (compounds, r[search.index.compound]); the descriptions draw from
 * the same words and, now and then, a compound (another tool's name, or two words joined), so a
 * change of description moves compound ownership (a candidate held by one tool or by several) and
 * the vocabulary (a part entering or leaving it), changes document
 * frequencies, and moves the average description length. Steps change one to four tools, revert
 * to an earlier revision, or change more tools than a derivation may (`max(32, ⌊N / 16⌋)`).
 *
 * Run: `npx tsx test/conformance/generate/derived-case.ts` (rewrites the file; the case lint and
 * `npm run conformance` check it like any other; regenerate the pinned-score twins after it).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSearchIndex, search, type SearchDocument } from '../../../src/scoring/index.js';
import { prng } from '../../bench/perf/catalog.js';
import { formatJson } from './format-json.js';

const WORDS = [
  'random', 'image', 'picture', 'send', 'mail', 'email', 'note', 'notes', 'weather', 'city',
  'forecast', 'search', 'web', 'file', 'upload', 'book', 'flight', 'hotel', 'price', 'stock',
  'market', 'news', 'summary', 'translate', 'text', 'voice', 'record', 'calendar', 'event', 'map',
  'route', 'photo', 'album', 'share', 'link', 'short', 'long', 'quick', 'report', 'data',
];

/** One conversation: its tools' names, and each step's descriptions. */
interface Conversation {
  id: string;
  description: string;
  steps: SearchDocument[][];
  queries: string[][];
}

function conversation(seed: number, tools: number, stepCount: number, id: string, description: string): Conversation {
  const rand = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const sentence = (): string => Array.from({ length: 3 + Math.floor(rand() * 8) }, () => pick(WORDS)).join(' ');
  // (A compound written in a description: another tool's name, or two words joined, so a compound
  // candidate gains or loses a holder.)
  const compound = (): string => (rand() < 0.5 ? pick(names).replace(/_/g, '') : `${pick(WORDS)}${pick(WORDS)}`);
  // Names: two or three words joined (a compound), unique; a few plain words with a separator.
  const names: string[] = [];
  while (names.length < tools) {
    const parts = Array.from({ length: 2 + Math.floor(rand() * 2) }, () => pick(WORDS));
    const name = names.length % 7 === 6 ? parts.join('_') : parts.join('');
    if (!names.includes(name)) names.push(name);
  }
  let current: SearchDocument[] = names.map((name) => ({ name, description: sentence() }));
  const steps: SearchDocument[][] = [current];
  for (let s = 1; s < stepCount; s++) {
    const kind = s % 5;
    if (kind === 3 && steps.length > 2) {
      // Back to a revision seen two steps ago (a content the cache may still hold, or derive again).
      current = steps[steps.length - 3]!;
    } else if (kind === 4) {
      // More tools than a derivation may change: every description anew.
      current = current.map((d) => ({ name: d.name, description: sentence() }));
    } else {
      // One to four tools: a new sentence, a word or a compound added, or a word taken out (which
      // can give a compound's part to, or take it from, the vocabulary).
      current = current.map((d) => ({ ...d }));
      const changes = 1 + Math.floor(rand() * 4);
      for (let c = 0; c < changes; c++) {
        const at = Math.floor(rand() * current.length);
        const d = current[at]!;
        const words = d.description.split(' ');
        const how = rand();
        const next =
          how < 0.3
            ? sentence()
            : how < 0.5
              ? [...words, pick(WORDS)].join(' ')
              : how < 0.75
                ? [...words, compound()].join(' ')
                : words.length > 1
                  ? words.slice(1).join(' ')
                  : sentence();
        current[at] = { name: d.name, description: next };
      }
    }
    steps.push(current);
  }
  // Queries, three per step: a word of the vocabulary, then two pairs of words.
  const queries = steps.map(() => Array.from({ length: 3 }, (_, k) => (k === 0 ? pick(WORDS) : `${pick(WORDS)} ${pick(WORDS)}`)));
  return { id, description, steps, queries };
}

const conversations = [
  conversation(20261202, 40, 16, 'search.index.derived/changing-descriptions', "descriptions change between steps; each answer is a fresh build's"),
  conversation(20261203, 12, 12, 'search.index.derived/small-catalog', "a small changing catalog; each answer is a fresh build's"),
];

const top = (docs: readonly SearchDocument[], query: string): string[] =>
  search(buildSearchIndex(docs), query, { topK: 5, minScore: 0 }).map((h) => h.name);

let searches = 0;
const file = conversations.map((c) => {
  const steps: unknown[] = [];
  c.steps.forEach((docs, s) => {
    steps.push({ op: 'begin', thread: 't1', resolvedTools: docs.map((d) => ({ name: d.name, description: d.description, instance: 'request' })) });
    for (const query of c.queries[s]!) {
      searches++;
      steps.push({ op: 'call', tool: 'search_tools', input: { query }, expect: { names: top(docs, query) } });
    }
  });
  return {
    id: c.id,
    rules: ['search.index.derived', 'search.index.compound'],
    description: c.description,
    features: ['resolved-tools'],
    catalog: [],
    options: { includeResolvedTools: true, search: { topK: 5, minScore: 0 } },
    steps,
  };
});
const out = join(new URL('.', import.meta.url).pathname, '..', '..', '..', 'conformance', 'cases', 'search', 'mutation-derived.json');
writeFileSync(out, `${formatJson(file)}\n`);
console.log(`wrote ${out}: ${file.length} cases, ${searches} searches`);

import { describe, expect, it } from 'vitest';
import { buildSearchIndex, querySentences, rankCandidates, search, SCORING_PARAMETERS, tokenize, tokenizeQuery } from '../../src/scoring/index.js';

// Six near-duplicate weather tools that a long first sentence favours, the one email tool its
// second sentence needs, and tools that mention email in passing (so that the second sentence
// weighs less than the first).
const weather = Array.from({ length: 6 }, (_, i) => ({
  name: `weather_${'abcdef'[i]}`,
  description: `weather forecast temperature humidity wind city tomorrow ${'uvwxyz'[i]}${'uvwxyz'[i]}`,
}));
const monitors = Array.from({ length: 12 }, (_, i) => ({ name: `monitor_${i}`, description: `monitor servers, alerts by email ${'abcdefghijkl'[i]}q` }));
const catalog = [
  ...weather,
  { name: 'send_email', description: 'send an email message to a contact, with a subject, a body, attachments, copies and a reply address' },
  { name: 'mail_merge', description: 'email templates' },
  ...monitors,
];
const names = (hits: readonly { name: string }[]) => hits.map((h) => h.name);

describe('sentences of a query', () => {
  it('[search.query.sentences] breaks: line breaks, ! ? ; and the CJK ones anywhere, full stops only before white space or the end', () => {
    expect(querySentences('Find the weather. Send an email')).toEqual(['Find the weather', ' Send an email']);
    expect(querySentences('node.js 2.5 example.com')).toEqual(['node.js 2.5 example.com']);
    expect(querySentences('a!!b?c;d\ne\r\nf…')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(querySentences('查天气。发邮件！好吗？')).toEqual(['查天气', '发邮件', '好吗']);
    expect(querySentences('?!\n')).toEqual([]);
    expect(querySentences('one sentence')).toEqual(['one sentence']);
  });
});

describe('coverage order of a request of several sentences', () => {
  const index = buildSearchIndex(catalog);
  const asOne = 'weather forecast temperature humidity wind in the city tomorrow, then send an email';
  const asTwo = 'weather forecast temperature humidity wind in the city tomorrow. Then send an email.';

  it('[search.rank.coverage] the tool of the second sentence enters the top 5 ahead of near-duplicates of the first', () => {
    // One sentence: ranked by score, the email tool below every weather tool.
    expect(names(search(index, asOne, { topK: 5 }))).not.toContain('send_email');
    // Two sentences: same terms, the email tool second (after the head).
    expect(names(search(index, asTwo, { topK: 5 }))[1]).toBe('send_email');
  });

  it('[search.rank.coverage] [search.query.sentences] scores are those of the whole query; only the order changes', () => {
    const one = rankCandidates(index, asOne);
    const two = rankCandidates(index, asTwo);
    const byName = (hits: typeof one) => [...hits].sort((a, b) => (a.name < b.name ? -1 : 1));
    expect(byName(two)).toEqual(byName(one));
    expect(two[0]).toEqual(one[0]);
    expect(two).not.toEqual(one);
  });

  it('[search.rank.coverage] [search.name.exact] the exact names are the head and keep their places', () => {
    // `tomorrow; send email` is two sentences and the name of a tool (r[search.name.key]).
    const idx = buildSearchIndex([...catalog, { name: 'tomorrow-send-email', description: 'unrelated' }]);
    const one = rankCandidates(idx, 'tomorrow, send email');
    const two = rankCandidates(idx, 'tomorrow; send email');
    expect(two[0]).toEqual({ name: 'tomorrow-send-email', description: 'unrelated', score: 1 });
    expect(one[0]).toEqual(two[0]);
    expect(new Set(names(two))).toEqual(new Set(names(one)));
  });

  it('[search.rank.coverage] only the first coverageDepth candidates are reordered', () => {
    const many = [
      ...Array.from({ length: 30 }, (_, i) => ({ name: `w${i}`, description: `weather forecast ${'x'.repeat(i + 1)}` })),
      { name: 'send_email', description: 'send email weather' },
    ];
    const idx = buildSearchIndex(many);
    const one = rankCandidates(idx, 'weather forecast, send email');
    const two = rankCandidates(idx, 'weather forecast. send email');
    const depth = SCORING_PARAMETERS.coverageDepth;
    expect(two.slice(depth)).toEqual(one.slice(depth));
    expect(new Set(names(two.slice(0, depth)))).toEqual(new Set(names(one.slice(0, depth))));
  });

  it('[search.rank.coverage] [search.threshold.order] minScore applies after the coverage order and never reorders', () => {
    const all = rankCandidates(index, asTwo);
    const cut = all[2]!.score;
    expect(rankCandidates(index, asTwo, { minScore: cut })).toEqual(all.filter((h) => h.score >= cut));
    expect(search(index, asTwo, { topK: 3, minScore: cut })).toEqual(all.filter((h) => h.score >= cut).slice(0, 3));
  });

  it('[search.rank.coverage] [search.threshold.filter] a filter only removes tools from the coverage order', () => {
    const all = rankCandidates(index, asTwo);
    const filtered = search(index, asTwo, { topK: 4, filter: (name) => name !== 'weather_b' });
    expect(filtered).toEqual(all.filter((h) => h.name !== 'weather_b').slice(0, 4));
  });
});

describe('segments made of stopwords or fillers', () => {
  it('[search.tokenize.segmented] a segment that is a sequence of stopwords or fillers is dropped (ICU joins 我想, 我的)', () => {
    // 我想 is one ICU segment: 我 a stopword, 想 a filler, so in a query it yields nothing.
    expect(tokenizeQuery('我想查天气')).toEqual(['查', '查天', '天', '天气', '气']);
    // In a description 想 is no stopword: 我想 stays, as characters and pairs.
    expect(tokenize('我想查天气')).toContain('想');
    // 我的 is two stopwords, dropped from descriptions too.
    expect(tokenize('我的天气预报')).toEqual(['天', '天气', '气', '气预', '预', '预报', '报']);
  });
});

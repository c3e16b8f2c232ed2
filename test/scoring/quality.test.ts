import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildSearchIndex,
  nameKey,
  rankCandidates,
  roundScore,
  search,
  segmentWords,
  splitCompound,
  tokenize,
  tokenizeQuery,
} from '../../src/scoring/index.js';
import { compoundPieces } from '../../src/scoring/compound.js';
import { SEGMENT_CHUNK } from '../../src/scoring/segment.js';

describe('characters and segmentation', () => {
  it('[search.unicode] Unicode 17.0 properties: digits of any script, cased letters, full case mapping', () => {
    expect(process.versions.unicode).toBe('17.0');
    // Digits are General_Category N: Arabic-Indic and superscript digits are numbers.
    // (² is a compatibility form of 2, folded to it.)
    expect(tokenize('٣٣ ²')).toEqual(['٣٣', '2']);
    expect(tokenizeQuery('٣٣ ²')).toEqual([]);
    // A titlecase letter (Lt) is a cased letter: the accent on it folds away; the full
    // upper-case mapping of ß is SS.
    expect(tokenizeQuery('ǅémal')).toEqual(tokenizeQuery('DŽEMAL'));
    expect(tokenizeQuery('straße')).toEqual(tokenizeQuery('STRASSE'));
  });

  it('[search.tokenize.icu] ICU word segments cover the run, whatever the default locale', () => {
    expect(segmentWords('请帮我查一下关于天气预报的信息')).toEqual(['请', '帮', '我', '查', '一下', '关于', '天气', '预报', '的', '信息']);
    expect(segmentWords('東京の天気を教えて').join('')).toBe('東京の天気を教えて');
    expect(segmentWords('날씨를알려주세요')).toEqual(['날씨를알려주세요']);
    fc.assert(
      fc.property(fc.array(fc.constantFrom('天', '气', '预', '报', 'の', 'を', 'ก', 'า', '\u0e48', '한'), { maxLength: 600 }), (chars) => {
        const run = chars.join('');
        expect(segmentWords(run).join('')).toBe(run);
      }),
    );
  });

  it('[search.tokenize.icu] a run longer than 256 characters is segmented in pieces of 256', () => {
    expect(SEGMENT_CHUNK).toBe(256);
    const run = '天气预报'.repeat(100); // 400 characters
    const segments = segmentWords(run);
    expect(segments.join('')).toBe(run);
    // The piece boundary at character 256 is a segment boundary.
    let at = 0;
    const boundaries = new Set(segments.map((s) => (at += [...s].length)));
    expect(boundaries.has(256)).toBe(true);
    expect(segmentWords(run.slice(0, 256)).join('|')).toBe(segments.slice(0, [...segmentWords(run.slice(0, 256))].length).join('|'));
  });

  it('[search.tokenize.segmented] stopwords and fillers end groups; n-grams never cross them', () => {
    // Document: the stopword 的 separates 天气 from 信息, so no 气信 pair.
    expect(tokenize('天气的信息')).toEqual(['天', '天气', '气', '信', '信息', '息']);
    // Query: 一下 (filler) and 关于 (stopword) go, and no 下关 pair appears.
    const terms = tokenizeQuery('查一下关于天气');
    expect(terms).toEqual(['查', '天', '天气', '气']);
    expect(terms).not.toContain('下关');
    // Within a group, pairs cross word boundaries: 天气|预报 yields 气预.
    expect(tokenizeQuery('天气预报')).toContain('气预');
  });
});

describe('compounds', () => {
  it('[search.index.compound] the fewest pieces, then the longest first piece', () => {
    const vocabulary = new Set(['get', 'random', 'image', 'rand', 'omi', 'mage']);
    expect(splitCompound('getrandomimage', vocabulary)).toEqual(['get', 'random', 'image']);
    // Three pieces either way: the longer first piece wins.
    expect(splitCompound('getrandomimage', new Set([...vocabulary, 'getran', 'dom']))).toEqual(['getran', 'dom', 'image']);
    // Two splits of two pieces: the longer first piece wins.
    expect(splitCompound('abcdef', new Set(['abc', 'def', 'abcd', 'ef']))).toEqual(['abc', 'def']);
    expect(splitCompound('abcdefg', new Set(['abc', 'defg', 'abcd', 'efg']))).toEqual(['abcd', 'efg']);
    // Pieces of fewer than 3 code points, or a word that is only itself, do not split.
    expect(splitCompound('abcdef', new Set(['ab', 'cdef']))).toBeUndefined();
    expect(splitCompound('abcdef', new Set(['abcdef']))).toBeUndefined();
  });

  it('[search.index.compound] only a lowercase name word found nowhere else splits, into catalog words', () => {
    const tools = [
      { name: 'getrandomimage', description: '' },
      { name: 'image_search', description: 'Search images' },
      { name: 'random_number', description: 'A random number' },
      { name: 'get_weather', description: 'Weather' },
      { name: 'weatherstation', description: 'A weatherstation' }, // in its own description
      { name: 'GetRandomImage2', description: '' }, // case boundaries (and a digit)
      { name: 'theimage', description: '' }, // `the` is a stopword, no piece
    ];
    expect(compoundPieces(tools)).toEqual([['get', 'random', 'image'], [], [], [], [], [], []]);
    const index = buildSearchIndex(tools);
    expect(search(index, 'random image', { topK: 10 }).map((h) => h.name)).toContain('getrandomimage');
  });

  it('[search.index.compound] the pieces weigh as description words, below a name word', () => {
    const index = buildSearchIndex([
      { name: 'getrandomimage', description: '' },
      { name: 'image', description: 'Get a picture' },
      { name: 'random', description: 'Draw one' },
    ]);
    expect(search(index, 'images').map((h) => h.name)).toEqual(['image', 'getrandomimage']);
  });
});

describe('exact names', () => {
  it('[search.name.key] letters, marks and digits of the folded text, joined', () => {
    for (const q of ['send_email', 'sendEmail', 'Send Email', 'SEND-EMAIL', ' send.email! ', 'ｓｅｎｄ＿ｅｍａｉｌ']) expect(nameKey(q)).toBe('sendemail');
    expect(nameKey('get_v2_api')).toBe('getv2api');
    expect(nameKey('--')).toBe('');
  });

  it('[search.name.exact] a query that is a tool name in any style ranks it first, with score 1', () => {
    const index = buildSearchIndex([
      { name: 'email_tools', description: 'Send email, email, email: send and read email' },
      { name: 'send_email', description: 'Deliver a message' },
      { name: 'other', description: 'Nothing' },
    ]);
    for (const q of ['send_email', 'sendEmail', 'Send Email', 'SEND-EMAIL']) {
      const hits = rankCandidates(index, q);
      expect(hits[0], q).toMatchObject({ name: 'send_email', score: 1 });
      expect(hits[1]!.name).toBe('email_tools');
    }
    // Not the whole query: the name is an ordinary match.
    expect(rankCandidates(index, 'send email now')[0]!.name).toBe('email_tools');
    // A name made only of stopwords is found by itself.
    const odd = buildSearchIndex([{ name: 'do_it', description: '' }, { name: 'it', description: '' }]);
    expect(rankCandidates(odd, 'Do It').map((h) => [h.name, h.score])).toEqual([['do_it', 1]]);
  });

  it('[search.name.exact] [search.rank.order] property: any styling of a catalog name ranks that tool first', () => {
    const part = fc.constantFrom('send', 'email', 'get', 'weather', 'report', 'city', 'list', 'issue', 'github', 'v2');
    const styles: Array<(parts: string[]) => string> = [
      (p) => p.join('_'),
      (p) => p.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join(''),
      (p) => p.join(' ').toUpperCase(),
      (p) => p.join('-'),
    ];
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.array(part, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6, selector: (p) => p.join('') }),
        fc.nat(),
        fc.nat(3),
        fc.nat(3),
        (names, pick, styleA, styleB) => {
          const catalog = names.map((p, i) => ({ name: styles[styleA]!(p), description: `${p.join(' ')} tool number ${i}` }));
          const target = pick % names.length;
          const hits = rankCandidates(buildSearchIndex(catalog), styles[styleB]!(names[target]!));
          expect(hits[0]).toMatchObject({ name: catalog[target]!.name, score: 1 });
        },
      ),
    );
  });
});

describe('rounding', () => {
  it('[search.score.rounding] the nearest integer to the binary64 product q × 10000, ties up, over 10000', () => {
    // Products that are exactly x.5 in binary64 go up.
    expect(0.00025 * 1e4).toBe(2.5);
    expect(roundScore(0.00025)).toBe(0.0003);
    expect(0.12345 * 1e4).toBe(1234.5);
    expect(roundScore(0.12345)).toBe(0.1235);
    // The product, not the decimal literal, decides: 0.00015 × 10000 is 1.4999999999999998.
    expect(roundScore(0.00015)).toBe(0.0001);
    expect(roundScore(0.99995)).toBe(1);
    expect(roundScore(1)).toBe(1);
    expect(roundScore(0)).toBe(0);
  });
});

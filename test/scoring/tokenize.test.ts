import { describe, expect, it } from 'vitest';
import { fold, porterStem, splitCaseBoundaries, stem, STOPWORDS, tokenize, tokenizeQuery } from '../../src/scoring/index.js';

describe('tokenization', () => {
  it('[search.tokenize.lone-surrogate] a lone surrogate separates terms like a space', () => {
    expect(tokenizeQuery('weather\uD800forecast')).toEqual(['weather', 'forecast']);
    expect(tokenize('weather\uDC00forecast')).toEqual(['weather', 'forecast']);
    expect(fold('ab\uD800cd')).toBe('ab cd');
  });

  it('[search.tokenize.fold] case, compatibility forms and accents on cased letters fold away', () => {
    expect(fold('Café')).toBe('cafe');
    expect(fold('ＷＥＡＴＨＥＲ')).toBe('weather');
    expect(fold('Straße')).toBe(fold('STRASSE'));
    expect(fold('ẞ')).toBe('ss');
    expect(fold('ΟΔΟΣ')).toBe(fold('οδος'));
    expect(fold('ﬁle')).toBe('file');
  });

  it('[search.tokenize.fold] marks on uncased letters (Devanagari, kana voicing) are kept', () => {
    expect(fold('हिन्दी')).toBe('हिन्दी');
    expect(fold('が')).toBe('が');
    expect(fold('한국어')).toBe('한국어');
  });

  it('[search.tokenize.words] words are runs of letters, marks and digits of any script', () => {
    expect(tokenizeQuery('météo/Москва+δίκτυο')).toEqual(['meteo', 'москва', 'δικτυο']);
    expect(tokenizeQuery('planet, world! (again)')).toEqual(['planet', 'world']);
  });

  it('[search.tokenize.segmented] Han, kana, Hangul and Thai runs yield characters and adjacent pairs', () => {
    expect(tokenizeQuery('天气预报')).toEqual(['天', '天气', '气', '气预', '预', '预报', '报']);
    expect(tokenizeQuery('天')).toEqual(['天']);
    expect(tokenizeQuery('날씨')).toEqual(['날', '날씨', '씨']);
    // A Latin run inside the same word is analysed on its own.
    expect(tokenizeQuery('API天气')).toEqual(['api', '天', '天气', '气']);
  });

  it('[search.tokenize.segmented] every listed script is segmented, a base character keeping its marks', () => {
    expect(tokenizeQuery('ひらがな')).toEqual(['ひ', 'ひら', 'ら', 'らが', 'が', 'がな', 'な']);
    expect(tokenizeQuery('カタカナ')).toEqual(['カ', 'カタ', 'タ', 'タカ', 'カ', 'カナ', 'ナ']);
    expect(tokenizeQuery('สภาพ')).toEqual(['ส', 'สภ', 'ภ', 'ภา', 'า', 'าพ', 'พ']);
    expect(tokenizeQuery('ສະບາຍ')).toEqual(['ສ', 'ສະ', 'ະ', 'ະບ', 'ບ', 'ບາ', 'າ', 'າຍ', 'ຍ']);
    // Khmer and Myanmar: the coeng / virama marks stay on their base character.
    expect(tokenizeQuery('ខ្មែរ')).toEqual(['ខ្', 'ខ្មែ', 'មែ', 'មែរ', 'រ']);
    expect(tokenizeQuery('မြန်မာ')).toEqual(['မြ', 'မြန်', 'န်', 'န်မာ', 'မာ']);
  });

  it('[search.tokenize.digits] letters and digits split, and the whole run is kept too', () => {
    expect(tokenize('v2api')).toEqual(['2', 'api', 'v2api']);
    expect(tokenize('mp3')).toEqual(['mp', '3', 'mp3']);
    expect(tokenize('2024')).toEqual(['2024']);
  });

  it('[search.query.numbers] a query keeps the letters and the whole run, never a number', () => {
    expect(tokenizeQuery('v2api')).toEqual(['api', 'v2api']);
    expect(tokenizeQuery('mp3')).toEqual(['mp', 'mp3']);
    expect(tokenizeQuery('2024-06-13 192.168.1.1 ٣٣ ²')).toEqual([]);
    expect(tokenizeQuery('COL123 PRT-8945')).toEqual(['col', 'col123', 'prt']);
  });

  it('[search.tokenize.min-length] single letters are dropped, single digits are kept', () => {
    expect(tokenize('x y z 7')).toEqual(['7']);
    expect(tokenizeQuery('C language')).toEqual(['languag']);
    // One letter plus combining marks (kept by the fold on an uncased letter) is still one letter.
    expect(tokenizeQuery('कि')).toEqual([]);
    expect(tokenizeQuery('किया')).toEqual(['किया']);
    expect(tokenize('12 345')).toEqual(['12', '345']);
  });

  it('[search.tokenize.stopwords] NLTK English stopwords are dropped before stemming', () => {
    // NLTK's 179 entries less its 26 contracted forms and the letters s, t, d, m, o, y; and
    // 65 Chinese function words.
    expect([...STOPWORDS].filter((w) => /^[a-z]+$/.test(w))).toHaveLength(147);
    expect([...STOPWORDS].filter((w) => /^\p{scx=Han}+$/u.test(w))).toHaveLength(65);
    expect(STOPWORDS.size).toBe(147 + 65);
    expect(tokenizeQuery('Can you find me the weather for Paris?')).toEqual(['find', 'weather', 'pari']);
    expect(tokenizeQuery('the and of')).toEqual([]);
    // Checked before stemming: `ourselves` (a stopword) is dropped although its stem `ourselv`
    // is not one, and `ups` / `downs` (not stopwords) are kept although their stems are.
    expect(tokenizeQuery('ourselves yourselves')).toEqual([]);
    expect(tokenizeQuery('ups downs outs')).toEqual(['up', 'down', 'out']);
  });

  it('[search.tokenize.stem] [search.tokenize.porter] Porter (1980) on a–z words, Porter2 exceptions first', () => {
    const vectors: Record<string, string> = {
      caresses: 'caress', ponies: 'poni', feed: 'feed', agreed: 'agre', plastered: 'plaster',
      motoring: 'motor', sing: 'sing', conflated: 'conflat', hopping: 'hop', filing: 'file',
      happy: 'happi', relational: 'relat', generalization: 'gener', adjustment: 'adjust',
      adoption: 'adopt', controll: 'control', rate: 'rate', cease: 'ceas', hopeful: 'hope',
      goodness: 'good', triplicate: 'triplic', formaliti: 'formal', electriciti: 'electr',
    };
    for (const [word, expected] of Object.entries(vectors)) expect(porterStem(word)).toBe(expected);
    // The paper's reading, not the later C code's: `abli` (not `bli`) in step 2, no `logi` rule.
    expect(porterStem('conformabli')).toBe('conform');
    expect(porterStem('archaeology')).toBe('archaeologi');
    expect(porterStem('visibly')).toBe('visibli');
    // Terms of one or two letters are kept.
    expect(porterStem('at')).toBe('at');
    expect(porterStem('is')).toBe('is');
    expect(stem('news')).toBe('news');
    expect(stem('skies')).toBe('sky');
    expect(stem('papers')).toBe(stem('paper'));
    expect(stem('forecasting')).toBe(stem('forecast'));
    expect(stem('δίκτυα')).toBe('δίκτυα');
    expect(stem('über')).toBe('über');
  });

  it('[search.tokenize.query] query terms ignore letter case entirely', () => {
    expect(tokenizeQuery('GitHub PR')).toEqual(tokenizeQuery('github pr'));
    expect(tokenizeQuery('createIssue')).toEqual(['createissu']);
  });

  it('[search.tokenize.case-split] words split on lower→upper and acronym boundaries', () => {
    expect(splitCaseBoundaries('createIssue')).toEqual(['create', 'Issue']);
    expect(splitCaseBoundaries('GitHubPR')).toEqual(['Git', 'Hub', 'PR']);
    expect(splitCaseBoundaries('ResearchHelper')).toEqual(['Research', 'Helper']);
    expect(splitCaseBoundaries('HTMLParser')).toEqual(['HTML', 'Parser']);
    expect(splitCaseBoundaries('weather')).toEqual(['weather']);
  });

  it('[search.tokenize.document] names yield their query terms, their parts and runs of 2–3 parts', () => {
    expect(tokenize('GitHubPR')).toEqual(['githubpr', 'git', 'github', 'hub', 'hubpr', 'pr']);
    expect(tokenize('create_issue')).toEqual(['creat', 'issu']);
    expect(tokenize('v2Api')).toEqual(['2', 'api', 'v2api']);
    expect(tokenize('ResearchHelper')).toEqual(['researchhelp', 'research', 'helper']);
    // Five parts: runs of two and three adjacent parts, never four.
    expect(tokenize('listOpenGitHubIssues')).toEqual([
      'listopengithubissu', 'list', 'listopen', 'listopengit', 'open', 'opengit', 'opengithub',
      'git', 'github', 'githubissu', 'hub', 'hubissu', 'issu',
    ]);
    for (const q of ['github', 'git hub', 'GitHub PR', 'githubpr']) {
      const doc = new Set(tokenize('GitHubPR'));
      expect(tokenizeQuery(q).every((t) => doc.has(t))).toBe(true);
    }
  });
});

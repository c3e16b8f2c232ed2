import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fold,
  parseDataLines,
  porterStem,
  QUERY_FILLERS,
  SPEC_DATA_FILES,
  STEM_EXCEPTIONS,
  STOPWORDS,
  tokenizeQuery,
} from '../../src/scoring/index.js';
import { repoRoot } from '../support/spec-rules.js';

/** A file of spec/data/, read and parsed here independently of the code's loader. */
function entries(file: string): string[] {
  return readFileSync(join(repoRoot, 'spec', 'data', file), 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line !== '');
}

const searchMd = readFileSync(join(repoRoot, 'spec', 'search.md'), 'utf8');
const han = /^\p{scx=Han}+$/u;

describe('the word lists are the spec\'s data files', () => {
  it('[search.tokenize.stopwords] the code\'s stopwords are spec/data/stopwords.txt, with the counts the spec states', () => {
    const listed = entries(SPEC_DATA_FILES.stopwords);
    expect([...STOPWORDS]).toEqual(listed);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.filter((w) => /^[a-z]+$/.test(w))).toHaveLength(147);
    expect(listed.filter((w) => han.test(w))).toHaveLength(65);
    expect(listed).toHaveLength(147 + 65);
    expect(searchMd).toContain('the 147 English stopwords');
    expect(searchMd).toContain('65\nChinese function words');
    // Entries are folded, single terms: the comparison is on folded text.
    for (const w of listed) expect(fold(w), w).toBe(w);
  });

  it('[search.query.fillers] the code\'s fillers are spec/data/query-fillers.txt, with the counts the spec states', () => {
    const listed = entries(SPEC_DATA_FILES.queryFillers);
    expect([...QUERY_FILLERS]).toEqual(listed);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.filter((w) => /^[a-z]+$/.test(w))).toHaveLength(64);
    expect(listed.filter((w) => han.test(w))).toHaveLength(26);
    expect(searchMd).toMatch(/64 English words\s+of requests/);
    expect(searchMd).toMatch(/26 Chinese\s+ones/);
    for (const w of listed) {
      expect(fold(w), w).toBe(w);
      // No filler is also a stopword: each list says what it is for.
      expect(STOPWORDS.has(w), w).toBe(false);
    }
  });

  it('[search.tokenize.stem] the code\'s exceptional forms are spec/data/stem-exceptions.txt', () => {
    const pairs = entries(SPEC_DATA_FILES.stemExceptions).map((l) => l.split(' '));
    expect([...STEM_EXCEPTIONS]).toEqual(pairs);
    expect(pairs).toHaveLength(18);
    expect(searchMd).toContain('the 18\nexceptional forms of Porter2');
    for (const [word, stem] of pairs) expect(porterStem(word!)).toBe(stem);
  });

  it('[search.tokenize.stopwords] the data format: comments and blank lines are ignored', () => {
    expect(parseDataLines('# header\n\nfoo  # trailing\n  bar\n#\n')).toEqual(['foo', 'bar']);
  });

  it('[search.tokenize.stopwords] the data format: a comment runs to the end of its line in a file saved with CR LF endings, or when it holds a line separator', () => {
    expect(parseDataLines('# header\r\n\r\nfoo # trailing\r\nbar\r\n#\r\n')).toEqual(['foo', 'bar']);
    expect(parseDataLines('foo # a\u2028b # c\u2029d\nbar')).toEqual(['foo', 'bar']);
  });

  it('[search.query.fillers] a filler is dropped from a query, before stemming', () => {
    expect(tokenizeQuery('I would like you to please send an email')).toEqual(['send', 'email']);
    // `assistant` is not a filler although its stem `assist` is the stem of one.
    expect(tokenizeQuery('assist assistance assistant')).toEqual(['assist']);
    expect(tokenizeQuery('请帮我查一下天气')).toEqual(['查', '天', '天气', '气']);
  });
});

/**
 * The word lists the search rules depend on, loaded from `spec/data/` so that the code and the
 * spec cannot drift: the files are the normative text.
 *
 * - `spec/data/stopwords.txt`: r[search.tokenize.stopwords]
 * - `spec/data/query-fillers.txt`: r[search.query.fillers]
 * - `spec/data/stem-exceptions.txt`: r[search.tokenize.stem]
 *
 * Format of every file: one entry a line; `#` starts a comment that runs to the end of the line;
 * blank lines are ignored. The files sit two folders above this module both in `src/scoring/`
 * and in the built `dist/scoring/` (the package ships `spec/`).
 */
import { readFileSync } from 'node:fs';

/** The data files under `spec/data/`, by the rule that cites them. */
export const SPEC_DATA_FILES = {
  stopwords: 'stopwords.txt',
  queryFillers: 'query-fillers.txt',
  stemExceptions: 'stem-exceptions.txt',
} as const;

/**
 * The entries of one data file: its lines without comments and surrounding white space, blank
 * lines dropped, in file order.
 *
 * @param text - the file's text
 */
export function parseDataLines(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    // A comment runs to the end of the line, whatever it holds: a file saved with CR LF endings
    // leaves a CR there, which `/#.*$/` would not cross (`.` stops at CR, U+2028 and U+2029).
    const hash = line.indexOf('#');
    const entry = (hash === -1 ? line : line.slice(0, hash)).trim();
    if (entry !== '') out.push(entry);
  }
  return out;
}

/** Reads one file of `spec/data/`. */
export function readSpecData(file: string): string {
  const url = new URL(`../../spec/data/${file}`, import.meta.url);
  try {
    return readFileSync(url, 'utf8');
  } catch (cause) {
    throw new Error(
      `tool-search-reference: cannot read the search word list spec/data/${file} (looked at ${url.pathname}); ` +
        'the package must be installed with its spec/ folder.',
      { cause },
    );
  }
}

/**
 * The stopwords (English and Chinese), dropped from names, descriptions and queries.
 *
 * @see r[search.tokenize.stopwords]
 */
export const STOPWORDS: ReadonlySet<string> = new Set(parseDataLines(readSpecData(SPEC_DATA_FILES.stopwords)));

/**
 * Words of requests (English and Chinese), dropped from queries only.
 *
 * @see r[search.query.fillers]
 */
export const QUERY_FILLERS: ReadonlySet<string> = new Set(parseDataLines(readSpecData(SPEC_DATA_FILES.queryFillers)));

/**
 * The pairs of a stem-exception file (`spec/data/stem-exceptions.txt`'s format: one `word stem`
 * pair a line, separated by one space), in file order.
 *
 * @param text - the file's text
 * @throws Error naming the file and the line that is not a `word stem` pair
 * @see r[search.tokenize.stem]
 */
export function parseStemExceptions(text: string): Map<string, string> {
  return new Map(
    parseDataLines(text).map((line) => {
      const [word, stem, ...rest] = line.split(' ');
      if (word === undefined || stem === undefined || rest.length > 0) {
        throw new Error(`spec/data/${SPEC_DATA_FILES.stemExceptions}: "${line}" is not a "word stem" pair`);
      }
      return [word, stem] as const;
    }),
  );
}

/**
 * The stemmer's exceptional forms (those of Porter2): word → stem.
 *
 * @see r[search.tokenize.stem]
 */
export const STEM_EXCEPTIONS: ReadonlyMap<string, string> = parseStemExceptions(readSpecData(SPEC_DATA_FILES.stemExceptions));

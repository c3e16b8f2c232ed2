/**
 * Where the benchmarks find their data: the one locator `npm run eval:search` and `npm run bench`
 * share.
 *
 * The development data is three public tool-retrieval sets, converted to one shape (a catalog
 * and query lines). The folder that holds them is, in this order:
 * 1. `TOOL_SEARCH_DATA`, when set (a folder with one sub-folder per set);
 * 2. the workspace copy: the first `shared/data` folder found beside the repository or beside
 *    one of its parent folders (`../shared/data`, `../../shared/data`, …).
 * A set whose files are missing is reported with what it needs and where it comes from.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { SearchDocument } from '../../src/scoring/index.js';

/** One query with the names of the tools that answer it (one for a single-tool query). */
export interface GoldQuery {
  readonly query: string;
  readonly gold: readonly string[];
  /** The query file it came from, or its `subset` field. */
  readonly subset: string;
}

/** One development set: a catalog and its queries. */
export interface DataSet {
  readonly id: string;
  readonly title: string;
  readonly language: string;
  readonly catalog: readonly SearchDocument[];
  readonly queries: readonly GoldQuery[];
}

/** What a set needs on disk and where it comes from, for the message when it is missing. */
export interface DataSetSource {
  readonly id: string;
  readonly title: string;
  readonly language: string;
  /** Query files inside the set's folder, besides `catalog.json`. */
  readonly queryFiles: readonly string[];
  /** The public repository the set was converted from, and its licence. */
  readonly origin: string;
}

/** The development sets, in report order. */
export const DATA_SETS: readonly DataSetSource[] = [
  {
    id: 'metatool',
    title: 'MetaTool',
    language: 'English',
    queryFiles: ['dev-single.jsonl', 'dev-multi.jsonl'],
    origin: 'https://github.com/HowieHwong/MetaTool (MIT): the plugin catalog and the single- and multi-tool queries',
  },
  {
    id: 'sealtools',
    title: 'Seal-Tools',
    language: 'English',
    queryFiles: ['dev.jsonl'],
    origin: 'https://github.com/fairyshine/Seal-Tools at ce753ec (Apache-2.0): tool.jsonl and the test_in_domain / test_out_domain queries',
  },
  {
    id: 'acebench-zh',
    title: 'ACEBench (zh)',
    language: 'Simplified Chinese',
    queryFiles: ['dev.jsonl'],
    origin: 'https://github.com/ACEBench/ACEBench at e6db74b (MIT): data_all/data_zh, single-turn and atom categories',
  },
];

/** The environment variable that names the data folder. */
export const DATA_ENV = 'TOOL_SEARCH_DATA';

const repoRoot = resolve(new URL('../../', import.meta.url).pathname);

/** The workspace copy: `shared/data` beside the repository or beside one of its ancestors. */
function workspaceCopy(): string | undefined {
  for (let dir = dirname(repoRoot); ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'data');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The data folder, or `undefined` when neither `TOOL_SEARCH_DATA` nor a workspace copy exists. */
export function dataRoot(): string | undefined {
  const fromEnv = process.env[DATA_ENV];
  if (fromEnv !== undefined && fromEnv !== '') return resolve(fromEnv);
  return workspaceCopy();
}

/** The files a set needs that are missing under `root` (relative to `root`). */
function missingFiles(root: string, source: DataSetSource): string[] {
  return ['catalog.json', ...source.queryFiles].map((f) => join(source.id, f)).filter((f) => !existsSync(join(root, f)));
}

/** A message saying what the benchmarks need, for the sets in `missing` (all when omitted). */
export function whatIsNeeded(root: string | undefined, missing: readonly DataSetSource[] = DATA_SETS): string {
  const where =
    root === undefined
      ? `No data folder: ${DATA_ENV} is not set and no shared/data folder exists beside this repository or its parents.`
      : `Data folder: ${root} (${process.env[DATA_ENV] ? `from ${DATA_ENV}` : 'the workspace copy'}).`;
  return [
    where,
    `Set ${DATA_ENV} to a folder holding one sub-folder per data set:`,
    ...missing.map(
      (s) =>
        `  ${s.id}/catalog.json ({"tools": [{"name", "description"}]}) and ${s.queryFiles.map((f) => `${s.id}/${f}`).join(', ')} ` +
        `(one {"query", "tool"} or {"query", "tools"} a line) — ${s.title}, ${s.language}, converted from ${s.origin}.`,
    ),
  ].join('\n');
}

function readJsonLines(file: string): unknown[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

function loadSet(root: string, source: DataSetSource): DataSet {
  const dir = join(root, source.id);
  const { tools } = JSON.parse(readFileSync(join(dir, 'catalog.json'), 'utf8')) as { tools: SearchDocument[] };
  const queries: GoldQuery[] = [];
  for (const file of source.queryFiles) {
    for (const line of readJsonLines(join(dir, file))) {
      const { query, tool, tools: many, subset } = line as { query: string; tool?: string; tools?: string[]; subset?: string };
      const gold = many ?? (tool === undefined ? [] : [tool]);
      if (gold.length > 0) queries.push({ query, gold, subset: subset ?? file.replace(/\.jsonl$/, '') });
    }
  }
  return {
    id: source.id,
    title: source.title,
    language: source.language,
    catalog: tools.map((t) => ({ name: t.name, description: t.description })),
    queries,
  };
}

/**
 * Loads the development sets that are present. Sets that are missing are listed in `missing`
 * with the message saying what they need; when none is present, this throws that message.
 *
 * @param only - ids of the sets wanted (all when omitted)
 */
export function loadDataSets(only?: readonly string[]): { root: string; sets: DataSet[]; missing: string | undefined } {
  const wanted = DATA_SETS.filter((s) => only === undefined || only.includes(s.id));
  const root = dataRoot();
  if (root === undefined) throw new Error(whatIsNeeded(undefined, wanted));
  const absent = wanted.filter((s) => missingFiles(root, s).length > 0);
  if (absent.length === wanted.length) throw new Error(whatIsNeeded(root, wanted));
  const sets = wanted.filter((s) => !absent.includes(s)).map((s) => loadSet(root, s));
  return { root, sets, missing: absent.length > 0 ? whatIsNeeded(root, absent) : undefined };
}

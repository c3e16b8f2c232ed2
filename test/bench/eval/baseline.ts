/**
 * The scorer of the filing baseline (commit {@link BASELINE_COMMIT}, when issue 12 was filed),
 * loaded from the repository's own history so that `npm run eval:search` times it in the same
 * run, query by query, interleaved with the scorer of the working tree: issue 12's target
 * "search must stay at least as fast per query as today" is read off that ratio.
 *
 * `git archive` writes that commit's `src/scoring` (self-contained: it imports nothing outside
 * itself) into a temporary folder, which is imported through the same TypeScript loader (`tsx`)
 * as this script and removed at exit. Without git or without the commit (a shallow clone), the
 * loader says why and the report leaves the comparison out.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SearchDocument } from '../../../src/scoring/index.js';

/** The commit issue 12 was filed against (its figures are `PREVIOUS_RECALL_AT_5`). */
export const BASELINE_COMMIT = 'e4245f1';

/** A scorer as the eval drives it: build once per catalog, then one ranked name list per query. */
export type BaselineScorer = (catalog: readonly SearchDocument[]) => (query: string, topK: number, minScore: number) => string[];

/** The baseline scorer, or why it could not be loaded. */
export type BaselineLoad = { readonly scorer: BaselineScorer } | { readonly missing: string };

interface ScoringModule {
  buildSearchIndex(docs: readonly SearchDocument[]): unknown;
  search(index: unknown, query: string, options: { topK: number; minScore: number }): Array<{ name: string }>;
}

/** Loads the scorer of `commit` from the repository at `repoRoot`. */
export async function loadBaselineScorer(repoRoot: string, commit = BASELINE_COMMIT): Promise<BaselineLoad> {
  let dir: string | undefined;
  try {
    dir = mkdtempSync(join(tmpdir(), 'tool-search-baseline-'));
    const archive = execFileSync('git', ['-C', repoRoot, 'archive', '--format=tar', commit, 'src/scoring'], { maxBuffer: 64 << 20 });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    // ES modules, as in the repository.
    writeFileSync(join(dir, 'package.json'), '{"type": "module"}\n');
    const removable = dir;
    process.once('exit', () => rmSync(removable, { recursive: true, force: true }));
    const mod = (await import(pathToFileURL(join(dir, 'src', 'scoring', 'index.ts')).href)) as ScoringModule;
    return {
      scorer: (catalog) => {
        const index = mod.buildSearchIndex(catalog);
        return (query, topK, minScore) => mod.search(index, query, { topK, minScore }).map((hit) => hit.name);
      },
    };
  } catch (error) {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { missing: `the scorer of commit ${commit} could not be loaded (${reason}); it needs git and the commit in this clone (git fetch --unshallow)` };
  }
}

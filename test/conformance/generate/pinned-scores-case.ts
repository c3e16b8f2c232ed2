/**
 * Writes `conformance/cases/search/pinned-scores.json`: for every case of the suite that calls
 * `search_tools` and gets results, a twin that pins each result's reported score
 * (r[conformance.case.pinned-scores]). The other cases check a search by its names, order and
 * bounds only; a scorer that moves every score a little without reordering a close pair (a stemmer
 * step left out where approximate matching still finds the word, a length normalisation or an idf
 * misread, a derived index whose averages drift) passes them and fails its twin.
 *
 * A twin is its case as written (catalog, options, features, steps and their expectations), with
 * the ID `search.score.formula/<the case's ID, dots and slash as dashes>`, the rules
 * r[search.score.formula] and r[search.score.rounding] added, and `scored` on each `search_tools`
 * call: the names and scores the reference reports. A call is pinned only when the runs with every
 * rounding product nudged by ±10⁻⁶ (rounding-nudge.ts) report the same scores; a case none of
 * whose calls returns a result gets no twin. `search/mutation-pruning.json` pins its scores itself
 * (pruning-case.ts), and `processor/tracing.json` holds twins of the events cases, so neither has
 * a twin here.
 *
 * Run: `npx tsx test/conformance/generate/pinned-scores-case.ts` (rewrites the file). Run it again
 * after a change of scoring that the twins then fail; test/conformance/pinned-scores.test.ts checks
 * that every pinned score is still robust to the nudges.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLED_ADAPTERS, caseFiles, casesDir, loadCases, runSuite, type Adapter, type Case, type StepObservation } from '../../../src/conformance/index.js';
import { formatJson, twinDescription } from './format-json.js';
import { NUDGE, withRoundingNudged } from './rounding-nudge.js';

const OUT = join(casesDir(), 'search', 'pinned-scores.json');
/** Case files (relative to the cases folder) that pin their scores themselves, are this file, or are twins of other cases (tracing-case.ts): none gets a twin. */
export const UNTWINNED: ReadonlySet<string> = new Set(['search/pinned-scores.json', 'search/mutation-pruning.json', 'search/mutation-pruning-paths.json', 'processor/tracing.json']);

/** The ID of a case's twin: `search.score.formula/<the case's ID, dots and slash as dashes>`. */
export const pinnedTwinId = (id: string): string => `search.score.formula/${id.replace(/[./]/g, '-')}`;

type Pins = Array<Array<[string, number]> | undefined>;

/** The results of each `call` step of one run of a case: `[name, score]` pairs, or undefined. */
async function callResults(adapter: Adapter, c: Case): Promise<Pins | undefined> {
  const seen: Pins = [];
  const recording: Adapter = {
    implementation: adapter.implementation,
    features: adapter.features,
    dispose: () => adapter.dispose(),
    async open(setup) {
      const session = await adapter.open(setup);
      return {
        constructionError: session.constructionError,
        skipped: session.skipped,
        close: () => session.close(),
        async step(request) {
          const observed = await session.step(request);
          if (request.op === 'call') seen.push(pairs(request.tool, observed as StepObservation));
          return observed;
        },
      };
    },
  };
  const run = await runSuite(recording, { cases: [c] });
  return run.results[0]!.status === 'passed' ? seen : undefined;
}

/** A search result's `[name, score]` pairs; undefined for any other call or outcome. */
function pairs(tool: string, observed: StepObservation): Array<[string, number]> | undefined {
  if (tool !== 'search_tools' || observed.outcome !== 'result') return undefined;
  const results = (observed.result as { results?: unknown } | undefined)?.results;
  if (!Array.isArray(results)) return undefined;
  const out: Array<[string, number]> = [];
  for (const r of results as Array<{ name?: unknown; score?: unknown }>) {
    if (typeof r?.name !== 'string' || typeof r.score !== 'number') return undefined;
    out.push([r.name, r.score]);
  }
  return out;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

async function main(): Promise<void> {
  const suite = loadCases(casesDir());
  if (suite.problems.length > 0) throw new Error(`the suite does not validate: ${JSON.stringify(suite.problems)}`);
  const written = new Map<string, Record<string, unknown>>();
  for (const file of caseFiles(casesDir())) {
    if (UNTWINNED.has(relative(casesDir(), file).split('\\').join('/'))) continue;
    for (const raw of JSON.parse(readFileSync(file, 'utf8')) as Array<Record<string, unknown>>) written.set(raw.id as string, raw);
  }
  const adapter = await BUNDLED_ADAPTERS.find((b) => b.name === 'reference')!.create();
  const twins: unknown[] = [];
  let unstable = 0;
  try {
    for (const { case: c } of suite.cases) {
      const raw = written.get(c.id);
      if (!raw || !c.steps.some((s) => s.op === 'call' && s.tool === 'search_tools')) continue;
      const plain = await callResults(adapter, c);
      if (!plain || !plain.some((p) => p !== undefined && p.length > 0)) continue;
      const up = await withRoundingNudged(NUDGE, () => callResults(adapter, c));
      const down = await withRoundingNudged(-NUDGE, () => callResults(adapter, c));
      const steps = structuredClone(raw.steps) as Array<Record<string, unknown>>;
      let call = 0;
      let pinned = 0;
      for (const step of steps) {
        if (step.op !== 'call') continue;
        const i = call++;
        const p = plain[i];
        if (p === undefined) continue;
        if (!up || !down || !same(p, up[i]) || !same(p, down[i])) {
          unstable++;
          continue;
        }
        step.expect = { ...(step.expect as Record<string, unknown> | undefined), scored: p };
        if (p.length > 0) pinned++;
      }
      if (pinned === 0) continue;
      const rules = [...new Set([...(raw.rules as string[]), 'search.score.formula', 'search.score.rounding'])];
      twins.push({
        ...raw,
        id: pinnedTwinId(c.id),
        rules,
        description: twinDescription('pinned scores: ', c.description),
        steps,
      });
    }
  } finally {
    await adapter.dispose();
  }
  writeFileSync(OUT, `${formatJson(twins)}\n`);
  console.log(`wrote ${twins.length} cases to ${relative(process.cwd(), OUT)} (${unstable} calls left unpinned: a score within ${NUDGE} of a rounding boundary)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

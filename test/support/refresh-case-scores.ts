/**
 * Refreshes the exact scores that conformance cases pin, from this package's implementation:
 * `npx tsx test/support/refresh-case-scores.ts [--check] [--filter PATTERN]`.
 *
 * A case pins a score where a `call` step expects `"scores": {"min": x, "max": x}` (every result
 * scores exactly `x`). When the scoring constants change (spec/search.md), `x` changes; this
 * script runs each such case against the reference adapter, reads the step's new score, and
 * rewrites, in that case's text only, the number `x` where it stands as that step's `min` and
 * `max` and as the case's `options.search.minScore` when that equals `x` (a threshold set at the
 * pinned score). Nothing else is touched: names, their order and every other bound stay as they
 * are, and the files keep their formatting, so the diff shows only the numbers.
 *
 * To read the new score, the step runs with a tied `minScore` lowered to 0 (the new score may be
 * below the old threshold), and the score is that of the results the step expects by name
 * (`names` / `namesPrefix`), or of all of them. Afterwards every refreshed case is run again as
 * written; a case whose names or order no longer match, whose pinned results no longer score
 * alike, or that still fails, is reported and left for a maintainer to fix by hand, thinking about
 * what the case is meant to check (the script never edits names).
 *
 * `--check` rewrites nothing and exits 1 when a pinned score is stale (or a case cannot be
 * refreshed). Exit 0: every pinned score is the reference's.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAdapter } from '../../src/conformance/adapter/reference.js';
import type { StepObservation } from '../../src/conformance/adapter/types.js';
import { loadCases } from '../../src/conformance/case/load.js';
import type { Case } from '../../src/conformance/case/schema.js';
import { casesDir } from '../../src/conformance/paths.js';
import { checkStep } from '../../src/conformance/run/check.js';
import { Conversation } from '../../src/conformance/run/conversation.js';
import { matchesFilter } from '../../src/conformance/run/runner.js';

type Step = Case['steps'][number];
type CallStep = Extract<Step, { op: 'call' }>;

/** A step that pins every result's score to one number. */
const pinnedScore = (step: Step): number | undefined => {
  if (step.op !== 'call') return undefined;
  const s = step.expect.scores;
  return s?.min !== undefined && s.min === s.max ? s.min : undefined;
};

/** The minScore a case's options set, when there is one. */
const minScoreOf = (c: Case): number | undefined => {
  const search = (c.options as { search?: { minScore?: unknown } } | undefined)?.search;
  return typeof search?.minScore === 'number' ? search.minScore : undefined;
};

/** Runs a case's steps on the reference; returns every step's observation (up to a failure) and the failures. */
async function runCase(c: Case, checkUpTo: number): Promise<{ observations: StepObservation[]; failures: string[] }> {
  const adapter = createAdapter();
  const session = await adapter.open({ id: c.id, catalog: c.catalog, options: c.options, features: [...c.features] });
  const observations: StepObservation[] = [];
  const failures: string[] = [];
  try {
    if (session.skipped !== undefined || session.constructionError !== undefined) {
      return { observations, failures: [`the case does not open: ${session.skipped ?? session.constructionError}`] };
    }
    const conversation = new Conversation();
    for (const [index, step] of c.steps.entries()) {
      const request = conversation.request(step);
      const answer = await session.step(request);
      if ('skipped' in answer) return { observations, failures: [`step ${index + 1} skipped: ${String(answer.skipped)}`] };
      const obs = answer as StepObservation;
      observations.push(obs);
      if (index < checkUpTo) failures.push(...checkStep(step, obs).map((p) => `step ${index + 1} (${step.op}): ${p}`));
      if (step.op === 'call' && request.op === 'call') conversation.record(step as CallStep, request, obs);
    }
  } finally {
    await session.close();
  }
  return { observations, failures };
}

/** The scores of a call's results, by name. */
function resultsOf(obs: StepObservation): Array<{ name: string; score: unknown }> {
  const results = (obs.result as { results?: unknown } | undefined)?.results;
  return Array.isArray(results) ? results.map((r: { name?: unknown; score?: unknown }) => ({ name: String(r?.name), score: r?.score })) : [];
}

/** The new pinned score of a step: the one score of the results it names (or of all), else a problem. */
function newScore(step: CallStep, obs: StepObservation): number | string {
  const named = step.expect.names ?? step.expect.namesPrefix;
  const results = resultsOf(obs).filter((r) => named === undefined || named.includes(r.name));
  const scores = [...new Set(results.map((r) => r.score))];
  if (scores.length !== 1 || typeof scores[0] !== 'number') return `the pinned results score ${JSON.stringify(results)}: not one number`;
  return scores[0];
}

/** The text of case `id` in its file: from its `"id"` to the next case's (or the end). */
function caseSpan(text: string, id: string): [number, number] {
  const at = text.indexOf(`"id": ${JSON.stringify(id)}`);
  if (at < 0) throw new Error(`case ${id} not found in its file`);
  const next = text.indexOf('"id": "', at + 1);
  return [at, next < 0 ? text.length : next];
}

/** Replaces `"key": old` by `"key": now` for the keys given, in `text` (a number literal, whole). */
function replaceNumber(text: string, keys: readonly string[], old: number, now: number): string {
  const literal = String(old).replace('.', '\\.');
  return text.replace(new RegExp(`("(?:${keys.join('|')})"\\s*:\\s*)${literal}(?![0-9.eE])`, 'g'), `$1${now}`);
}

async function main(argv: string[]): Promise<number> {
  const check = argv.includes('--check');
  const filter = argv.includes('--filter') ? argv[argv.indexOf('--filter') + 1] : undefined;
  const dir = casesDir();
  const { cases, problems } = loadCases(dir);
  for (const p of problems) console.error(`case file problem: ${JSON.stringify(p)}`);
  const stale: string[] = [];
  const unresolved: string[] = [];
  const texts = new Map<string, string>();
  for (const { case: c, file } of cases) {
    if (!matchesFilter(c, filter)) continue;
    const pinned = c.steps.map((s, i) => [i, pinnedScore(s)] as const).filter(([, x]) => x !== undefined) as Array<readonly [number, number]>;
    if (pinned.length === 0) continue;
    const tied = minScoreOf(c);
    const tiedTo = pinned.some(([, x]) => x === tied) ? tied : undefined;
    // With a tied threshold lowered to 0, so that the new score shows whatever it is.
    const relaxed: Case = tiedTo === undefined ? c : { ...c, options: { ...c.options, search: { ...(c.options as { search?: object }).search, minScore: 0 } } as Case['options'] };
    const { observations, failures } = await runCase(relaxed, 0);
    if (failures.length > 0) {
      unresolved.push(`${c.id}: ${failures.join('; ')}`);
      continue;
    }
    let text = texts.get(file) ?? readFileSync(join(dir, file), 'utf8');
    const [from, to] = caseSpan(text, c.id);
    let span = text.slice(from, to);
    for (const [i, old] of pinned) {
      const now = newScore(c.steps[i] as CallStep, observations[i]!);
      if (typeof now === 'string') {
        unresolved.push(`${c.id}: step ${i + 1}: ${now}`);
        continue;
      }
      if (now === old) continue;
      stale.push(`${c.id}: step ${i + 1}: ${old} → ${now}${tiedTo === old ? ' (and options.search.minScore)' : ''}  (${file})`);
      span = replaceNumber(span, tiedTo === old ? ['min', 'max', 'minScore'] : ['min', 'max'], old, now);
    }
    text = text.slice(0, from) + span + text.slice(to);
    texts.set(file, text);
  }
  for (const line of stale) console.log(`${check ? 'stale' : 'refreshed'}  ${line}`);
  if (!check) {
    for (const [file, text] of texts) writeFileSync(join(dir, file), text);
    // Every refreshed case, as now written, must pass on the reference; else it needs a hand.
    const again = loadCases(dir).cases;
    for (const { case: c } of again) {
      if (!stale.some((line) => line.startsWith(`${c.id}:`))) continue;
      const { failures } = await runCase(c, c.steps.length);
      if (failures.length > 0) unresolved.push(`${c.id}: after the refresh: ${failures.join('; ')}`);
    }
  }
  for (const line of unresolved) console.log(`FIX BY HAND  ${line}`);
  console.log(`${stale.length} stale pinned score(s)${check ? '' : ' refreshed'}, ${unresolved.length} to fix by hand`);
  return unresolved.length > 0 || (check && stale.length > 0) ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));

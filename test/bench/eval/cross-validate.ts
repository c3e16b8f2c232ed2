/**
 * Leave-one-set-out cross-validation of the scorer's constants, for
 * `npm run eval:search -- --cross-validate` (writes `docs/search-tuning.md`).
 *
 * The tuned constants are the four of the scoring formula: `k1` (r[search.score.saturation]),
 * the name weight and the description's length normalisation `b`
 * (r[search.score.field-weight]) and the idf exponent (r[search.score.term-weight]). Every
 * combination of the grid below is evaluated on every development set (Recall@5, topK 5,
 * minScore 0). The criterion is the mean Recall@5 over the sets, each set weighing the same,
 * among the combinations that raise Recall@5 above the previous release's on every set (when
 * one does; else over all).
 * For each set held out, the combination that is best on the other sets is chosen and its
 * figure on the held-out set reported: that is the estimate of what the choice gives on a
 * catalog it was not tuned on. The constants in force are the best on all sets together.
 */
import { SCORING_PARAMETERS, search } from '../../../src/scoring/index.js';
import { buildIndexWith, type ScoringParameters } from '../../../src/scoring/search-index.js';
import type { DataSet } from '../data.js';
import { DEPTH, evaluateRuns } from './metrics.js';
import { table } from '../perf/report.js';

/**
 * The grid: every combination of these values for which an occurrence in a name of the average
 * length still outweighs any one description occurrence (r[search.score.name-over-description]:
 * `nameWeight · (1 − b) > 1`; a name of the average length weighs `nameWeight` whatever the name's `b`).
 */
export const GRID = {
  k1: [2, 3.5, 5, 6.5],
  nameWeight: [1.5, 1.6, 2, 2.5],
  descriptionLengthNormalisation: [0.2, 0.25, 0.3, 0.4],
  idfExponent: [1, 1.25, 1.5],
} as const;

/**
 * Recall@5 of the previous release's scorer (commit e4245f1, trigram matching and the constants
 * tuned on MetaTool alone) on each development set: the choice must not fall below it on any.
 */
export const PREVIOUS_RECALL_AT_5: Readonly<Record<string, number>> = {
  metatool: 0.6543,
  sealtools: 0.7897,
  'acebench-zh': 0.8708,
};

/** Recall@1 of the same previous release, for the report. */
export const PREVIOUS_RECALL_AT_1: Readonly<Record<string, number>> = {
  metatool: 0.447,
  sealtools: 0.3587,
  'acebench-zh': 0.6454,
};

/**
 * The grid of the coverage order (r[search.rank.coverage]), tried at the constants in force:
 * the weight `λ` (0 turns the order off) and the depth `D` it may reorder.
 */
export const COVERAGE_GRID = {
  coverageWeight: [0, 0.3, 0.5, 0.7],
  coverageDepth: [10, 20, 40],
} as const;

type Tuned = Pick<ScoringParameters, keyof typeof GRID>;
type Coverage = Pick<ScoringParameters, keyof typeof COVERAGE_GRID>;

/** The grid of the name field's length normalisation `b` and the name weight, tried at the other constants in force. */
export const NAME_NORMALISATION_GRID = {
  nameLengthNormalisation: [0, 0.1, 0.2, 0.25, 0.3, 0.4],
  nameWeight: [1.5, 1.6, 1.75],
} as const;

type NameNormalisation = Pick<ScoringParameters, keyof typeof NAME_NORMALISATION_GRID>;

interface Row {
  readonly tuned: Tuned;
  /** Recall@5 per set id. */
  readonly recall: Readonly<Record<string, number>>;
}

function combinations(): Tuned[] {
  const out: Tuned[] = [];
  for (const k1 of GRID.k1)
    for (const nameWeight of GRID.nameWeight)
      for (const descriptionLengthNormalisation of GRID.descriptionLengthNormalisation)
        for (const idfExponent of GRID.idfExponent)
          if (nameWeight * (1 - descriptionLengthNormalisation) > 1) out.push({ k1, nameWeight, descriptionLengthNormalisation, idfExponent });
  return out;
}

function recallAt5(set: DataSet, tuned: Partial<ScoringParameters>): number {
  return metricsOf(set, tuned).recallAt5;
}

function metricsOf(set: DataSet, tuned: Partial<ScoringParameters>) {
  const index = buildIndexWith(set.catalog, { ...SCORING_PARAMETERS, ...tuned });
  const runs = set.queries.map((q) => search(index, q.query, { topK: DEPTH }).map((h) => h.name));
  return evaluateRuns(set.queries, runs);
}

/**
 * The rows of a grid at the constants in force otherwise (Recall@1 / Recall@5 per set), the
 * setting best on the other sets for each set held out, and the report section.
 */
function gridSection<C extends Partial<ScoringParameters>>(
  sets: readonly DataSet[],
  grid: readonly C[],
  name: (c: C) => string,
  inForce: C,
  heading: string,
): string {
  const ids = sets.map((s) => s.id);
  const rows = grid.map((c) => ({ c, m: Object.fromEntries(sets.map((s) => [s.id, metricsOf(s, c)])) }));
  const meanOf = (r: (typeof rows)[number], on: readonly string[]) => on.reduce((sum, id) => sum + r.m[id]!.recallAt5, 0) / on.length;
  const pickOn = (on: readonly string[]) => rows.reduce((a, b) => (meanOf(b, on) > meanOf(a, on) ? b : a));
  const inForceRow = rows.find((r) => name(r.c) === name(inForce))!;
  const folds = sets.map((held) => {
    const pick = pickOn(ids.filter((id) => id !== held.id));
    return [held.title, name(pick.c), pick.m[held.id]!.recallAt5.toFixed(4), inForceRow.m[held.id]!.recallAt5.toFixed(4)];
  });
  return `${heading} Recall@1 / Recall@5 per set:

${table(['setting', ...sets.map((s) => s.title), 'mean Recall@5'], rows.map((r) => [name(r.c), ...ids.map((id) => `${r.m[id]!.recallAt1.toFixed(4)} / ${r.m[id]!.recallAt5.toFixed(4)}`), meanOf(r, ids).toFixed(4)]))}

Leave one set out: the setting best on the other two sets (the first of the table among equals), and its Recall@5 on the held-out set.

${table(['held-out set', 'best on the other sets', 'Recall@5 held out', 'Recall@5 in force'], folds)}
`;
}

/** The coverage grid (λ 0 once: the depth does not matter then), and its report section. */
function coverageSection(sets: readonly DataSet[]): string {
  const grid: Coverage[] = [{ coverageWeight: 0, coverageDepth: SCORING_PARAMETERS.coverageDepth }];
  for (const coverageWeight of COVERAGE_GRID.coverageWeight.filter((w) => w > 0))
    for (const coverageDepth of COVERAGE_GRID.coverageDepth) grid.push({ coverageWeight, coverageDepth });
  const name = (c: Coverage) => (c.coverageWeight === 0 ? 'off (λ 0)' : `λ ${c.coverageWeight}, D ${c.coverageDepth}`);
  const { coverageWeight, coverageDepth } = SCORING_PARAMETERS;
  return gridSection(sets, grid, name, { coverageWeight, coverageDepth }, `## Coverage order

r[search.rank.coverage] at the constants in force: its weight \`λ\` and the depth \`D\` it may
reorder (in force: λ ${coverageWeight}, D ${coverageDepth}).`);
}

/** The name length normalisation grid (with the name weight), and its report section. */
function nameNormalisationSection(sets: readonly DataSet[]): string {
  const grid: NameNormalisation[] = [];
  for (const nameLengthNormalisation of NAME_NORMALISATION_GRID.nameLengthNormalisation)
    for (const nameWeight of NAME_NORMALISATION_GRID.nameWeight) grid.push({ nameLengthNormalisation, nameWeight });
  const name = (c: NameNormalisation) => `name b ${c.nameLengthNormalisation}, name weight ${c.nameWeight}`;
  const { nameLengthNormalisation, nameWeight } = SCORING_PARAMETERS;
  return gridSection(sets, grid, name, { nameLengthNormalisation, nameWeight }, `## Name length normalisation

BM25F's length normalisation of the name field (\`nameWeight · tfₙ / (1 − b + b · lenₙ / avglenₙ)\`,
r[search.score.field-weight]), with the name weight, the other constants in force (in force: name
\`b\` ${nameLengthNormalisation}, name weight ${nameWeight}, the best on all sets). A name of the average length weighs the
name weight whatever \`b\`; a \`b\` above 0 lets a longer name weigh less, and one more than
\`(nameWeight · 0.7 − (1 − b)) / b\` times the average long can weigh less than one occurrence in a
short description (r[search.score.name-over-description]: 1.48 times with the constants in force).`);
}

const mean = (row: Row, ids: readonly string[]) => ids.reduce((s, id) => s + row.recall[id]!, 0) / ids.length;
const label = (t: Tuned) => `k1 ${t.k1}, name weight ${t.nameWeight}, b ${t.descriptionLengthNormalisation}, idf exponent ${t.idfExponent}`;
const best = (rows: readonly Row[], ids: readonly string[]) => rows.reduce((a, b) => (mean(b, ids) > mean(a, ids) ? b : a));

/**
 * Runs the grid on the sets and returns the Markdown report.
 *
 * @param sets - the development sets
 * @param log - progress messages
 */
export function crossValidate(sets: readonly DataSet[], log: (line: string) => void): string {
  const ids = sets.map((s) => s.id);
  const rows: Row[] = [];
  const all = combinations();
  for (const [i, tuned] of all.entries()) {
    rows.push({ tuned, recall: Object.fromEntries(sets.map((s) => [s.id, recallAt5(s, tuned)])) });
    if ((i + 1) % 12 === 0) log(`cross-validation: ${i + 1} / ${all.length} combinations`);
  }
  const rising = rows.filter((r) => ids.every((id) => r.recall[id]! > (PREVIOUS_RECALL_AT_5[id] ?? 0)));
  const chosen = best(rising.length > 0 ? rising : rows, ids);
  const inForce = rows.find((r) => (Object.keys(GRID) as Array<keyof Tuned>).every((k) => r.tuned[k] === SCORING_PARAMETERS[k]));
  const folds = sets.map((held) => {
    const train = ids.filter((id) => id !== held.id);
    const pick = best(rows, train);
    return [held.title, label(pick.tuned), pick.recall[held.id]!.toFixed(3), chosen.recall[held.id]!.toFixed(3)];
  });
  const top = [...rows].sort((a, b) => mean(b, ids) - mean(a, ids)).slice(0, 10);
  log('cross-validation: the coverage order');
  const coverage = coverageSection(sets);
  log('cross-validation: the name length normalisation');
  const names = nameNormalisationSection(sets);
  return `# Search tuning: leave-one-set-out cross-validation

Written by \`npm run eval:search -- --cross-validate\` (\`test/bench/eval/cross-validate.ts\`); do
not edit by hand. The tuned constants are \`k1\`, the name weight, the description's length
normalisation \`b\` and the idf exponent of [spec/search.md](../spec/search.md); every other
element of the scorer is fixed by its rule. Criterion: mean Recall@5 over the development sets
(topK 5, minScore 0), each set weighing the same, among the combinations that raise every set's
Recall@5 above the previous release's (${ids.map((id) => `${id} ${(PREVIOUS_RECALL_AT_5[id] ?? 0).toFixed(4)}`).join(', ')};
${rising.length} of ${all.length} do), at the name's length normalisation in force (\`b\` ${SCORING_PARAMETERS.nameLengthNormalisation}, tuned
with the name weight in the last section). Combinations where an occurrence in a name of the average
length would not outweigh one description occurrence (\`nameWeight · (1 − b) ≤ 1\`,
r[search.score.name-over-description]) are left out.
Grid: k1 ${GRID.k1.join(', ')}; name weight
${GRID.nameWeight.join(', ')}; b ${GRID.descriptionLengthNormalisation.join(', ')}; idf exponent
${GRID.idfExponent.join(', ')} (${all.length} combinations).

## Chosen

Best on all sets together: **${label(chosen.tuned)}** (mean Recall@5 ${mean(chosen, ids).toFixed(4)};
${ids.map((id) => `${id} ${chosen.recall[id]!.toFixed(4)}`).join(', ')}). Best without the constraint: ${label(best(rows, ids).tuned)}
(mean ${mean(best(rows, ids), ids).toFixed(4)}).
${inForce ? `In force (spec/search.md): ${label(inForce.tuned)} (mean Recall@5 ${mean(inForce, ids).toFixed(4)}).` : 'The constants in force are not on the grid.'}

## Leave one set out

For each set, the combination best on the other sets, and its Recall@5 on the held-out set
(what the procedure gives on a catalog it was not tuned on), next to the chosen combination's.

${table(['held-out set', 'best on the other sets', 'Recall@5 held out', 'Recall@5 chosen'], folds)}

## Ten best combinations

${table(['constants', ...sets.map((s) => s.title), 'mean'], top.map((r) => [label(r.tuned), ...ids.map((id) => r.recall[id]!.toFixed(3)), mean(r, ids).toFixed(4)]))}

${coverage}
${names}`;
}

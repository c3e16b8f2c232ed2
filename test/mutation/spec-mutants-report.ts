/**
 * The pure part of `npm run mutation:conformance`: applying a spec-level mutant to a source
 * text (failing loudly when its pattern no longer matches), matching the mutants the suite does
 * not kill against the checked-in survivor list, and rendering the figures of docs/mutation.md.
 */
import { z } from 'zod';
import { percent } from './report.js';
import type { SpecMutant } from './spec-mutants.js';

export { percent, replaceSection, sectionMarkers } from './report.js';

/** How often `find` occurs in `text` (non-overlapping). */
export function occurrences(text: string, find: string): number {
  if (find === '') return 0;
  let n = 0;
  for (let at = text.indexOf(find); at >= 0; at = text.indexOf(find, at + find.length)) n++;
  return n;
}

/** A mutant whose pattern does not occur as often as it says: the code changed under it. */
export class StaleMutantError extends Error {}

/**
 * The source of `mutant.file` with the misreading switched on.
 *
 * @throws StaleMutantError when `find` does not occur exactly `count` times (default 1), naming
 *   the mutant and how to fix it
 */
export function applyMutant(source: string, mutant: SpecMutant): string {
  let out = applyPatch(source, mutant, mutant);
  for (const patch of mutant.also ?? []) out = applyPatch(out, mutant, patch);
  return out;
}

function applyPatch(source: string, mutant: SpecMutant, patch: { find: string; replace: string; count?: number }): string {
  const expected = patch.count ?? 1;
  const found = occurrences(source, patch.find);
  if (found !== expected) {
    throw new StaleMutantError(
      `spec mutant "${mutant.id}" (r[${mutant.rule}]): its pattern occurs ${found} time(s) in ${mutant.file}, expected ${expected}. ` +
        `The code changed: update "find" in test/mutation/spec-mutants.ts to the code that now implements the rule, keeping the misreading ` +
        `("${mutant.misreading}"). Pattern: ${JSON.stringify(patch.find)}`,
    );
  }
  const patched = source.split(patch.find).join(patch.replace);
  if (patched === source) throw new StaleMutantError(`spec mutant "${mutant.id}": its replacement leaves ${mutant.file} unchanged`);
  return patched;
}

/** Why a listed survivor is not killed. `equivalent` ones leave the denominator of the score. */
export const SPEC_SURVIVOR_KINDS = ['equivalent', 'unobservable', 'accepted'] as const;

/** One entry of `conformance/mutation-survivors.json`. */
export const specSurvivorSchema = z
  .object({
    mutant: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    rule: z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/),
    kind: z.enum(SPEC_SURVIVOR_KINDS),
    reason: z.string().min(30),
  })
  .strict();

/** A listed survivor. */
export type SpecSurvivor = z.infer<typeof specSurvivorSchema>;

/** The file `conformance/mutation-survivors.json`. */
export const specSurvivorFileSchema = z
  .object({
    $comment: z.string(),
    survivors: z.array(specSurvivorSchema),
  })
  .strict();

/** How a mutant fared. */
export type MutantOutcome =
  | { status: 'killed'; failedCases: string[] }
  | { status: 'crashed'; message: string }
  | { status: 'survived' };

/** A mutant and its outcome. */
export interface MutantResult {
  /** The mutant. */
  mutant: SpecMutant;
  /** How it fared. */
  outcome: MutantOutcome;
}

/** The figures of one run. */
export interface SpecFigures {
  /** Mutants run. */
  mutants: number;
  /** Killed: some case failed, or the implementation crashed. */
  killed: number;
  /** Not killed. */
  survived: number;
  /** Survivors listed as equivalent (not counted). */
  equivalent: number;
  /** Survivors listed as unobservable or accepted (counted against the score). */
  listedOther: number;
  /** Survivors not listed. */
  unlisted: string[];
  /** Entries of the list whose mutant was killed, or is gone. */
  stale: string[];
  /** killed / (mutants − equivalent). */
  score: number;
}

/** The figures of a run, given the survivor list. */
export function specFigures(results: readonly MutantResult[], listed: readonly SpecSurvivor[]): SpecFigures {
  const byId = new Map(listed.map((s) => [s.mutant, s]));
  const survivors = results.filter((r) => r.outcome.status === 'survived').map((r) => r.mutant.id);
  const killed = results.length - survivors.length;
  const equivalent = survivors.filter((id) => byId.get(id)?.kind === 'equivalent').length;
  const listedOther = survivors.filter((id) => byId.has(id) && byId.get(id)!.kind !== 'equivalent').length;
  const ran = new Set(results.map((r) => r.mutant.id));
  const survived = new Set(survivors);
  const counted = results.length - equivalent;
  return {
    mutants: results.length,
    killed,
    survived: survivors.length,
    equivalent,
    listedOther,
    unlisted: survivors.filter((id) => !byId.has(id)),
    stale: listed.filter((s) => ran.has(s.mutant) && !survived.has(s.mutant)).map((s) => s.mutant),
    score: counted === 0 ? 1 : killed / counted,
  };
}

/** The area of a rule: its first segment (`search`, `processor`, `store`, `lifecycle`). */
const areaOf = (rule: string): string => rule.split('.')[0]!;

/** The Markdown of one run: per-area figures, then one row per mutant. */
export function renderSpecRun(results: readonly MutantResult[], listed: readonly SpecSurvivor[]): string {
  const byId = new Map(listed.map((s) => [s.mutant, s]));
  const areas = [...new Set(results.map((r) => areaOf(r.mutant.rule)))];
  const row = (name: string, rs: readonly MutantResult[]) => {
    const f = specFigures(rs, listed);
    return `| ${name} | ${f.mutants} | ${f.killed} | ${f.survived} | ${f.equivalent} | ${f.listedOther} | ${f.unlisted.length} | ${percent(f.score)} |`;
  };
  const table = [
    '| area | mutants | killed | survived | equivalent (listed) | other listed | unlisted | score |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
    ...areas.map((a) => row(`\`${a}\``, results.filter((r) => areaOf(r.mutant.rule) === a))),
    row('**total**', results),
  ];
  const outcome = (r: MutantResult): string => {
    switch (r.outcome.status) {
      case 'killed': {
        const [first, ...rest] = r.outcome.failedCases;
        return `killed by \`${first}\`${rest.length > 0 ? ` and ${rest.length} more` : ''}`;
      }
      case 'crashed':
        return 'killed (the implementation failed to run)';
      case 'survived': {
        const entry = byId.get(r.mutant.id);
        return entry ? `**survives** (${entry.kind}: ${entry.reason})` : '**survives** (not listed)';
      }
    }
  };
  const mutants = [
    '| mutant | rule | misreading | outcome |',
    '|---|---|---|---|',
    ...results.map((r) => `| \`${r.mutant.id}\` | r[${r.mutant.rule}] | ${r.mutant.misreading.replace(/\|/g, '\\|')} | ${outcome(r)} |`),
  ];
  return [...table, '', ...mutants].join('\n');
}

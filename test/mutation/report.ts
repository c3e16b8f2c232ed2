/**
 * Reads a Stryker report (the incremental file, which is a full mutation-testing report), matches
 * the mutants that were not killed against the checked-in survivor list, and renders the per-area
 * tables of docs/mutation.md. Pure: no I/O but what the callers pass in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { z } from 'zod';
import type { Area } from './suites.js';

/** A mutant's status, as Stryker reports it. */
export type MutantStatus = 'Killed' | 'Survived' | 'NoCoverage' | 'CompileError' | 'RuntimeError' | 'Timeout' | 'Ignored' | 'Pending';

/** A position in a source file: 1-based line, 1-based column (Stryker's report format). */
export interface Position {
  /** Line, from 1. */
  line: number;
  /** Column, from 1. */
  column: number;
}

/** One mutant of a report. */
export interface ReportMutant {
  /** Stryker's id. */
  id: string;
  /** The mutator, e.g. `ConditionalExpression`. */
  mutatorName: string;
  /** The code that replaced the span. */
  replacement?: string;
  /** The mutated span. */
  location: { start: Position; end: Position };
  /** The outcome. */
  status: MutantStatus;
  /** Why, for ignored and error mutants. */
  statusReason?: string;
  /** How many tests ran against it. */
  testsCompleted?: number;
}

/** The part of a mutation-testing report this module reads. */
export interface MutationReport {
  /** Per file (path relative to the repository root): its source and mutants. */
  files: Record<string, { source: string; mutants: ReportMutant[] }>;
}

/**
 * The mutants a Stryker event recorder wrote (one `*-onMutantTested.json` per mutant tested, in
 * the order tested), grouped by file, with each file's source as `sourceOf` gives it: a run that
 * was stopped before its incremental file was written.
 *
 * @param dir - the event folder
 * @param root - the repository root, which file names are made relative to
 * @param sourceOf - the source of a file (relative to `root`) that the mutants' locations refer to
 */
export function reportOfEvents(dir: string, root: string, sourceOf: (file: string) => string): MutationReport {
  const files: MutationReport['files'] = {};
  for (const e of readdirSync(dir).filter((n) => n.endsWith('-onMutantTested.json')).sort()) {
    const { fileName, ...mutant } = JSON.parse(readFileSync(join(dir, e), 'utf8')) as ReportMutant & { fileName: string };
    const file = relative(root, resolve(root, fileName)).replace(/\\/g, '/');
    files[file] ??= { source: sourceOf(file), mutants: [] };
    files[file].mutants.push(mutant);
  }
  return { files };
}

/** Why a listed survivor is not killed. */
export const SURVIVOR_KINDS = ['equivalent', 'unobservable', 'accepted'] as const;

/** One entry of a survivor list. */
export const survivorEntrySchema = z
  .object({
    file: z.string().regex(/^src\/.+\.ts$/),
    line: z.number().int().positive(),
    mutator: z.string().regex(/^[A-Z][A-Za-z]+$/),
    original: z.string().min(1),
    replacement: z.string(),
    kind: z.enum(SURVIVOR_KINDS),
    reason: z.string().min(20),
  })
  .strict();

/** A listed survivor: where it is, what it does, and why no test kills it. */
export type SurvivorEntry = z.infer<typeof survivorEntrySchema>;

/** A survivor list file. */
export const survivorFileSchema = z
  .object({
    $comment: z.string(),
    suite: z.enum(['unit', 'conformance-code']),
    survivors: z.array(survivorEntrySchema),
  })
  .strict();

/** The contents of a survivor list file. */
export type SurvivorFile = z.infer<typeof survivorFileSchema>;

/** Longest `original` or `replacement` kept in a survivor entry. */
export const SNIPPET_LENGTH = 120;

/**
 * Whitespace collapsed, cut to {@link SNIPPET_LENGTH} characters; a cut that ends in a space
 * drops it, so that a snippet is its own snippet (an entry can record it as it is).
 */
export function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET_LENGTH ? flat.slice(0, SNIPPET_LENGTH).trimEnd() : flat;
}

/**
 * The source text a mutant replaces, as a survivor entry records it: the span's first line
 * (from the span's start), whitespace collapsed and cut, so that it can be found in the file.
 */
export function originalText(source: string, mutant: ReportMutant): string {
  const lines = source.split('\n');
  const { start, end } = mutant.location;
  const first = lines[start.line - 1] ?? '';
  const text = start.line === end.line ? first.slice(start.column - 1, end.column - 1) : first.slice(start.column - 1);
  return snippet(text);
}

/** A mutant that was not killed, with what a survivor entry needs to name it. */
export interface Survivor {
  /** File, relative to the repository root. */
  file: string;
  /** Its line. */
  line: number;
  /** Its mutator. */
  mutator: string;
  /** What it replaced. */
  original: string;
  /** What replaced it. */
  replacement: string;
  /** `Survived` or `NoCoverage`. */
  status: MutantStatus;
}

/** Not killed, and counted in the score: the mutants a survivor entry must explain. */
const UNKILLED: ReadonlySet<MutantStatus> = new Set(['Survived', 'NoCoverage']);

/** The mutants of a report that no test killed, in file and line order. */
export function survivorsOf(report: MutationReport): Survivor[] {
  const out: Survivor[] = [];
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    for (const m of mutants) {
      if (!UNKILLED.has(m.status)) continue;
      out.push({
        file,
        line: m.location.start.line,
        mutator: m.mutatorName,
        original: originalText(source, m),
        replacement: snippet(m.replacement ?? ''),
        status: m.status,
      });
    }
  }
  return out.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.mutator.localeCompare(b.mutator));
}

/** The result of matching the survivors of a run against a survivor list. */
export interface SurvivorMatch {
  /** Each survivor with the entry that explains it, if any. */
  matched: Array<{ survivor: Survivor; entry: SurvivorEntry }>;
  /** Survivors no entry explains: add a test or a case, or list them. */
  unlisted: Survivor[];
  /** Entries no survivor needs: the mutant is killed now, or its code is gone. */
  stale: SurvivorEntry[];
}

const sameMutant = (s: Survivor, e: SurvivorEntry): boolean =>
  s.file === e.file && s.mutator === e.mutator && s.replacement === snippet(e.replacement) && s.original === snippet(e.original);

/**
 * Matches survivors to entries by file, mutator, original and replacement text; among equal
 * candidates the nearest line wins, so entries survive edits that move code. Each entry explains
 * one survivor.
 */
export function matchSurvivors(survivors: readonly Survivor[], entries: readonly SurvivorEntry[]): SurvivorMatch {
  const free = new Set(entries.map((_, i) => i));
  const matched: SurvivorMatch['matched'] = [];
  const unlisted: Survivor[] = [];
  for (const survivor of survivors) {
    let best: number | undefined;
    for (const i of free) {
      const entry = entries[i]!;
      if (!sameMutant(survivor, entry)) continue;
      if (best === undefined || Math.abs(entry.line - survivor.line) < Math.abs(entries[best]!.line - survivor.line)) best = i;
    }
    if (best === undefined) unlisted.push(survivor);
    else {
      free.delete(best);
      matched.push({ survivor, entry: entries[best]! });
    }
  }
  return { matched, unlisted, stale: [...free].map((i) => entries[i]!) };
}

/**
 * The survivor list after a run: matched entries with their current line, stale entries dropped,
 * in file and line order. Unlisted survivors are not added: each needs a reason written by hand.
 */
export function refreshedEntries(match: SurvivorMatch): SurvivorEntry[] {
  return match.matched
    .map(({ survivor, entry }) => ({ ...entry, line: survivor.line }))
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.mutator.localeCompare(b.mutator));
}

/** The figures of one area (or of the total). */
export interface AreaFigures {
  /** The area's name. */
  area: string;
  /** Mutants that ran or had no test to run: killed + survived + timeout + no coverage. */
  mutants: number;
  /** Killed by a failing test. */
  killed: number;
  /** Covered by a test, not killed. */
  survived: number;
  /** Made a test hang (counted as detected). */
  timeout: number;
  /** Reached by no test. */
  noCoverage: number;
  /** Not killed, and listed as equivalent (excluded from the score). */
  equivalent: number;
  /** Not killed, and listed with another reason (unobservable, accepted: counted against the score). */
  listedOther: number;
  /** Of `listedOther`, those listed as unobservable: the behaviour changes, but not where the suite looks. */
  unobservable: number;
  /** Rejected by the type checker (not counted). */
  compileErrors: number;
  /** Crashed the test runner outside a test (not counted). */
  runtimeErrors: number;
  /** Static mutants skipped by `ignoreStatic` (not counted). */
  ignored: number;
  /** (killed + timeout) / (mutants − equivalent), as a fraction. */
  score: number;
  /**
   * (killed + timeout) / (mutants − equivalent − unobservable): the share of the mutants the suite
   * could see that it kills. Shown beside the score, never instead of it: the target is judged on
   * `score`.
   */
  visibleScore: number;
}

/** Per-area figures and their total. */
export function figures(report: MutationReport, areas: readonly Area[], match: SurvivorMatch): AreaFigures[] {
  const equivalent = new Set<string>();
  const listedOther = new Set<string>();
  const unobservable = new Set<string>();
  for (const { survivor, entry } of match.matched) {
    const key = `${survivor.file}:${survivor.line}:${survivor.mutator}:${survivor.original}:${survivor.replacement}`;
    (entry.kind === 'equivalent' ? equivalent : listedOther).add(key);
    if (entry.kind === 'unobservable') unobservable.add(key);
  }
  const empty = (area: string): AreaFigures => ({
    area,
    mutants: 0,
    killed: 0,
    survived: 0,
    timeout: 0,
    noCoverage: 0,
    equivalent: 0,
    listedOther: 0,
    unobservable: 0,
    compileErrors: 0,
    runtimeErrors: 0,
    ignored: 0,
    score: 0,
    visibleScore: 0,
  });
  const rows = areas.map((a) => empty(a.name));
  const total = empty('total');
  const keyed = (file: string, source: string, m: ReportMutant) =>
    `${file}:${m.location.start.line}:${m.mutatorName}:${originalText(source, m)}:${snippet(m.replacement ?? '')}`;
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    const index = areas.findIndex((a) => file === a.prefix || (a.prefix.endsWith('/') && file.startsWith(a.prefix)));
    if (index < 0) continue;
    for (const m of mutants) {
      for (const row of [rows[index]!, total]) {
        switch (m.status) {
          case 'Killed':
            row.killed++;
            break;
          case 'Timeout':
            row.timeout++;
            break;
          case 'Survived':
            row.survived++;
            break;
          case 'NoCoverage':
            row.noCoverage++;
            break;
          case 'CompileError':
            row.compileErrors++;
            break;
          case 'RuntimeError':
            row.runtimeErrors++;
            break;
          case 'Ignored':
            row.ignored++;
            break;
          case 'Pending':
            break;
        }
        if (UNKILLED.has(m.status)) {
          const key = keyed(file, source, m);
          if (equivalent.has(key)) row.equivalent++;
          else if (listedOther.has(key)) row.listedOther++;
          if (unobservable.has(key)) row.unobservable++;
        }
      }
    }
  }
  for (const row of [...rows, total]) {
    row.mutants = row.killed + row.timeout + row.survived + row.noCoverage;
    const counted = row.mutants - row.equivalent;
    row.score = counted === 0 ? 1 : (row.killed + row.timeout) / counted;
    const visible = counted - row.unobservable;
    row.visibleScore = visible === 0 ? 1 : (row.killed + row.timeout) / visible;
  }
  return [...rows, total];
}

/** A fraction as a percentage, rounded down to 0.1 % (the tables, the headlines and the targets all read this). */
export const percent = (fraction: number): string => `${(Math.floor(fraction * 1000 + 1e-9) / 10).toFixed(1)} %`;

/** The per-area table in Markdown. */
export function renderTable(rows: readonly AreaFigures[]): string {
  const head =
    '| area | mutants | killed | survived | timeout | no coverage | equivalent (listed) | other listed | score | of which unobservable | score without the unobservable | not counted: type errors / runtime errors / static |';
  const rule = '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|';
  const body = rows.map((r) => {
    const name = r.area === 'total' ? '**total**' : `\`${r.area}\``;
    // An area with no mutant measured (not run yet, or nothing to mutate) has no score.
    const score = r.mutants === 0 ? '—' : r.area === 'total' ? `**${percent(r.score)}**` : percent(r.score);
    const visible = r.mutants === 0 ? '—' : percent(r.visibleScore);
    return `| ${name} | ${r.mutants} | ${r.killed} | ${r.survived} | ${r.timeout} | ${r.noCoverage} | ${r.equivalent} | ${r.listedOther} | ${score} | ${r.unobservable} | ${visible} | ${r.compileErrors} / ${r.runtimeErrors} / ${r.ignored} |`;
  });
  return [head, rule, ...body].join('\n');
}

/** Where a suite's section of docs/mutation.md begins and ends. */
export const sectionMarkers = (suite: string): [string, string] => [`<!-- mutation:${suite}:begin -->`, `<!-- mutation:${suite}:end -->`];

/** Where the section of `suite` lies in `doc`: from its begin marker to past its end marker; `undefined` when the markers are absent. */
function sectionBounds(doc: string, suite: string): { from: number; to: number } | undefined {
  const [begin, end] = sectionMarkers(suite);
  const from = doc.indexOf(begin);
  const to = doc.indexOf(end);
  return from < 0 || to < from ? undefined : { from, to: to + end.length };
}

/** `doc` with the section of `suite` replaced by `section` (appended when the markers are absent). */
export function replaceSection(doc: string, suite: string, section: string): string {
  const [begin, end] = sectionMarkers(suite);
  const block = `${begin}\n${section.trim()}\n${end}`;
  const at = sectionBounds(doc, suite);
  if (at === undefined) return `${doc.trimEnd()}\n\n${block}\n`;
  return `${doc.slice(0, at.from)}${block}${doc.slice(at.to)}`;
}

/** The "Measured on commit …" clause of a suite's section in `doc`, if it has one. */
export function previousMeasurement(doc: string, suite: string): string | undefined {
  const at = sectionBounds(doc, suite);
  if (at === undefined) return undefined;
  return /^(Measured on commit `[0-9a-f]+`(?: with uncommitted changes)?);/m.exec(doc.slice(at.from, at.to))?.[1];
}

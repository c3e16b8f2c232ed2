/**
 * What one run measured, keyed by workload, variant, catalog family, size and implementation,
 * so that the workloads only record and the document and charts only read.
 */
import type { Impl } from './subjects.js';
import type { Stats } from './timing.js';

/**
 * Who was measured: this package, @mastra/core 1.71.0, the typed-array postings kernel, or the
 * floor of a resolved-tools step (reading the record: its keys, each tool's id and description).
 */
export type Measured = Impl | 'kernel' | 'kernel-pruned' | 'floor';

/** Where a figure belongs. */
export interface Key {
  /** Workload id (`construction`, `search_tools`, `scorer`, `resolved`, `context`, …). */
  workload: string;
  /** Variant within the workload (`''` when it has none). */
  variant?: string;
  /** Catalog family (`metatool`, `zipf`, `real`), or `''`. */
  family?: string;
  /** Catalog size, history length or thread count. */
  size: number;
  /** Which implementation. */
  impl: Measured;
}

const keyOf = (k: Key) => [k.workload, k.variant ?? '', k.family ?? '', k.size, k.impl].join('|');

/** The figures of one run. */
export class Results {
  readonly #stats = new Map<string, Stats>();
  readonly #values = new Map<string, number>();
  readonly #notes: string[] = [];

  /** Records timing statistics. */
  put(key: Key, stats: Stats): void {
    this.#stats.set(keyOf(key), stats);
  }

  /** Timing statistics, if measured. */
  get(key: Key): Stats | undefined {
    return this.#stats.get(keyOf(key));
  }

  /** Records a plain figure (bytes per tool, postings per query, …). */
  putValue(key: Key, value: number): void {
    this.#values.set(keyOf(key), value);
  }

  /** A plain figure, if measured. */
  value(key: Key): number | undefined {
    return this.#values.get(keyOf(key));
  }

  /** Adds a sentence the report prints under "Notes from this run" (sanity checks, sample counts). */
  note(text: string): void {
    this.#notes.push(text);
  }

  /** The notes, in the order they were added. */
  get notes(): readonly string[] {
    return this.#notes;
  }

  /** Everything recorded, as plain data (for `--save`). */
  toJSON(): SavedResults {
    return { stats: [...this.#stats], values: [...this.#values], notes: [...this.#notes] };
  }

  /** Results saved by {@link toJSON} (for `--render`). */
  static fromJSON(saved: SavedResults): Results {
    const r = new Results();
    for (const [k, v] of saved.stats) r.#stats.set(k, v);
    for (const [k, v] of saved.values) r.#values.set(k, v);
    r.#notes.push(...saved.notes);
    return r;
  }
}

/** The plain-data form of {@link Results}. */
export interface SavedResults {
  /** Timing statistics by key. */
  stats: Array<[string, Stats]>;
  /** Plain figures by key. */
  values: Array<[string, number]>;
  /** Notes. */
  notes: string[];
}

/**
 * The benchmark's catalog families, generated deterministically (fixed seeds) and kept for the
 * run once generated:
 *
 * - `metatool`: MetaTool-like, the real MetaTool catalog's words (`syntheticCatalog`);
 * - `zipf`: a Zipf-law pseudo-word vocabulary that grows with the catalog (`zipfCatalog`).
 *
 * Both get the same kind of queries (`syntheticQueries`: words of a random tool plus noise).
 */
import type { SearchDocument } from '../../../src/scoring/index.js';
import { realCatalog, syntheticCatalog, syntheticQueries } from './catalog.js';
import { zipfCatalog } from './zipf.js';

/** A catalog family's id, as `--families` takes it. */
export type FamilyId = 'metatool' | 'zipf';

/** Every family, in report order. */
export const FAMILY_IDS: readonly FamilyId[] = ['metatool', 'zipf'];

/** How the report names a family. */
export const FAMILY_LABEL: Record<FamilyId, string> = { metatool: 'MetaTool-like', zipf: 'Zipf vocabulary' };

const CATALOG_SEED = 20_260_701;
const ZIPF_SEED = 40_260_701;
const QUERY_SEED = 7;

/** One generated catalog with its queries. */
export interface Catalog {
  /** Which family. */
  family: FamilyId;
  /** Number of tools. */
  size: number;
  /** The tools, in catalog order. */
  docs: SearchDocument[];
  /** Queries for it. */
  queries: string[];
}

let real: SearchDocument[] | undefined;
const generated = new Map<string, Catalog>();

/** The real MetaTool catalog (read once). */
export function metaToolCatalog(): SearchDocument[] {
  return (real ??= realCatalog());
}

/** The catalog of `family` with `size` tools and `queryCount` queries (generated once per run). */
export function catalogOf(family: FamilyId, size: number, queryCount = 200): Catalog {
  const key = `${family}/${size}/${queryCount}`;
  let c = generated.get(key);
  if (c === undefined) {
    const docs = family === 'metatool' ? syntheticCatalog(size, CATALOG_SEED + size, metaToolCatalog()) : zipfCatalog(size, ZIPF_SEED + size);
    c = { family, size, docs, queries: syntheticQueries(docs, queryCount, QUERY_SEED + size) };
    generated.set(key, c);
  }
  return c;
}

/** Drops the generated catalogs (after a size is done, to keep the heap small for the next). */
export function forgetCatalogs(): void {
  generated.clear();
}

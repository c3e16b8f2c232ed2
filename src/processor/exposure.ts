/**
 * Under which name a loaded tool is exposed. The stores hold names as they were activated (a
 * canonical name or a record key, possibly both for one tool); a step exposes each tool once,
 * under the first of its names. See `spec/processor.md`, "Names".
 *
 * @module
 */
import { resolveName, type StepCatalog } from './catalog.js';
import type { ToolEntry } from './names.js';

/** A loaded tool as a step exposes it. */
export interface ExposedTool<TTool = unknown> {
  /** The key the tool is exposed under: the name it was first activated with. */
  readonly name: string;
  /** The catalog entry the name resolves to in this step. */
  readonly entry: ToolEntry<TTool>;
}

/** Up to how many loaded names {@link exposeLoaded} dedupes by comparison rather than with a set. */
const SCAN_AT_MOST = 32;

/** Whether `entry` is among the exposed tools. */
function exposedIn<TTool>(exposed: readonly ExposedTool<TTool>[], entry: ToolEntry<TTool>): boolean {
  for (let i = 0; i < exposed.length; i++) if (exposed[i]!.entry === entry) return true;
  return false;
}

/**
 * Resolves loaded names against a step's catalog and keeps one name per tool: the first, in the
 * given (first-activation) order. Names that resolve to nothing in this catalog are left out.
 *
 * Implements r[processor.names.exposure] and r[processor.names.exposed-once].
 *
 * @param catalog - the step catalog
 * @param names - loaded names, first activation first
 */
export function exposeLoaded<TTool>(catalog: StepCatalog<TTool>, names: readonly string[]): ExposedTool<TTool>[] {
  const out: ExposedTool<TTool>[] = [];
  // (A few names, the common case, are compared with those exposed so far; more go through a set.
  // A catalog has one entry per canonical name, so the same entry is the same tool.)
  const seen = names.length > SCAN_AT_MOST ? new Set<ToolEntry<TTool>>() : undefined;
  for (const name of names) {
    // The name resolves as r[processor.names.collision] says, or not at all.
    const entry = resolveName(catalog, name);
    if (entry === undefined) continue;
    // A tool already exposed under an earlier name is not exposed again.
    // Unlike @mastra/core 1.71.0 (r[processor.names.exposed-once]): Mastra exposes a tool once per
    // name it was loaded under.
    if (seen === undefined ? exposedIn(out, entry) : seen.has(entry)) continue;
    seen?.add(entry);
    out.push({ name, entry });
  }
  return out;
}

/**
 * The exposure name of each loaded tool, keyed by canonical name: what the meta-tools of a step
 * consult to answer "already loaded" under the name the model can call.
 *
 * @param exposed - the step's exposed tools
 */
export function exposureByTool(exposed: readonly ExposedTool[]): Map<string, string> {
  return new Map(exposed.map((e) => [e.entry.name, e.name]));
}

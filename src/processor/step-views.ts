import type { StepCatalog } from './catalog.js';
import type { ExposedTool } from './exposure.js';
import { catalogInstruction, catalogLine } from './instructions.js';
import type { ToolSearchFilterPhase } from './options.js';
import type { ToolVerdicts } from './verdicts.js';

/** Phases a loaded name read as evidence only passes: `load` again, then `active` (r[processor.filter.reload]). */
const RELOAD_PHASES: readonly ToolSearchFilterPhase[] = Object.freeze(['load', 'active']);

/**
 * The loaded tools the filter keeps active, in the given (exposure) order, keyed by the name each
 * is exposed under and resolved to this step's instances. Phase `active` is asked about every tool
 * at once, in that order, within the step's concurrency bound. With `recheckLoad` (names read from
 * the messages without a verified receipt) phase `load` is asked about every tool first, and
 * `active` about those `load` allows; a denied tool is left out of this step only.
 *
 * Implements r[processor.filter.active], r[processor.filter.reload], r[processor.names.exposure],
 * r[processor.resolved.instance] and r[processor.filter.start-order].
 *
 * @param exposed - the step's loaded tools, in exposure order
 * @param verdicts - the step's verdicts
 * @param options - `recheckLoad`: whether the names are evidence only (ask `load` again)
 */
export async function activeLoaded<TTool>(
  exposed: readonly ExposedTool<TTool>[],
  verdicts: ToolVerdicts<TTool>,
  options: { recheckLoad: boolean } = { recheckLoad: false },
): Promise<Array<readonly [string, TTool]>> {
  // Without a filter every tool is allowed, and nothing is asked.
  if (!verdicts.filtered) return exposed.map(({ name, entry }) => [name, entry.tool] as const);
  const entries = exposed.map((e) => e.entry);
  // Unlike @mastra/core 1.71.0 (r[processor.filter.reload]): a name read from the messages without a
  // verified receipt is evidence, not permission, so it passes `load` again before `active`.
  const allowed = options.recheckLoad ? await verdicts.allowedInPhases(entries, RELOAD_PHASES) : await verdicts.allowedEach(entries, 'active');
  return exposed.filter((_, i) => allowed[i]).map(({ name, entry }) => [name, entry.tool] as const);
}

/**
 * The injected catalog's system text, or `undefined` when no entry is allowed. Phase `search` is
 * asked about every entry at once, in catalog order, within the step's concurrency bound; pinned
 * tools are left out (the model already has them).
 *
 * Implements r[processor.catalog.inject], r[processor.filter.search], r[processor.filter.start-order]
 * and r[processor.pinned.catalog].
 *
 * @param catalog - the step's catalog
 * @param verdicts - the step's verdicts
 * @param autoLoad - whether `search.autoLoad` is on
 * @param pinned - canonical names of the step's pinned tools
 */
export async function injectedCatalog<TTool>(
  catalog: StepCatalog<TTool>,
  verdicts: ToolVerdicts<TTool>,
  autoLoad: boolean,
  pinned: ReadonlySet<string> = new Set(),
): Promise<string | undefined> {
  const entries = pinned.size === 0 ? catalog.entries : catalog.entries.filter((entry) => !pinned.has(entry.name));
  const allowed = await verdicts.allowedEach(entries, 'search');
  const lines = entries.filter((_, i) => allowed[i]).map((entry) => catalogLine(entry.name, entry.description));
  return catalogInstruction(autoLoad, lines);
}

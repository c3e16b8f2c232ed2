import type { StepCatalog } from './catalog.js';
import type { ExposedTool } from './exposure.js';
import { catalogInstruction, catalogLine } from './instructions.js';
import type { ToolVerdicts } from './verdicts.js';

/**
 * The loaded tools the filter keeps active, in the given (exposure) order, keyed by the name each
 * is exposed under and resolved to this step's instances. Phase `active` is asked about every tool
 * at once, in that order, within the step's concurrency bound.
 *
 * Implements r[processor.filter.active], r[processor.names.exposure], r[processor.resolved.instance]
 * and r[processor.filter.start-order].
 *
 * @param exposed - the step's loaded tools, in exposure order
 * @param verdicts - the step's verdicts
 */
export async function activeLoaded<TTool>(
  exposed: readonly ExposedTool<TTool>[],
  verdicts: ToolVerdicts<TTool>,
): Promise<Array<readonly [string, TTool]>> {
  const allowed = await verdicts.allowedEach(
    exposed.map((e) => e.entry),
    'active',
  );
  return exposed.filter((_, i) => allowed[i]).map(({ name, entry }) => [name, entry.tool] as const);
}

/**
 * The injected catalog's system text, or `undefined` when no entry is allowed. Phase `search` is
 * asked about every entry at once, in catalog order, within the step's concurrency bound.
 *
 * Implements r[processor.catalog.inject], r[processor.filter.search] and r[processor.filter.start-order].
 *
 * @param catalog - the step's catalog
 * @param verdicts - the step's verdicts
 * @param autoLoad - whether `search.autoLoad` is on
 */
export async function injectedCatalog<TTool>(
  catalog: StepCatalog<TTool>,
  verdicts: ToolVerdicts<TTool>,
  autoLoad: boolean,
): Promise<string | undefined> {
  const allowed = await verdicts.allowedEach(catalog.entries, 'search');
  const lines = catalog.entries.filter((_, i) => allowed[i]).map((entry) => catalogLine(entry.name, entry.description));
  return catalogInstruction(autoLoad, lines);
}

/**
 * What a step asks the filter at its start, and what it exposes from it: the injected catalog,
 * the pinned tools and the loaded tools, each kept when the filter allows it. Pure: the binding
 * gives it the step's catalog, the store's loaded names and the step's operation verdicts.
 *
 * @module
 */
import type { StepCatalog } from './catalog.js';
import { exposureByTool, type ExposedTool } from './exposure.js';
import { activeLoaded, injectedCatalog } from './step-views.js';
import type { ToolVerdicts } from './verdicts.js';

/** What {@link startStep} needs. */
export interface StepStartInput<TTool> {
  /** The step's catalog. */
  readonly catalog: StepCatalog<TTool>;
  /** The step's pinned tools, in catalog order, under their pinned names. */
  readonly pinned: readonly ExposedTool<TTool>[];
  /** The step's loaded tools, in their stable order, under their exposure names. */
  readonly loaded: readonly ExposedTool<TTool>[];
  /** The verdicts of the step's own operation. */
  readonly verdicts: ToolVerdicts<TTool>;
  /** `injectCatalog`. */
  readonly injectCatalog: boolean;
  /** `search.autoLoad`. */
  readonly autoLoad: boolean;
  /** Whether loaded names are evidence only, to be asked at `load` again (r[processor.filter.reload]). */
  readonly recheckLoad: boolean;
}

/** What a step exposes from its start. */
export interface StepStart<TTool> {
  /** The injected catalog's system text, if any. */
  readonly catalogText: string | undefined;
  /** Pinned tools the filter keeps active, in catalog order, keyed by their pinned names. */
  readonly pinned: Array<readonly [string, TTool]>;
  /** Loaded tools the filter keeps active, in stable order, keyed by their exposure names. */
  readonly loaded: Array<readonly [string, TTool]>;
  /**
   * The tools available in this step — pinned and loaded, active or not — canonical name → the
   * name they are exposed under: what `load_tool` answers "already loaded" with.
   */
  readonly available: Map<string, string>;
  /** The canonical names of the pinned tools, which are never activated. */
  readonly pinnedNames: ReadonlySet<string>;
}

/**
 * Asks, at once and in this order, about the injected catalog (phase `search`, pinned tools left
 * out), the pinned tools (phase `active`) and the loaded tools (phase `active`, preceded by `load`
 * for names that are evidence only), all within the step's one operation; a loaded tool that is
 * also pinned is exposed as pinned only.
 *
 * Implements r[processor.filter.start-order], r[processor.pinned.expose] and r[processor.pinned.catalog].
 *
 * @param input - the step's catalog, pinned and loaded tools, verdicts and modes
 */
export async function startStep<TTool>(input: StepStartInput<TTool>): Promise<StepStart<TTool>> {
  // Nothing to ask: the same start, at once.
  if (!input.verdicts.filtered && !input.injectCatalog) return startStepNow(input);
  const pinnedNames = new Set(input.pinned.map((p) => p.entry.name));
  const loaded = input.pinned.length === 0 ? input.loaded : input.loaded.filter((l) => !pinnedNames.has(l.entry.name));
  // Asked in this order (r[processor.filter.start-order]): catalog, pinned, loaded.
  const catalogText = input.injectCatalog ? injectedCatalog(input.catalog, input.verdicts, input.autoLoad, pinnedNames) : undefined;
  const pinned = activeLoaded(input.pinned, input.verdicts);
  const active = activeLoaded(loaded, input.verdicts, { recheckLoad: input.recheckLoad });
  const [text, pinnedTools, loadedTools] = await Promise.all([catalogText, pinned, active]);
  const available = exposureByTool([...input.pinned, ...loaded]);
  return { catalogText: text, pinned: pinnedTools, loaded: loadedTools, available, pinnedNames };
}

/** The pinned names of a step without pinned tools (never added to). */
const NO_PINNED: ReadonlySet<string> = new Set<string>();

/**
 * {@link startStep} for a step that asks nothing: no filter (every tool allowed, nothing asked)
 * and no injected catalog. The same start, without waiting: the pinned tools, then the loaded
 * ones that are not pinned, each under its name.
 *
 * Implements r[processor.pinned.expose] and r[processor.filter.active] (without a filter, every
 * tool is active).
 *
 * @param input - the step's catalog, pinned and loaded tools, verdicts (unfiltered) and modes (no injected catalog)
 * @throws when the verdicts are filtered or a catalog is injected (use {@link startStep})
 */
export function startStepNow<TTool>(input: StepStartInput<TTool>): StepStart<TTool> {
  if (input.verdicts.filtered || input.injectCatalog) throw new Error('startStepNow: the step asks the filter or injects its catalog; use startStep.');
  // (No pinned tools, the common case: one shared empty set, which nothing adds to.)
  const pinnedNames = input.pinned.length === 0 ? NO_PINNED : new Set<string>();
  const pinned: Array<readonly [string, TTool]> = [];
  const available = new Map<string, string>();
  for (const p of input.pinned) {
    (pinnedNames as Set<string>).add(p.entry.name);
    pinned.push([p.name, p.entry.tool]);
    available.set(p.entry.name, p.name);
  }
  const loaded: Array<readonly [string, TTool]> = [];
  for (const l of input.loaded) {
    if (pinnedNames.has(l.entry.name)) continue;
    loaded.push([l.name, l.entry.tool]);
    available.set(l.entry.name, l.name);
  }
  return { catalogText: undefined, pinned, loaded, available, pinnedNames };
}

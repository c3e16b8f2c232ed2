/**
 * Pinned tools: the tools the `pinnedTools` option exposes from the first step on, without a
 * search, after the pass-through tools and before the loaded ones. See `spec/processor.md`,
 * "Pinned tools".
 *
 * @module
 */
import { resolveName, type StepCatalog } from './catalog.js';
import { exceedsCodePoints } from './code-points.js';
import { errorText, shorten } from './echo.js';
import type { ExposedTool } from './exposure.js';
import { MAX_TOOL_NAME_LENGTH } from './meta-input.js';
import type { ToolEntry } from './names.js';
import { formatOptionPath, ToolSearchOptionsError } from './options.js';

/**
 * What a `pinnedTools` function receives for each catalog entry.
 *
 * @see r[processor.pinned.option]
 */
export interface PinArgsOf<TTool = unknown> {
  /** The tool's canonical name. */
  toolName: string;
  /** Its record key. */
  key: string;
  /** The instance. */
  tool: TTool;
}

/**
 * The `pinnedTools` option: names (canonical names or record keys) or a function; only a returned
 * `true` pins.
 *
 * @see r[processor.pinned.option]
 */
export type PinnedToolsOf<TTool = unknown> = readonly string[] | ((args: PinArgsOf<TTool>) => boolean);

/**
 * Which tools of a step are pinned, and under which names.
 *
 * Implements r[processor.pinned.option] and r[processor.pinned.expose].
 */
export class PinnedTools<TTool = unknown> {
  readonly #names: readonly string[] | undefined;
  readonly #predicate: ((args: PinArgsOf<TTool>) => boolean) | undefined;
  /** The verdict of the function about each constructor tool, asked once, at construction. */
  readonly #static = new WeakMap<ToolEntry<TTool>, boolean>();

  /**
   * Validates the option against the constructor's catalog.
   *
   * @param option - `pinnedTools`, if given
   * @param base - the catalog of the constructor's tools
   * @param includeResolvedTools - whether request tools may be pinned too (then unknown names are allowed)
   * @throws ToolSearchOptionsError for a name that is not 1 to 256 code points, a name that resolves to no
   *   constructor tool without `includeResolvedTools`, or a function that throws for a constructor tool
   */
  constructor(option: PinnedToolsOf<TTool> | undefined, base: StepCatalog<TTool>, includeResolvedTools: boolean) {
    if (typeof option === 'function') {
      this.#predicate = option;
      for (const entry of base.entries) {
        let pinned: unknown;
        try {
          pinned = option({ toolName: entry.name, key: entry.key, tool: entry.tool });
        } catch (error) {
          const key = formatOptionPath(['tools', entry.key]);
          throw new ToolSearchOptionsError('pinnedTools', `Invalid ToolSearchProcessor option "pinnedTools": the function threw for "${key}" (${errorText(error)}). Return true or false for every tool.`);
        }
        this.#static.set(entry, pinned === true);
      }
      return;
    }
    if (option === undefined) return;
    for (const [i, name] of option.entries()) {
      const path = `pinnedTools[${i}]`;
      if (name.length === 0 || exceedsCodePoints(name, MAX_TOOL_NAME_LENGTH)) {
        throw new ToolSearchOptionsError(path, `Invalid ToolSearchProcessor option "${path}": a name has 1 to ${MAX_TOOL_NAME_LENGTH} characters, received ${JSON.stringify(shorten(name))}.`);
      }
      if (!includeResolvedTools && resolveName(base, name) === undefined) {
        throw new ToolSearchOptionsError(
          path,
          `Invalid ToolSearchProcessor option "${path}": ${JSON.stringify(shorten(name))} names no tool of "tools". Pin a tool by its id or its record key, or set includeResolvedTools to pin the request's tools.`,
        );
      }
    }
    this.#names = [...option];
  }

  /** Whether any tool can be pinned. */
  get enabled(): boolean {
    return this.#names !== undefined || this.#predicate !== undefined;
  }

  /**
   * The pinned tools of a step's catalog, in catalog order, each under its pinned name: the
   * first name of `pinnedTools` that resolves to it, or its canonical name when the function
   * pins it. A function that throws for a request tool pins nothing.
   *
   * Implements r[processor.pinned.option] and r[processor.pinned.expose].
   *
   * @param catalog - the step's catalog
   */
  of(catalog: StepCatalog<TTool>): ExposedTool<TTool>[] {
    // Unlike @mastra/core 1.71.0 (r[processor.pinned.option]): pinnedTools is an addition.
    const names = this.#names;
    if (names !== undefined) {
      const pinnedAs = new Map<string, string>();
      for (const name of names) {
        const entry = resolveName(catalog, name);
        if (entry !== undefined && !pinnedAs.has(entry.name)) pinnedAs.set(entry.name, name);
      }
      return catalog.entries.filter((entry) => pinnedAs.has(entry.name)).map((entry) => ({ name: pinnedAs.get(entry.name)!, entry }));
    }
    const predicate = this.#predicate;
    if (predicate === undefined) return [];
    return catalog.entries.filter((entry) => this.#pins(predicate, entry)).map((entry) => ({ name: entry.name, entry }));
  }

  #pins(predicate: (args: PinArgsOf<TTool>) => boolean, entry: ToolEntry<TTool>): boolean {
    const known = this.#static.get(entry);
    if (known !== undefined) return known;
    try {
      return predicate({ toolName: entry.name, key: entry.key, tool: entry.tool }) === true;
    } catch {
      return false;
    }
  }
}

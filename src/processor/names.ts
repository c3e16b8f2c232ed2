import { isMetaToolName } from '../stores/meta-tool-names.js';
import { ToolSearchOptionsError } from './options.js';

/** A tool as the processor knows it: canonical name, record key, instance, description. */
export interface ToolEntry<TTool = unknown> {
  /** Canonical name: the tool's `id`, else its record key. */
  readonly name: string;
  /** The key the tool had in its record. */
  readonly key: string;
  /** The tool instance. */
  readonly tool: TTool;
  /** The tool's description, or `''`. */
  readonly description: string;
}

/**
 * A tool's canonical name: its `id` when that is a non-empty string, else its record key.
 *
 * Implements r[processor.names.canonical].
 *
 * @param key - the tool's record key
 * @param tool - the tool
 */
export function canonicalName(key: string, tool: unknown): string {
  const id = typeof tool === 'object' || typeof tool === 'function' ? (tool as { id?: unknown } | null)?.id : undefined;
  return typeof id === 'string' && id.length > 0 ? id : key;
}

/** A tool's description, or `''` when it has none. */
export function toolDescription(tool: unknown): string {
  const description =
    typeof tool === 'object' || typeof tool === 'function' ? (tool as { description?: unknown } | null)?.description : undefined;
  return typeof description === 'string' ? description : '';
}

/**
 * Turns a tool record into entries, in record order, reading own enumerable keys only.
 *
 * @param tools - a tool record
 */
export function entriesOf<TTool>(tools: Readonly<Record<string, TTool>>): ToolEntry<TTool>[] {
  return Object.keys(tools).map((key) => {
    const tool = tools[key] as TTool;
    return { name: canonicalName(key, tool), key, tool, description: toolDescription(tool) };
  });
}

/**
 * Checks the constructor's tools: canonical names must be unique and must not be a meta-tool name.
 * Throws a {@link ToolSearchOptionsError} whose `option` is the offending tool's path
 * (`tools.<key>`; for a duplicate, the later of the two keys) and whose message names both keys
 * and how to fix them.
 *
 * Implements r[processor.names.duplicate], r[processor.names.reserved] and r[processor.options.errors].
 *
 * @param entries - the static entries, in record order
 * @throws {@link ToolSearchOptionsError} on a reserved or duplicate canonical name
 */
export function assertStaticNames(entries: readonly ToolEntry[]): void {
  const seen = new Map<string, string>();
  for (const entry of entries) {
    // 1. A meta-tool name is reserved.
    if (isMetaToolName(entry.name)) {
      throw new ToolSearchOptionsError(
        `tools.${entry.key}`,
        `Invalid ToolSearchProcessor option "tools.${entry.key}": its name "${entry.name}" is reserved for the ` +
          `${entry.name} meta-tool. Give the tool another id or key.`,
      );
    }
    // 2. Two tools may not share a canonical name.
    const previous = seen.get(entry.name);
    if (previous !== undefined) {
      throw new ToolSearchOptionsError(
        `tools.${entry.key}`,
        `Invalid ToolSearchProcessor option "tools.${entry.key}": keys "${previous}" and "${entry.key}" both have the canonical ` +
          `name "${entry.name}" (a tool's name is its id, else its key). Give one of them a different id.`,
      );
    }
    seen.set(entry.name, entry.key);
  }
}

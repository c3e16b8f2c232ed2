/**
 * The names of the two meta-tools, the one place they are spelled. Every module that needs
 * them (the processor, the stores' result reader, the conformance driver, the texts the model
 * reads) imports them from here.
 *
 * @see r[processor.tools.meta]
 * @module
 */

/** Name of the search meta-tool. */
export const SEARCH_TOOLS = 'search_tools';
/** Name of the load meta-tool. */
export const LOAD_TOOL = 'load_tool';

/** The name of one of the two meta-tools. */
export type MetaToolName = typeof SEARCH_TOOLS | typeof LOAD_TOOL;

/** The meta-tools, in exposure order; never searchable, never withheld. */
export const META_TOOL_NAMES: readonly [typeof SEARCH_TOOLS, typeof LOAD_TOOL] = Object.freeze([SEARCH_TOOLS, LOAD_TOOL] as const);

/**
 * True when `name` is one of the meta-tool names.
 *
 * @param name - any tool name
 */
export function isMetaToolName(name: string): name is MetaToolName {
  return name === SEARCH_TOOLS || name === LOAD_TOOL;
}

import { truncateDescription } from '../scoring/index.js';

/**
 * The system instruction added on every step; our wording, the seed's meaning.
 *
 * Implements r[processor.instructions.mode].
 *
 * @param autoLoad - whether `search.autoLoad` is on
 */
export function systemInstruction(autoLoad: boolean): string {
  return autoLoad
    ? 'More tools exist than the ones you can see. To find one, call search_tools with a few keywords. ' +
        'Every tool it returns is loaded at once and can be called from your next turn on; there is no separate load step, ' +
        'so call the returned tools directly.'
    : 'More tools exist than the ones you can see. To find one, call search_tools with a few keywords. ' +
        'Then call load_tool with the exact name (toolName) or names (toolNames) it returned. ' +
        'A tool can be called only after it is loaded, from your next turn on.';
}

/** The `search_tools` description the model sees, per mode. */
export function searchToolDescription(autoLoad: boolean): string {
  return autoLoad
    ? 'Search the available tools by keyword. The matching tools are loaded at once and can be called from your next turn on; no load step is needed.'
    : 'Search the available tools by keyword. Returns matching tool names and descriptions; load one with load_tool before calling it.';
}

/** The `load_tool` description the model sees. */
export function loadToolDescription(): string {
  return 'Load tools by exact name so you can call them from your next turn on. Pass toolName for one tool or toolNames for several.';
}

/**
 * One catalog line: `` - `name`: description ``, the description cut to 150 characters.
 *
 * @param name - canonical name
 * @param description - full description
 */
export function catalogLine(name: string, description: string): string {
  // The description is cut as search results cut it: by code points, never splitting a character.
  const short = truncateDescription(description);
  return short.length > 0 ? `- \`${name}\`: ${short}` : `- \`${name}\``;
}

/**
 * The injected catalog message, or `undefined` when no entry is allowed.
 *
 * Implements r[processor.catalog.inject].
 *
 * @param autoLoad - whether `search.autoLoad` is on
 * @param lines - catalog lines, already filtered
 */
export function catalogInstruction(autoLoad: boolean, lines: readonly string[]): string | undefined {
  if (lines.length === 0) return undefined;
  const lead = autoLoad
    ? 'The tools below are available. Call search_tools with keywords naming the one you need; what it returns is loaded at once and callable from your next turn on.'
    : 'The tools below can be loaded without searching first. Call load_tool with the exact name (toolName) or names (toolNames), then call them from your next turn on. search_tools remains available to find tools by keyword.';
  return `${lead}\n\nAvailable tools:\n${lines.join('\n')}`;
}

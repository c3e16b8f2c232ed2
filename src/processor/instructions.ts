import { truncateDescription } from '../scoring/index.js';
import { renderText } from './messages.js';

/**
 * The system instruction added on every step: @mastra/core 1.71.0's text for the mode.
 *
 * Implements r[processor.instructions.mode] and r[processor.texts.mastra].
 *
 * @param autoLoad - whether `search.autoLoad` is on
 */
export function systemInstruction(autoLoad: boolean): string {
  return renderText(autoLoad ? 'instruction.auto-load' : 'instruction.explicit');
}

/** The `search_tools` description the model sees, per mode (r[processor.texts.mastra]). */
export function searchToolDescription(autoLoad: boolean): string {
  return renderText(autoLoad ? 'description.search-tools.auto-load' : 'description.search-tools.explicit');
}

/** The `load_tool` description the model sees (r[processor.texts.mastra]). */
export function loadToolDescription(): string {
  return renderText('description.load-tool');
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
  return short.length > 0 ? renderText('catalog.line', { name, description: short }) : renderText('catalog.line.bare', { name });
}

/**
 * The injected catalog message, or `undefined` when no entry is allowed.
 *
 * Implements r[processor.catalog.inject] and r[processor.texts.mastra].
 *
 * @param autoLoad - whether `search.autoLoad` is on
 * @param lines - catalog lines, already filtered
 */
export function catalogInstruction(autoLoad: boolean, lines: readonly string[]): string | undefined {
  if (lines.length === 0) return undefined;
  const lead = renderText(autoLoad ? 'catalog.lead.auto-load' : 'catalog.lead.explicit');
  return `${lead}\n\n${renderText('catalog.heading')}\n${lines.join('\n')}`;
}

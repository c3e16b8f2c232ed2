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

/** Characters a catalog line escapes: backslash, backtick, C0 and C1 controls, DEL, U+2028, U+2029. */
const NEEDS_ESCAPE = /[\\`\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * Escapes a name or description for one catalog line, so that no text can end the line or the
 * name's code span: `\` becomes `\\`, a backtick `` \` ``, LF `\n`, CR `\r`, TAB `\t`, and every
 * other C0 control, DEL, C1 control (U+0085 included), U+2028 and U+2029 becomes `\uXXXX` (four
 * upper-case hex digits). Every other character is kept.
 *
 * Implements r[processor.catalog.escape].
 *
 * @param text - a name or an already cut description
 */
export function escapeCatalogText(text: string): string {
  // Unlike @mastra/core 1.71.0 (r[processor.catalog.escape]): Mastra inserts names and descriptions as they are.
  if (!NEEDS_ESCAPE.test(text)) return text;
  let out = '';
  for (const ch of text) {
    if (ch === '\\') out += '\\\\';
    else if (ch === '`') out += '\\`';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (NEEDS_ESCAPE.test(ch)) out += `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    else out += ch;
  }
  return out;
}

/**
 * One catalog line: `` - `name`: description ``, the description cut to 150 characters, then
 * both escaped so that the line stays one line.
 *
 * Implements r[processor.catalog.inject] and r[processor.catalog.escape].
 *
 * @param name - canonical name
 * @param description - full description
 */
export function catalogLine(name: string, description: string): string {
  // The description is cut as search results cut it: by code points, never splitting a character.
  const short = escapeCatalogText(truncateDescription(description));
  const shown = escapeCatalogText(name);
  return short.length > 0 ? renderText('catalog.line', { name: shown, description: short }) : renderText('catalog.line.bare', { name: shown });
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

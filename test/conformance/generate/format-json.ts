/** How the generated case files are written: readable JSON (one catalog entry a line), and twins' descriptions. */

/** JSON indented by two spaces, with every array or object that fits in `width` characters on one line. */
export function formatJson(value: unknown, indent = '', width = 100): string {
  const flat = JSON.stringify(value);
  if (value === null || typeof value !== 'object' || flat.length + indent.length <= width) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((v) => inner + formatJson(v, inner, width)).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${formatJson(v, inner, width)}`).join(',\n')}\n${indent}}`;
}

/**
 * A twin case's description: `prefix` and the original's, cut at a word to at most 70 characters
 * with a final "…" (r[conformance.case.description]).
 */
export function twinDescription(prefix: string, original: string): string {
  const text = `${prefix}${original}`;
  if (text.length <= 70) return text;
  const cut = text.slice(0, 69);
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

/** How the generated case files are written: readable, and one catalog entry a line. */

/** JSON indented by two spaces, with every array or object that fits in `width` characters on one line. */
export function formatJson(value: unknown, indent = '', width = 100): string {
  const flat = JSON.stringify(value);
  if (value === null || typeof value !== 'object' || flat.length + indent.length <= width) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((v) => inner + formatJson(v, inner, width)).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${formatJson(v, inner, width)}`).join(',\n')}\n${indent}}`;
}

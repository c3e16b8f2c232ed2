/**
 * The SVG chart of `docs/search-quality.md`: Recall@5 per data set (groups) and system (bars),
 * drawn as plain SVG text, with no plotting dependency.
 */

/** One group of bars: a data set and each system's value, in system order. */
export interface BarGroup {
  readonly label: string;
  readonly values: readonly number[];
}

const COLOURS = ['#1f77b4', '#ff7f0e', '#7f7f7f', '#2ca02c', '#d62728'];

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * A grouped bar chart of values in [0, 1].
 *
 * @param title - the chart's title
 * @param systems - the legend, one entry per bar of a group
 * @param groups - the groups, left to right
 */
export function barChartSvg(title: string, systems: readonly string[], groups: readonly BarGroup[]): string {
  const bar = 36;
  const gap = 28;
  const left = 48;
  const top = 40;
  const plotHeight = 240;
  const groupWidth = systems.length * bar + gap;
  const width = left + groups.length * groupWidth + 20;
  const legendTop = top + plotHeight + 44;
  const height = legendTop + systems.length * 18 + 10;
  const y = (v: number) => top + plotHeight * (1 - v);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${width / 2}" y="20" text-anchor="middle" font-size="14">${escapeXml(title)}</text>`,
  ];
  for (let tick = 0; tick <= 10; tick += 2) {
    const v = tick / 10;
    out.push(`<line x1="${left}" y1="${y(v)}" x2="${width - 10}" y2="${y(v)}" stroke="#dddddd"/>`);
    out.push(`<text x="${left - 6}" y="${y(v) + 4}" text-anchor="end">${v.toFixed(1)}</text>`);
  }
  groups.forEach((group, g) => {
    const x0 = left + gap / 2 + g * groupWidth;
    group.values.forEach((v, s) => {
      const x = x0 + s * bar;
      out.push(`<rect x="${x}" y="${y(v).toFixed(1)}" width="${bar - 4}" height="${(plotHeight * v).toFixed(1)}" fill="${COLOURS[s % COLOURS.length]}"/>`);
      out.push(`<text x="${x + (bar - 4) / 2}" y="${(y(v) - 4).toFixed(1)}" text-anchor="middle" font-size="10">${v.toFixed(3)}</text>`);
    });
    out.push(`<text x="${x0 + (systems.length * bar) / 2}" y="${top + plotHeight + 18}" text-anchor="middle">${escapeXml(group.label)}</text>`);
  });
  out.push(`<line x1="${left}" y1="${y(0)}" x2="${width - 10}" y2="${y(0)}" stroke="#000000"/>`);
  systems.forEach((name, s) => {
    const ly = legendTop + s * 18;
    out.push(`<rect x="${left}" y="${ly - 10}" width="12" height="12" fill="${COLOURS[s % COLOURS.length]}"/>`);
    out.push(`<text x="${left + 18}" y="${ly}">${escapeXml(name)}</text>`);
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}

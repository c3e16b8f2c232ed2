/**
 * Log-log line charts as standalone SVG, drawn by hand (no plotting dependency).
 */

/** One line of a chart. */
export interface Series {
  /** Legend text. */
  label: string;
  /** Stroke colour. */
  color: string;
  /** Dashed stroke (used for the second catalog family). */
  dashed?: boolean;
  /** Points `[x, y]`, x ascending; points with a non-positive or missing y are left out. */
  points: ReadonlyArray<readonly [number, number | undefined]>;
}

/** A chart. */
export interface ChartSpec {
  /** Title above the plot. */
  title: string;
  /** Label of the x axis. */
  xLabel: string;
  /** Label of the y axis. */
  yLabel: string;
  /** Tick label of an x value. */
  xFormat: (x: number) => string;
  /** Tick label of a y value. */
  yFormat: (y: number) => string;
  /** The lines. */
  series: readonly Series[];
}

const W = 900;
const H = 440;
const M = { left: 84, right: 330, top: 44, bottom: 56 };

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Decades `10^a … 10^b` enclosing `[lo, hi]`. */
function decades(lo: number, hi: number): [number, number] {
  const a = Math.floor(Math.log10(lo) + 1e-9);
  let b = Math.ceil(Math.log10(hi) - 1e-9);
  if (b <= a) b = a + 1;
  return [a, b];
}

/** Renders the chart as an SVG document. */
export function lineChart(spec: ChartSpec): string {
  const series = spec.series
    .map((s) => ({ ...s, points: s.points.filter((p): p is readonly [number, number] => p[1] !== undefined && p[1] > 0 && Number.isFinite(p[1]) && p[0] > 0) }))
    .filter((s) => s.points.length > 0);
  const xs = series.flatMap((s) => s.points.map((p) => p[0]));
  const ys = series.flatMap((s) => s.points.map((p) => p[1]));
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="#ffffff"/>`,
    `<text x="${M.left}" y="24" font-size="15" font-weight="600" fill="#111">${esc(spec.title)}</text>`,
  ];
  if (xs.length === 0) {
    out.push(`<text x="${W / 2}" y="${H / 2}" text-anchor="middle" fill="#666">not measured in this run</text>`, '</svg>');
    return out.join('\n');
  }
  const [xa, xb] = decades(Math.min(...xs), Math.max(...xs));
  const [ya, yb] = decades(Math.min(...ys), Math.max(...ys));
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const px = (x: number) => M.left + ((Math.log10(x) - xa) / (xb - xa)) * pw;
  const py = (y: number) => M.top + ph - ((Math.log10(y) - ya) / (yb - ya)) * ph;
  // 1. Grid: a line per decade, faint lines at 2 and 5 of each decade.
  for (let d = ya; d <= yb; d++) {
    for (const m of d < yb ? [1, 2, 5] : [1]) {
      const y = py(m * 10 ** d);
      out.push(`<line x1="${M.left}" x2="${M.left + pw}" y1="${y.toFixed(1)}" y2="${y.toFixed(1)}" stroke="${m === 1 ? '#d0d0d0' : '#eeeeee'}"/>`);
      if (m === 1) out.push(`<text x="${M.left - 8}" y="${(y + 4).toFixed(1)}" text-anchor="end" fill="#333">${esc(spec.yFormat(10 ** d))}</text>`);
    }
  }
  for (let d = xa; d <= xb; d++) {
    const x = px(10 ** d);
    out.push(`<line x1="${x.toFixed(1)}" x2="${x.toFixed(1)}" y1="${M.top}" y2="${M.top + ph}" stroke="#d0d0d0"/>`);
    out.push(`<text x="${x.toFixed(1)}" y="${M.top + ph + 18}" text-anchor="middle" fill="#333">${esc(spec.xFormat(10 ** d))}</text>`);
  }
  out.push(`<rect x="${M.left}" y="${M.top}" width="${pw}" height="${ph}" fill="none" stroke="#888"/>`);
  out.push(`<text x="${M.left + pw / 2}" y="${H - 12}" text-anchor="middle" fill="#111">${esc(spec.xLabel)} (log scale)</text>`);
  out.push(`<text transform="translate(18 ${M.top + ph / 2}) rotate(-90)" text-anchor="middle" fill="#111">${esc(spec.yLabel)} (log scale)</text>`);
  // 2. The lines, with a dot per measured point.
  for (const s of series) {
    const d = s.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${px(p[0]).toFixed(1)},${py(p[1]).toFixed(1)}`).join(' ');
    out.push(`<path d="${d}" fill="none" stroke="${s.color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="7 4"' : ''}/>`);
    for (const p of s.points) out.push(`<circle cx="${px(p[0]).toFixed(1)}" cy="${py(p[1]).toFixed(1)}" r="3" fill="${s.color}"/>`);
  }
  // 3. The legend.
  series.forEach((s, i) => {
    const y = M.top + 8 + i * 20;
    const x = M.left + pw + 16;
    out.push(`<line x1="${x}" x2="${x + 28}" y1="${y}" y2="${y}" stroke="${s.color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="7 4"' : ''}/>`);
    out.push(`<text x="${x + 36}" y="${y + 4}" fill="#111">${esc(s.label)}</text>`);
  });
  out.push('</svg>');
  return out.join('\n');
}

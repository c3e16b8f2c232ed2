/**
 * Measuring helpers of the reliability script: heap after a full collection, counts of process
 * listeners and child processes, byte formatting, and Markdown tables.
 */
import { execFileSync } from 'node:child_process';

const gc = (globalThis as { gc?: () => void }).gc;

/** Fails with a clear message when the script was not started with `node --expose-gc`. */
export function requireGc(): () => void {
  if (gc === undefined) {
    throw new Error('The reliability script measures the heap after global.gc(); run it with `npm run reliability` (node --expose-gc --import tsx test/bench/reliability.ts).');
  }
  return gc;
}

/** `heapUsed` after two full collections, in bytes. */
export function heapAfterGc(): number {
  const collect = requireGc();
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}

/** SIGTERM plus SIGHUP listeners of this process. */
export function signalListeners(): number {
  return process.listenerCount('SIGTERM') + process.listenerCount('SIGHUP');
}

/** Live child processes of this process (from `ps`), or -1 when `ps` is unavailable. */
export function childProcesses(): number {
  try {
    const out = execFileSync('ps', ['-o', 'pid=', '--ppid', String(process.pid)], { encoding: 'utf8' });
    // `ps` itself is a child while it runs.
    return Math.max(0, out.split('\n').filter((l) => l.trim() !== '').length - 1);
  } catch {
    return -1;
  }
}

/** Bytes as MB (10^6) with one decimal, or KB below 1 MB. */
export function bytes(n: number): string {
  if (!Number.isFinite(n)) return 'n/a';
  if (Math.abs(n) >= 1e6) return `${(n / 1e6).toFixed(1)} MB`;
  return `${(n / 1e3).toFixed(1)} KB`;
}

/** A number with thin-space thousands separators. */
export function count(n: number): string {
  return n.toLocaleString('en-US').replace(/,/g, ' ');
}

/** A Markdown table. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Waits (at most `turns` × 20 ms) until `done()` holds; returns whether it did. */
export async function settle(done: () => boolean, turns = 500): Promise<boolean> {
  for (let i = 0; i < turns && !done(); i++) await new Promise((r) => setTimeout(r, 20));
  return done();
}

/** One section of the report. */
export interface Section {
  /** Heading. */
  title: string;
  /** Markdown body (tables and notes). */
  body: string;
}

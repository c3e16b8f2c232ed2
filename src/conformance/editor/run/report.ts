/**
 * The text report of an editor run: a table per topic, a per-rule summary,
 * then the details of every case that did not simply pass. Same layout as the
 * processor suite's report.
 *
 * @module
 */
import { formatRun } from '../../run/report.js';
import type { EditorRun } from './runner.js';

/** Formats one editor run; `expectationsFile` is named in the header. */
export function formatEditorRun(run: EditorRun, options: { expectationsFile?: string } = {}): string {
  return formatRun(run, options);
}

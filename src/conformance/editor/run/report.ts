/**
 * The text report of an editor run: a table per topic, a per-rule summary,
 * then the details of every case that did not simply pass. Same layout as the
 * processor suite's report.
 *
 * @module
 */
import type { AdapterRun } from '../../run/runner.js';
import { formatRun } from '../../run/report.js';
import type { EditorRun } from './runner.js';

/** Formats one editor run; `expectationsFile` is named in the header. */
export function formatEditorRun(run: EditorRun, options: { expectationsFile?: string } = {}): string {
  // An EditorRun has the shape of an AdapterRun except for the feature names,
  // which the processor report only prints.
  const asAdapterRun: AdapterRun = { ...run, features: run.features as unknown as AdapterRun['features'] };
  return formatRun(asAdapterRun, options);
}

/**
 * The setup file of every mutation run's vitest project (vitest.conformance.config.ts,
 * vitest.scoped.config.ts, vitest.unit.config.ts): empties the process-wide analysis memos
 * (r[search.index.analysis-cache], r[search.query.analysis-cache]) before every test, as in a
 * fresh process. Stryker switches mutants on and off in one process, so a memo filled while one
 * mutant (or none: the dry run) was active would serve another mutant's test words and tools
 * analysed without it: its mutant would look like a survivor, or a kill it never earned. It also
 * lets Stryker's per-test coverage see every test that analyses a word, not only the first.
 */
import { beforeEach } from 'vitest';
import { clearAnalysisCache } from '../../src/scoring/index.js';

beforeEach(() => {
  clearAnalysisCache();
});

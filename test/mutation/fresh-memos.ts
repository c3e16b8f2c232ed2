/**
 * A setup file of `npm run mutation`'s vitest project: empties the process-wide analysis memos
 * before every test. Stryker switches mutants on and off in one process, so a memo filled while
 * one mutant (or none) was active would serve another mutant's test words and tools analysed
 * without it: its mutant would look like a survivor, or a kill it never earned. The conformance
 * harness (conformance-cases.mutation.ts) does the same before every case.
 */
import { beforeEach } from 'vitest';
import { clearAnalysisCache } from '../../src/scoring/index.js';

beforeEach(() => {
  clearAnalysisCache();
});

import { defineConfig } from 'vitest/config';
import base from '../../vitest.config.js';
import { HEAP_TESTS } from './suites.js';

/**
 * The vitest projects of `npm run mutation`: those of `npm test` without the slow tests, which
 * build and install the package, drive a real Agent end to end, or check the site (their code
 * paths are covered by the faster tests too), and without those that count heap bytes (HEAP_TESTS).
 */
export const SLOW_TESTS = ['test/e2e/**', 'test/package/**', 'test/site/**'];

const projects = (base.test?.projects ?? []).map((project) => {
  if (typeof project !== 'object' || !('test' in project)) throw new Error('vitest.config.ts: expected inline project objects');
  return { ...project, test: { ...project.test, exclude: [...(project.test?.exclude ?? []), ...SLOW_TESTS, ...HEAP_TESTS] } };
});

// (Memos emptied before every test: see fresh-memos.ts.)
const setupFiles = [...[base.test?.setupFiles ?? []].flat(), 'test/mutation/fresh-memos.ts'];

export default defineConfig({ ...base, test: { ...base.test, setupFiles, projects } });

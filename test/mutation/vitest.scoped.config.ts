import { configDefaults, defineConfig } from 'vitest/config';
import { HEAP_TESTS, UNIT_SCOPES, unitScope } from './suites.js';

const { tests } = UNIT_SCOPES[unitScope()];

/** The vitest project of a scope of `npm run mutation` (`MUTATION_SCOPE`, default `core`): the unit and property tests of the mutated folders. */
export default defineConfig({
  test: {
    include: tests === 'fast' ? [] : tests,
    exclude: [...configDefaults.exclude, ...HEAP_TESTS],
    // (Memos emptied before every test: see fresh-memos.ts.)
    setupFiles: ['test/support/fast-check-setup.ts', 'test/mutation/fresh-memos.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default'],
  },
});

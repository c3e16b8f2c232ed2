import { defineConfig } from 'vitest/config';

/**
 * The vitest project of `npm run mutation:conformance:stryker`: the processor conformance suite,
 * one test per case (conformance-cases.mutation.ts), and nothing else.
 */
export default defineConfig({
  test: {
    include: ['test/mutation/conformance-cases.mutation.ts'],
    // (Memos emptied before every case: see fresh-memos.ts.)
    setupFiles: ['test/mutation/fresh-memos.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default'],
  },
});

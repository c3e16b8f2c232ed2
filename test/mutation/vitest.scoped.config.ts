import { defineConfig } from 'vitest/config';

/** The vitest project of the default (scoped) `npm run mutation`: the unit and property tests of the mutated folders. */
export default defineConfig({
  test: {
    include: ['test/scoring/**/*.test.ts', 'test/lifecycle/**/*.test.ts'],
    setupFiles: ['test/support/fast-check-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default'],
  },
});

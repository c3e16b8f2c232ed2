import { defineConfig } from 'vitest/config';

/** The vitest project of `npm run mutation:conformance`: the conformance suite, one test per case. */
export default defineConfig({
  test: {
    include: ['test/mutation/conformance.harness.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});

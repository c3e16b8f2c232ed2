import fc from 'fast-check';

// The seed is chosen once per run by global-setup.ts and printed there.
// fast-check also prints the seed and the counterexample path on failure.
const seed = Number(process.env.FC_SEED ?? '0');
fc.configureGlobal({ seed, numRuns: Number(process.env.FC_NUM_RUNS ?? '100') });

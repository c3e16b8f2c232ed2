/**
 * Chooses one fast-check seed for the whole run and prints it, so that any
 * property failure can be replayed with `FC_SEED=<seed> npm run test:unit`.
 */
export default function setup(): void {
  const fromEnv = process.env.FC_SEED;
  const seed = fromEnv !== undefined && fromEnv !== '' ? Number(fromEnv) : Date.now() ^ (Math.random() * 0x7fffffff);
  if (!Number.isSafeInteger(seed)) {
    throw new Error(`FC_SEED must be an integer, got ${JSON.stringify(fromEnv)}`);
  }
  process.env.FC_SEED = String(seed | 0);
  console.log(`fast-check seed: ${seed | 0} (replay with FC_SEED=${seed | 0})`);
}

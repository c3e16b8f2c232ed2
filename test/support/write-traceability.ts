/**
 * `npm run traceability`: writes `docs/traceability.md` from the rules of
 * `spec/` and their citations. `npm test` only checks it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderTraceability, repoRoot } from './spec-rules.js';

const path = join(repoRoot, 'docs', 'traceability.md');
mkdirSync(join(repoRoot, 'docs'), { recursive: true });
writeFileSync(path, renderTraceability());
console.log(`wrote ${path}`);

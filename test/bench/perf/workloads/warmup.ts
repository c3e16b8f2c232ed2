/**
 * An untimed warm-up before the first measurement, so that the first catalog measured does not
 * also pay for compiling both implementations' analysis and scoring code (the interleaving
 * evens out load, not a cold start that hits one side harder than the other).
 */
import { buildSearchIndex, search } from '../../../../src/scoring/index.js';
import { requestContext } from '../../../processor/support/harness.js';
import { catalogOf, type FamilyId } from '../families.js';
import { construct, metaTool, release, stepArgs, toolsFor, type Impl } from '../subjects.js';

const IMPLS: readonly Impl[] = ['ours', 'mastra'];

/** Builds both processors on 1k-tool catalogs of each family a few times and runs their queries. */
export async function warmUp(families: readonly FamilyId[]): Promise<void> {
  for (const family of families) {
    const c = catalogOf(family, 1_000);
    const tools = toolsFor(c.docs);
    for (const impl of IMPLS) {
      for (let k = 0; k < 3; k++) release(construct(impl, { tools }));
      const p = construct(impl, { tools });
      const exec = metaTool(await p.processInputStep(stepArgs({}, [], requestContext('bench-warm-up'))), 'search_tools');
      for (const query of c.queries) await exec({ query }, {});
      release(p);
    }
    const index = buildSearchIndex(c.docs);
    for (const query of c.queries) search(index, query, { topK: 5, minScore: 0 });
  }
}

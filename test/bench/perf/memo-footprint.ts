/**
 * What each process-wide analysis memo really retains on V8, against its own byte estimate
 * (r[search.index.analysis-cache]): `node --expose-gc --import tsx test/bench/perf/memo-footprint.ts [family] [size]`
 * (families `metatool`, `zipf`, `real`: the MetaTool catalog under `TOOL_SEARCH_DATA`).
 *
 * The budgets are raised so that nothing is evicted; the memos are then filled one at a time
 * (words of every name and description; every tool's analysis; the ids of every analysis), the
 * heap read after full collections between the stages, and the whole emptied at the end. The
 * catalog's tool objects stay alive throughout (as a processor's tools do), so their names and
 * descriptions are not part of the measured figures, although the document estimate counts them
 * (an analysis whose tool is gone keeps them alive). The ids stage measures the id table and the
 * ids objects of the analyses, which the document estimate counts (from the start), so
 * `analysesWithIds` compares the two stages with the two estimates. Prints one line of JSON.
 */
import { analyseDocument, analyseWord, analysisCacheStats, clearAnalysisCache, configureAnalysisCache, idsOf, type DocumentAnalysis } from '../../../src/scoring/analysis.js';
import { stringBytes } from '../../../src/scoring/footprint-units.js';
import { buildSearchIndex } from '../../../src/scoring/index.js';
import { documentWords } from '../../../src/scoring/tokenize.js';
import { catalogOf, metaToolCatalog, type FamilyId } from './families.js';
import { settledHeap } from './timing.js';

const [family = 'metatool', sizeText = '10000'] = process.argv.slice(2);
const docs = family === 'real' ? metaToolCatalog() : catalogOf(family as FamilyId, Number(sizeText)).docs;
const BIG = 2 ** 40;
configureAnalysisCache({ wordMaxBytes: BIG, documentMaxBytes: BIG, idMaxBytes: BIG });
// Flatten the inputs once (as heap-child.ts does), then start from empty memos.
buildSearchIndex(docs);
clearAnalysisCache();
const h0 = settledHeap();
for (const d of docs) {
  for (const w of documentWords(d.name)) analyseWord(w);
  for (const w of documentWords(d.description)) analyseWord(w);
}
const h1 = settledHeap();
const analyses: DocumentAnalysis[] = docs.map((d) => analyseDocument(d.name, d.description, d));
const h2 = settledHeap();
for (const a of analyses) idsOf(a);
analyses.length = 0;
const h3 = settledHeap();
const stats = analysisCacheStats();
const ownStrings = docs.reduce((n, d) => n + stringBytes(d.name) + stringBytes(d.description), 0);
clearAnalysisCache();
const h4 = settledHeap();
const mb = (n: number) => Math.round(n / 1e4) / 100;
const out = {
  family,
  tools: docs.length,
  words: { entries: stats.words.entries, measured: mb(h1 - h0), estimate: mb(stats.words.bytes), perEntryMeasured: Math.round((h1 - h0) / stats.words.entries), perEntryEstimate: Math.round(stats.words.bytes / stats.words.entries) },
  documents: { entries: stats.documents.entries, measured: mb(h2 - h1), estimate: mb(stats.documents.bytes), estimateWithoutToolStrings: mb(stats.documents.bytes - ownStrings) },
  ids: { entries: stats.ids.entries, measured: mb(h3 - h2), estimate: mb(stats.ids.bytes) },
  analysesWithIds: { measured: mb(h3 - h1), estimate: mb(stats.documents.bytes + stats.ids.bytes), estimateWithoutToolStrings: mb(stats.documents.bytes + stats.ids.bytes - ownStrings) },
  total: { measured: mb(h3 - h4), estimate: mb(stats.words.bytes + stats.documents.bytes + stats.ids.bytes), estimateWithoutToolStrings: mb(stats.words.bytes + stats.documents.bytes + stats.ids.bytes - ownStrings) },
  leftAfterClear: mb(h4 - h0),
};
process.stdout.write(`${JSON.stringify(out)}\n`);

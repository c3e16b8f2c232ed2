/**
 * Writes `conformance/cases/processor/tracing.json`: r[processor.events.tracing] says each event a
 * step or a call emits is also recorded as an event span of the tracing span it was given (type
 * `generic`, name `tool_search.<type>`, the event's fields other than `version` and `type` as
 * `metadata`). So every case of `processor/events*.json` and `processor/mutation-events*.json` has
 * a twin here that declares `tracing` (r[conformance.protocol.tracing]) and expects, at each step
 * that expects events, those events as spans too — except the events no tracing span is given
 * for: those of `clearState`, `clearAllState` and `cleanupNow` (the protocol passes a tracing
 * context to `begin` and `call` only), of `resume`, and those of another thread than the step's
 * (an unload found by another thread's step or call, which no span of it records). A twin drops
 * the events expectations and the feature `events` (unless its options need it): a processor that
 * nobody listens to must record its spans all the same, and an implementation without an event
 * listener (`@mastra/core`) runs the twins.
 *
 * The twin's ID is `processor.events.tracing/<the case's short name>-<its topic>`.
 *
 * Run: `npx tsx test/conformance/generate/tracing-case.ts` (rewrites the file; `npm test` fails while
 * it is stale, test/conformance/tracing.test.ts); `npm run
 * conformance` runs it like any other case file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { caseFiles, casesDir } from '../../../src/conformance/index.js';
import { formatJson, twinDescription } from './format-json.js';

/** The generated file. */
export const OUT = join(casesDir(), 'processor', 'tracing.json');
const SOURCES = /\/processor\/(?:mutation-)?events[^/]*\.json$/;
/** Steps that are given a tracing span (r[conformance.protocol.tracing]). */
const TRACED = new Set(['begin', 'call']);

/** An event as the span the processor records for it (r[processor.events.tracing]). */
function spanOf(event: Record<string, unknown>): Record<string, unknown> {
  const { version: _version, type, ...metadata } = event;
  return { type: 'generic', ...(typeof type === 'string' ? { name: `tool_search.${type}` } : {}), metadata };
}

/** The twins, in file and case order. */
export function tracingTwins(): unknown[] {
  const twins: unknown[] = [];
  for (const file of caseFiles(casesDir()).filter((f) => SOURCES.test(f.split('\\').join('/')))) {
    for (const raw of JSON.parse(readFileSync(file, 'utf8')) as Array<Record<string, unknown>>) {
      const steps = structuredClone(raw.steps) as Array<Record<string, unknown>>;
      let traced = 0;
      let thread: unknown = null;
      for (const step of steps) {
        if (step.op === 'begin') thread = step.thread ?? null;
        if (step.op === 'restart') thread = null;
        const expect = step.expect as Record<string, unknown> | undefined;
        if (!expect) continue;
        const events = expect.events as Array<Record<string, unknown>> | undefined;
        if (events === undefined) continue;
        // An event's thread id is cut to 64 code units, ending in "…" (r[processor.options.bounded-echo]).
        const cut = (id: unknown): unknown => (typeof id === 'string' && id.length > 64 ? `${id.slice(0, 64)}…` : id);
        const own = (e: Record<string, unknown>): boolean => !Object.hasOwn(e, 'threadId') || e.threadId === cut(thread);
        // Events of untraced steps are delivered to the listener only.
        const spans = TRACED.has(step.op as string) ? events.filter(own).map(spanOf) : [];
        expect.spans = spans;
        delete expect.events;
        delete expect.eventsExclude;
        traced += spans.length > 0 ? 1 : 0;
      }
      if (traced === 0) continue;
      const [topic, name] = (raw.id as string).split('/') as [string, string];
      twins.push({
        ...raw,
        id: `processor.events.tracing/${name}-${topic.split('.').at(-1)}`,
        rules: [...new Set([...(raw.rules as string[]), 'processor.events.tracing', 'conformance.protocol.tracing'])],
        description: twinDescription('as spans: ', raw.description as string),
        features: [...(raw.features as string[]).filter((f) => f !== 'events' || Object.hasOwn((raw.options ?? {}) as object, 'includeQueriesInEvents')), 'tracing'],
        steps,
      });
    }
  }
  return twins;
}

/** The file's text: what `npm test` compares with the checked-in file. */
export const tracingFileText = (): string => `${formatJson(tracingTwins())}\n`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(OUT, tracingFileText());
  console.log(`wrote ${tracingTwins().length} cases to ${OUT}`);
}

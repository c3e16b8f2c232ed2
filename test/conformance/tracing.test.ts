/**
 * The conformance suite's optional feature `tracing` (r[conformance.protocol.tracing]): the case
 * format's `spans`, the runner's checks and numbering, the protocol's validation, and the bundled
 * adapters' claims.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OUT, tracingFileText } from './generate/tracing-case.js';
import { scripted } from './support/scripted.js';
import { BUNDLED_ADAPTERS, caseSchema, runSuite, usedFeatures, type Case, type CaseInput, type StepObservation } from '../../src/conformance/index.js';

const mk = (over: Partial<CaseInput>): Case =>
  caseSchema.parse({
    id: 'processor.events.tracing/x',
    rules: ['processor.events.tracing'],
    description: 'x',
    features: ['tracing'],
    catalog: [{ name: 'get_weather', description: 'Get the weather' }],
    steps: [],
    ...over,
  });

const SPAN = { type: 'generic', name: 'tool_search.search', metadata: { source: 'search_tools', requestId: 'uuid-a', stepNumber: 0, matchCount: 1 } };
const begin = { filterCalls: [], exposed: ['search_tools', 'load_tool'], origins: { search_tools: 'meta', load_tool: 'meta' }, system: [], spans: [] };
const callObs = (spans: unknown[]) => ({ filterCalls: [], outcome: 'result', result: { results: [] }, spans });
const searchCase = (spans: unknown[]) => mk({ steps: [{ op: 'begin', thread: 't1' }, { op: 'call', tool: 'search_tools', input: { query: 'weather' }, expect: { spans: spans as never } }] });

describe('the tracing feature', () => {
  it('[conformance.case.features] a spans expectation needs tracing', () => {
    expect([...usedFeatures(searchCase([]))]).toEqual(['tracing']);
  });

  it('[conformance.protocol.tracing] spans are checked like events: exactly as many, each a deep subset, in order', async () => {
    const pass = await runSuite(scripted({ features: ['tracing'], answers: [begin, callObs([SPAN])] }), { cases: [searchCase([{ name: 'tool_search.search', metadata: { matchCount: 1 } }])] });
    expect(pass.results[0]).toMatchObject({ status: 'passed' });
    const count = await runSuite(scripted({ features: ['tracing'], answers: [begin, callObs([SPAN, SPAN])] }), { cases: [searchCase([{ name: 'tool_search.search' }])] });
    expect(count.results[0]!.failures[0]).toMatch(/spans: expected 1, got 2/);
    const other = await runSuite(scripted({ features: ['tracing'], answers: [begin, callObs([SPAN])] }), { cases: [searchCase([{ name: 'tool_search.load' }])] });
    expect(other.results[0]!.failures[0]).toMatch(/span 1: expected \{"name":"tool_search.load"\} within/);
  });

  it('[conformance.runner.events] a span metadata requestId is numbered with the events', async () => {
    const c = searchCase([{ metadata: { requestId: 'request-1' } }, { metadata: { requestId: 'request-2' } }, { metadata: { requestId: null } }]);
    const spans = [SPAN, { ...SPAN, metadata: { ...SPAN.metadata, requestId: 'uuid-b' } }, { ...SPAN, metadata: { ...SPAN.metadata, requestId: null } }];
    const run = await runSuite(scripted({ features: ['tracing'], answers: [begin, callObs(spans)] }), { cases: [c] });
    expect(run.results[0]).toMatchObject({ status: 'passed' });
  });

  it('[conformance.protocol.tracing] spans are given exactly when the feature is claimed, and each is validated', async () => {
    const c = mk({ steps: [{ op: 'begin', thread: 't1' }] });
    const { spans: _spans, ...withoutSpans } = begin;
    const missing = await runSuite(scripted({ features: ['tracing'], answers: [withoutSpans] }), { cases: [c] });
    expect(missing.results[0]!.reason).toMatch(/field observation\.spans: missing; the implementation claims the feature tracing/);
    const unclaimed = await runSuite(scripted({ features: [], answers: [begin] }), { cases: [mk({ features: [], steps: [{ op: 'begin', thread: 't1' }] })] });
    expect(unclaimed.results[0]!.reason).toMatch(/field observation\.spans: unexpected/);
    const malformed = await runSuite(scripted({ features: ['tracing'], answers: [begin, callObs([{ type: 'generic', name: 7, metadata: {} }])] }), { cases: [searchCase([])] });
    expect(malformed.results[0]!.status).toBe('protocol-error');
    expect(malformed.results[0]!.reason).toMatch(/field observation\.spans\[0\]\.name/);
  });

  it('[conformance.protocol.tracing] [conformance.adapter.bundled] the reference and @mastra/core adapters claim tracing; a tracing span is given only in a case that declares it', async () => {
    const reference = await BUNDLED_ADAPTERS.find((b) => b.name === 'reference')!.create();
    const mastra = await BUNDLED_ADAPTERS.find((b) => b.name === 'mastra-core')!.create();
    expect(reference.features).toContain('tracing');
    expect(mastra.features).toContain('tracing');
    const catalog = [{ name: 'get_weather', description: 'Get the weather forecast' }];
    const traced = await reference.open({ id: 'x', catalog, options: {}, features: ['tracing'] });
    expect(((await traced.step({ op: 'begin', stepNumber: 0, requestContext: {}, resolvedTools: [], messages: [] })) as StepObservation).spans).toEqual([]);
    const obs = (await traced.step({ op: 'call', tool: 'search_tools', input: { query: 'weather' }, toolCallId: 'call-1' })) as StepObservation;
    expect(obs.spans).toEqual([
      { type: 'generic', name: 'tool_search.search', metadata: expect.objectContaining({ source: 'search_tools', toolCallId: 'call-1', matchCount: 1, threadId: null, stepNumber: 0 }) },
    ]);
    expect(obs.spans?.[0]?.metadata).not.toHaveProperty('version');
    expect(obs.spans?.[0]?.metadata).not.toHaveProperty('type');
    await traced.close();
    const untraced = await reference.open({ id: 'y', catalog, options: {}, features: [] });
    await untraced.step({ op: 'begin', stepNumber: 0, requestContext: {}, resolvedTools: [], messages: [] });
    expect(((await untraced.step({ op: 'call', tool: 'search_tools', input: { query: 'weather' }, toolCallId: 'call-1' })) as StepObservation).spans).toEqual([]);
    await untraced.close();
    await reference.dispose();
    await mastra.dispose();
  });
});

describe('the generated tracing cases', () => {
  it('[conformance.protocol.tracing] processor/tracing.json is what test/conformance/generate/tracing-case.ts writes from the events cases', () => {
    // Regenerate with: npx tsx test/conformance/generate/tracing-case.ts
    expect(readFileSync(OUT, 'utf8')).toBe(tracingFileText());
  });
});

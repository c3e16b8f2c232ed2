/**
 * The conformance suite's construction-error messages and its optional feature `events`: the case
 * format's checks, the runner's numbering of request ids, the protocol's validation of events,
 * and the bundled adapters' claims.
 */
import { describe, expect, it } from 'vitest';
import {
  BUNDLED_ADAPTERS,
  caseSchema,
  runSuite,
  usedFeatures,
  type Case,
  type CaseInput,
  type StepObservation,
} from '../../src/conformance/index.js';
import { scripted } from './support/scripted.js';

const EVENT = { version: 1, type: 'search', at: 1, threadId: 't1', requestId: 'r1', stepNumber: 0, source: 'search_tools', toolCallId: 'call-1', queryLength: 7, candidateCount: 1, matchCount: 1, results: [{ name: 'get_weather', score: 0.5 }], durationMs: 0 };

const mk = (over: Partial<CaseInput>): Case =>
  caseSchema.parse({
    id: 'processor.events.search/x',
    rules: ['processor.events.search'],
    description: 'x',
    catalog: [{ name: 'get_weather', description: 'Get the weather' }],
    steps: [],
    ...over,
  });

const begin = { filterCalls: [], exposed: ['search_tools', 'load_tool'], origins: { search_tools: 'meta', load_tool: 'meta' }, system: [] };
const searchCase = (expect: Record<string, unknown>, features: string[] = ['events']) =>
  mk({ features, steps: [{ op: 'begin', thread: 't1' }, { op: 'call', tool: 'search_tools', input: { query: 'weather' }, expect }] });
const callObs = (events: unknown[]) => ({ filterCalls: [], outcome: 'result', result: { results: [] }, events });

describe('construction-error messages', () => {
  const bad = (constructionError: unknown) => mk({ rules: ['processor.options.validate'], options: { raw: { search: { topK: 0 } } }, constructionError });

  it('[conformance.case.construction-error] a message without an included string is a mismatch naming the string and quoting the message', async () => {
    const run = await runSuite(scripted({ constructionError: 'Invalid option "search.minScore": expected a number' }), {
      cases: [bad({ messageInclude: ['search.topK', 'expected'] })],
    });
    expect(run.results[0]).toMatchObject({ status: 'failed' });
    expect(run.results[0]!.failures).toEqual([
      'construction error: expected its message to contain "search.topK", got "Invalid option \\"search.minScore\\": expected a number"',
    ]);
  });

  it('[conformance.case.construction-error] an excluded string in the message is a mismatch; an empty message misses every included string', async () => {
    const leaked = await runSuite(scripted({ constructionError: 'receiptSecret "too short" is too short' }), { cases: [bad({ messageInclude: ['receiptSecret'], messageExclude: ['too short'] })] });
    expect(leaked.results[0]!.failures).toEqual([expect.stringMatching(/^construction error: expected its message not to contain "too short"/)]);
    const empty = await runSuite(scripted({ constructionError: '' }), { cases: [bad({ messageInclude: ['search.topK'] })] });
    expect(empty.results[0]!.status).toBe('failed');
  });

  it('[conformance.case.construction-error] true checks only that construction fails; a message holding what is asked passes', async () => {
    const any = await runSuite(scripted({ constructionError: 'nope' }), { cases: [bad(true)] });
    expect(any.results[0]!.status).toBe('passed');
    const named = await runSuite(scripted({ constructionError: 'option "search.topK": expected a positive integer' }), { cases: [bad({ messageInclude: ['search.topK', 'positive integer'] })] });
    expect(named.results[0]!.status).toBe('passed');
    const accepted = await runSuite(scripted({ answers: [] }), { cases: [bad({ messageInclude: ['search.topK'] })] });
    expect(accepted.results[0]!.failures).toEqual(['the constructor accepted the options; expected it to throw']);
  });
});

describe('events', () => {
  it('[conformance.case.events] events match in order as deep subsets, with the count exact', async () => {
    const c = searchCase({ events: [{ type: 'search', results: [{ name: 'get_weather' }] }] });
    const ok = await runSuite(scripted({ features: ['events'], answers: [{ ...begin, events: [] }, callObs([EVENT])] }), { cases: [c] });
    expect(ok.results[0]!.status).toBe('passed');
    const two = await runSuite(scripted({ features: ['events'], answers: [{ ...begin, events: [] }, callObs([EVENT, EVENT])] }), { cases: [c] });
    expect(two.results[0]!.failures).toEqual([expect.stringMatching(/^step 2 \(call\): events: expected 1, got 2/)]);
    const other = await runSuite(scripted({ features: ['events'], answers: [{ ...begin, events: [] }, callObs([{ ...EVENT, results: [] }])] }), { cases: [c] });
    expect(other.results[0]!.failures).toEqual([expect.stringMatching(/^step 2 \(call\): event 1: expected \{"type":"search","results":\[\{"name":"get_weather"\}\]\} within/)]);
  });

  it('[conformance.case.events] eventsExclude fails a step when an event\'s JSON holds the string', async () => {
    const c = searchCase({ eventsExclude: ['secret'] });
    const run = await runSuite(scripted({ features: ['events'], answers: [{ ...begin, events: [] }, callObs([{ ...EVENT, threadId: 'a-secret' }])] }), { cases: [c] });
    expect(run.results[0]!.failures).toEqual([expect.stringMatching(/^step 2 \(call\): event 1: contains "secret"/)]);
  });

  it('[conformance.runner.events] request ids are numbered request-1, request-2 by first appearance across the steps of a case', async () => {
    const c = mk({
      features: ['events'],
      steps: [
        { op: 'begin', thread: 't1' },
        { op: 'call', tool: 'search_tools', input: { query: 'weather' }, expect: { events: [{ requestId: 'request-1' }, { requestId: 'request-2' }, { requestId: null }] } },
        { op: 'call', tool: 'search_tools', input: { query: 'weather' }, expect: { events: [{ requestId: 'request-2' }, { requestId: 'request-1' }] } },
      ],
    });
    const answers = [
      { ...begin, events: [] },
      callObs([{ ...EVENT, requestId: 'uuid-b' }, { ...EVENT, requestId: 'uuid-a' }, { ...EVENT, requestId: null }]),
      callObs([{ ...EVENT, requestId: 'uuid-a' }, { ...EVENT, requestId: 'uuid-b' }]),
    ];
    const run = await runSuite(scripted({ features: ['events'], answers }), { cases: [c] });
    expect(run.results[0]).toMatchObject({ status: 'passed' });
  });

  it('[conformance.protocol.events] a malformed event is a protocol error naming its field', async () => {
    const c = searchCase({ events: [{ type: 'search' }] });
    const run = await runSuite(scripted({ features: ['events'], answers: [{ ...begin, events: [] }, callObs([{ ...EVENT, requestId: 'r', type: 'searched' }])] }), { cases: [c] });
    expect(run.results[0]!.status).toBe('protocol-error');
    expect(run.results[0]!.reason).toMatch(/field observation\.events\[0\]\.type/);
    const noCount = await runSuite(scripted({ features: ['events'], answers: [{ ...begin, events: [] }, callObs([{ ...EVENT, requestId: 'r', matchCount: -1 }])] }), { cases: [c] });
    expect(noCount.results[0]!.reason).toMatch(/field observation\.events\[0\]\.matchCount/);
  });

  it('[conformance.protocol.events] events are given exactly when the feature is claimed', async () => {
    const c = mk({ steps: [{ op: 'begin', thread: 't1' }] });
    const missing = await runSuite(scripted({ features: ['events'], answers: [begin] }), { cases: [c] });
    expect(missing.results[0]!.status).toBe('protocol-error');
    expect(missing.results[0]!.reason).toMatch(/field observation\.events: missing/);
    const unclaimed = await runSuite(scripted({ answers: [{ ...begin, events: [] }] }), { cases: [c] });
    expect(unclaimed.results[0]!.status).toBe('protocol-error');
    expect(unclaimed.results[0]!.reason).toMatch(/field observation\.events: unexpected/);
  });

  it('[conformance.case.features] an events expectation or includeQueriesInEvents needs events; checking at or durationMs also needs clock', () => {
    expect([...usedFeatures(searchCase({ events: [] }))]).toEqual(['events']);
    expect([...usedFeatures(searchCase({ eventsExclude: ['x'] }))]).toEqual(['events']);
    expect([...usedFeatures(mk({ options: { includeQueriesInEvents: false }, steps: [{ op: 'begin' }] }))]).toEqual(['events']);
    expect([...usedFeatures(searchCase({ events: [{ durationMs: 0 }] }))].sort()).toEqual(['clock', 'events']);
    expect([...usedFeatures(searchCase({ events: [{ at: 0 }] }))].sort()).toEqual(['clock', 'events']);
  });

  it('[conformance.protocol.events] [conformance.protocol.case] [conformance.adapter.bundled] the reference adapter claims events and reports them after delivery, listening only in a case that declares events; @mastra/core does not claim them', async () => {
    const reference = await BUNDLED_ADAPTERS.find((b) => b.name === 'reference')!.create();
    const mastra = await BUNDLED_ADAPTERS.find((b) => b.name === 'mastra-core')!.create();
    expect(reference.features).toContain('events');
    expect(mastra.features).not.toContain('events');
    const session = await reference.open({ id: 'x', catalog: [{ name: 'get_weather', description: 'Get the weather forecast' }], options: {}, features: ['events'] });
    const first = (await session.step({ op: 'begin', stepNumber: 0, requestContext: {}, resolvedTools: [], messages: [] })) as StepObservation;
    expect(first.events).toEqual([]);
    const obs = (await session.step({ op: 'call', tool: 'search_tools', input: { query: 'weather' }, toolCallId: 'call-1' })) as StepObservation;
    // Events are delivered in microtasks after the call returned; the observation holds them.
    expect(obs.events?.map((e) => e.type)).toEqual(['search']);
    expect(obs.events?.[0]).toMatchObject({ version: 1, threadId: null, stepNumber: 0, toolCallId: 'call-1', requestId: expect.any(String) });
    await session.close();
    // A case that does not declare `events` runs its processor unheard (r[conformance.protocol.case]).
    const unheard = await reference.open({ id: 'y', catalog: [{ name: 'get_weather', description: 'Get the weather forecast' }], options: {}, features: [] });
    await unheard.step({ op: 'begin', stepNumber: 0, requestContext: {}, resolvedTools: [], messages: [] });
    const quiet = (await unheard.step({ op: 'call', tool: 'search_tools', input: { query: 'weather' }, toolCallId: 'call-1' })) as StepObservation;
    expect(quiet.events).toEqual([]);
    expect(quiet.result).toMatchObject({ results: [{ name: 'get_weather' }] });
    await unheard.close();
    await reference.dispose();
    await mastra.dispose();
  });
});

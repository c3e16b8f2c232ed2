import { describe, expect, it } from 'vitest';
import {
  caseSchema,
  formatReport,
  formatRun,
  jsonReport,
  parseExpectations,
  runSuite,
  type Adapter,
  type Case,
  type CaseInput,
  type StepObservation,
  type StepRequest,
} from '../../src/conformance/index.js';

/** A fake implementation: exposes the meta-tools plus whatever `load_tool` loaded, per thread. */
function fakeAdapter(opts: { features?: Adapter['features']; brokenLoad?: boolean; requests?: StepRequest[] } = {}): Adapter {
  return {
    implementation: { name: 'fake', version: '1' },
    features: opts.features ?? [],
    async open() {
      const loaded = new Map<string, string[]>();
      let thread = '';
      return {
        async step(req): Promise<StepObservation> {
          opts.requests?.push(structuredClone(req));
          if (req.op === 'begin') {
            thread = JSON.stringify(req.requestContext);
            const exposed = ['search_tools', 'load_tool', ...(loaded.get(thread) ?? [])];
            return { exposed, origins: Object.fromEntries(exposed.map((k) => [k, 'meta'])), system: [], filterCalls: [] };
          }
          if (req.op === 'call' && req.tool === 'load_tool') {
            const name = (req.input as { toolName: string }).toolName;
            if (!opts.brokenLoad) loaded.set(thread, [...(loaded.get(thread) ?? []), name]);
            return { outcome: 'result', result: { success: true, toolName: name, message: 'ok' }, filterCalls: [] };
          }
          return { filterCalls: [] };
        },
        async close() {},
      };
    },
    async dispose() {},
  };
}

const mk = (id: string, over: Partial<CaseInput> = {}): Case =>
  caseSchema.parse({
    id,
    rules: ['processor.load.results'],
    description: 'load then exposed',
    catalog: [{ name: 'get_weather', description: 'Get the weather' }],
    steps: [
      { op: 'begin', thread: 't1', user: 'hi' },
      { op: 'call', tool: 'load_tool', input: { toolName: 'get_weather' }, expect: { success: true } },
      { op: 'begin', thread: 't1', expect: { exposed: ['search_tools', 'load_tool', 'get_weather'] } },
    ],
    ...over,
  });

describe('expectation files', () => {
  it('[conformance.expectations.format] one line per case: case id, rule id, one-line reason; comments and blanks ignored', () => {
    const e = parseExpectations('# header\n\nprocessor.load/a processor.load.results the reason has words\nbad-line\n');
    expect([...e.failures.values()]).toEqual([
      { caseId: 'processor.load/a', rule: 'processor.load.results', reason: 'the reason has words', line: 3 },
    ]);
    expect(e.problems).toEqual(['line 4: expected "<case-id> <rule-id> <reason>", got "bad-line"']);
  });

  it('[conformance.expectations.unexpected-failure] a failing case that is not listed fails the run', async () => {
    const run = await runSuite(fakeAdapter({ brokenLoad: true }), { cases: [mk('processor.load/a')] });
    expect(run.ok).toBe(false);
    expect(run.results[0]).toMatchObject({ status: 'failed', failures: [expect.stringMatching(/^step 3 \(begin\): exposed tools/)] });
  });

  it('[conformance.expectations.unexpected-failure] a failing case that is listed is an expected failure and the run is ok', async () => {
    const expectations = parseExpectations('processor.load/a processor.load.results the fake never loads\n');
    const run = await runSuite(fakeAdapter({ brokenLoad: true }), { cases: [mk('processor.load/a')], expectations });
    expect(run.ok).toBe(true);
    expect(run.results[0]).toMatchObject({ status: 'expected-failure', reason: 'the fake never loads' });
  });

  it('[conformance.expectations.unexpected-pass] a listed case that passes fails the run', async () => {
    const expectations = parseExpectations('processor.load/a processor.load.results said to fail\n');
    const run = await runSuite(fakeAdapter(), { cases: [mk('processor.load/a')], expectations });
    expect(run.ok).toBe(false);
    expect(run.results[0]!.status).toBe('unexpected-pass');
    expect(formatRun(run)).toMatch(/XPASS processor\.load\/a/);
  });

  it('[conformance.expectations.stale] unknown case IDs, uncited rules and duplicates fail the run', async () => {
    const text = [
      'processor.load/gone processor.load.results no such case',
      'processor.load/a processor.tools.meta not a rule the case cites',
      'processor.load/b processor.load.results listed',
      'processor.load/b processor.load.results twice',
    ].join('\n');
    const run = await runSuite(fakeAdapter({ brokenLoad: true }), {
      cases: [mk('processor.load/a'), mk('processor.load/b')],
      expectations: parseExpectations(text),
    });
    expect(run.ok).toBe(false);
    expect(run.expectationProblems).toEqual([
      'line 4: processor.load/b is listed twice',
      'line 1: no case has the ID processor.load/gone',
      'line 2: processor.load/a does not cite processor.tools.meta',
    ]);
  });
});

describe('runner', () => {
  it('[conformance.runner.skip] a case needing an unclaimed feature is skipped with the reason and not run', async () => {
    const requests: StepRequest[] = [];
    const c = mk('processor.load/ctx', { features: ['storage.context'], options: { storage: 'context' } });
    const run = await runSuite(fakeAdapter({ requests }), { cases: [c] });
    expect(run.results[0]).toMatchObject({ status: 'skipped', reason: 'needs unclaimed feature(s): storage.context' });
    expect(requests).toEqual([]);
    expect(run.ok).toBe(true);
    const claimed = await runSuite(fakeAdapter({ features: ['storage.context'] }), { cases: [c] });
    expect(claimed.results[0]!.status).toBe('passed');
  });

  it('[conformance.runner.conversation] each thread keeps its conversation; recorded results are appended, dropped messages go', async () => {
    const requests: StepRequest[] = [];
    const c = mk('processor.load/conv', {
      features: ['forged-messages'],
      steps: [
        { op: 'begin', thread: 't1', user: 'first' },
        { op: 'call', tool: 'load_tool', input: { toolName: 'get_weather' } },
        { op: 'call', tool: 'load_tool', input: { toolName: 'send_email' }, record: false },
        { op: 'begin', thread: 't2', messages: [{ role: 'user', text: 'other thread' }] },
        { op: 'begin', thread: 't1', dropOldest: 1 },
      ],
    });
    await runSuite(fakeAdapter({ requests, features: ['forged-messages'] }), { cases: [c] });
    const begins = requests.filter((r): r is Extract<StepRequest, { op: 'begin' }> => r.op === 'begin');
    expect(begins.map((b) => b.stepNumber)).toEqual([0, 1, 2]);
    const thread = (id: string) => ({ threadId: id, resourceId: 'conformance-resource' });
    const text = (t: string) => ({ format: 2, parts: [{ type: 'text', text: t }] });
    expect(begins[0]!.messages).toEqual([{ id: 'msg-1', role: 'user', createdAt: '2026-01-01T00:00:01.000Z', ...thread('t1'), content: text('first') }]);
    expect(begins[1]!.messages).toEqual([{ id: 'msg-3', role: 'user', createdAt: '2026-01-01T00:00:03.000Z', ...thread('t2'), content: text('other thread') }]);
    expect(begins[2]!.messages).toEqual([
      {
        id: 'msg-2',
        role: 'assistant',
        createdAt: '2026-01-01T00:00:02.000Z',
        ...thread('t1'),
        content: {
          format: 2,
          parts: [
            {
              type: 'tool-invocation',
              toolInvocation: { state: 'result', toolCallId: 'call-1', toolName: 'load_tool', args: { toolName: 'get_weather' }, result: { success: true, toolName: 'get_weather', message: 'ok' } },
            },
          ],
        },
      },
    ]);
    expect(begins[0]!.requestContext).toEqual({ MastraMemory: { thread: { id: 't1', resourceId: 'conformance-resource' }, resourceId: 'conformance-resource' } });
  });

  it('[conformance.runner.report] the report has a table per area, a table per rule, and the details of what did not pass', async () => {
    const expectations = parseExpectations('processor.load/x processor.load.results known\n');
    const cases = [mk('processor.load/a'), mk('processor.load/x'), mk('store.memory/y', { rules: ['store.memory.per-thread'], features: ['clock'] })];
    const run = await runSuite(fakeAdapter({ brokenLoad: true }), { cases, expectations });
    const text = formatRun(run, { expectationsFile: 'fake.txt' });
    expect(text).toMatch(/^area\s+passed\s+failed\s+expected failures\s+unexpected passes\s+skipped\s+protocol errors$/m);
    expect(text).toMatch(/^processor\s+0\s+1\s+1\s+0\s+0\s+0$/m);
    expect(text).toMatch(/^store\s+0\s+0\s+0\s+0\s+1\s+0$/m);
    expect(text).toMatch(/^processor\.load\.results\s+0\s+1\s+1\s+0\s+0\s+0$/m);
    expect(text).toMatch(/^FAIL  processor\.load\/a/m);
    expect(text).toMatch(/^xfail processor\.load\/x \[processor\.load\.results\] known$/m);
    expect(text).toMatch(/^skip  store\.memory\/y: needs unclaimed feature\(s\): clock$/m);
    const json = jsonReport([{ suite: 'processor', label: 'fake', run, expectationsFile: 'fake.txt' }]) as {
      ok: boolean;
      runs: Array<{ suite: string; totals: Record<string, number>; areas: Record<string, Record<string, number>>; rules: Record<string, Record<string, number>>; cases: Array<{ id: string; status: string }> }>;
    };
    expect(json.ok).toBe(false);
    expect(json.runs[0]!.suite).toBe('processor');
    expect(json.runs[0]!.totals).toEqual({ passed: 0, failed: 1, 'expected-failure': 1, 'unexpected-pass': 0, skipped: 1, 'protocol-error': 0 });
    expect(json.runs[0]!.areas.store).toMatchObject({ skipped: 1 });
    expect(json.runs[0]!.rules['processor.load.results']).toMatchObject({ failed: 1, 'expected-failure': 1 });
    expect(json.runs[0]!.cases.map((c) => c.status)).toEqual(['failed', 'expected-failure', 'skipped']);
  });

  it('[conformance.runner.report] the default report leads with one line per implementation and suite, shows mismatches, ends with one verdict', async () => {
    const good = await runSuite(fakeAdapter(), { cases: [mk('processor.load/a')] });
    const bad = await runSuite(fakeAdapter({ brokenLoad: true }), { cases: [mk('processor.load/a'), mk('processor.load/x')], expectations: parseExpectations('processor.load/x processor.load.results known\n') });
    const entries = [
      { suite: 'processor', label: 'good', run: good, expectationsFile: 'good.txt' },
      { suite: 'editor', label: 'bad', run: bad, expectationsFile: 'bad.txt' },
      { suite: 'processor', label: 'python3 adapter.py', error: 'cannot start: exited with code 1' },
    ];
    const lines = formatReport(entries).split('\n');
    expect(lines[0]).toMatch(/^OK\s+fake 1\s+processor suite\s+1 passed, 0 expected failures, 0 skipped$/);
    expect(lines[1]).toMatch(/^MISMATCH\s+fake 1\s+editor suite\s+0 passed, 1 expected failures, 0 skipped, 1 unexpected failures$/);
    expect(lines[2]).toMatch(/^ERROR\s+python3 adapter\.py\s+processor suite\s+cannot run: cannot start: exited with code 1$/);
    expect(lines.some((l) => /^FAIL  processor\.load\/a/.test(l))).toBe(true);
    expect(lines.some((l) => /^xfail|^area|^rule/.test(l))).toBe(false);
    expect(lines.at(-1)).toBe('VERDICT: MISMATCH: 2 of 3 runs do not match their expectations (fake 1, editor suite; python3 adapter.py, processor suite)');
    const verbose = formatReport(entries, { verbose: true });
    expect(verbose).toMatch(/^area\s+passed/m);
    expect(verbose).toMatch(/^rule\s+passed/m);
    expect(verbose).toMatch(/^xfail processor\.load\/x/m);
    expect(formatReport(entries.slice(0, 1)).split('\n').at(-1)).toBe('VERDICT: OK: every run matches its expectations (1 run)');
});
});

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  caseSchema,
  conformanceDir,
  loadCases,
  casesDir,
  PROTOCOL_VERSION,
  ProtocolError,
  protocolJsonSchemas,
  requestSchema,
  runSuite,
  stdioAdapter,
  type Adapter,
  type Case,
  BUNDLED_ADAPTERS,
} from '../../src/conformance/index.js';

const script = join(new URL('.', import.meta.url).pathname, 'fixtures', 'scripted-adapter.mjs');
const logFile = () => join(mkdtempSync(join(tmpdir(), 'conformance-protocol-')), 'requests.jsonl');
const requests = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { seq: number; type: string; [k: string]: unknown });

const mk = (id: string, steps: unknown[], over: Record<string, unknown> = {}): Case =>
  caseSchema.parse({ id, rules: ['processor.tools.meta'], description: 'protocol test', catalog: [], steps, ...over });

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
};

async function withScripted<T>(env: string, body: (adapter: Adapter, log: string) => Promise<T>): Promise<T> {
  const log = logFile();
  const adapter = await stdioAdapter(`${env} node ${script} ${log}`);
  try {
    return await body(adapter, log);
  } finally {
    await adapter.dispose();
  }
}

describe('stdio protocol', () => {
  it('[conformance.protocol.handshake] start reports name, version and features', async () => {
    await withScripted('', async (adapter, log) => {
      expect(adapter.implementation).toEqual({ name: 'scripted', version: '9' });
      expect(adapter.features).toEqual(['clock']);
      expect(requests(log)[0]).toEqual({ seq: 1, type: 'start', protocol: PROTOCOL_VERSION });
    });
  });

  it('[conformance.protocol.handshake] [conformance.protocol.validate] another protocol version, an unknown feature or a repeated one ends the run with a protocol error', async () => {
    await expect(stdioAdapter(`PROTOCOL=1 node ${script}`)).rejects.toThrow(/protocol error in the answer to start: field protocol: the implementation speaks protocol 1; this runner speaks 2/);
    const unknown = stdioAdapter(`FEATURES=clock,storage-context node ${script}`);
    await expect(unknown).rejects.toBeInstanceOf(ProtocolError);
    await expect(unknown).rejects.toThrow(/field features\[1\]: /);
    await expect(stdioAdapter(`FEATURES=clock,clock node ${script}`)).rejects.toThrow(/field features: a feature is listed twice/);
  });

  it('[conformance.protocol.framing] [conformance.protocol.case] [conformance.protocol.step] [conformance.protocol.error] one request per line, seq 1, 2, …, answered by seq; blank lines ignored; error answers and construction errors are reported', async () => {
    await withScripted('', async (adapter, log) => {
      const cases = [
        mk('processor.tools.meta/ok-blank', [{ op: 'begin', expect: { exposed: ['search_tools', 'load_tool'] } }, { op: 'begin', thread: null }]),
        mk('processor.tools.meta/clock', [{ op: 'begin' }, { op: 'advanceClock', ms: 5 }], { features: ['clock'] }),
        mk('processor.tools.meta/ctor', [], { constructionError: true }),
        mk('processor.tools.meta/ctor-unexpected', [{ op: 'begin' }]),
      ];
      const run = await runSuite(adapter, { cases });
      expect(run.results.map((r) => [r.id, r.status])).toEqual([
        ['processor.tools.meta/ok-blank', 'passed'],
        ['processor.tools.meta/clock', 'failed'],
        ['processor.tools.meta/ctor', 'passed'],
        ['processor.tools.meta/ctor-unexpected', 'failed'],
      ]);
      expect(run.results[1]!.failures).toEqual(['step 2 (advanceClock): adapter error: the implementation answered with an error: cannot advance the clock']);
      // The scripted implementation reports a construction error for IDs containing "ctor".
      expect(run.results[3]!.failures).toEqual(['the constructor threw: bad options']);
      const sent = requests(log);
      expect(sent.map((r) => r.seq)).toEqual(sent.map((_, i) => i + 1));
      expect(sent.map((r) => (r.type === 'step' ? `step:${(r.step as { op: string }).op}` : r.type))).toEqual([
        'start', 'case', 'step:begin', 'step:begin', 'case', 'step:begin', 'step:advanceClock', 'case', 'case',
      ]);
      expect(sent[1]).toEqual({ seq: 2, type: 'case', case: { id: 'processor.tools.meta/ok-blank', catalog: [], options: {}, features: [] } });
      expect(readFileSync(log, 'utf8').split('\n').filter((l) => l !== '')).toHaveLength(sent.length);
      for (const r of sent) expect(requestSchema.safeParse(r).success, JSON.stringify(r)).toBe(true);
    });
  });

  it('[conformance.protocol.skip] the implementation may skip a case when it opens or at any step, with a reason; the run stays ok', async () => {
    await withScripted('', async (adapter, log) => {
      const cases = [
        mk('processor.tools.meta/skip-case', [{ op: 'begin' }]),
        mk('processor.tools.meta/skip-step', [{ op: 'begin' }, { op: 'begin' }, { op: 'begin' }]),
      ];
      const run = await runSuite(adapter, { cases });
      expect(run.results.map((r) => [r.status, r.reason])).toEqual([
        ['skipped', 'the implementation skipped it: no such option here'],
        ['skipped', 'the implementation skipped it: resume is not supported'],
      ]);
      expect(run.ok).toBe(true);
      // No step is sent for a case skipped at opening, and none after a skip.
      expect(requests(log).filter((r) => r.type === 'step')).toHaveLength(2);
    });
  });

  it('[conformance.protocol.validate] a malformed answer is a protocol error naming the field, not a failed case, and the run goes on', async () => {
    await withScripted('', async (adapter) => {
      const cases = [
        mk('processor.tools.meta/bad-begin', [{ op: 'begin' }]),
        mk('processor.tools.meta/extra-field', [{ op: 'begin' }]),
        mk('processor.tools.meta/bad-seq', [{ op: 'begin' }]),
        mk('processor.tools.meta/not-json', [{ op: 'begin' }]),
        mk('processor.tools.meta/fine', [{ op: 'begin', expect: { exposed: ['search_tools', 'load_tool'] } }]),
      ];
      const run = await runSuite(adapter, { cases });
      expect(run.results.map((r) => r.status)).toEqual(['protocol-error', 'protocol-error', 'protocol-error', 'protocol-error', 'passed']);
      const reasons = run.results.map((r) => r.reason ?? '');
      expect(reasons[0]).toBe('protocol error in the answer to step 1 (begin): field observation.exposed[1]: Invalid input: expected string, received number');
      expect(reasons[1]).toMatch(/field observation\.exposd: unknown field/);
      expect(reasons[2]).toMatch(/field seq: expected \d+, got \d+/);
      expect(reasons[3]).toMatch(/the line is not JSON: exposed: search_tools/);
      expect(run.ok).toBe(false);
    });
  });

  it('[conformance.protocol.observation] [conformance.protocol.validate] in-process adapters are held to the same observation shapes', async () => {
    const sloppy: Adapter = {
      implementation: { name: 'sloppy', version: '1' },
      features: [],
      open: async () => ({ step: async () => ({ exposed: ['search_tools'], filterCalls: [] }), close: async () => {} }),
      dispose: async () => {},
    };
    const run = await runSuite(sloppy, { cases: [mk('processor.tools.meta/no-origins', [{ op: 'begin' }])] });
    expect(run.results[0]).toMatchObject({ status: 'protocol-error', reason: expect.stringMatching(/field observation\.origins: /) });
  });

  it('[conformance.protocol.stop] dispose sends stop and the implementation exits', async () => {
    const log = logFile();
    const adapter = await stdioAdapter(`node ${script} ${log}`);
    await adapter.dispose();
    await waitFor(() => requests(log).some((r) => r.type === 'stop'));
    expect(requests(log).map((r) => r.type)).toEqual(['start', 'stop']);
    await expect(adapter.open({ id: 'x', catalog: [], options: {}, features: [] })).rejects.toThrow(/exited|stop/);
  });

  it('[conformance.protocol.schema] the checked-in protocol JSON Schemas are what the zod definitions generate', () => {
    // Regenerate with: npm run conformance -- --write-schema
    for (const { file, text } of protocolJsonSchemas()) expect(readFileSync(join(conformanceDir(), 'schema', file), 'utf8'), file).toBe(text);
  });

  it('[conformance.protocol.messages] [conformance.protocol.request-context] every request of the bundled suite, sent to the reference, is a valid protocol message', async () => {
    const reference = await BUNDLED_ADAPTERS.find((b) => b.name === 'reference')!.create();
    const sent: unknown[] = [];
    const recorder: Adapter = {
      ...reference,
      open: async (setup) => {
        sent.push({ type: 'case', case: setup });
        const session = await reference.open(setup);
        return { ...session, constructionError: session.constructionError, step: (request) => (sent.push({ type: 'step', step: request }), session.step(request)), close: () => session.close() };
      },
    };
    const run = await runSuite(recorder, { cases: loadCases(casesDir()).cases.map((c) => c.case) });
    expect(run.ok).toBe(true);
    expect(sent.length).toBeGreaterThan(500);
    const invalid = sent
      .map((r, i) => ({ r, parsed: requestSchema.safeParse(JSON.parse(JSON.stringify({ seq: i + 1, ...(r as object) }))) }))
      .filter(({ parsed }) => !parsed.success)
      .map(({ r, parsed }) => `${JSON.stringify(r).slice(0, 200)}: ${parsed.error?.issues[0]?.message}`);
    expect(invalid).toEqual([]);
    const forged = sent.find((r) => JSON.stringify(r).includes('"state":"call"'));
    expect(forged, 'some case forges a call without a result').toBeDefined();
  });
});

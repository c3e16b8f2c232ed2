import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caseSchema, PROTOCOL_VERSION, runSuite, stdioAdapter, type Case } from '../../src/conformance/index.js';

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

describe('stdio protocol', () => {
  it('[conformance.protocol.handshake] start reports name, version and features; unknown features are dropped', async () => {
    const log = logFile();
    const adapter = await stdioAdapter(`node ${script} ${log}`);
    try {
      expect(adapter.implementation).toEqual({ name: 'scripted', version: '9' });
      expect(adapter.features).toEqual(['clock']);
      expect(requests(log)[0]).toEqual({ seq: 1, type: 'start', protocol: PROTOCOL_VERSION });
    } finally {
      await adapter.dispose();
    }
  });

  it('[conformance.protocol.handshake] a different protocol version is an error', async () => {
    await expect(stdioAdapter(`PROTOCOL=2 node ${script}`)).rejects.toThrow(/speaks protocol 2; this runner speaks 1/);
  });

  it('[conformance.protocol.step] one request per step, answered by seq; error answers and construction errors are reported', async () => {
    const log = logFile();
    const adapter = await stdioAdapter(`node ${script} ${log}`);
    try {
      const cases = [
        mk('processor.tools.meta/ok', [{ op: 'begin', expect: { exposed: ['search_tools', 'load_tool'] } }, { op: 'begin', thread: null }]),
        mk('processor.tools.meta/clock', [{ op: 'begin' }, { op: 'advanceClock', ms: 5 }], { features: ['clock'] }),
        mk('processor.tools.meta/ctor', [], { constructionError: true }),
        mk('processor.tools.meta/ctor-unexpected', [{ op: 'begin' }]),
      ];
      const run = await runSuite(adapter, { cases });
      expect(run.results.map((r) => [r.id, r.status])).toEqual([
        ['processor.tools.meta/ok', 'passed'],
        ['processor.tools.meta/clock', 'failed'],
        ['processor.tools.meta/ctor', 'passed'],
        ['processor.tools.meta/ctor-unexpected', 'failed'],
      ]);
      expect(run.results[1]!.failures).toEqual(['step 2 (advanceClock): adapter error: cannot advance the clock']);
      // The scripted implementation reports a construction error for IDs containing "ctor".
      expect(run.results[3]!.failures).toEqual(['the constructor threw: bad options']);
      const sent = requests(log);
      expect(sent.map((r) => r.seq)).toEqual(sent.map((_, i) => i + 1));
      expect(sent.map((r) => (r.type === 'step' ? `step:${(r.step as { op: string }).op}` : r.type))).toEqual([
        'start', 'case', 'step:begin', 'step:begin', 'case', 'step:begin', 'step:advanceClock', 'case', 'case',
      ]);
    } finally {
      await adapter.dispose();
    }
  });

  it('[conformance.protocol.stop] dispose sends stop and the implementation exits', async () => {
    const log = logFile();
    const adapter = await stdioAdapter(`node ${script} ${log}`);
    await adapter.dispose();
    await waitFor(() => requests(log).some((r) => r.type === 'stop'));
    expect(requests(log).map((r) => r.type)).toEqual(['start', 'stop']);
    await expect(adapter.open({ id: 'x', catalog: [], options: {} })).rejects.toThrow(/exited|stop/);
  });
});

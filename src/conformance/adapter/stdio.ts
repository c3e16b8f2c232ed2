/**
 * An adapter that drives an implementation in another process over the
 * JSON-lines stdio protocol. Every line the implementation writes is
 * validated; a malformed one is a {@link ProtocolError} naming the field.
 *
 * Implements r[conformance.protocol.framing], r[conformance.protocol.handshake],
 * r[conformance.protocol.case], r[conformance.protocol.step], r[conformance.protocol.skip],
 * r[conformance.protocol.error], r[conformance.protocol.stop], r[conformance.protocol.validate].
 *
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { envelopeSchemas, PROTOCOL_VERSION, type ProtocolRequest, type ProtocolResponse } from '../protocol/messages.js';
import { ProtocolError, protocolErrorOf } from '../protocol/validate.js';
import type { Adapter, CaseSession, StepObservation, StepSkip } from './types.js';

/** Options of {@link stdioAdapter}. */
export interface StdioAdapterOptions {
  /** Working directory of the command; the current one when absent. */
  cwd?: string;
  /** Milliseconds to wait for each response before failing. */
  timeoutMs?: number;
}

type ResponseType = ProtocolResponse['type'];
type Pending = {
  seq: number;
  where: string;
  accepts: readonly ResponseType[];
  resolve: (r: ProtocolResponse) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
};
type Body = ProtocolRequest extends infer R ? (R extends unknown ? Omit<R, 'seq'> : never) : never;

/** The connection to one child process: one request at a time, each answer validated. */
class Connection {
  private seq = 0;
  private pending: Pending | undefined;
  private stderr = '';
  private exited: string | undefined;

  constructor(
    private readonly child: ChildProcess,
    private readonly timeoutMs: number,
  ) {
    createInterface({ input: child.stdout! }).on('line', (line) => this.receive(line));
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    child.on('exit', (code, signal) => {
      this.exited = `exited with ${signal ?? `code ${code}`}`;
      this.settle((p) => p.reject(new Error(`the implementation ${this.exited}${this.stderr ? `; stderr: ${this.stderr.trim()}` : ''}`)));
    });
    child.on('error', (error) => {
      this.exited = `failed to start: ${error.message}`;
      this.settle((p) => p.reject(new Error(`the implementation ${this.exited}`)));
    });
  }

  private settle(how: (p: Pending) => void): void {
    const p = this.pending;
    if (!p) return;
    this.pending = undefined;
    clearTimeout(p.timer);
    how(p);
  }

  /** r[conformance.protocol.validate]: every line is JSON, answers the pending request, and has its type's shape. */
  private receive(line: string): void {
    if (line.trim() === '') return;
    const p = this.pending;
    const where = p?.where ?? 'a line written while no request was pending';
    let msg: unknown;
    try {
      msg = JSON.parse(line);
    } catch {
      this.settle((q) => q.reject(new ProtocolError(where, '', `the line is not JSON: ${line.slice(0, 200)}`)));
      return;
    }
    const envelope = msg as { seq?: unknown; type?: unknown };
    if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) {
      this.settle((q) => q.reject(new ProtocolError(where, '', `the line is not a JSON object: ${line.slice(0, 200)}`)));
      return;
    }
    // An answer to a request that already timed out is dropped.
    if (typeof envelope.seq === 'number' && envelope.seq < this.seq) return;
    if (!p) return;
    if (envelope.seq !== p.seq) {
      this.settle((q) => q.reject(new ProtocolError(where, 'seq', `expected ${q.seq}, got ${JSON.stringify(envelope.seq)}`)));
      return;
    }
    const type = envelope.type as ResponseType;
    if (!p.accepts.includes(type)) {
      const expected = p.accepts.map((t) => `"${t}"`).join(', ');
      this.settle((q) => q.reject(new ProtocolError(where, 'type', `expected one of ${expected}, got ${JSON.stringify(envelope.type)}`)));
      return;
    }
    const parsed = envelopeSchemas[type].safeParse(msg);
    if (!parsed.success) {
      this.settle((q) => q.reject(protocolErrorOf(where, parsed.error)));
      return;
    }
    this.settle((q) => q.resolve(msg as ProtocolResponse));
  }

  /** Sends one request and waits for its answer, of one of the `accepts` types. */
  request(body: Body, where: string, accepts: readonly ResponseType[]): Promise<ProtocolResponse> {
    if (this.exited) return Promise.reject(new Error(`the implementation ${this.exited}`));
    if (this.pending) return Promise.reject(new Error(`${where}: the previous request (${this.pending.where}) is still pending`));
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.settle((p) => p.reject(new Error(`no answer to ${where} (seq ${seq}) within ${this.timeoutMs} ms`))), this.timeoutMs);
      this.pending = { seq, where, accepts, resolve, reject, timer };
      this.child.stdin!.write(JSON.stringify({ seq, ...body }) + '\n');
    });
  }

  kill(): void {
    if (!this.exited) this.child.kill();
  }

  get done(): boolean {
    return this.exited !== undefined;
  }
}

/** r[conformance.protocol.error]: an `error` answer fails the request with its message. */
function unless<T extends ResponseType>(r: ProtocolResponse, type: T): Extract<ProtocolResponse, { type: T }> | Extract<ProtocolResponse, { type: 'skipped' }> {
  if (r.type === 'error') throw new Error(`the implementation answered with an error: ${r.message}`);
  return r as Extract<ProtocolResponse, { type: T }> | Extract<ProtocolResponse, { type: 'skipped' }>;
}

/** Opens one case over the connection. @see r[conformance.protocol.case] */
async function openCase(conn: Connection, setup: Parameters<Adapter['open']>[0]): Promise<CaseSession> {
  const ready = unless(await conn.request({ type: 'case', case: setup }, `the answer to case ${setup.id}`, ['ready', 'skipped', 'error']), 'ready');
  if (ready.type === 'skipped') return { skipped: ready.reason, step: () => Promise.reject(new Error('the case was skipped')), close: async () => {} };
  let stepIndex = 0;
  return {
    ...(ready.constructionError !== undefined ? { constructionError: ready.constructionError } : {}),
    async step(step): Promise<StepObservation | StepSkip> {
      const where = `the answer to step ${++stepIndex} (${step.op}) of case ${setup.id}`;
      const r = unless(await conn.request({ type: 'step', step }, where, ['observation', 'skipped', 'error']), 'observation');
      return r.type === 'skipped' ? { skipped: r.reason } : r.observation;
    },
    async close() {},
  };
}

/**
 * Starts `command` in a shell, performs the `start` handshake and returns an adapter.
 *
 * @see r[conformance.protocol.handshake]
 * @throws ProtocolError when the handshake answer is malformed or speaks another version
 */
export async function stdioAdapter(command: string, options: StdioAdapterOptions = {}): Promise<Adapter> {
  const child = spawn(command, { shell: true, cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  const conn = new Connection(child, options.timeoutMs ?? 10_000);
  let started: Extract<ProtocolResponse, { type: 'started' }>;
  try {
    const r = await conn.request({ type: 'start', protocol: PROTOCOL_VERSION }, 'the answer to start', ['started', 'error']);
    if (r.type === 'error') throw new Error(`the implementation refused the handshake: ${r.message}`);
    started = r as Extract<ProtocolResponse, { type: 'started' }>;
    if (started.protocol !== PROTOCOL_VERSION) {
      throw new ProtocolError('the answer to start', 'protocol', `the implementation speaks protocol ${started.protocol}; this runner speaks ${PROTOCOL_VERSION}`);
    }
  } catch (error) {
    conn.kill();
    if (error instanceof ProtocolError) throw error;
    throw new Error(`stdio adapter "${command}": handshake failed: ${(error as Error).message}`);
  }
  return {
    implementation: started.implementation,
    features: started.features,
    open: (setup) => openCase(conn, setup),
    async dispose() {
      // r[conformance.protocol.stop]: ask politely, then make sure the process is gone.
      try {
        if (!conn.done) await conn.request({ type: 'stop' }, 'the answer to stop', ['stopped', 'error']);
      } catch {
        // the process is ended below either way
      } finally {
        setTimeout(() => conn.kill(), 1000).unref();
      }
    },
  };
}

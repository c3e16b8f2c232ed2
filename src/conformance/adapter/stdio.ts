/**
 * An adapter that drives an implementation in another process over the
 * JSON-lines stdio protocol.
 *
 * Implements r[conformance.protocol.handshake], r[conformance.protocol.step], r[conformance.protocol.stop].
 *
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { featureSchema, type Feature } from '../case/schema.js';
import { PROTOCOL_VERSION, type ProtocolRequest, type ProtocolResponse } from '../protocol.js';
import type { Adapter, CaseSession, ImplementationInfo } from './types.js';

/** Options of {@link stdioAdapter}. */
export interface StdioAdapterOptions {
  /** Working directory of the command; the current one when absent. */
  cwd?: string;
  /** Milliseconds to wait for each response before failing. */
  timeoutMs?: number;
}

type Pending = { resolve: (r: ProtocolResponse) => void; reject: (e: Error) => void; timer: NodeJS.Timeout };

/** The connection to one child process. */
class Connection {
  private seq = 0;
  private pending = new Map<number, Pending>();
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
      for (const p of this.pending.values()) {
        clearTimeout(p.timer);
        p.reject(new Error(`the implementation ${this.exited}${this.stderr ? `; stderr: ${this.stderr.trim()}` : ''}`));
      }
      this.pending.clear();
    });
    child.on('error', (error) => {
      this.exited = `failed to start: ${error.message}`;
    });
  }

  private receive(line: string): void {
    if (line.trim() === '') return;
    let msg: ProtocolResponse;
    try {
      msg = JSON.parse(line) as ProtocolResponse;
    } catch {
      this.failAll(new Error(`the implementation wrote a line that is not JSON: ${line.slice(0, 200)}`));
      return;
    }
    const p = this.pending.get(msg.seq);
    if (!p) return;
    this.pending.delete(msg.seq);
    clearTimeout(p.timer);
    if (msg.type === 'error') p.reject(new Error(msg.message));
    else p.resolve(msg);
  }

  private failAll(error: Error): void {
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(error);
    }
    this.pending.clear();
  }

  request(body: Record<string, unknown> & { type: ProtocolRequest['type'] }): Promise<ProtocolResponse> {
    if (this.exited) return Promise.reject(new Error(`the implementation ${this.exited}`));
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(seq);
        reject(new Error(`no response to ${body.type} (seq ${seq}) within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.pending.set(seq, { resolve, reject, timer });
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

function expectType<T extends ProtocolResponse['type']>(r: ProtocolResponse, type: T): Extract<ProtocolResponse, { type: T }> {
  if (r.type !== type) throw new Error(`expected a "${type}" response, got "${r.type}"`);
  return r as Extract<ProtocolResponse, { type: T }>;
}

/**
 * Starts `command` in a shell, performs the `start` handshake and returns an adapter.
 *
 * @see r[conformance.protocol.handshake]
 */
export async function stdioAdapter(command: string, options: StdioAdapterOptions = {}): Promise<Adapter> {
  const child = spawn(command, { shell: true, cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  const conn = new Connection(child, options.timeoutMs ?? 10_000);
  let started: Extract<ProtocolResponse, { type: 'started' }>;
  try {
    started = expectType(await conn.request({ type: 'start', protocol: PROTOCOL_VERSION }), 'started');
    if (started.protocol !== PROTOCOL_VERSION) {
      throw new Error(`the implementation speaks protocol ${started.protocol}; this runner speaks ${PROTOCOL_VERSION}`);
    }
  } catch (error) {
    conn.kill();
    throw new Error(`stdio adapter "${command}": handshake failed: ${(error as Error).message}`);
  }
  const implementation: ImplementationInfo = { name: String(started.implementation?.name), version: String(started.implementation?.version) };
  const known = new Set<string>(featureSchema.options);
  const features = (Array.isArray(started.features) ? started.features : []).filter((f): f is Feature => known.has(f));
  return {
    implementation,
    features,
    async open(setup): Promise<CaseSession> {
      const ready = expectType(await conn.request({ type: 'case', case: setup }), 'ready');
      return {
        ...(typeof ready.constructionError === 'string' ? { constructionError: ready.constructionError } : {}),
        async step(step) {
          const r = expectType(await conn.request({ type: 'step', step }), 'observation');
          return { ...r.observation, filterCalls: r.observation?.filterCalls ?? [] };
        },
        async close() {},
      };
    },
    async dispose() {
      // r[conformance.protocol.stop]: ask politely, then make sure the process is gone.
      try {
        if (!conn.done) expectType(await conn.request({ type: 'stop' }), 'stopped');
      } catch {
        // the process is ended below either way
      } finally {
        setTimeout(() => conn.kill(), 1000).unref();
      }
    },
  };
}

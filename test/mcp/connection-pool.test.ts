import { describe, expect, it } from 'vitest';
import { createConnectionPool, DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_MAX_CONNECTIONS, type PoolClient } from '../../src/editor/mcp/index.js';

class FakeClient implements PoolClient {
  static open = 0;
  closed = false;
  constructor(readonly key: string) {
    FakeClient.open++;
  }
  async disconnect(): Promise<void> {
    if (!this.closed) FakeClient.open--;
    this.closed = true;
  }
}

function setup(options: Parameters<typeof createConnectionPool>[0] = {}) {
  let now = 0;
  let sweep: (() => void) | undefined;
  let period: number | undefined;
  const pool = createConnectionPool<FakeClient>({
    clock: () => now,
    startSweep: (fn, ms) => {
      sweep = fn;
      period = ms;
      return () => (sweep = undefined);
    },
    ...options,
  });
  const use = (key: string) => pool.use(key, () => new FakeClient(key), async (entry) => entry);
  return { pool, use, advance: (ms: number) => (now += ms), sweep: () => sweep?.(), period: () => period };
}

describe('connection pool', () => {
  it('[mcp.pool.bounded] 10 000 distinct keys leave at most maxConnections clients open; the evicted are disconnected', async () => {
    FakeClient.open = 0;
    expect(DEFAULT_MAX_CONNECTIONS).toBe(32);
    const { pool, use } = setup();
    const entries = [];
    for (let i = 0; i < 10_000; i++) entries.push(await use(`token-${i}`));
    expect(pool.stats()).toMatchObject({ open: 32, inUse: 0, created: 10_000, evicted: 10_000 - 32 });
    expect(FakeClient.open).toBe(32);
    expect(entries.filter((e) => e.open).map((e) => e.key)).toEqual(entries.slice(-32).map((e) => e.key));
    await pool.close();
    expect(FakeClient.open).toBe(0);
  });

  it('[mcp.pool.bounded] the least recently used goes first; using a key reuses its connection', async () => {
    const { pool, use } = setup({ maxConnections: 2 });
    const a = await use('a');
    await use('b');
    expect(await use('a')).toBe(a);
    await use('c');
    expect(pool.stats()).toMatchObject({ open: 2, created: 3, evicted: 1 });
    expect(a.open).toBe(true);
    expect((await use('b')).client).not.toBe(undefined);
    expect(pool.stats().created).toBe(4); // b was the evicted one: reopened
  });

  it('[mcp.pool.in-use] a connection in use is never closed; the pool exceeds the bound only while more run at once', async () => {
    const { pool } = setup({ maxConnections: 2, idleTimeoutMs: 10 });
    const releases: Array<() => void> = [];
    const running = Array.from({ length: 5 }, (_, i) =>
      pool.use(`k${i}`, () => new FakeClient(`k${i}`), (entry) => new Promise<typeof entry>((resolve) => releases.push(() => resolve(entry)))),
    );
    await Promise.resolve();
    expect(pool.stats()).toMatchObject({ open: 5, inUse: 5, evicted: 0 });
    expect(pool.sweepIdle()).toBe(0);
    for (const release of releases) release();
    const entries = await Promise.all(running);
    expect(pool.stats()).toMatchObject({ open: 2, inUse: 0, evicted: 3 });
    expect(entries.filter((e) => e.open).map((e) => e.key)).toEqual(['k3', 'k4']);
  });

  it('[mcp.pool.idle] a connection unused for longer than idleTimeoutMs is closed, by the sweep or at the next use', async () => {
    expect(DEFAULT_IDLE_TIMEOUT_MS).toBe(300_000);
    const { pool, use, advance, sweep, period } = setup({ idleTimeoutMs: 1_000 });
    expect(period()).toBe(1_000); // half the timeout, at least one second
    const a = await use('a');
    advance(1_000);
    sweep();
    expect(a.open).toBe(true); // idle exactly the timeout: kept
    advance(1);
    sweep();
    expect(a.open).toBe(false);
    expect(pool.stats()).toMatchObject({ open: 0, idleClosed: 1 });
    const b = await use('b');
    advance(1_001);
    await use('c'); // the next use sweeps too
    expect(b.open).toBe(false);
    expect(pool.stats()).toMatchObject({ open: 1, idleClosed: 2 });
  });

  it('[mcp.pool.idle] idleTimeoutMs 0 keeps idle connections and schedules no sweep; options are validated by name', async () => {
    const { pool, use, advance, period } = setup({ idleTimeoutMs: 0 });
    expect(period()).toBeUndefined();
    const a = await use('a');
    advance(10 * DEFAULT_IDLE_TIMEOUT_MS);
    expect(pool.sweepIdle()).toBe(0);
    expect(a.open).toBe(true);
    for (const maxConnections of [0, -1, 1.5, Number.NaN]) expect(() => createConnectionPool({ maxConnections })).toThrow(/maxConnections must be a positive integer/);
    for (const idleTimeoutMs of [-1, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => createConnectionPool({ idleTimeoutMs })).toThrow(/idleTimeoutMs must be a finite number/);
  });

  it('[mcp.pool.failed] a discarded connection is disconnected and forgotten; the next use opens a new one', async () => {
    const { pool, use } = setup();
    const a = await use('a');
    await pool.discard(a);
    expect(a.open).toBe(false);
    expect(a.client.closed).toBe(true);
    expect(pool.stats()).toMatchObject({ open: 0, failed: 1 });
    const again = await use('a');
    expect(again.client).not.toBe(a.client);
    await pool.close();
    await expect(use('a')).rejects.toThrow(/closed/);
  });
});

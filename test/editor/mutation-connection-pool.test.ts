/**
 * Edges of the MCP connection pool that the mutation run of the `editor` scope found untested:
 * a bound of one connection, a clock that does not start at zero, the count `sweepIdle()`
 * returns, a connection idle for long while in use, a discard of a connection already closed,
 * the counters after `close()`, and `close()` waiting for the disconnects it starts.
 */
import { describe, expect, it } from 'vitest';
import { createConnectionPool, type PoolClient, type PoolEntry } from '../../src/editor/mcp/index.js';

/** A client that counts its disconnects; `hold` keeps the next disconnect pending until released. */
class CountingClient implements PoolClient {
  disconnects = 0;
  settled = false;
  private release: (() => void) | undefined;
  constructor(private readonly hold = false) {}
  disconnect(): Promise<void> {
    this.disconnects++;
    if (!this.hold) {
      this.settled = true;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      this.release = () => {
        this.settled = true;
        resolve();
      };
    });
  }
  finish(): void {
    this.release?.();
  }
}

/** A pool over an injected clock starting at `start` and a sweep the test runs by hand. */
function setup(options: { maxConnections?: number; idleTimeoutMs?: number; start?: number } = {}) {
  let now = options.start ?? 0;
  let stopped = 0;
  const pool = createConnectionPool<CountingClient>({
    ...(options.maxConnections === undefined ? {} : { maxConnections: options.maxConnections }),
    ...(options.idleTimeoutMs === undefined ? {} : { idleTimeoutMs: options.idleTimeoutMs }),
    clock: () => now,
    startSweep: () => () => stopped++,
  });
  const use = (key: string, client = new CountingClient()) => pool.use(key, () => client, async (entry) => entry);
  return { pool, use, advance: (ms: number) => (now += ms), stopped: () => stopped };
}

/** Starts a use of `key` whose work runs until the returned `release` is called. */
function hold(pool: ReturnType<typeof setup>['pool'], key: string) {
  let release!: () => void;
  let entry!: PoolEntry<CountingClient>;
  const done = pool.use(key, () => new CountingClient(), (e) => {
    entry = e;
    return new Promise<void>((resolve) => (release = resolve));
  });
  return { done, release: () => release(), entry: () => entry };
}

describe('connection pool bounds and options', () => {
  it('[mcp.pool.bounded] maxConnections 1 is a valid bound: one connection stays open, the previous one is evicted', async () => {
    const { pool, use } = setup({ maxConnections: 1 });
    const a = await use('a');
    const b = await use('b');
    expect(a.open).toBe(false);
    expect(b.open).toBe(true);
    expect(pool.stats()).toStrictEqual({ open: 1, inUse: 0, created: 2, evicted: 1, idleClosed: 0, failed: 0 });
  });

  it('[mcp.pool.in-use] a connection in use is not evicted when another use ends beyond the bound', async () => {
    const { pool, use } = setup({ maxConnections: 1 });
    const long = hold(pool, 'long');
    await Promise.resolve();
    const short = await use('short');
    // Two open, one bound: the one not in use goes, the one in use stays.
    expect(long.entry().open).toBe(true);
    expect(short.open).toBe(false);
    expect(pool.stats()).toMatchObject({ open: 1, inUse: 1, evicted: 1 });
    long.release();
    await long.done;
    expect(long.entry().open).toBe(true);
    expect(pool.stats()).toMatchObject({ open: 1, inUse: 0, evicted: 1 });
  });
});

describe('connection pool idle sweep', () => {
  it('[mcp.pool.idle] idleness is time since the last use, whatever the clock reads at the start', async () => {
    const { pool, use, advance } = setup({ idleTimeoutMs: 1_000, start: 1_700_000_000_000 });
    const a = await use('a');
    expect(pool.sweepIdle()).toBe(0);
    expect(a.open).toBe(true);
    advance(1_000);
    expect(pool.sweepIdle()).toBe(0);
    expect(a.open).toBe(true);
  });

  it('[mcp.pool.idle] closeIdleConnections returns how many it closed', async () => {
    const { pool, use, advance } = setup({ idleTimeoutMs: 1_000 });
    await use('a');
    await use('b');
    advance(1_001);
    expect(pool.sweepIdle()).toBe(2);
    expect(pool.stats()).toMatchObject({ open: 0, idleClosed: 2 });
    expect(pool.sweepIdle()).toBe(0);
  });

  it('[mcp.pool.idle] [mcp.pool.in-use] a connection in use for longer than idleTimeoutMs is not swept', async () => {
    const { pool, advance } = setup({ idleTimeoutMs: 1_000 });
    const long = hold(pool, 'long');
    await Promise.resolve();
    advance(5_000);
    expect(pool.sweepIdle()).toBe(0);
    expect(long.entry().open).toBe(true);
    expect(pool.stats()).toMatchObject({ open: 1, inUse: 1, idleClosed: 0 });
    long.release();
    await long.done;
    // Its last use is now: still not idle.
    expect(pool.sweepIdle()).toBe(0);
    expect(long.entry().open).toBe(true);
  });
});

describe('connection pool failures', () => {
  it('[mcp.pool.failed] discarding a connection twice disconnects it once and counts one failure', async () => {
    const { pool, use } = setup();
    const client = new CountingClient();
    const a = await use('a', client);
    await pool.discard(a);
    await pool.discard(a);
    expect(client.disconnects).toBe(1);
    expect(pool.stats()).toMatchObject({ open: 0, failed: 1 });
  });

  it('[mcp.pool.failed] discarding a stale connection leaves the newer connection of its key open and pooled', async () => {
    const { pool, use } = setup();
    const first = await use('a');
    await pool.discard(first);
    const second = await use('a');
    expect(second.client).not.toBe(first.client);
    // A late discard of the first connection (say, by a tool call that held it) changes nothing.
    await pool.discard(first);
    expect(second.open).toBe(true);
    expect(pool.stats()).toStrictEqual({ open: 1, inUse: 0, created: 2, evicted: 0, idleClosed: 0, failed: 1 });
    expect(await use('a')).toBe(second);
    expect(pool.stats().created).toBe(2);
  });
});

describe('connection pool close', () => {
  it('[mcp.isolation.close] close counts no connection as evicted, idle or failed', async () => {
    const { pool, use, stopped } = setup({ idleTimeoutMs: 1_000 });
    await use('a');
    await use('b');
    await pool.close();
    expect(stopped()).toBe(1);
    expect(pool.stats()).toStrictEqual({ open: 0, inUse: 0, created: 2, evicted: 0, idleClosed: 0, failed: 0 });
  });

  it('[mcp.isolation.close] [mcp.pool.idle] close of a pool with idleTimeoutMs 0 (no sweep scheduled) closes every connection', async () => {
    const { pool, use } = setup({ idleTimeoutMs: 0 });
    const client = new CountingClient();
    const a = await use('a', client);
    await expect(pool.close()).resolves.toBeUndefined();
    expect(a.open).toBe(false);
    expect(client.disconnects).toBe(1);
  });

  it('[mcp.isolation.close] close resolves only once every disconnect it started has settled', async () => {
    const { pool, use } = setup();
    const slow = new CountingClient(true);
    await use('slow', slow);
    let closed = false;
    const closing = pool.close().then(() => (closed = true));
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(slow.disconnects).toBe(1);
    expect(closed).toBe(false);
    slow.finish();
    await closing;
    expect(slow.settled).toBe(true);
    expect(closed).toBe(true);
  });
});

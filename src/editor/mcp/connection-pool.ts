/**
 * A bounded pool of open MCP connections, keyed by connection content: at most `maxConnections`
 * connections stay open when not in use, least recently used closed first, and a connection
 * unused for `idleTimeoutMs` is closed. Pure: the clients, the clock and the timer are injected,
 * so the pool knows nothing of `@mastra/mcp`.
 *
 * @see r[mcp.pool.bounded] r[mcp.pool.idle] r[mcp.pool.in-use] r[mcp.pool.failed]
 * @module
 */

/** What the pool needs of a client: a way to close it. */
export interface PoolClient {
  /** Closes the connection (ends a stdio subprocess). */
  disconnect(): Promise<void>;
}

/** Default {@link ConnectionPoolOptions.maxConnections}. */
export const DEFAULT_MAX_CONNECTIONS = 32;
/** Default {@link ConnectionPoolOptions.idleTimeoutMs}: five minutes. */
export const DEFAULT_IDLE_TIMEOUT_MS = 300_000;
/** The longest delay a Node timer accepts (2^31 − 1 ms). */
const MAX_TIMER_DELAY_MS = 2_147_483_647;

/** Options of {@link createConnectionPool}. */
export interface ConnectionPoolOptions {
  /**
   * Open connections kept at most, a positive integer. Connections in use count too; the pool
   * goes above only while more loads or tool calls than this run at once. Default
   * {@link DEFAULT_MAX_CONNECTIONS}.
   */
  maxConnections?: number;
  /**
   * Milliseconds after its last use at which a connection not in use is closed; 0 keeps idle
   * connections until evicted or closed. Default {@link DEFAULT_IDLE_TIMEOUT_MS}.
   */
  idleTimeoutMs?: number;
  /** Clock in milliseconds. Default `Date.now`. */
  clock?: () => number;
  /**
   * Starts the periodic idle sweep: calls `sweep` every `periodMs` and returns a function that
   * stops it. Default: an unref'd `setInterval`. Not called when `idleTimeoutMs` is 0.
   */
  startSweep?: (sweep: () => void, periodMs: number) => () => void;
}

/** One open connection of the pool. */
export interface PoolEntry<C extends PoolClient> {
  /** The connection content key. */
  readonly key: string;
  /** The client. */
  readonly client: C;
  /** False once the pool closed it (evicted, idle, failed or pool closed). */
  readonly open: boolean;
}

/** Counters of a pool, for tests and figures. */
export interface ConnectionPoolStats {
  /** Connections open now. */
  open: number;
  /** Connections in use now (a load or a tool call running). */
  inUse: number;
  /** Connections created so far. */
  created: number;
  /** Closed as least recently used beyond `maxConnections`. */
  evicted: number;
  /** Closed after `idleTimeoutMs` without use. */
  idleClosed: number;
  /** Closed because the connection failed. */
  failed: number;
}

/** A pool of connections; see {@link createConnectionPool}. */
export interface ConnectionPool<C extends PoolClient> {
  /**
   * Runs `work` with the open connection of `key`, creating it with `create` when there is none.
   * The connection is in use (never closed by the pool's bounds) until `work` settles.
   */
  use<T>(key: string, create: () => C, work: (entry: PoolEntry<C>) => Promise<T>): Promise<T>;
  /** Closes this connection now and forgets it (a failed connection is never kept). */
  discard(entry: PoolEntry<C>): Promise<void>;
  /** Closes the connections idle for longer than `idleTimeoutMs`; returns how many. */
  sweepIdle(): number;
  /** Counts connections. */
  stats(): ConnectionPoolStats;
  /** Closes every connection and stops the sweep; later `use` calls throw. */
  close(): Promise<void>;
}

interface Entry<C extends PoolClient> extends PoolEntry<C> {
  open: boolean;
  inUse: number;
  lastUsed: number;
}

function positiveInteger(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new TypeError(`${name} must be a positive integer, got ${String(value)}; the default is ${DEFAULT_MAX_CONNECTIONS}.`);
  }
  return value;
}

function duration(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new TypeError(`${name} must be a finite number of milliseconds >= 0 (0 keeps idle connections), got ${String(value)}.`);
  }
  return value;
}

const defaultStartSweep = (sweep: () => void, periodMs: number): (() => void) => {
  const timer = setInterval(sweep, periodMs);
  timer.unref?.();
  return () => clearInterval(timer);
};

/**
 * Creates a connection pool.
 *
 * `use(key, create, work)`:
 * 1. Close idle connections (r[mcp.pool.idle]).
 * 2. Take the open connection of `key`, or create one; it becomes the most recently used and is
 *    in use while `work` runs (r[mcp.pool.in-use]).
 * 3. When `work` settles, stamp the last use, and close least recently used connections not in
 *    use while more than `maxConnections` are open (r[mcp.pool.bounded]).
 *
 * A closed connection is disconnected once, in the background; a disconnect that fails is
 * ignored (the connection is gone either way).
 *
 * @param options - bounds, clock and sweep scheduling
 * @throws TypeError when an option is out of range, naming it
 * @see r[mcp.pool.bounded] r[mcp.pool.idle] r[mcp.pool.in-use] r[mcp.pool.failed]
 */
export function createConnectionPool<C extends PoolClient>(options: ConnectionPoolOptions = {}): ConnectionPool<C> {
  const maxConnections = positiveInteger('maxConnections', options.maxConnections ?? DEFAULT_MAX_CONNECTIONS);
  const idleTimeoutMs = duration('idleTimeoutMs', options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS);
  const clock = options.clock ?? Date.now;
  /** Open connections by key, least recently used first. */
  const entries = new Map<string, Entry<C>>();
  /** Disconnects started and not yet settled, awaited by `close()`. */
  const closing = new Set<Promise<void>>();
  const counts = { created: 0, evicted: 0, idleClosed: 0, failed: 0 };
  let closed = false;

  const shut = (entry: Entry<C>, reason: 'evicted' | 'idleClosed' | 'failed' | 'closed'): Promise<void> => {
    if (entries.get(entry.key) === entry) entries.delete(entry.key);
    if (!entry.open) return Promise.resolve();
    entry.open = false;
    if (reason !== 'closed') counts[reason]++;
    const done = entry.client.disconnect().then(
      () => undefined,
      () => undefined,
    );
    closing.add(done);
    void done.then(() => closing.delete(done));
    return done;
  };

  const sweepIdle = (): number => {
    if (idleTimeoutMs === 0) return 0;
    const now = clock();
    let swept = 0;
    for (const entry of [...entries.values()]) {
      if (entry.inUse === 0 && now - entry.lastUsed > idleTimeoutMs) {
        void shut(entry, 'idleClosed');
        swept++;
      }
    }
    return swept;
  };

  const enforceBound = (): void => {
    if (entries.size <= maxConnections) return;
    for (const entry of [...entries.values()]) {
      if (entries.size <= maxConnections) break;
      if (entry.inUse === 0) void shut(entry, 'evicted');
    }
  };

  const stopSweep =
    idleTimeoutMs === 0
      ? undefined
      : (options.startSweep ?? defaultStartSweep)(sweepIdle, Math.min(Math.max(Math.ceil(idleTimeoutMs / 2), 1_000), MAX_TIMER_DELAY_MS));

  return {
    async use(key, create, work) {
      if (closed) throw new Error('This MCP connection pool is closed; create a new loader with createMcpToolLoader().');
      // Idle connections go first.
      sweepIdle();
      // The key's open connection, or a new one; most recently used, and in use.
      let entry = entries.get(key);
      if (entry === undefined) {
        entry = { key, client: create(), open: true, inUse: 0, lastUsed: clock() };
        counts.created++;
      }
      entries.delete(key);
      entries.set(key, entry);
      entry.inUse++;
      try {
        return await work(entry);
      } finally {
        // Stamp the use, then enforce the bound over the connections not in use.
        entry.inUse--;
        entry.lastUsed = clock();
        enforceBound();
      }
    },

    discard(entry) {
      return shut(entry as Entry<C>, 'failed');
    },

    sweepIdle,

    stats() {
      let inUse = 0;
      for (const entry of entries.values()) if (entry.inUse > 0) inUse++;
      return { open: entries.size, inUse, ...counts };
    },

    async close() {
      closed = true;
      stopSweep?.();
      for (const entry of [...entries.values()]) void shut(entry, 'closed');
      await Promise.allSettled([...closing]);
    },
  };
}

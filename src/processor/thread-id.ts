import { createHash } from 'node:crypto';
import { exceedsCodePoints } from './code-points.js';

/** Anything with a `get(key)` like `@mastra/core`'s `RequestContext`. */
export interface RequestContextLike {
  /** Reads a value by key. */
  get(key: string): unknown;
}

/** The reserved key server middleware sets to the thread id. */
export const THREAD_ID_KEY = 'mastra__threadId';
/** The key under which `@mastra/core`'s Agent records the memory context (`{ thread, resourceId, … }`). */
export const MEMORY_CONTEXT_KEY = 'MastraMemory';

function hasGet(context: RequestContextLike): boolean {
  try {
    return typeof context.get === 'function';
  } catch {
    return false;
  }
}

function read(context: RequestContextLike, key: string): unknown {
  try {
    return context.get(key);
  } catch {
    return undefined;
  }
}

/**
 * A `mastra__threadId` value as a thread id: a non-empty string as is; a finite number or a
 * bigint as its decimal string (`42` → `'42'`, `-0` → `'0'`, `1.5` → `'1.5'`), so that numeric
 * callers get threads of their own instead of the anonymous one; anything else is no thread id.
 *
 * Implements r[processor.thread.numeric].
 *
 * @param value - the value stored under `mastra__threadId`
 */
export function threadIdFrom(value: unknown): string | undefined {
  if (typeof value === 'string') return value.length > 0 ? value : undefined;
  // Unlike @mastra/core 1.71.0 (r[processor.thread.numeric]): Mastra keys its map by the value itself, so 42 and '42' differ.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'bigint') return String(value);
  return undefined;
}

/** The most code points a thread id keeps as it is (r[processor.thread.bounded]). */
export const MAX_THREAD_ID_CODE_POINTS = 256;

/**
 * The key a thread id is used under: the id itself when it has at most 256 code points, else
 * `sha256:` and the SHA-256 digest (unpadded base64url) of its UTF-16LE code units (lone surrogates included as
 * they are, so that distinct ids keep distinct keys). Bounds what each thread's entry holds,
 * whatever the length of the id a caller sends.
 *
 * Implements r[processor.thread.bounded].
 *
 * @param threadId - a thread id, or `undefined` for an anonymous request
 */
export function threadKey<T extends string | undefined>(threadId: T): T | string {
  if (threadId === undefined || !exceedsCodePoints(threadId, MAX_THREAD_ID_CODE_POINTS)) return threadId;
  // Unlike @mastra/core 1.71.0 (r[processor.thread.bounded]): Mastra keys its state by the id as it is, whatever its length.
  return `sha256:${createHash('sha256').update(Buffer.from(threadId, 'utf16le')).digest('base64url')}`;
}

/**
 * The thread id of a request: `mastra__threadId` (a non-empty string, or a number as its decimal
 * string), else the id of the memory thread the Agent records under `MastraMemory`, else
 * `undefined`; an id of more than 256 code points as its key ({@link threadKey}).
 *
 * Implements r[processor.thread.resolve], r[processor.thread.numeric] and r[processor.thread.bounded].
 *
 * @param requestContext - the request context, if any
 */
export function resolveThreadId(requestContext: RequestContextLike | undefined | null): string | undefined {
  // Without a request context the request is anonymous (step 3).
  if (requestContext === undefined || requestContext === null || !hasGet(requestContext)) return undefined;
  // 1. The reserved key wins when it holds a non-empty string or a finite number.
  // Unlike @mastra/core 1.71.0 (r[processor.thread.resolve]): Mastra takes any truthy mastra__threadId, and throws on a
  // malformed MastraMemory value, which here counts as none.
  const direct = threadIdFrom(read(requestContext, THREAD_ID_KEY));
  if (direct !== undefined) return threadKey(direct);
  // 2. Else the memory context's thread id, when well formed (a non-empty string); a getter that
  //    throws counts as none. 3. Else the request is anonymous.
  const memory = read(requestContext, MEMORY_CONTEXT_KEY);
  try {
    if (typeof memory !== 'object' || memory === null) return undefined;
    const thread = (memory as { thread?: unknown }).thread;
    if (typeof thread !== 'object' || thread === null) return undefined;
    const id = (thread as { id?: unknown }).id;
    return typeof id === 'string' && id.length > 0 ? threadKey(id) : undefined;
  } catch {
    return undefined;
  }
}

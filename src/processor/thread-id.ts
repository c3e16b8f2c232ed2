/** Anything with a `get(key)` like `@mastra/core`'s `RequestContext`. */
export interface RequestContextLike {
  /** Reads a value by key. */
  get(key: string): unknown;
}

/** The reserved key server middleware sets to the thread id. */
export const THREAD_ID_KEY = 'mastra__threadId';
/** The key under which `@mastra/core`'s Agent records the memory context (`{ thread, resourceId, … }`). */
export const MEMORY_CONTEXT_KEY = 'MastraMemory';

function read(context: RequestContextLike, key: string): unknown {
  try {
    return context.get(key);
  } catch {
    return undefined;
  }
}

/**
 * The thread id of a request: `mastra__threadId`, else the id of the memory thread the Agent
 * records under `MastraMemory`, else `undefined`.
 *
 * Implements r[processor.thread.resolve].
 *
 * @param requestContext - the request context, if any
 */
export function resolveThreadId(requestContext: RequestContextLike | undefined | null): string | undefined {
  // 1. No context: no thread.
  if (requestContext === undefined || requestContext === null || typeof requestContext.get !== 'function') return undefined;
  // 2. The reserved key wins when it holds a non-empty string.
  const direct = read(requestContext, THREAD_ID_KEY);
  if (typeof direct === 'string' && direct.length > 0) return direct;
  // 3. Else the memory context's thread id, when well formed.
  const memory = read(requestContext, MEMORY_CONTEXT_KEY);
  if (typeof memory !== 'object' || memory === null) return undefined;
  const thread = (memory as { thread?: unknown }).thread;
  if (typeof thread !== 'object' || thread === null) return undefined;
  const id = (thread as { id?: unknown }).id;
  return typeof id === 'string' && id.length > 0 ? id : undefined;
}

import { MEMORY_CONTEXT_KEY, type RequestContextLike } from './thread-id.js';

/** The part of `@mastra/core`'s memory the resume path uses. */
interface RecallingMemory {
  recall(args: { threadId: string; resourceId?: string; threadConfig?: unknown }): Promise<{ messages?: unknown }>;
}

function read(record: unknown, key: string): unknown {
  if ((typeof record !== 'object' && typeof record !== 'function') || record === null) return undefined;
  try {
    return (record as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

/**
 * The thread's persisted messages, read through the memory the Agent records in the request
 * context (`MastraMemory`: `{ thread, resourceId, memoryConfig, runState }`, where `runState()`
 * returns the run's memory state holding `memory`), by `memory.recall({ threadId, resourceId,
 * threadConfig })`. `undefined` when the request context carries no such memory (no memory
 * configured, or another Agent version); an error of `recall` itself propagates.
 *
 * Implements r[processor.resume.persisted].
 *
 * @param requestContext - the resumed request's context
 */
export async function persistedMessages(requestContext: RequestContextLike | undefined): Promise<unknown[] | undefined> {
  // The memory context and the run's memory, when the Agent recorded them.
  if (requestContext === undefined || typeof requestContext.get !== 'function') return undefined;
  let context: unknown;
  try {
    context = requestContext.get(MEMORY_CONTEXT_KEY);
  } catch {
    return undefined;
  }
  const threadId = read(read(context, 'thread'), 'id');
  const resourceId = read(context, 'resourceId');
  const runState = read(context, 'runState');
  if (typeof threadId !== 'string' || threadId.length === 0 || typeof runState !== 'function') return undefined;
  let memory: unknown;
  try {
    memory = read(runState.call(context), 'memory');
  } catch {
    return undefined;
  }
  const recall = read(memory, 'recall');
  if (typeof recall !== 'function') return undefined;
  // Recall the thread as the Agent would for its next step; a storage error propagates.
  const threadConfig = read(context, 'memoryConfig');
  const recalled = await (recall as RecallingMemory['recall']).call(memory, {
    threadId,
    ...(typeof resourceId === 'string' ? { resourceId } : {}),
    ...(typeof threadConfig === 'object' && threadConfig !== null ? { threadConfig } : {}),
  });
  const messages = read(recalled, 'messages');
  return Array.isArray(messages) ? messages : [];
}

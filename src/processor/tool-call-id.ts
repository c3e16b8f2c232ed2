/**
 * The id of a meta-tool call, from the second argument of `execute`: `@mastra/core`'s Agent passes
 * it as `context.agent.toolCallId`; a direct `execute(input, { toolCallId })` (as the conformance
 * driver and Mastra's own tool wrapper before it reorganises the context) passes it at the top
 * level. `undefined` when there is none or it is not a non-empty string; never throws.
 *
 * Implements r[processor.receipts.write].
 *
 * @param context - the second argument of `execute`
 */
export function toolCallIdOf(context: unknown): string | undefined {
  try {
    if (typeof context !== 'object' || context === null) return undefined;
    const agent = (context as { agent?: unknown }).agent;
    const nested = typeof agent === 'object' && agent !== null ? (agent as { toolCallId?: unknown }).toolCallId : undefined;
    const id = nested ?? (context as { toolCallId?: unknown }).toolCallId;
    return typeof id === 'string' && id.length > 0 ? id : undefined;
  } catch {
    return undefined;
  }
}

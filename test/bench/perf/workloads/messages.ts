/**
 * Conversations in Mastra's stored message format (format 2) for the step workloads.
 */
import { toolResultMessage } from '../../../processor/support/harness.js';

/** A text message. */
export function textMessage(n: number) {
  return {
    id: `f${n}`,
    role: n % 2 === 0 ? 'user' : 'assistant',
    createdAt: new Date(1_700_000_000_000 + n),
    content: { format: 2, parts: [{ type: 'text', text: `message ${n} of a conversation about tools` }] },
  };
}

/** `count` text messages. */
export function fillerMessages(count: number) {
  return Array.from({ length: count }, (_, i) => textMessage(i));
}

/**
 * A history of `length` messages: a user message, the result of one `load_tool` call (`loadResult`,
 * as the processor under test answered it), then user text, calls of the loaded tools with their
 * results, and assistant text, in turn.
 */
export function historyWith(length: number, loadInput: unknown, loadResult: unknown, loaded: readonly string[]): unknown[] {
  const out: unknown[] = [textMessage(0), toolResultMessage('load_tool', loadInput, loadResult, 1)];
  for (let n = 2; out.length < length; n++) {
    if (n % 3 === 0) out.push(toolResultMessage(loaded[n % loaded.length]!, { n }, { ok: true, n }, n));
    else out.push(textMessage(n));
  }
  return out.slice(0, length);
}

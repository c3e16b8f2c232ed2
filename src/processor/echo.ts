/** Longest echo of a caller- or model-supplied string inside a message, in UTF-16 code units. */
export const ECHO_LENGTH = 64;

/**
 * A supplied string cut to at most {@link ECHO_LENGTH} code units (then `…`), never splitting a
 * surrogate pair, for error messages and diagnostics.
 *
 * Implements r[processor.input.bounded] and r[processor.options.bounded-echo].
 *
 * @param value - a string from the caller or the model
 */
export function shorten(value: string): string {
  // Unlike @mastra/core 1.71.0 (r[processor.input.bounded]): Mastra echoes a model-supplied name in full, however long
  // it is.
  if (value.length <= ECHO_LENGTH) return value;
  let end = ECHO_LENGTH;
  const last = value.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${value.slice(0, end)}…`;
}

/**
 * The message of a thrown value, bounded and never throwing itself (a thrown Proxy or an error
 * whose `message` getter throws gives `an unreadable error`).
 *
 * @param error - anything that was thrown
 */
export function errorText(error: unknown): string {
  try {
    if (error instanceof Error) return shorten(`${error.name}: ${String(error.message)}`);
    if (typeof error === 'string') return shorten(error);
    return typeof error === 'object' && error !== null ? 'a thrown object' : shorten(String(error));
  } catch {
    return 'an unreadable error';
  }
}

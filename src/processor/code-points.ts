/**
 * Lengths in Unicode code points, measured in bounded time: the limits of the
 * meta-tools' inputs count code points, so a character outside the Basic
 * Multilingual Plane counts once.
 *
 * @see r[processor.input.search]
 * @see r[processor.input.load]
 */

/**
 * Whether `text` has more than `max` code points, reading at most `2 · max`
 * UTF-16 units: a string of at most `max` units has at most `max` code points,
 * and one of more than `2 · max` units has more than `max`.
 */
export function exceedsCodePoints(text: string, max: number): boolean {
  if (text.length <= max) return false;
  if (text.length > 2 * max) return true;
  let count = 0;
  for (let i = 0; i < text.length; i += (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1) {
    if (++count > max) return true;
  }
  return false;
}

/**
 * The length of a string known to exceed `max` code points, for a message, in time
 * bounded by `max`: the exact count when it has at most `2 · max` UTF-16 units,
 * else `more than <max>`.
 */
export function lengthText(text: string, max: number): string {
  if (text.length > 2 * max) return `more than ${max}`;
  let count = 0;
  for (let i = 0; i < text.length; i += (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1) count++;
  return String(count);
}

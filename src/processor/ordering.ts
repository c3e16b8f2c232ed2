import { isMetaToolName } from '../stores/meta-tool-names.js';

/**
 * Assembles a step's tool record: the meta-tools first, then the pass-through tools in their
 * given order, then the loaded tools in first-activation order. A key appears once, at its first
 * position; keys are defined as own data properties, so a name such as `__proto__` is a key too.
 *
 * Implements r[processor.order.sequence] and r[processor.order.unique].
 *
 * @param meta - meta-tools, in order
 * @param passThrough - the step's pass-through tools, in their given order
 * @param loaded - active loaded tools, in first-activation order
 */
export function orderStepTools<T>(
  meta: ReadonlyArray<readonly [string, T]>,
  passThrough: ReadonlyArray<readonly [string, T]>,
  loaded: ReadonlyArray<readonly [string, T]>,
): Record<string, T> {
  const out: Record<string, T> = {};
  const put = (key: string, value: T): void => {
    if (Object.hasOwn(out, key)) return;
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  };
  // 1. Meta-tools.
  for (const [key, value] of meta) put(key, value);
  // 2. Pass-through tools; a pass-through entry named like a meta-tool is replaced by ours.
  for (const [key, value] of passThrough) if (!isMetaToolName(key)) put(key, value);
  // 3. Loaded tools, first activation first.
  for (const [key, value] of loaded) put(key, value);
  return out;
}

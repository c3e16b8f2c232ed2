import { isMetaToolName } from '../stores/meta-tool-names.js';

/**
 * Assembles a step's tool record: the meta-tools first, then the pass-through tools in their
 * given order, then the pinned tools in catalog order, then the loaded tools in first-activation
 * order. A key appears once, at its first position; keys are defined as own data properties, so a
 * name such as `__proto__` is a key too.
 *
 * Implements r[processor.order.sequence], r[processor.order.unique] and r[processor.pinned.expose].
 *
 * @param meta - meta-tools, in order
 * @param passThrough - the step's pass-through tools, in their given order
 * @param pinned - active pinned tools, in catalog order
 * @param loaded - active loaded tools, in first-activation order
 */
export function orderStepTools<T>(
  meta: ReadonlyArray<readonly [string, T]>,
  passThrough: ReadonlyArray<readonly [string, T]>,
  pinned: ReadonlyArray<readonly [string, T]>,
  loaded: ReadonlyArray<readonly [string, T]>,
): Record<string, T> {
  const out: Record<string, T> = {};
  // Meta-tools.
  for (const [key, value] of meta) put(out, key, value);
  // Unlike @mastra/core 1.71.0 (r[processor.tools.meta]): a step tool named search_tools or load_tool replaces
  // Mastra's meta-tool; here ours stay.
  // Pass-through tools; a pass-through entry named like a meta-tool is replaced by ours.
  for (const [key, value] of passThrough) if (!isMetaToolName(key)) put(out, key, value);
  // Pinned tools, in catalog order.
  for (const [key, value] of pinned) put(out, key, value);
  // Loaded tools, first activation first.
  for (const [key, value] of loaded) put(out, key, value);
  return out;
}

/** Puts one key of a step's tool record, unless it is there already (r[processor.order.unique]). */
function put<T>(out: Record<string, T>, key: string, value: T): void {
  // Unlike @mastra/core 1.71.0 (r[processor.order.unique]): Mastra lets a loaded tool replace the agent's own tool of
  // the same key; here the first position and instance win.
  if (Object.hasOwn(out, key)) return;
  // A key nothing inherits is assigned (the same own data property, made faster); `__proto__`,
  // `toString` and the like are defined, so that no inherited setter runs.
  if (!(key in out)) out[key] = value;
  else Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * The structural tool shape the pure editor core works with.
 *
 * The core never imports `@mastra/*`: a Mastra `Tool`, an MCP tool from
 * `@mastra/mcp` or a plain object all fit this shape.
 *
 * @module
 */

/**
 * Any tool: an object with an optional `id` and `description` and whatever else
 * its runtime needs (`execute`, schemas, …). The resolver never reads anything
 * but `description`. There is no index signature, so class instances such as
 * Mastra's `Tool` are assignable.
 */
export interface ToolLike {
  /** The tool's own id, when it has one. The resolver keys tools by their configured id instead. */
  id?: string;
  /** What the model sees about the tool. */
  description?: string;
}

/**
 * Returns a copy of `tool` whose `description` is `description`, leaving `tool`
 * untouched.
 *
 * The copy has the same prototype as `tool` and a copy of every own property
 * (enumerable or not, getters kept as getters), so a class instance such as
 * Mastra's `Tool` keeps its methods, `instanceof` and its own `execute`. Only
 * `description` differs, redefined as a plain writable own data property.
 *
 * Implements r[editor.descriptions.copy].
 */
export function withDescription<T extends ToolLike>(tool: T, description: string): T {
  // Create an object with the original's prototype.
  // Unlike @mastra/editor 0.14.0 (r[editor.descriptions.copy]): the Editor spreads the tool into a plain object, which
  // drops its prototype.
  const copy = Object.create(Object.getPrototypeOf(tool) as object | null) as T;
  // Copy every own property descriptor (string and symbol keys) but `description`,
  // which may be non-configurable on the original.
  const { description: _old, ...descriptors } = Object.getOwnPropertyDescriptors(tool);
  Object.defineProperties(copy, descriptors);
  // Define `description` on the copy only.
  Object.defineProperty(copy, 'description', {
    value: description,
    writable: true,
    enumerable: true,
    configurable: true,
  });
  return copy;
}

/** A tool's `execute`: input and context in, a result out. */
export type ToolExecute = (input: unknown, context: unknown) => Promise<unknown>;

/**
 * Returns a copy of `tool` (same prototype, every own property) whose `execute` calls
 * `execute(original, input, context)`, where `original` runs the tool's own `execute` on the
 * tool itself. The original is left untouched.
 *
 * @param tool - a tool with an `execute` method
 * @param execute - the replacement, given the original
 */
export function withExecute<T extends ToolLike>(tool: T, execute: (original: ToolExecute, input: unknown, context: unknown) => Promise<unknown>): T {
  const own = (tool as { execute?: unknown }).execute;
  const original: ToolExecute = async (input, context) => {
    if (typeof own !== 'function') throw new TypeError(`tool "${String(tool.id)}" has no execute function`);
    return (own as ToolExecute).call(tool, input, context);
  };
  const copy = Object.create(Object.getPrototypeOf(tool) as object | null) as T;
  const { execute: _old, ...descriptors } = Object.getOwnPropertyDescriptors(tool);
  Object.defineProperties(copy, descriptors);
  Object.defineProperty(copy, 'execute', {
    value: (input: unknown, context: unknown) => execute(original, input, context),
    writable: true,
    enumerable: true,
    configurable: true,
  });
  return copy;
}

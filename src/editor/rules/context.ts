/**
 * How rules and the resolver read the request context.
 *
 * @module
 */

/**
 * A Map-like request context, such as Mastra's `RequestContext`.
 */
export interface MapLikeContext {
  /** Returns the value stored under `key`, or `undefined`. */
  get(key: string): unknown;
}

/**
 * A request context: Map-like (anything with a callable `get`, such as Mastra's
 * `RequestContext` or a `Map`) or a plain object of top-level keys.
 *
 * @see r[editor.rules.context-kinds]
 */
export type RequestContextLike = MapLikeContext | Readonly<Record<string, unknown>>;

/** The reserved request-context key whose value is forwarded as a bearer token. */
export const AUTH_TOKEN_KEY = 'mastra__authToken';

function isMapLike(context: RequestContextLike): context is MapLikeContext {
  return typeof (context as { get?: unknown }).get === 'function';
}

/**
 * Reads one top-level key of a request context.
 *
 * Implements r[editor.rules.context-kinds]: a Map-like context is read with
 * `get(key)`; a plain object by its own property `key` only.
 */
export function readContextKey(context: RequestContextLike, key: string): unknown {
  if (isMapLike(context)) return context.get(key);
  return Object.hasOwn(context, key) ? (context as Record<string, unknown>)[key] : undefined;
}

/**
 * Resolves a dotted field path against a request context.
 *
 * Implements r[editor.rules.field-path]:
 * 1. Split `path` on `.`.
 * 2. Read the first segment as a top-level key of the context (r[editor.rules.context-kinds]).
 * 3. For each further segment: if the current value is a non-null object (arrays
 *    included) with an own property of that name, step into it; otherwise the
 *    field is missing (`undefined`).
 */
export function readField(context: RequestContextLike, path: string): unknown {
  // Split on dots.
  const segments = path.split('.');
  // Top-level key.
  let current = readContextKey(context, segments[0] ?? '');
  // Own properties only, below the top level.
  for (let i = 1; i < segments.length; i++) {
    const segment = segments[i]!;
    // Unlike @mastra/editor 0.14.0 (r[editor.rules.field-path]): the Editor reads requestContext.toJSON() and follows
    // inherited properties; here only own properties of the live values.
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/**
 * The caller's bearer token: the `mastra__authToken` value when it is a
 * non-empty string, else `undefined`.
 *
 * @see r[editor.mcp.auth-token]
 */
export function readAuthToken(context: RequestContextLike | undefined): string | undefined {
  if (context === undefined) return undefined;
  const token = readContextKey(context, AUTH_TOKEN_KEY);
  return typeof token === 'string' && token !== '' ? token : undefined;
}

import type { FilterOf, FilterArgsOf } from './options.js';

/**
 * Asks the filter whether a tool is allowed. Only a returned or resolved `true` allows;
 * a throw, a rejection or any other value denies. Without a filter everything is allowed.
 *
 * Implements r[processor.filter.allow-only-true].
 *
 * @param filter - the configured filter, if any
 * @param args - what the filter receives
 */
export async function isAllowed<TTool, TRequestContext>(
  filter: FilterOf<TTool, TRequestContext> | undefined,
  args: FilterArgsOf<TTool, TRequestContext>,
): Promise<boolean> {
  // 1. No filter: allowed.
  if (filter === undefined) return true;
  try {
    // 2. Call (a synchronous throw lands in the catch) and await a promise result.
    const verdict: unknown = await filter(args);
    // 3. Only `true` allows.
    return verdict === true;
  } catch {
    // 4. A throw or a rejection denies.
    return false;
  }
}

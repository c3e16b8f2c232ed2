/**
 * Conditional variants of the tool fields.
 *
 * @module
 */
import { evaluateRuleGroup } from '../rules/evaluate.js';
import type { RequestContextLike } from '../rules/context.js';
import type { ConditionalField, ConditionalVariant } from './schema.js';

/**
 * Whether a field value is an array of conditional variants (any array is).
 *
 * @see r[editor.model.variant]
 */
export function isConditionalVariants<T>(field: ConditionalField<T> | null | undefined): field is ConditionalVariant<T>[] {
  return Array.isArray(field);
}

/**
 * Whether any variant of a field carries rules, so that its value can depend on
 * the request.
 *
 * @see r[editor.request.depends]
 */
export function hasRuledVariants<T>(field: ConditionalField<T> | null | undefined): boolean {
  return isConditionalVariants(field) && field.some((v) => v.rules !== undefined && v.rules !== null);
}

/**
 * Resolves a conditional field for one request.
 *
 * Implements r[editor.variants.merge] and r[editor.variants.none]:
 * 1. An absent (`undefined` / `null`) field contributes nothing.
 * 2. A plain value is used as is.
 * 3. For variants, in array order, every variant without rules and every
 *    variant whose rules hold in `context` is shallow-merged onto the result
 *    (a later variant's key replaces an earlier one's entry entirely).
 * 4. When no variant applies, the field contributes nothing (`undefined`).
 *
 * @param field - the stored field.
 * @param context - the request context; a static resolution passes `{}`.
 */
export function resolveConditionalField<T extends object>(
  field: ConditionalField<T> | null | undefined,
  context: RequestContextLike,
): T | undefined {
  // Absent.
  if (field === undefined || field === null) return undefined;
  // Plain value.
  if (!isConditionalVariants(field)) return field;
  // Accumulate the applicable variants.
  let result: T | undefined;
  for (const variant of field) {
    const applies = variant.rules === undefined || variant.rules === null || evaluateRuleGroup(variant.rules, context);
    if (applies) result = { ...result, ...variant.value } as T;
  }
  // None applied: undefined.
  return result;
}

/**
 * Every value a field can take in any request: the plain value, or each variant's value.
 *
 * @see r[editor.request.depends]
 */
export function possibleValues<T>(field: ConditionalField<T> | null | undefined): T[] {
  if (field === undefined || field === null) return [];
  return isConditionalVariants(field) ? field.map((v) => v.value) : [field];
}

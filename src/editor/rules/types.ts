/**
 * Types of the rule language shared with prompt-block display conditions.
 *
 * Field names are `@mastra/editor` 0.14.0's (`operator`, `conditions`, `field`, `value`).
 *
 * @module
 */

/**
 * The leaf operators.
 *
 * @see r[editor.rules.leaf]
 */
export const CONDITION_OPERATORS = [
  'equals',
  'not_equals',
  'contains',
  'not_contains',
  'greater_than',
  'less_than',
  'greater_than_or_equal',
  'less_than_or_equal',
  'in',
  'not_in',
  'exists',
  'not_exists',
] as const;

/** A leaf operator. @see r[editor.rules.leaf] */
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** The group operators. @see r[editor.rules.group] */
export const GROUP_OPERATORS = ['AND', 'OR'] as const;

/** A group operator. @see r[editor.rules.group] */
export type GroupOperator = (typeof GROUP_OPERATORS)[number];

/**
 * A leaf condition on one request-context field.
 *
 * @see r[editor.rules.leaf]
 */
export interface Rule {
  /** Dotted path into the request context, e.g. `user.plan`. */
  field: string;
  /** The comparison. */
  operator: ConditionOperator;
  /** The operand; its required type depends on `operator` (r[editor.rules.operand-types]). */
  value?: unknown;
}

/**
 * A group of conditions combined with `AND` or `OR`; conditions may be groups.
 *
 * @see r[editor.rules.group]
 */
export interface RuleGroup {
  /** How the conditions combine. */
  operator: GroupOperator;
  /** Leaf rules and nested groups. */
  conditions: (Rule | RuleGroup)[];
}

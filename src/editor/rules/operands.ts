/**
 * Shape checks of single rules, shared by the zod schema and the evaluator.
 *
 * @module
 */
import { CONDITION_OPERATORS, GROUP_OPERATORS } from './types.js';

const operators: ReadonlySet<string> = new Set(CONDITION_OPERATORS);
const groupOperators: ReadonlySet<string> = new Set(GROUP_OPERATORS);

/** Whether `op` is a leaf operator. @see r[editor.rules.leaf] */
export function isConditionOperator(op: unknown): boolean {
  return typeof op === 'string' && operators.has(op);
}

/** Whether `op` is a group operator. @see r[editor.rules.group] */
export function isGroupOperator(op: unknown): boolean {
  return typeof op === 'string' && groupOperators.has(op);
}

/** The message for an unknown leaf operator. @see r[editor.rules.unknown-operator] */
export function unknownOperatorMessage(op: unknown): string {
  return `unknown operator ${JSON.stringify(op)}; use one of ${CONDITION_OPERATORS.join(', ')}`;
}

/** The message for an unknown group operator. @see r[editor.rules.unknown-operator] */
export function unknownGroupOperatorMessage(op: unknown): string {
  return `unknown group operator ${JSON.stringify(op)}; use "AND" or "OR"`;
}

/**
 * Checks a field path: a string of one or more non-empty dot-separated segments.
 * Returns a message, or `undefined` when valid.
 *
 * @see r[editor.rules.field-path]
 */
export function fieldIssue(field: unknown): string | undefined {
  if (typeof field !== 'string') return 'field must be a dotted path string such as "user.plan"';
  if (field.split('.').some((s) => s === '')) {
    return `field ${JSON.stringify(field)} has an empty segment; write a dotted path such as "user.plan"`;
  }
  return undefined;
}

/**
 * Checks the operand of a leaf rule against its operator. Returns a message, or
 * `undefined` when valid.
 *
 * Implements r[editor.rules.operand-types]:
 * - `in`, `not_in`: `value` MUST be an array;
 * - the four numeric comparisons: `value` MUST be a finite number;
 * - `equals`, `not_equals`, `contains`, `not_contains`: `value` MUST be present;
 * - `exists`, `not_exists`: `value` is ignored.
 */
export function operandIssue(operator: string, hasValue: boolean, value: unknown): string | undefined {
  switch (operator) {
    case 'in':
    case 'not_in':
      return Array.isArray(value) ? undefined : `operator "${operator}" needs an array value, e.g. ["pro", "team"]`;
    case 'greater_than':
    case 'less_than':
    case 'greater_than_or_equal':
    case 'less_than_or_equal':
      return typeof value === 'number' && Number.isFinite(value)
        ? undefined
        : `operator "${operator}" needs a finite number value`;
    case 'equals':
    case 'not_equals':
    case 'contains':
    case 'not_contains':
      return hasValue && value !== undefined
        ? undefined
        : `operator "${operator}" needs a value; to test for a missing field use "not_exists"`;
    default:
      return undefined;
  }
}

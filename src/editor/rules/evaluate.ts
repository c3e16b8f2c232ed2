/**
 * The rule evaluator: prompt-block display conditions and conditional tool variants.
 *
 * @module
 */
import { EditorConfigError, type ConfigIssue } from '../errors.js';
import { readField, type RequestContextLike } from './context.js';
import {
  fieldIssue,
  isConditionOperator,
  isGroupOperator,
  operandIssue,
  unknownGroupOperatorMessage,
  unknownOperatorMessage,
} from './operands.js';
import type { Rule, RuleGroup } from './types.js';

type Path = (string | number)[];

function invalid(path: Path, message: string): never {
  const issue: ConfigIssue = { path, message };
  throw new EditorConfigError('rule group', [issue]);
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null;
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number';
}

/**
 * Evaluates one leaf rule.
 *
 * Implements r[editor.rules.missing], r[editor.rules.equals], r[editor.rules.contains],
 * r[editor.rules.compare], r[editor.rules.in] and r[editor.rules.exists].
 */
function evaluateRule(rule: Rule, context: RequestContextLike, path: Path): boolean {
  // Validate the rule (r[editor.rules.unknown-operator], r[editor.rules.operand-types]).
  const badField = fieldIssue(rule.field);
  if (badField) invalid([...path, 'field'], badField);
  // Unlike @mastra/editor 0.14.0 (r[editor.rules.unknown-operator]): an unknown leaf operator evaluates to false there
  // (an unknown group operator acts as OR); here both are errors.
  if (!isConditionOperator(rule.operator)) invalid([...path, 'operator'], unknownOperatorMessage(rule.operator));
  // Unlike @mastra/editor 0.14.0 (r[editor.rules.operand-types]): the Editor accepts any operand.
  const badOperand = operandIssue(rule.operator, 'value' in rule, rule.value);
  if (badOperand) invalid([...path, 'value'], badOperand);
  // Resolve the field (r[editor.rules.field-path]).
  const field = readField(context, rule.field);
  const value = rule.value;
  // Apply the operator.
  switch (rule.operator) {
    case 'equals':
      return field === value;
    case 'not_equals':
      return field !== value;
    case 'contains':
      return contains(field, value);
    case 'not_contains':
      return !contains(field, value);
    case 'greater_than':
      return isNumber(field) && field > (value as number);
    case 'less_than':
      return isNumber(field) && field < (value as number);
    case 'greater_than_or_equal':
      return isNumber(field) && field >= (value as number);
    case 'less_than_or_equal':
      return isNumber(field) && field <= (value as number);
    case 'in':
      return (value as unknown[]).some((v) => v === field);
    case 'not_in':
      return !(value as unknown[]).some((v) => v === field);
    case 'exists':
      return !isMissing(field);
    case 'not_exists':
      return isMissing(field);
  }
}

/**
 * `contains`: substring of a string field (string operand), or strict-equality
 * membership in an array field; false for anything else.
 *
 * @see r[editor.rules.contains]
 */
function contains(field: unknown, value: unknown): boolean {
  if (typeof field === 'string') return typeof value === 'string' && field.includes(value);
  if (Array.isArray(field)) return field.some((v) => v === value);
  return false;
}

function evaluateGroupAt(group: RuleGroup, context: RequestContextLike, path: Path): boolean {
  // Validate the group operator and conditions (r[editor.rules.unknown-operator]).
  if (group === null || typeof group !== 'object') invalid(path, 'a rule group must be an object { operator, conditions }');
  if (!isGroupOperator(group.operator)) invalid([...path, 'operator'], unknownGroupOperatorMessage(group.operator));
  if (!Array.isArray(group.conditions)) invalid([...path, 'conditions'], 'conditions must be an array');
  // Evaluate every condition, without short-circuit, so that an invalid
  // condition is always reported whatever the values of the others.
  const results = group.conditions.map((condition, i) => {
    const at = [...path, 'conditions', i];
    if (condition === null || typeof condition !== 'object') invalid(at, 'a condition must be a rule or a rule group object');
    return 'conditions' in condition
      ? evaluateGroupAt(condition, context, at)
      : evaluateRule(condition, context, at);
  });
  // An empty group holds (r[editor.rules.empty-group]).
  if (results.length === 0) return true;
  // AND: all hold; OR: at least one holds (r[editor.rules.group]).
  return group.operator === 'AND' ? results.every(Boolean) : results.some(Boolean);
}

/**
 * Evaluates a rule group against a request context.
 *
 * Implements r[editor.rules.group], r[editor.rules.empty-group] and
 * r[editor.rules.unknown-operator]; leaves follow r[editor.rules.leaf] and the
 * operator rules. Nesting depth is not limited here: the depth limit
 * r[editor.rules.depth] belongs to the stored-configuration schema.
 *
 * @param group - the rule group (validated or not).
 * @param context - a Map-like request context (such as Mastra's `RequestContext`) or a plain object.
 * @returns whether the group holds.
 * @throws TypeError when `context` is not an object.
 * @throws {@link EditorConfigError} when the group or any rule in it is malformed
 *   (unknown operator or group operator, bad field path, wrong operand type).
 */
export function evaluateRuleGroup(group: RuleGroup, context: RequestContextLike): boolean {
  if (context === null || typeof context !== 'object') {
    throw new TypeError('evaluateRuleGroup: context must be a RequestContext, a Map or a plain object; pass {} for an empty context');
  }
  return evaluateGroupAt(group, context, []);
}

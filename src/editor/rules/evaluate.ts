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

/** A property of the group that threw when read (a getter or a Proxy trap). */
function unreadable(path: Path, error: unknown): never {
  const reason = error instanceof Error ? error.message : String(error);
  return invalid(path, `could not be read (${reason.length > 120 ? `${reason.slice(0, 120)}…` : reason})`);
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
  // Read and validate the rule (r[editor.rules.unknown-operator], r[editor.rules.operand-types]).
  const fieldPath = read(rule, 'field', () => path) as string;
  const operator = read(rule, 'operator', () => path) as Rule['operator'];
  const badField = fieldIssue(fieldPath);
  if (badField) invalid([...path, 'field'], badField);
  // Unlike @mastra/editor 0.14.0 (r[editor.rules.unknown-operator]): an unknown leaf operator evaluates to false there
  // (an unknown group operator acts as OR); here both are errors.
  if (!isConditionOperator(operator)) invalid([...path, 'operator'], unknownOperatorMessage(operator));
  let hasValue: boolean;
  try {
    hasValue = 'value' in rule;
  } catch (error) {
    return unreadable([...path, 'value'], error);
  }
  const value = read(rule, 'value', () => path);
  // Unlike @mastra/editor 0.14.0 (r[editor.rules.operand-types]): the Editor accepts any operand.
  const badOperand = operandIssue(operator, hasValue, value);
  if (badOperand) invalid([...path, 'value'], badOperand);
  // Resolve the field (r[editor.rules.field-path]).
  const field = readField(context, fieldPath);
  // Apply the operator.
  switch (operator) {
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

/** A group being evaluated: where it is, which condition comes next, what its conditions gave. */
interface Frame {
  readonly group: object;
  /** The group's operator and conditions, read once when it was entered. */
  readonly operator: RuleGroup['operator'];
  readonly conditions: readonly unknown[];
  /** Index of this group in its parent's `conditions`; -1 for the top-level group. */
  readonly at: number;
  next: number;
  readonly results: boolean[];
}

/** The path of the condition `index` of the innermost frame (or of that frame when omitted). */
function pathOf(stack: readonly Frame[], index?: number): Path {
  const path: Path = [];
  for (const frame of stack.slice(1)) path.push('conditions', frame.at);
  if (index !== undefined) path.push('conditions', index);
  return path;
}

/** Reads a property of model-supplied data; a throwing getter or Proxy trap is a validation error. */
function read(object: object, key: string, path: () => Path): unknown {
  try {
    return (object as Record<string, unknown>)[key];
  } catch (error) {
    return unreadable([...path(), key], error);
  }
}

/** Checks a group when it is entered (r[editor.rules.unknown-operator]) and reads it once. */
function enter(group: unknown, at: number, path: () => Path): Frame {
  if (group === null || typeof group !== 'object') invalid(path(), 'a rule group must be an object { operator, conditions }');
  const operator = read(group, 'operator', path);
  if (!isGroupOperator(operator)) invalid([...path(), 'operator'], unknownGroupOperatorMessage(operator));
  const conditions = read(group, 'conditions', path);
  if (!Array.isArray(conditions)) invalid([...path(), 'conditions'], 'conditions must be an array');
  return { group, operator: operator as RuleGroup['operator'], conditions, at, next: 0, results: [] };
}

/**
 * Evaluates a group without recursion, so that no nesting depth can overflow the stack.
 *
 * Implements r[editor.rules.group], r[editor.rules.empty-group] and r[editor.rules.evaluation-safe]:
 * 1. Check the group when it is entered (operator and conditions).
 * 2. Visit its conditions in order, without short-circuit, so that an invalid condition is
 *    always reported whatever the values of the others: a leaf is evaluated at once; a nested
 *    group is entered (an explicit stack, not the call stack). A group that contains itself is
 *    a validation error; a group object met again elsewhere reuses its value.
 * 3. When every condition is done: an empty group holds; AND needs all, OR at least one.
 */
function evaluateGroupIteratively(root: RuleGroup, context: RequestContextLike): boolean {
  // Unlike @mastra/editor 0.14.0 (r[editor.rules.evaluation-safe]): no recursion, so no depth overflows the stack.
  // The top-level group.
  const stack: Frame[] = [enter(root, -1, () => [])];
  const entered = new Set<object>([root]);
  const done = new Map<object, boolean>();
  for (;;) {
    const frame = stack[stack.length - 1]!;
    const conditions = frame.conditions;
    // The next condition of the innermost group.
    if (frame.next < conditions.length) {
      const i = frame.next++;
      let condition: unknown;
      try {
        condition = conditions[i];
      } catch (error) {
        return unreadable(pathOf(stack, i), error);
      }
      if (condition === null || typeof condition !== 'object') invalid(pathOf(stack, i), 'a condition must be a rule or a rule group object');
      const memo = done.get(condition);
      if (memo !== undefined) {
        frame.results.push(memo);
        continue;
      }
      let isGroup: boolean;
      try {
        isGroup = 'conditions' in condition;
      } catch (error) {
        return unreadable(pathOf(stack, i), error);
      }
      if (!isGroup) {
        const value = evaluateRule(condition as Rule, context, pathOf(stack, i));
        done.set(condition, value);
        frame.results.push(value);
        continue;
      }
      if (entered.has(condition)) invalid(pathOf(stack, i), 'a rule group must not contain itself');
      stack.push(enter(condition, i, () => pathOf(stack, i)));
      entered.add(condition);
      continue;
    }
    // The innermost group is done: combine, and hand the value to its parent.
    const results = frame.results;
    const holds = results.length === 0 || (frame.operator === 'AND' ? results.every(Boolean) : results.some(Boolean));
    stack.pop();
    entered.delete(frame.group);
    done.set(frame.group, holds);
    const parent = stack[stack.length - 1];
    if (parent === undefined) return holds;
    parent.results.push(holds);
  }
}

/**
 * Evaluates a rule group against a request context.
 *
 * Implements r[editor.rules.group], r[editor.rules.empty-group],
 * r[editor.rules.unknown-operator] and r[editor.rules.evaluation-safe]; leaves follow
 * r[editor.rules.leaf] and the operator rules. Nesting depth is not limited here (the depth
 * limit r[editor.rules.depth] belongs to the stored-configuration schema), and no depth can
 * overflow the stack: the evaluation is iterative.
 *
 * @param group - the rule group (validated or not).
 * @param context - a Map-like request context (such as Mastra's `RequestContext`) or a plain object.
 * @returns whether the group holds.
 * @throws TypeError when `context` is not an object.
 * @throws {@link EditorConfigError} when the group or any rule in it is malformed
 *   (unknown operator or group operator, bad field path, wrong operand type, a group that
 *   contains itself, a property that cannot be read).
 */
export function evaluateRuleGroup(group: RuleGroup, context: RequestContextLike): boolean {
  if (context === null || typeof context !== 'object') {
    throw new TypeError('evaluateRuleGroup: context must be a RequestContext, a Map or a plain object; pass {} for an empty context');
  }
  return evaluateGroupIteratively(group, context);
}

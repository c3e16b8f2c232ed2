/**
 * Edges of the rule evaluator that the mutation run of the `editor` scope found untested:
 * the words of its errors and the 120-character bound on an echoed thrown message.
 */
import { describe, expect, it } from 'vitest';
import { EditorConfigError, evaluateRuleGroup, type RuleGroup } from '../../src/editor/index.js';

/** The error `evaluateRuleGroup` throws for `group` (fails the test when it returns). */
function errorOf(group: unknown): EditorConfigError {
  try {
    evaluateRuleGroup(group as RuleGroup, {});
  } catch (e) {
    expect(e).toBeInstanceOf(EditorConfigError);
    return e as EditorConfigError;
  }
  throw new Error('evaluateRuleGroup returned instead of throwing');
}

/** A group whose `conditions` getter throws `thrown`. */
const throwingGroup = (thrown: unknown): unknown => ({
  operator: 'AND',
  get conditions(): never {
    throw thrown;
  },
});

describe('rule evaluator errors', () => {
  it('[editor.rules.unknown-operator] [editor.model.validation-path] the error says a rule group is invalid, then the path and the problem', () => {
    const error = errorOf({ operator: 'XOR', conditions: [] });
    expect(error.message).toBe('Invalid rule group: operator: unknown group operator "XOR"; use "AND" or "OR"');
  });

  it('[editor.rules.evaluation-safe] a thrown message of 120 characters is echoed whole, one of 121 is cut to 120 and an ellipsis', () => {
    const exact = 'a'.repeat(119) + 'b';
    expect(errorOf(throwingGroup(new Error(exact))).issues[0]!.message).toBe(`could not be read (${exact})`);
    const longer = exact + 'c';
    expect(errorOf(throwingGroup(new Error(longer))).issues[0]!.message).toBe(`could not be read (${exact}…)`);
    expect(errorOf(throwingGroup(new Error('short'))).message).toBe('Invalid rule group: conditions: could not be read (short)');
  });

  it('[editor.rules.evaluation-safe] a thrown value that is not an Error is echoed as its string', () => {
    expect(errorOf(throwingGroup('plain text')).issues[0]!.message).toBe('could not be read (plain text)');
    expect(errorOf(throwingGroup(42)).issues[0]!.message).toBe('could not be read (42)');
  });

  it('[editor.rules.unknown-operator] [editor.rules.operand-types] [editor.rules.field-path] each malformed leaf is reported at its path with its whole message', () => {
    const at = (rule: object): [string, string] => {
      const issue = errorOf({ operator: 'AND', conditions: [rule] }).issues[0]!;
      return [issue.path.join('.'), issue.message];
    };
    expect(at({ field: 'x', operator: 'gt', value: 1 })).toEqual([
      'conditions.0.operator',
      'unknown operator "gt"; use one of equals, not_equals, contains, not_contains, greater_than, less_than, greater_than_or_equal, less_than_or_equal, in, not_in, exists, not_exists',
    ]);
    expect(at({ field: 'x', operator: 'not_in', value: 'a' })).toEqual(['conditions.0.value', 'operator "not_in" needs an array value, e.g. ["pro", "team"]']);
    for (const operator of ['greater_than', 'less_than', 'greater_than_or_equal', 'less_than_or_equal']) {
      expect(at({ field: 'x', operator, value: Number.NaN })).toEqual(['conditions.0.value', `operator "${operator}" needs a finite number value`]);
    }
    expect(at({ field: 'x', operator: 'not_contains' })).toEqual(['conditions.0.value', 'operator "not_contains" needs a value; to test for a missing field use "not_exists"']);
    expect(at({ field: 7, operator: 'exists' })).toEqual(['conditions.0.field', 'field must be a dotted path string such as "user.plan"']);
    expect(at({ field: 'user.', operator: 'exists' })).toEqual(['conditions.0.field', 'field "user." has an empty segment; write a dotted path such as "user.plan"']);
  });

  it('[editor.rules.unknown-operator] [editor.rules.evaluation-safe] each malformed group or condition is reported at its path with its whole message', () => {
    const at = (group: unknown): [string, string] => {
      const issue = errorOf(group).issues[0]!;
      return [issue.path.join('.'), issue.message];
    };
    expect(at(null)).toEqual(['', 'a rule group must be an object { operator, conditions }']);
    expect(at({ operator: 'AND', conditions: [{ operator: 'OR', conditions: 'x' }] })).toEqual(['conditions.0.conditions', 'conditions must be an array']);
    expect(at({ operator: 'OR', conditions: [{ operator: 'NOR', conditions: [] }] })).toEqual(['conditions.0.operator', 'unknown group operator "NOR"; use "AND" or "OR"']);
    expect(at({ operator: 'AND', conditions: [{ field: 'x', operator: 'exists' }, 3] })).toEqual(['conditions.1', 'a condition must be a rule or a rule group object']);
    const self: { operator: 'AND'; conditions: unknown[] } = { operator: 'AND', conditions: [] };
    self.conditions.push({ operator: 'OR', conditions: [self] });
    expect(at(self)).toEqual(['conditions.0.conditions.0', 'a rule group must not contain itself']);
  });
});

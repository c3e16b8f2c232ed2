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
});

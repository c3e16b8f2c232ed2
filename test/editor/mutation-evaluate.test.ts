/**
 * Edges of rule evaluation that the mutation run of the `editor` scope found untested: the
 * context that is not an object, a comparison with an equal operand, and conditions whose
 * reading throws or that are not objects, each reported at its own path.
 */
import { describe, expect, it } from 'vitest';
import { EditorConfigError, evaluateRuleGroup, type RuleGroup } from '../../src/editor/index.js';

/** What `fn` threw (it must throw). */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

/** The first issue of the EditorConfigError `fn` throws. */
function issueOf(fn: () => unknown): { path: unknown; message: string } {
  const error = thrown(fn);
  expect(error).toBeInstanceOf(EditorConfigError);
  return (error as EditorConfigError).issues[0]! as { path: unknown; message: string };
}

const holds: RuleGroup = { operator: 'AND', conditions: [] };

describe('rule evaluation edges', () => {
  it('[editor.rules.context-kinds] a context that is not an object is a TypeError saying what to pass', () => {
    for (const context of [null, undefined, 1, 'ctx', true]) {
      const error = thrown(() => evaluateRuleGroup(holds, context as never));
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toBe('evaluateRuleGroup: context must be a RequestContext, a Map or a plain object; pass {} for an empty context');
    }
    expect(evaluateRuleGroup(holds, {})).toBe(true);
    expect(evaluateRuleGroup(holds, new Map())).toBe(true);
  });

  it('[editor.rules.compare] greater_than and less_than are strict: an equal field does not hold', () => {
    const rule = (operator: string, value: number): RuleGroup => ({ operator: 'AND', conditions: [{ field: 'n', operator, value } as never] });
    expect(evaluateRuleGroup(rule('greater_than', 2), { n: 2 })).toBe(false);
    expect(evaluateRuleGroup(rule('greater_than', 1), { n: 2 })).toBe(true);
    expect(evaluateRuleGroup(rule('less_than', 2), { n: 2 })).toBe(false);
    expect(evaluateRuleGroup(rule('greater_than_or_equal', 2), { n: 2 })).toBe(true);
  });

  it('[editor.rules.group] a root group that is not an object is refused as such', () => {
    for (const group of [5, 'AND', null]) {
      const issue = issueOf(() => evaluateRuleGroup(group as never, {}));
      expect(issue).toEqual({ path: [], message: 'a rule group must be an object { operator, conditions }' });
    }
  });

  it('[editor.rules.group] a condition that is null is refused as not a rule, at its path', () => {
    const issue = issueOf(() => evaluateRuleGroup({ operator: 'OR', conditions: [null as never] }, {}));
    expect(issue).toEqual({ path: ['conditions', 0], message: 'a condition must be a rule or a rule group object' });
  });

  it('[editor.rules.evaluation-safe] a condition whose reading throws is reported at its index', () => {
    const conditions: unknown[] = [];
    Object.defineProperty(conditions, 0, { enumerable: true, get: () => { throw new Error('boom'); } });
    const issue = issueOf(() => evaluateRuleGroup({ operator: 'AND', conditions } as never, {}));
    expect(issue.path).toEqual(['conditions', 0]);
    expect(issue.message).toBe('could not be read (boom)');
  });

  it('[editor.rules.evaluation-safe] a condition whose "in" test throws is reported at the condition, before it is read as a rule', () => {
    const condition = new Proxy({ field: 'x', operator: 'exists' }, { has: () => { throw new Error('no has'); } });
    const issue = issueOf(() => evaluateRuleGroup({ operator: 'AND', conditions: [condition as never] }, {}));
    expect(issue).toEqual({ path: ['conditions', 0], message: 'could not be read (no has)' });
  });

  it('[editor.rules.evaluation-safe] a rule whose value cannot be tested or read is reported at its value', () => {
    const testThrows = new Proxy({ field: 'x', operator: 'equals', value: 1 }, {
      has: (target, key) => {
        if (key === 'value') throw new Error('no value test');
        return key in target;
      },
    });
    expect(issueOf(() => evaluateRuleGroup({ operator: 'AND', conditions: [testThrows as never] }, {}))).toEqual({
      path: ['conditions', 0, 'value'],
      message: 'could not be read (no value test)',
    });
    const readThrows = { field: 'x', operator: 'equals', get value(): unknown { throw new Error('no value read'); } };
    expect(issueOf(() => evaluateRuleGroup({ operator: 'OR', conditions: [{ operator: 'AND', conditions: [readThrows as never] }] }, {}))).toEqual({
      path: ['conditions', 0, 'conditions', 0, 'value'],
      message: 'could not be read (no value read)',
    });
  });
});

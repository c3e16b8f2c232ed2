import { describe, expect, it } from 'vitest';
import { EditorConfigError, evaluateRuleGroup, type Rule, type RuleGroup } from '../../src/editor/index.js';

const and = (...conditions: (Rule | RuleGroup)[]): RuleGroup => ({ operator: 'AND', conditions });
const or = (...conditions: (Rule | RuleGroup)[]): RuleGroup => ({ operator: 'OR', conditions });
const rule = (field: string, operator: Rule['operator'], value?: unknown): Rule =>
  value === undefined ? { field, operator } : { field, operator, value };
const holds = (r: Rule, ctx: Record<string, unknown>) => evaluateRuleGroup(and(r), ctx);

describe('rule groups', () => {
  it('[editor.rules.group] AND holds when every condition holds, OR when one does', () => {
    const ctx = { plan: 'pro', seats: 3 };
    const yes = rule('plan', 'equals', 'pro');
    const no = rule('seats', 'greater_than', 10);
    expect(evaluateRuleGroup(and(yes, yes), ctx)).toBe(true);
    expect(evaluateRuleGroup(and(yes, no), ctx)).toBe(false);
    expect(evaluateRuleGroup(or(no, yes), ctx)).toBe(true);
    expect(evaluateRuleGroup(or(no, no), ctx)).toBe(false);
  });

  it('[editor.rules.group] a condition with a conditions key is a nested group', () => {
    const ctx = { a: 1, b: 2 };
    const group = and(rule('a', 'equals', 1), or(rule('b', 'equals', 3), and(rule('b', 'equals', 2))));
    expect(evaluateRuleGroup(group, ctx)).toBe(true);
    expect(evaluateRuleGroup(group, { a: 1, b: 3 })).toBe(true);
    expect(evaluateRuleGroup(group, { a: 1, b: 4 })).toBe(false);
  });

  it('[editor.rules.empty-group] an empty group holds with either operator', () => {
    expect(evaluateRuleGroup(and(), {})).toBe(true);
    expect(evaluateRuleGroup(or(), {})).toBe(true);
    expect(evaluateRuleGroup(or(or(), rule('x', 'exists')), {})).toBe(true);
  });

  it('[editor.rules.depth] the evaluator itself accepts groups deeper than three levels', () => {
    let g: RuleGroup = and(rule('x', 'equals', 1));
    for (let i = 0; i < 6; i++) g = or(g);
    expect(evaluateRuleGroup(g, { x: 1 })).toBe(true);
  });
});

describe('validation at evaluation', () => {
  it('[editor.rules.unknown-operator] an unknown leaf operator throws naming its path', () => {
    const bad = and(rule('x', 'exists'), or({ field: 'x', operator: 'gt' as Rule['operator'], value: 1 }));
    expect(() => evaluateRuleGroup(bad, { x: 2 })).toThrowError(EditorConfigError);
    expect(() => evaluateRuleGroup(bad, { x: 2 })).toThrowError(/conditions\.1\.conditions\.0\.operator: unknown operator "gt"/);
  });

  it('[editor.rules.unknown-operator] an unknown group operator throws, never false', () => {
    const bad = { operator: 'XOR', conditions: [] } as unknown as RuleGroup;
    expect(() => evaluateRuleGroup(bad, {})).toThrowError(/operator: unknown group operator "XOR"/);
    const nested = and(rule('x', 'not_exists'), { operator: 'NOR', conditions: [rule('x', 'exists')] } as unknown as RuleGroup);
    expect(() => evaluateRuleGroup(nested, {})).toThrowError(/conditions\.1\.operator/);
  });

  it('[editor.rules.unknown-operator] a bad condition is reported even when an earlier one already decides the group', () => {
    const bad = or(rule('x', 'exists'), { field: 'x', operator: 'nope' } as unknown as Rule);
    expect(() => evaluateRuleGroup(bad, { x: 1 })).toThrowError(EditorConfigError);
    const badAnd = and(rule('x', 'not_exists'), { field: 'x', operator: 'nope' } as unknown as Rule);
    expect(() => evaluateRuleGroup(badAnd, { x: 1 })).toThrowError(/conditions\.1\.operator: unknown operator "nope"/);
    const badGroupAfter = and(rule('x', 'not_exists'), { operator: 'XOR', conditions: [] } as unknown as RuleGroup);
    expect(() => evaluateRuleGroup(badGroupAfter, { x: 1 })).toThrowError(/conditions\.1\.operator: unknown group operator "XOR"/);
  });

  it('[editor.rules.operand-types] wrong operands are validation errors', () => {
    expect(() => holds({ field: 'x', operator: 'in', value: 'a' }, {})).toThrowError(/needs an array value/);
    expect(() => holds({ field: 'x', operator: 'not_in' }, {})).toThrowError(/needs an array value/);
    expect(() => holds({ field: 'x', operator: 'greater_than', value: '3' }, {})).toThrowError(/finite number/);
    expect(() => holds({ field: 'x', operator: 'less_than_or_equal', value: Number.NaN }, {})).toThrowError(/finite number/);
    expect(() => holds({ field: 'x', operator: 'equals' }, {})).toThrowError(/needs a value/);
    expect(() => holds({ field: 'x', operator: 'contains' }, {})).toThrowError(/needs a value/);
    expect(() => holds({ field: 'a..b', operator: 'exists' }, {})).toThrowError(/empty segment/);
    expect(() => holds({ field: '', operator: 'exists' }, {})).toThrowError(/empty segment/);
  });

  it('[editor.rules.operand-types] every operator is checked: arrays for in/not_in, finite numbers for comparisons, a value for the four others', () => {
    const numeric = ['greater_than', 'less_than', 'greater_than_or_equal', 'less_than_or_equal'] as const;
    for (const operator of ['in', 'not_in'] as const) {
      for (const value of ['pro', 1, { 0: 'pro' }, null]) {
        expect(() => holds({ field: 'x', operator, value }, {}), `${operator} ${JSON.stringify(value)}`).toThrowError(/needs an array value/);
      }
    }
    for (const operator of numeric) {
      for (const value of ['3', Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN, null, [1]]) {
        expect(() => holds({ field: 'x', operator, value }, { x: 1 }), `${operator} ${String(value)}`).toThrowError(/finite number/);
      }
      expect(() => holds({ field: 'x', operator }, { x: 1 })).toThrowError(/finite number/);
    }
    for (const operator of ['equals', 'not_equals', 'contains', 'not_contains'] as const) {
      expect(() => holds({ field: 'x', operator }, {}), operator).toThrowError(/needs a value/);
      expect(() => holds({ field: 'x', operator, value: undefined }, {}), operator).toThrowError(/needs a value/);
    }
    // The error names the path of the bad operand.
    expect(() => evaluateRuleGroup(or(rule('x', 'exists'), { field: 'x', operator: 'not_in', value: 'a' }), { x: 1 })).toThrowError(/conditions\.1\.value: /);
    expect(() => holds({ field: 3 as unknown as string, operator: 'exists' }, {})).toThrowError(/field must be a dotted path string/);
  });

  it('[editor.rules.operand-types] exists and not_exists ignore value', () => {
    expect(holds({ field: 'x', operator: 'exists', value: 'whatever' }, { x: 0 })).toBe(true);
    expect(holds({ field: 'x', operator: 'not_exists', value: 42 }, {})).toBe(true);
  });

  it('[editor.rules.leaf] every listed operator evaluates', () => {
    const ctx = { n: 5, s: 'hello', a: ['x'] };
    const cases: [Rule, boolean][] = [
      [rule('n', 'equals', 5), true],
      [rule('n', 'not_equals', 5), false],
      [rule('s', 'contains', 'ell'), true],
      [rule('s', 'not_contains', 'ell'), false],
      [rule('n', 'greater_than', 4), true],
      [rule('n', 'less_than', 4), false],
      [rule('n', 'greater_than_or_equal', 5), true],
      [rule('n', 'less_than_or_equal', 4), false],
      [rule('n', 'in', [1, 5]), true],
      [rule('n', 'not_in', [1, 5]), false],
      [rule('a', 'exists'), true],
      [rule('a', 'not_exists'), false],
    ];
    for (const [r, expected] of cases) expect(holds(r, ctx), JSON.stringify(r)).toBe(expected);
  });
});

describe('request context', () => {
  it('[editor.rules.context-kinds] a Map-like context is read with get', () => {
    const calls: string[] = [];
    const ctx = { get: (k: string) => (calls.push(k), k === 'user' ? { plan: 'pro' } : undefined) };
    expect(evaluateRuleGroup(and(rule('user.plan', 'equals', 'pro')), ctx)).toBe(true);
    expect(calls).toEqual(['user']);
    const map = new Map<string, unknown>([['tier', 2]]);
    expect(evaluateRuleGroup(and(rule('tier', 'greater_than', 1)), map)).toBe(true);
  });

  it('[editor.rules.context-kinds] a plain object is read by own properties only', () => {
    const proto = { inherited: 'yes' };
    const ctx = Object.create(proto) as Record<string, unknown>;
    ctx.own = 'yes';
    expect(holds(rule('own', 'exists'), ctx)).toBe(true);
    expect(holds(rule('inherited', 'exists'), ctx)).toBe(false);
    expect(holds(rule('toString', 'exists'), {})).toBe(false);
  });

  it('[editor.rules.context-kinds] an object whose get is not callable is a plain object, read by own properties', () => {
    const ctx = { get: 'not a function', plan: 'pro' };
    expect(holds(rule('plan', 'equals', 'pro'), ctx)).toBe(true);
    expect(holds(rule('get', 'equals', 'not a function'), ctx)).toBe(true);
    // A Map-like context is read only through get: its own properties are not fields.
    const mapLike = { get: (_key: string): unknown => undefined, plan: 'pro' };
    expect(evaluateRuleGroup(and(rule('plan', 'exists')), mapLike)).toBe(false);
  });

  it('[editor.rules.field-path] dotted paths step into own properties of objects and arrays', () => {
    const ctx = { user: { org: { id: 'acme' }, roles: ['admin', 'dev'] }, 'a.b': 1 };
    expect(holds(rule('user.org.id', 'equals', 'acme'), ctx)).toBe(true);
    expect(holds(rule('user.roles.1', 'equals', 'dev'), ctx)).toBe(true);
    expect(holds(rule('user.roles.length', 'equals', 2), ctx)).toBe(true);
    expect(holds(rule('user.toString', 'exists'), ctx)).toBe(false);
    expect(holds(rule('user.org.id.length', 'exists'), ctx)).toBe(false);
    // A key containing a dot cannot be reached.
    expect(holds(rule('a.b', 'exists'), ctx)).toBe(false);
  });

  it('[editor.rules.field-path] with a Map-like context, only the first segment goes through get', () => {
    const ctx = new Map<string, unknown>([['user', { plan: 'pro' }], ['user.plan', 'free']]);
    expect(evaluateRuleGroup(and(rule('user.plan', 'equals', 'pro')), ctx)).toBe(true);
  });
});

describe('operators on missing fields and type mismatches', () => {
  it('[editor.rules.missing] undefined, null and unreachable paths are missing', () => {
    for (const ctx of [{}, { x: null }, { x: undefined }, { y: 1 }]) {
      expect(holds(rule('x', 'exists'), ctx)).toBe(false);
      expect(holds(rule('x', 'not_exists'), ctx)).toBe(true);
      expect(holds(rule('x', 'equals', 0), ctx)).toBe(false);
      expect(holds(rule('x', 'contains', 'a'), ctx)).toBe(false);
      expect(holds(rule('x', 'greater_than', -1), ctx)).toBe(false);
      expect(holds(rule('x', 'less_than', 1), ctx)).toBe(false);
      expect(holds(rule('x', 'in', [0, 'a', false]), ctx)).toBe(false);
    }
    expect(holds(rule('x.y', 'not_exists'), { x: 3 })).toBe(true);
    for (const ctx of [{}, { x: null }, { y: 1 }]) {
      expect(holds(rule('x', 'not_equals', 0), ctx)).toBe(true);
      expect(holds(rule('x', 'not_contains', 'a'), ctx)).toBe(true);
      expect(holds(rule('x', 'not_in', [0, 'a']), ctx)).toBe(true);
    }
    // equals null and in [null] hold for a null field only, not for an absent one.
    expect(holds(rule('x', 'equals', null), { x: null })).toBe(true);
    expect(holds(rule('x', 'equals', null), {})).toBe(false);
    expect(holds(rule('x', 'in', [null]), { x: null })).toBe(true);
    expect(holds(rule('x', 'in', [null]), {})).toBe(false);
  });

  it('[editor.rules.equals] strict equality without coercion; not_equals is its complement', () => {
    expect(holds(rule('n', 'equals', 1), { n: 1 })).toBe(true);
    expect(holds(rule('n', 'equals', '1'), { n: 1 })).toBe(false);
    expect(holds(rule('n', 'not_equals', '1'), { n: 1 })).toBe(true);
    expect(holds(rule('b', 'equals', false), { b: 0 })).toBe(false);
    expect(holds(rule('o', 'equals', { a: 1 }), { o: { a: 1 } })).toBe(false);
    expect(holds(rule('o', 'not_equals', { a: 1 }), { o: { a: 1 } })).toBe(true);
    expect(holds(rule('x', 'not_equals', 'a'), {})).toBe(true);
    expect(holds(rule('x', 'equals', null), { x: null })).toBe(true);
  });

  it('[editor.rules.contains] substring of strings, membership in arrays, false otherwise', () => {
    expect(holds(rule('s', 'contains', 'ro'), { s: 'pro' })).toBe(true);
    expect(holds(rule('s', 'contains', 1), { s: 'a1' })).toBe(false);
    expect(holds(rule('a', 'contains', 'x'), { a: ['x', 'y'] })).toBe(true);
    expect(holds(rule('a', 'contains', '1'), { a: [1] })).toBe(false);
    expect(holds(rule('n', 'contains', 1), { n: 1 })).toBe(false);
    expect(holds(rule('o', 'contains', 'k'), { o: { k: 1 } })).toBe(false);
    expect(holds(rule('n', 'not_contains', 1), { n: 1 })).toBe(true);
    expect(holds(rule('x', 'not_contains', 'a'), {})).toBe(true);
    expect(holds(rule('s', 'not_contains', 'ro'), { s: 'pro' })).toBe(false);
  });

  it('[editor.rules.compare] numeric comparisons are false on non-numbers, with no coercion', () => {
    expect(holds(rule('n', 'greater_than', 1), { n: 2 })).toBe(true);
    expect(holds(rule('n', 'greater_than_or_equal', 2), { n: 2 })).toBe(true);
    expect(holds(rule('n', 'less_than', 2), { n: 2 })).toBe(false);
    expect(holds(rule('n', 'less_than_or_equal', 2), { n: 2 })).toBe(true);
    for (const v of ['5', true, [5], { n: 5 }, null]) {
      for (const op of ['greater_than', 'less_than', 'greater_than_or_equal', 'less_than_or_equal'] as const) {
        expect(holds(rule('n', op, 1), { n: v }), `${op} on ${JSON.stringify(v)}`).toBe(false);
      }
    }
    expect(holds(rule('n', 'greater_than', 0), { n: Number.NaN })).toBe(false);
    expect(holds(rule('n', 'less_than_or_equal', 0), { n: Number.NaN })).toBe(false);
  });

  it('[editor.rules.in] membership by strict equality; not_in is its complement', () => {
    expect(holds(rule('p', 'in', ['pro', 'team']), { p: 'team' })).toBe(true);
    expect(holds(rule('p', 'in', ['1']), { p: 1 })).toBe(false);
    expect(holds(rule('p', 'not_in', ['1']), { p: 1 })).toBe(true);
    expect(holds(rule('p', 'in', []), { p: 1 })).toBe(false);
    expect(holds(rule('p', 'not_in', ['pro']), {})).toBe(true);
    expect(holds(rule('p', 'in', [null]), { p: null })).toBe(true);
  });

  it('[editor.rules.exists] exists holds on any present value, including falsy ones', () => {
    for (const v of [0, '', false, [], {}]) {
      expect(holds(rule('x', 'exists'), { x: v })).toBe(true);
      expect(holds(rule('x', 'not_exists'), { x: v })).toBe(false);
    }
  });
});

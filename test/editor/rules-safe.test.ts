import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EditorConfigError, evaluateRuleGroup, type Rule, type RuleGroup } from '../../src/editor/index.js';

const leaf = (value: unknown): Rule => ({ field: 'plan', operator: 'equals', value });
function nested(depth: number, inner: Rule | RuleGroup, operator: 'AND' | 'OR' = 'AND'): RuleGroup {
  let group: RuleGroup = { operator, conditions: [inner] };
  for (let i = 1; i < depth; i++) group = { operator, conditions: [group] };
  return group;
}

/** A plain recursive evaluator, the model the iterative one must agree with. */
function model(group: RuleGroup, ctx: Record<string, unknown>): boolean {
  const results = group.conditions.map((c) => ('conditions' in c ? model(c, ctx) : ctx[c.field] === c.value));
  if (results.length === 0) return true;
  return group.operator === 'AND' ? results.every(Boolean) : results.some(Boolean);
}

describe('rule evaluation cannot overflow the stack', () => {
  it('[editor.rules.evaluation-safe] groups nested 10 000 and 100 000 deep evaluate', () => {
    for (const depth of [10_000, 100_000]) {
      expect(evaluateRuleGroup(nested(depth, leaf('pro')), { plan: 'pro' })).toBe(true);
      expect(evaluateRuleGroup(nested(depth, leaf('pro'), 'OR'), { plan: 'free' })).toBe(false);
    }
  });

  it('[editor.rules.evaluation-safe] an invalid rule 10 000 deep is reported at its path', () => {
    const deep = nested(10_000, { field: 'plan', operator: 'resembles' } as unknown as Rule);
    let error: unknown;
    try {
      evaluateRuleGroup(deep, {});
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EditorConfigError);
    const path = (error as EditorConfigError).issues[0]!.path;
    expect(path).toHaveLength(2 * 10_000 + 1);
    expect(path.slice(-3)).toEqual(['conditions', 0, 'operator']);
  });

  it('[editor.rules.evaluation-safe] a group that contains itself is a validation error, not an endless loop', () => {
    const self: RuleGroup = { operator: 'AND', conditions: [leaf('x')] };
    const mid: RuleGroup = { operator: 'OR', conditions: [self] };
    self.conditions.push(mid);
    expect(() => evaluateRuleGroup(self, { plan: 'x' })).toThrow(/must not contain itself/);
    expect(() => evaluateRuleGroup(self, { plan: 'x' })).toThrow(EditorConfigError);
  });

  it('[editor.rules.evaluation-safe] a group object shared 2^60 ways is evaluated once per object (counted reads)', () => {
    let reads = 0;
    const context = { get: (key: string) => (reads++, key === 'plan' ? 'pro' : undefined) };
    let group: RuleGroup = { operator: 'AND', conditions: [leaf('pro')] };
    for (let i = 0; i < 60; i++) group = { operator: 'AND', conditions: [group, group] };
    expect(evaluateRuleGroup(group, context)).toBe(true);
    expect(reads).toBe(1);
  });

  it('[editor.rules.evaluation-safe] a throwing getter or Proxy trap is an EditorConfigError naming the path, with a bounded message', () => {
    const throwing = { operator: 'AND', get conditions(): never { throw new Error('x'.repeat(10_000)); } } as unknown as RuleGroup;
    let error: unknown;
    try {
      evaluateRuleGroup({ operator: 'OR', conditions: [throwing] }, {});
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EditorConfigError);
    expect((error as EditorConfigError).issues[0]!.path).toEqual(['conditions', 0, 'conditions']);
    expect((error as EditorConfigError).message.length).toBeLessThan(400);
    const trap = new Proxy({}, { has: () => { throw new Error('trap'); }, get: () => { throw new Error('trap'); } });
    expect(() => evaluateRuleGroup({ operator: 'AND', conditions: [trap as never] }, {})).toThrow(EditorConfigError);
    expect(() => evaluateRuleGroup(trap as never, {})).toThrow(EditorConfigError);
  });

  it('[editor.rules.evaluation-safe] [editor.rules.group] the iterative evaluation agrees with a recursive model', () => {
    const rule = fc.constantFrom('a', 'b').map((v) => leaf(v));
    const { group } = fc.letrec<{ group: RuleGroup }>((tie) => ({
      group: fc.record({
        operator: fc.constantFrom('AND' as const, 'OR' as const),
        conditions: fc.array(fc.oneof({ depthSize: 'small' }, rule, tie('group')), { maxLength: 4 }),
      }),
    }));
    fc.assert(
      fc.property(group, fc.constantFrom('a', 'b', 'c'), (g, plan) => {
        expect(evaluateRuleGroup(g, { plan })).toBe(model(g, { plan }));
      }),
    );
  });
});

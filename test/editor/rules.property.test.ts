import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateRuleGroup, type Rule, type RuleGroup } from '../../src/editor/index.js';
import { context, field, leafRule, ruleGroup, scalar } from './arbitraries.js';

const AND = (...conditions: (Rule | RuleGroup)[]): RuleGroup => ({ operator: 'AND', conditions });
const OR = (...conditions: (Rule | RuleGroup)[]): RuleGroup => ({ operator: 'OR', conditions });
/** Always holds: an empty group (r[editor.rules.empty-group]). */
const TRUE: RuleGroup = AND();
/** Never holds: nothing is in an empty array (r[editor.rules.in]). */
const FALSE: Rule = { field: 'a', operator: 'in', value: [] };
const ev = (g: RuleGroup, ctx: Record<string, unknown>) => evaluateRuleGroup(g, ctx);

describe('rule-evaluator laws', () => {
  it('[editor.rules.group] [editor.rules.empty-group] AND identity: AND(g, TRUE) and AND(g) equal g', () => {
    fc.assert(
      fc.property(ruleGroup, context, (g, ctx) => {
        expect(ev(TRUE, ctx)).toBe(true);
        expect(ev(AND(g, TRUE), ctx)).toBe(ev(g, ctx));
        expect(ev(AND(g), ctx)).toBe(ev(g, ctx));
      }),
    );
  });

  it('[editor.rules.group] [editor.rules.in] OR identity: OR(g, FALSE) and OR(g) equal g', () => {
    fc.assert(
      fc.property(ruleGroup, context, (g, ctx) => {
        expect(ev(AND(FALSE), ctx)).toBe(false);
        expect(ev(OR(g, FALSE), ctx)).toBe(ev(g, ctx));
        expect(ev(OR(g), ctx)).toBe(ev(g, ctx));
      }),
    );
  });

  it('[editor.rules.group] absorption: AND(a, OR(a, b)) and OR(a, AND(a, b)) equal a', () => {
    fc.assert(
      fc.property(ruleGroup, ruleGroup, context, (a, b, ctx) => {
        expect(ev(AND(a, OR(a, b)), ctx)).toBe(ev(a, ctx));
        expect(ev(OR(a, AND(a, b)), ctx)).toBe(ev(a, ctx));
      }),
    );
  });

  it('[editor.rules.group] AND and OR are commutative and agree with every / some', () => {
    fc.assert(
      fc.property(fc.array(ruleGroup, { minLength: 1, maxLength: 4 }), context, (gs, ctx) => {
        const values = gs.map((g) => ev(g, ctx));
        expect(ev(AND(...gs), ctx)).toBe(values.every(Boolean));
        expect(ev(OR(...gs), ctx)).toBe(values.some(Boolean));
        expect(ev(AND(...[...gs].reverse()), ctx)).toBe(ev(AND(...gs), ctx));
        expect(ev(OR(...[...gs].reverse()), ctx)).toBe(ev(OR(...gs), ctx));
      }),
    );
  });

  it('[editor.rules.equals] [editor.rules.contains] [editor.rules.in] [editor.rules.exists] each not_ operator is the complement of its positive', () => {
    const pairs = [
      ['equals', 'not_equals'],
      ['contains', 'not_contains'],
      ['in', 'not_in'],
      ['exists', 'not_exists'],
    ] as const;
    fc.assert(
      fc.property(field, fc.oneof(scalar, fc.array(scalar, { maxLength: 3 })), context, (f, operand, ctx) => {
        for (const [pos, neg] of pairs) {
          const value = pos === 'in' ? (Array.isArray(operand) ? operand : [operand]) : operand;
          const p = ev(AND({ field: f, operator: pos, value }), ctx);
          const n = ev(AND({ field: f, operator: neg, value }), ctx);
          expect(n).toBe(!p);
        }
      }),
    );
  });

  it('[editor.rules.compare] on a number field, greater_than is the complement of less_than_or_equal; on anything else all comparisons are false', () => {
    fc.assert(
      fc.property(field, fc.integer({ min: -3, max: 3 }), context, (f, value, ctx) => {
        const gt = ev(AND({ field: f, operator: 'greater_than', value }), ctx);
        const lte = ev(AND({ field: f, operator: 'less_than_or_equal', value }), ctx);
        const lt = ev(AND({ field: f, operator: 'less_than', value }), ctx);
        const gte = ev(AND({ field: f, operator: 'greater_than_or_equal', value }), ctx);
        const isNumber = ev(AND({ field: f, operator: 'in', value: [-3, -2, -1, 0, 1, 2, 3] }), ctx);
        if (isNumber) {
          expect(lte).toBe(!gt);
          expect(gte).toBe(!lt);
        } else {
          expect([gt, lte, lt, gte]).toEqual([false, false, false, false]);
        }
      }),
    );
  });

  it('[editor.rules.context-kinds] a Map holding the same top-level entries gives the same result as the plain object', () => {
    fc.assert(
      fc.property(ruleGroup, context, (g, ctx) => {
        expect(evaluateRuleGroup(g, new Map(Object.entries(ctx)))).toBe(ev(g, ctx));
      }),
    );
  });

  it('[editor.rules.leaf] every generated leaf evaluates to a boolean without throwing', () => {
    fc.assert(
      fc.property(leafRule, context, (r, ctx) => {
        expect(typeof ev(AND(r), ctx)).toBe('boolean');
      }),
    );
  });
});

describe('conditional variants', () => {
  it('[editor.variants.merge] [editor.variants.none] resolving variants equals folding the applicable ones in order', async () => {
    const { resolveConditionalField } = await import('../../src/editor/index.js');
    const entry = fc.record({ description: fc.constantFrom('one', 'two', 'three') }, { requiredKeys: [] });
    const value = fc.dictionary(fc.constantFrom('a', 'b', 'c'), entry, { maxKeys: 3 });
    const variant = fc.record({ value, rules: fc.option(ruleGroup, { nil: undefined }) }, { requiredKeys: ['value'] });
    fc.assert(
      fc.property(fc.array(variant, { maxLength: 4 }), context, (variants, ctx) => {
        const applicable = variants.filter((v) => v.rules === undefined || ev(v.rules, ctx));
        const expected = applicable.length === 0 ? undefined : Object.assign({}, ...applicable.map((v) => v.value));
        expect(resolveConditionalField(variants, ctx)).toEqual(expected);
      }),
    );
  });
});

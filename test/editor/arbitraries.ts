/**
 * fast-check arbitraries shared by the editor property tests.
 */
import fc from 'fast-check';
import type { Rule, RuleGroup } from '../../src/editor/index.js';

/** Scalars a request context and a rule operand may hold. */
export const scalar = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom('pro', 'free', 'x', ''),
  fc.boolean(),
  fc.constant(null),
);

/** A context value: scalar, small array or small object. */
export const contextValue = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 3 }),
  fc.record({ x: scalar }, { requiredKeys: [] }),
);

/** A plain request context over keys a, b, c. */
export const context = fc.record({ a: contextValue, b: contextValue, c: contextValue }, { requiredKeys: [] });

/** Field paths over the context keys. */
export const field = fc.constantFrom('a', 'b', 'c', 'a.x', 'b.0', 'c.x.y');

/** A valid leaf rule. */
export const leafRule: fc.Arbitrary<Rule> = fc.oneof(
  fc.record({ field, operator: fc.constantFrom('equals', 'not_equals', 'contains', 'not_contains'), value: scalar }),
  fc.record({
    field,
    operator: fc.constantFrom('greater_than', 'less_than', 'greater_than_or_equal', 'less_than_or_equal'),
    value: fc.integer({ min: -3, max: 3 }),
  }),
  fc.record({ field, operator: fc.constantFrom('in', 'not_in'), value: fc.array(scalar, { maxLength: 3 }) }),
  fc.record({ field, operator: fc.constantFrom('exists', 'not_exists') }),
) as fc.Arbitrary<Rule>;

/** A valid rule group, at most three levels deep. */
export const ruleGroup: fc.Arbitrary<RuleGroup> = fc.letrec<{ group: RuleGroup; condition: Rule | RuleGroup }>((tie) => ({
  group: fc.record({
    operator: fc.constantFrom('AND', 'OR'),
    conditions: fc.array(tie('condition'), { maxLength: 3 }),
  }) as fc.Arbitrary<RuleGroup>,
  condition: fc.oneof({ depthSize: 'small', maxDepth: 2 }, leafRule, tie('group')),
})).group;

/**
 * Zod schemas of the rule language as stored in configurations.
 *
 * @module
 */
import { z } from 'zod';
import {
  fieldIssue,
  isConditionOperator,
  isGroupOperator,
  operandIssue,
  unknownGroupOperatorMessage,
  unknownOperatorMessage,
} from './operands.js';
import { CONDITION_OPERATORS, GROUP_OPERATORS, type Rule, type RuleGroup } from './types.js';

/**
 * The deepest nesting of rule groups a stored configuration may hold: a
 * top-level group, groups inside it, and groups inside those.
 *
 * @see r[editor.rules.depth]
 */
export const MAX_RULE_GROUP_DEPTH = 3;

/**
 * A leaf rule `{ field, operator, value? }`, with the operand checked against
 * the operator.
 *
 * @see r[editor.rules.leaf] r[editor.rules.operand-types] r[editor.rules.unknown-operator]
 */
export const ruleSchema: z.ZodType<Rule> = z
  .object({
    field: z.string().superRefine((field, ctx) => {
      const issue = fieldIssue(field);
      if (issue) ctx.addIssue({ code: 'custom', message: issue });
    }),
    operator: z.enum(CONDITION_OPERATORS, { error: (iss) => unknownOperatorMessage(iss.input) }),
    value: z.unknown().optional(),
  })
  .strict()
  .superRefine((rule, ctx) => {
    if (!isConditionOperator(rule.operator)) return;
    const issue = operandIssue(rule.operator, 'value' in rule, rule.value);
    if (issue) ctx.addIssue({ code: 'custom', message: issue, path: ['value'] });
  }) as z.ZodType<Rule>;

function groupSchemaAt(depth: number): z.ZodType<RuleGroup> {
  const nested = depth + 1 < MAX_RULE_GROUP_DEPTH ? groupSchemaAt(depth + 1) : undefined;
  // A condition is a group when it has `conditions`, else a leaf rule.
  const condition = z.unknown().transform((value, ctx) => {
    const isGroup = typeof value === 'object' && value !== null && 'conditions' in value;
    if (isGroup && nested === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `rule groups nest at most ${MAX_RULE_GROUP_DEPTH} levels deep; flatten this group into its parent`,
      });
      return z.NEVER;
    }
    const schema: z.ZodType<Rule | RuleGroup> = isGroup ? nested! : ruleSchema;
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return parsed.data;
  });
  return z
    .object({
      operator: z.enum(GROUP_OPERATORS, { error: (iss) => unknownGroupOperatorMessage(iss.input) }),
      conditions: z.array(condition),
    })
    .strict() as z.ZodType<RuleGroup>;
}

/**
 * A stored rule group: `{ operator: 'AND' | 'OR', conditions }`, nested at most
 * {@link MAX_RULE_GROUP_DEPTH} levels.
 *
 * @see r[editor.rules.group] r[editor.rules.depth] r[editor.rules.unknown-operator]
 */
export const ruleGroupSchema: z.ZodType<RuleGroup> = groupSchemaAt(0);

/** Re-exported for callers that check operators without parsing. */
export { isConditionOperator, isGroupOperator };

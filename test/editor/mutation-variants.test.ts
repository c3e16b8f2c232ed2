/**
 * Edges of conditional variants that the mutation run of the `editor` scope found untested:
 * `rules: null` read as absent when deciding whether a configuration depends on the request.
 */
import { describe, expect, it } from 'vitest';
import { hasRuledVariants, possibleValues, resolutionDependsOnRequest, resolveAgentTools, type RuleGroup } from '../../src/editor/index.js';
import { tool } from './fakes.js';

const planIs = (plan: string): RuleGroup => ({ operator: 'AND', conditions: [{ field: 'plan', operator: 'equals', value: plan }] });

describe('variants with rules: null', () => {
  it('[editor.model.variant] [editor.request.depends] a variant whose rules are null has no rules: the field does not depend on the request', async () => {
    expect(hasRuledVariants([{ value: { a: {} }, rules: null }])).toBe(false);
    expect(hasRuledVariants([{ value: { a: {} } }, { value: { b: {} }, rules: null }])).toBe(false);
    expect(hasRuledVariants([{ value: { a: {} }, rules: null }, { value: { b: {} }, rules: planIs('pro') }])).toBe(true);
    expect(await resolutionDependsOnRequest({ tools: [{ value: { a: {} }, rules: null }] }, { mode: 'standalone' })).toBe(false);
    expect(await resolutionDependsOnRequest({ tools: [{ value: { a: {} }, rules: null }] }, { mode: 'description-only' })).toBe(false);
  });

  it('[editor.request.static-refused] [editor.model.variant] a static resolution of variants whose rules are null succeeds and applies them', async () => {
    const registeredTools = { a: tool('a'), b: tool('b') };
    const resolved = await resolveAgentTools({ tools: [{ value: { a: {} }, rules: null }, { value: { b: {} } }] }, { mode: 'standalone', registeredTools });
    expect(Object.keys(resolved.tools)).toEqual(['a', 'b']);
  });

  it('[editor.request.depends] possibleValues: nothing for an absent field, the value of a plain one, each variant\'s value in order', () => {
    expect(possibleValues(undefined)).toEqual([]);
    expect(possibleValues(null)).toEqual([]);
    const plain = { a: {} };
    expect(possibleValues(plain)).toEqual([plain]);
    expect(possibleValues([{ value: { a: {} }, rules: planIs('x') }, { value: { b: {} } }])).toEqual([{ a: {} }, { b: {} }]);
  });
});

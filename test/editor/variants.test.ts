import { describe, expect, it } from 'vitest';
import { resolveAgentTools, resolveConditionalField, type ConditionalVariant, type RuleGroup, type ToolSelection } from '../../src/editor/index.js';
import { tool } from './fakes.js';
import type { StoredMcpClient } from '../../src/editor/mcp/index.js';

const planIs = (plan: string): RuleGroup => ({ operator: 'AND', conditions: [{ field: 'plan', operator: 'equals', value: plan }] });

describe('conditional variants', () => {
  it('[editor.variants.merge] unruled and matching variants merge shallowly in array order', () => {
    const field: ConditionalVariant<ToolSelection>[] = [
      { value: { a: { description: 'base A' }, b: {} } },
      { value: { a: { description: 'pro A' }, c: {} }, rules: planIs('pro') },
      { value: { d: {} }, rules: planIs('free') },
      { value: { a: {} } , rules: null },
    ];
    const resolved = resolveConditionalField<ToolSelection>(field, { plan: 'pro' });
    expect(resolved).toEqual({ a: {}, b: {}, c: {} });
    expect(Object.keys(resolved!)).toEqual(['a', 'b', 'c']);
    expect(resolveConditionalField<ToolSelection>(field.slice(0, 3), { plan: 'pro' })).toEqual({ a: { description: 'pro A' }, b: {}, c: {} });
    expect(resolveConditionalField<ToolSelection>(field.slice(0, 3), { plan: 'free' })).toEqual({ a: { description: 'base A' }, b: {}, d: {} });
  });

  it('[editor.variants.merge] a later variant replaces an earlier entry of the same key entirely', () => {
    const field = [
      { value: { a: { description: 'first', rules: planIs('x') } } },
      { value: { a: { rules: planIs('y') } } },
    ];
    expect(resolveConditionalField<ToolSelection>(field, {})).toEqual({ a: { rules: planIs('y') } });
  });

  it('[editor.variants.merge] a plain value is used as is, and an absent field gives nothing', () => {
    const plain = { a: {} };
    expect(resolveConditionalField<ToolSelection>(plain, {})).toBe(plain);
    expect(resolveConditionalField<ToolSelection>(undefined, {})).toBeUndefined();
    expect(resolveConditionalField<ToolSelection>(null, {})).toBeUndefined();
  });

  it('[editor.variants.none] when no variant applies, the field contributes nothing', async () => {
    const field = [{ value: { search: {} }, rules: planIs('pro') }];
    expect(resolveConditionalField<ToolSelection>(field, { plan: 'free' })).toBeUndefined();
    expect(resolveConditionalField<ToolSelection>([], { plan: 'free' })).toBeUndefined();
    const result = await resolveAgentTools(
      { tools: field },
      { mode: 'override', codeTools: { code: tool('code') }, registeredTools: { search: tool('search') }, requestContext: { plan: 'free' } },
    );
    expect(Object.keys(result.tools)).toEqual(['code']);
  });

  it('[editor.variants.tool-rules-ignored] per-tool rules are never evaluated: a tool whose rules fail is still selected', async () => {
    const config = {
      tools: { search: { rules: planIs('enterprise') } },
      mcpClients: { docs: { tools: { lookup: { rules: planIs('enterprise') } } } },
    };
    const { FakeLoader, storedClient } = await import('./fakes.js');
    const loader = new FakeLoader({ docs: { main: { lookup: tool('lookup') } } });
    const result = await resolveAgentTools(config, {
      mode: 'standalone',
      registeredTools: { search: tool('search') },
      mcpClients: { docs: storedClient({ main: {} }) },
      mcpLoader: loader,
      requestContext: { plan: 'free' },
    });
    expect(Object.keys(result.tools)).toEqual(['search', 'main_lookup']);
  });

  it('[editor.variants.tool-rules-ignored] [mcp.schema.tool-entry] rules on a stored server\'s tool entry are kept as data and never evaluated', async () => {
    const { FakeLoader } = await import('./fakes.js');
    // Rules that would throw if evaluated (unknown operator), and rules that fail in this request.
    const unevaluable = { operator: 'AND', conditions: [{ field: 'plan', operator: 'like', value: 'x' }] };
    const client: StoredMcpClient = {
      name: 'client',
      servers: { main: { type: 'stdio' as const, command: 'node', tools: { lookup: { description: 'Server L', rules: unevaluable }, fetch: { rules: planIs('enterprise') } } } },
    };
    const loader = new FakeLoader({ docs: { main: { lookup: tool('lookup'), fetch: tool('fetch'), other: tool('other') } } });
    const result = await resolveAgentTools(
      { mcpClients: { docs: { tools: {} } } },
      { mode: 'standalone', mcpClients: { docs: client }, mcpLoader: loader, requestContext: { plan: 'free' } },
    );
    expect(Object.keys(result.tools)).toEqual(['main_lookup', 'main_fetch']);
    expect(result.tools.main_lookup?.description).toBe('Server L');
    expect(result.diagnostics).toEqual([]);
  });

  it('[editor.variants.tool-rules-ignored] per-tool rules are still validated', async () => {
    await expect(
      resolveAgentTools({ tools: { search: { rules: { operator: 'AND', conditions: [{ field: 'p', operator: 'like', value: 'x' }] } } } }, { mode: 'standalone', requestContext: {} }),
    ).rejects.toThrowError(/tools\.search\.rules\.conditions\.0\.operator: unknown operator "like"/);
  });
});

import { describe, expect, it } from 'vitest';
import {
  agentToolConfigSchema,
  EditorConfigError,
  parseAgentToolConfig,
  ruleGroupSchema,
  toolEntrySchema,
} from '../../src/editor/index.js';

function issuesOf(input: unknown): string[] {
  try {
    parseAgentToolConfig(input);
  } catch (error) {
    expect(error).toBeInstanceOf(EditorConfigError);
    return (error as EditorConfigError).issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  }
  return [];
}

const rulesOk = { operator: 'AND', conditions: [{ field: 'user.plan', operator: 'equals', value: 'pro' }] };

describe('stored agent tool fields', () => {
  it('[editor.model.fields] each field may be absent, null, a plain value or variants; other agent fields are ignored', () => {
    const parsed = parseAgentToolConfig({
      name: 'support',
      model: { provider: 'openai', name: 'gpt' },
      tools: { search: {} },
      mcpClients: null,
      integrationTools: [{ value: { composio: { tools: {} } } }],
    });
    expect(parsed).toEqual({ tools: { search: {} }, mcpClients: null, integrationTools: [{ value: { composio: { tools: {} } } }] });
    expect(parseAgentToolConfig({})).toEqual({});
  });

  it('[editor.model.fields] a field that is neither a map nor an array is rejected', () => {
    expect(issuesOf({ tools: 'search' })[0]).toMatch(/^tools: /);
    expect(issuesOf({ toolProviders: 3 })[0]).toMatch(/^toolProviders: /);
  });

  it('[editor.model.variant] any array is read as variants of { value, rules? }', () => {
    const parsed = parseAgentToolConfig({ tools: [{ value: { a: {} }, rules: rulesOk }, { value: { b: {} }, rules: null }] });
    expect(Array.isArray(parsed.tools)).toBe(true);
    expect(issuesOf({ tools: ['search'] })[0]).toMatch(/^tools\.0: /);
    expect(issuesOf({ tools: [{ value: { a: {} }, when: rulesOk }] })).toEqual(['tools.0: Unrecognized key: "when"']);
    expect(issuesOf({ mcpClients: [{ value: { docs: { tools: 3 } } }] })[0]).toMatch(/^mcpClients\.0\.value\.docs\.tools: /);
  });

  it('[editor.model.tool-entry] a per-tool entry has only description and rules', () => {
    expect(toolEntrySchema.parse({ description: 'd', rules: rulesOk })).toEqual({ description: 'd', rules: rulesOk });
    expect(toolEntrySchema.safeParse({ desc: 'd' }).success).toBe(false);
    expect(toolEntrySchema.safeParse({ description: 3 }).success).toBe(false);
    expect(issuesOf({ tools: { search: { description: 'x', enabled: true } } })).toEqual(['tools.search: Unrecognized key: "enabled"']);
  });

  it('[editor.model.tools-field] tools maps non-empty registered ids to entries', () => {
    expect(parseAgentToolConfig({ tools: { a: {}, b: { description: 'B' } } }).tools).toEqual({ a: {}, b: { description: 'B' } });
    expect(() => parseAgentToolConfig({ tools: { '': {} } })).toThrowError(/^Invalid agent tool configuration: tools\[""\]: /);
  });

  it('[editor.model.mcp-reference] mcpClients maps client ids to { tools? }', () => {
    expect(parseAgentToolConfig({ mcpClients: { docs: {}, web: { tools: { web_fetch: { description: 'F' } } } } }).mcpClients).toEqual({
      docs: {},
      web: { tools: { web_fetch: { description: 'F' } } },
    });
    expect(issuesOf({ mcpClients: { docs: { tools: {}, headers: { a: 'b' } } } })).toEqual(['mcpClients.docs: Unrecognized key: "headers"']);
  });

  it('[editor.model.integration-reference] integrationTools maps provider ids to { tools? }', () => {
    expect(parseAgentToolConfig({ integrationTools: { composio: { tools: { GMAIL_SEND: {} } } } }).integrationTools).toEqual({
      composio: { tools: { GMAIL_SEND: {} } },
    });
    expect(issuesOf({ integrationTools: { composio: { tools: [] } } })[0]).toMatch(/^integrationTools\.composio\.tools: /);
  });

  it('[editor.model.tool-provider-config] toolProviders maps provider ids to { tools, connections? }', () => {
    const value = {
      arcade: {
        tools: { 'gmail.send': { toolkit: 'gmail', description: 'Send' } },
        connections: { gmail: [{ kind: 'author', connectionId: 'c1', toolkit: 'gmail', label: 'Work', scope: 'per-author' }] },
      },
    };
    expect(parseAgentToolConfig({ toolProviders: value }).toolProviders).toEqual(value);
    expect(issuesOf({ toolProviders: { arcade: {} } })[0]).toMatch(/^toolProviders\.arcade\.tools: /);
    expect(
      issuesOf({ toolProviders: { arcade: { tools: {}, connections: { gmail: [{ kind: 'robot', connectionId: 'c', toolkit: 'gmail' }] } } } })[0],
    ).toMatch(/^toolProviders\.arcade\.connections\.gmail\.0\.kind: /);
  });

  it('[editor.model.validation-path] every issue names its path, and the message lists them all', () => {
    const input = {
      tools: { a: { description: 1 } },
      mcpClients: { docs: { tools: { search: { rules: { operator: 'AND', conditions: [{ field: 'x', operator: 'gt', value: 1 }] } } } } },
    };
    const issues = issuesOf(input);
    expect(issues).toHaveLength(2);
    expect(issues[0]).toMatch(/^tools\.a\.description: /);
    expect(issues[1]).toMatch(/^mcpClients\.docs\.tools\.search\.rules\.conditions\.0\.operator: unknown operator "gt"; use one of equals, /);
    expect(() => parseAgentToolConfig(input)).toThrowError(/Invalid agent tool configuration: tools\.a\.description: .*; mcpClients\.docs/);
    expect(agentToolConfigSchema.safeParse(input).success).toBe(false);
  });

  it('[editor.model.empty-description] an empty description is a valid entry', () => {
    expect(toolEntrySchema.parse({ description: '' })).toEqual({ description: '' });
  });
});

describe('stored rule groups', () => {
  it('[editor.rules.depth] groups nest at most three levels in a stored configuration', () => {
    const leaf = { field: 'x', operator: 'exists' };
    const three = { operator: 'AND', conditions: [{ operator: 'OR', conditions: [{ operator: 'AND', conditions: [leaf] }] }] };
    const four = { operator: 'AND', conditions: [{ operator: 'OR', conditions: [{ operator: 'AND', conditions: [{ operator: 'OR', conditions: [] }] }] }] };
    expect(ruleGroupSchema.safeParse(three).success).toBe(true);
    const bad = ruleGroupSchema.safeParse(four);
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['conditions', 0, 'conditions', 0, 'conditions', 0]);
    expect(bad.error?.issues[0]?.message).toMatch(/nest at most 3 levels/);
  });

  it('[editor.rules.depth] the depth limit applies to variant rules and per-tool rules of a stored configuration', () => {
    const leaf = { field: 'x', operator: 'exists' };
    const nest = (levels: number): object => (levels === 1 ? { operator: 'AND', conditions: [leaf] } : { operator: 'OR', conditions: [nest(levels - 1)] });
    expect(issuesOf({ tools: [{ value: {}, rules: nest(3) }], mcpClients: { docs: { tools: { s: { rules: nest(3) } } } } })).toEqual([]);
    const deep = issuesOf({ tools: [{ value: {}, rules: nest(4) }], mcpClients: { docs: { tools: { s: { rules: nest(4) } } } } });
    expect(deep).toHaveLength(2);
    expect(deep[0]).toMatch(/^tools\.0\.rules\.conditions\.0\.conditions\.0\.conditions\.0: rule groups nest at most 3 levels/);
    expect(deep[1]).toMatch(/^mcpClients\.docs\.tools\.s\.rules\.conditions\.0\.conditions\.0\.conditions\.0: rule groups nest at most 3 levels/);
  });

  it('[editor.rules.unknown-operator] unknown operators and group operators are validation errors of the config', () => {
    expect(issuesOf({ tools: [{ value: {}, rules: { operator: 'XOR', conditions: [] } }] })).toEqual([
      'tools.0.rules.operator: unknown group operator "XOR"; use "AND" or "OR"',
    ]);
    expect(issuesOf({ tools: [{ value: {}, rules: { operator: 'OR', conditions: [{ field: 'a', operator: 'matches', value: 'x' }] } }] })[0]).toMatch(
      /^tools\.0\.rules\.conditions\.0\.operator: unknown operator "matches"/,
    );
  });

  it('[editor.rules.operand-types] operands are checked against their operator in stored configs', () => {
    const at = (rule: object) => issuesOf({ tools: [{ value: {}, rules: { operator: 'AND', conditions: [rule] } }] });
    expect(at({ field: 'a', operator: 'in', value: 'pro' })).toEqual(['tools.0.rules.conditions.0.value: operator "in" needs an array value, e.g. ["pro", "team"]']);
    expect(at({ field: 'a', operator: 'less_than', value: '3' })[0]).toMatch(/value: operator "less_than" needs a finite number/);
    expect(at({ field: 'a', operator: 'equals' })[0]).toMatch(/value: operator "equals" needs a value/);
    expect(at({ field: 'a.', operator: 'exists' })[0]).toMatch(/field: field "a\." has an empty segment/);
    expect(at({ field: 'a', operator: 'exists', value: 'ignored' })).toEqual([]);
  });

  it('[editor.rules.leaf] a leaf has field, operator and optional value only', () => {
    const at = (rule: object) => issuesOf({ tools: [{ value: {}, rules: { operator: 'AND', conditions: [rule] } }] });
    expect(at({ field: 'a', operator: 'exists', negate: true })).toEqual(['tools.0.rules.conditions.0: Unrecognized key: "negate"']);
    expect(at({ operator: 'exists' })[0]).toMatch(/^tools\.0\.rules\.conditions\.0\.field: /);
  });
});

/**
 * The editor conformance suite lints itself: schema-valid case files, a fresh
 * checked-in JSON Schema, unique IDs, rules that exist in spec/editor.md or
 * spec/mcp.md, short descriptions and declared features.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SpecRule } from '../../src/conformance/index.js';
import {
  editorCaseFileJsonSchema,
  editorCaseFileSchema,
  editorCaseSchema,
  editorCasesDir,
  editorSchemaPath,
  lintEditorSuite,
  loadEditorCases,
  usedEditorFeatures,
  type EditorCaseInput,
  type LoadedEditorCase,
} from '../../src/conformance/editor/index.js';
import { parseRules } from '../support/spec-rules.js';

const suite = loadEditorCases(editorCasesDir());
const specRules: SpecRule[] = parseRules().rules.map((r) => ({ id: r.id, file: r.file }));

/** A minimal valid case; tests change one thing at a time. */
const base = (over: Partial<EditorCaseInput> = {}): EditorCaseInput =>
  ({
    id: 'editor.rules/example',
    rules: ['editor.rules.equals'],
    description: 'an example case',
    op: 'evaluate',
    group: { operator: 'AND', conditions: [{ field: 'plan', operator: 'equals', value: 'pro' }] },
    context: { plan: 'pro' },
    expect: { holds: true },
    ...over,
  }) as EditorCaseInput;
const loaded = (...inputs: EditorCaseInput[]): LoadedEditorCase[] => inputs.map((c) => ({ case: editorCaseSchema.parse(c), file: 'x.json' }));
const lint = (cases: LoadedEditorCase[]) => lintEditorSuite({ cases, problems: [], rules: specRules });

describe('the bundled editor suite', () => {
  it('[editor.rules.group] [editor.variants.merge] [editor.order.sources] [editor.mcp.server-allow-list] [editor.mcp.namespace-parse] [editor.descriptions.mcp-precedence] the bundled editor cases pass the lint', () => {
    expect(suite.problems).toEqual([]);
    expect(suite.cases.length).toBeGreaterThanOrEqual(50);
    expect(lintEditorSuite({ ...suite, rules: specRules })).toEqual([]);
    // Six topics, one folder each.
    expect(new Set(suite.cases.map((c) => c.file.split('/')[0]))).toEqual(
      new Set(['rules', 'merge-order', 'allow-lists', 'namespacing', 'descriptions', 'variants']),
    );
  });

  it('[editor.model.validation-path] the checked-in JSON Schema is what the zod definitions generate', () => {
    // Regenerate: write editorCaseFileJsonSchema() to editorSchemaPath().
    expect(readFileSync(editorSchemaPath(), 'utf8')).toBe(editorCaseFileJsonSchema());
  });

  it('[editor.rules.leaf] [editor.rules.operand-types] every rule operator is exercised by a case, incl. missing fields and type mismatches', () => {
    const operators = new Set<string>();
    const visit = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(visit);
      else if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        if (typeof o.field === 'string' && typeof o.operator === 'string') operators.add(o.operator);
        Object.values(o).forEach(visit);
      }
    };
    for (const { case: c } of suite.cases) visit(c.op === 'evaluate' ? c.group : c.config);
    for (const op of ['equals', 'not_equals', 'contains', 'not_contains', 'greater_than', 'less_than', 'greater_than_or_equal', 'less_than_or_equal', 'in', 'not_in', 'exists', 'not_exists']) {
      expect(operators.has(op), op).toBe(true);
    }
  });
});

describe('editor case format', () => {
  it('[editor.rules.group] a case needs id, rules, description, op and expect; unknown keys are rejected', () => {
    expect(editorCaseSchema.safeParse(base()).success).toBe(true);
    for (const key of ['id', 'rules', 'description', 'op', 'expect'] as const) {
      const { [key]: _dropped, ...rest } = base();
      expect(editorCaseSchema.safeParse(rest).success, key).toBe(false);
    }
    expect(editorCaseSchema.safeParse({ ...base(), extra: 1 }).success).toBe(false);
    expect(editorCaseSchema.safeParse(base({ id: 'search.rank/x' })).success).toBe(false);
    expect(editorCaseFileSchema.safeParse([]).success).toBe(false);
  });

  it('[editor.mcp.server-allow-list] a resolve case gives MCP servers as data: an optional tools map and the offered tools', () => {
    const c = editorCaseSchema.parse({
      id: 'editor.allow-lists/example',
      rules: ['editor.mcp.server-allow-list'],
      description: 'an example',
      features: ['mcp'],
      op: 'resolve',
      config: { mcpClients: { docs: { tools: {} } } },
      mcpClients: { docs: { name: 'Docs', servers: { docs: { tools: {}, offers: [{ id: 'search', description: 'Search' }] } } } },
      expect: { tools: ['docs_search'] },
    });
    expect(c.op === 'resolve' && c.mode).toBe('standalone');
    expect([...usedEditorFeatures(c)]).toEqual(['mcp']);
    expect(
      editorCaseSchema.safeParse({ ...c, mcpClients: { docs: { name: 'Docs', servers: { docs: { type: 'stdio', offers: [] } } } } }).success,
    ).toBe(false);
  });
});

describe('editor lint findings', () => {
  it('[editor.rules.equals] duplicate IDs, unknown rules, long descriptions and "should" are reported', () => {
    const findings = lint(
      loaded(
        base(),
        base(),
        base({ id: 'editor.rules/b', rules: ['editor.rules.nope'] }),
        base({ id: 'editor.rules/c', rules: ['search.rank.tie-break'] }),
        base({ id: 'editor.rules/d', description: 'x'.repeat(70) }),
        base({ id: 'editor.rules/e', description: 'equals should hold' }),
      ),
    );
    expect(findings.some((f) => f.includes('editor.rules/example: the ID is also used'))).toBe(true);
    expect(findings.some((f) => f.includes('cites editor.rules.nope'))).toBe(true);
    // A rule of another spec file is not an editor rule.
    expect(findings.some((f) => f.includes('cites search.rank.tie-break'))).toBe(true);
    expect(findings.some((f) => f.includes('says "should"'))).toBe(true);
    expect(findings.filter((f) => f.includes('editor.rules/d'))).toEqual([]);
    expect(editorCaseSchema.safeParse(base({ description: 'x'.repeat(71) })).success).toBe(false);
  });

  it('[editor.descriptions.only-mode] a case using code agents, MCP or diagnostics without declaring the feature is reported', () => {
    const c: EditorCaseInput = {
      id: 'editor.descriptions/undeclared',
      rules: ['editor.descriptions.only-mode'],
      description: 'undeclared features',
      op: 'resolve',
      mode: 'description-only',
      codeTools: [{ id: 'search', description: 'Search' }],
      config: { tools: {} },
      expect: { tools: ['search'], diagnostics: [] },
    };
    const findings = lint(loaded(c));
    expect(findings).toEqual([expect.stringContaining('uses undeclared feature(s) diagnostics, code-agents')]);
    expect(lint(loaded({ ...c, features: ['code-agents', 'diagnostics'] }))).toEqual([]);
  });
});

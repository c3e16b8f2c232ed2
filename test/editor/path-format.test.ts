import { describe, expect, it } from 'vitest';
import { EditorConfigError, formatPath } from '../../src/editor/errors.js';
import { McpClientValidationError, toConfigIssues } from '../../src/editor/mcp/errors.js';
import { storedMcpClientSchema } from '../../src/editor/mcp/schema.js';

describe('one path formatter for editor errors', () => {
  it('[editor.model.validation-path] formatPath: dotted segments, indexes as segments, odd keys as JSON in brackets, (root)', () => {
    expect(formatPath([])).toBe('(root)');
    expect(formatPath(['mcpClients', 'docs', 'tools', 'search', 'rules', 'conditions', 0, 'operator'])).toBe(
      'mcpClients.docs.tools.search.rules.conditions.0.operator',
    );
    expect(formatPath(['tools', 'a.b', ''])).toBe('tools["a.b"][""]');
    expect(formatPath([Symbol('s')])).toBe('["Symbol(s)"]');
  });

  it('[mcp.storage.validate] stored MCP client issues use the same formatter as EditorConfigError', () => {
    const parsed = storedMcpClientSchema.safeParse({ name: 'docs', servers: { 'my.server': { type: 'stdio', command: 'node', args: [3] } } });
    expect(parsed.success).toBe(false);
    const issues = toConfigIssues(parsed.error!);
    expect(issues.map((i) => i.path)).toContain('servers["my.server"].args.0');
    const mcpError = new McpClientValidationError('create input', issues);
    const editorError = new EditorConfigError('agent tool configuration', [{ path: ['servers', 'my.server', 'args', 0], message: 'x' }]);
    expect(mcpError.message).toContain('servers["my.server"].args.0: ');
    expect(editorError.message).toContain('servers["my.server"].args.0: x');
    expect(new McpClientValidationError('create input', toConfigIssues(storedMcpClientSchema.safeParse(3).error!)).message).toMatch(/- \(root\): /);
  });
});

/**
 * Errors of the editor core.
 *
 * @module
 */

/** One problem in a configuration: where it is and what is wrong. */
export interface ConfigIssue {
  /** Path from the root of the validated value, e.g. `['mcpClients', 'docs', 'tools']`. */
  path: readonly (string | number)[];
  /** What is wrong and how to fix it. */
  message: string;
}

/**
 * Formats a path as `a.b.0.c`, or `(root)` for the empty path. A segment that is
 * empty or holds characters other than letters, digits, `_`, `$` and `-` is
 * written as a JSON string in brackets: `tools[""]`, `tools["a.b"]`.
 *
 * The one path formatter of every editor error: `EditorConfigError`, the stored MCP
 * client errors (`McpConfigIssue.path`) and the MCP loader's invalid-server diagnostics.
 *
 * @see r[editor.model.validation-path] r[mcp.storage.validate]
 */
export function formatPath(path: readonly (string | number | symbol)[]): string {
  if (path.length === 0) return '(root)';
  return path
    .map((segment, i) => {
      const text = String(segment);
      if (/^[A-Za-z0-9_$-]+$/.test(text)) return i === 0 ? text : `.${text}`;
      return `[${JSON.stringify(text)}]`;
    })
    .join('');
}

/**
 * A stored configuration (agent tool fields or a rule group) is invalid.
 * The message lists every issue with its path.
 *
 * @see r[editor.model.validation-path] r[editor.rules.unknown-operator]
 */
export class EditorConfigError extends Error {
  /** Every problem found, each with its path. */
  readonly issues: readonly ConfigIssue[];

  /**
   * @param what - what was being validated, e.g. `agent tool configuration`.
   * @param issues - the problems found.
   */
  constructor(what: string, issues: readonly ConfigIssue[]) {
    super(`Invalid ${what}: ${issues.map((i) => `${formatPath(i.path)}: ${i.message}`).join('; ')}`);
    this.name = 'EditorConfigError';
    this.issues = issues;
  }
}

/**
 * A resolution was asked for in a way the spec forbids (for instance, a static
 * resolution of a configuration that depends on the request).
 *
 * @see r[editor.request.static-refused]
 */
export class EditorResolutionError extends Error {
  /** A stable code: `request-required` or `invalid-options`. */
  readonly code: 'request-required' | 'invalid-options';

  /**
   * @param code - the stable code.
   * @param message - what is wrong and how to fix it.
   */
  constructor(code: 'request-required' | 'invalid-options', message: string) {
    super(message);
    this.name = 'EditorResolutionError';
    this.code = code;
  }
}

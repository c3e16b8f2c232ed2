/**
 * Errors raised by the stored MCP client namespace and the MCP tool loader.
 *
 * @see r[mcp.storage.validate] r[mcp.storage.not-found] r[mcp.storage.duplicate-id]
 * @module
 */
import type { z } from 'zod';
import { formatPath } from '../errors.js';

/** One schema violation, with the dotted path of the offending value. */
export interface McpConfigIssue {
  /** Path into the config as {@link formatPath} writes it, e.g. `servers.docs.headers`; `(root)` for the root. */
  readonly path: string;
  /** What is wrong at that path. */
  readonly message: string;
}

/** Converts zod issues into {@link McpConfigIssue}s, naming unknown keys in the path. */
export function toConfigIssues(error: z.ZodError): McpConfigIssue[] {
  const issues: McpConfigIssue[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        issues.push({
          path: formatPath([...issue.path, key]),
          message: `unknown key "${key}" is not part of a stored MCP client; remove it`,
        });
      }
      continue;
    }
    issues.push({ path: formatPath(issue.path), message: issue.message });
  }
  return issues;
}

/**
 * A stored MCP client config failed validation. The message lists every bad path.
 *
 * @see r[mcp.storage.validate]
 */
export class McpClientValidationError extends Error {
  /** Machine-readable error code. */
  readonly code = 'invalid-mcp-client' as const;
  /** Every violation, with its path. */
  readonly issues: readonly McpConfigIssue[];

  /**
   * @param context - what was being validated, e.g. `create input` or `stored MCP client "docs"`.
   * @param issues - the violations.
   */
  constructor(context: string, issues: readonly McpConfigIssue[]) {
    const lines = issues.map((i) => `  - ${i.path}: ${i.message}`);
    super(`Invalid ${context}:\n${lines.join('\n')}`);
    this.name = 'McpClientValidationError';
    this.issues = issues;
  }
}

/**
 * No stored MCP client has the given id.
 *
 * @see r[mcp.storage.not-found]
 */
export class McpClientNotFoundError extends Error {
  /** Machine-readable error code. */
  readonly code = 'mcp-client-not-found' as const;
  /** The id that was looked up. */
  readonly id: string;

  /** @param id - the id that was looked up. */
  constructor(id: string) {
    super(`No stored MCP client has id "${id}"; create it first or check the id (list() shows the stored ids).`);
    this.name = 'McpClientNotFoundError';
    this.id = id;
  }
}

/**
 * A stored MCP client with the given id already exists.
 *
 * @see r[mcp.storage.duplicate-id]
 */
export class McpClientConflictError extends Error {
  /** Machine-readable error code. */
  readonly code = 'mcp-client-duplicate-id' as const;
  /** The id that is already taken. */
  readonly id: string;

  /** @param id - the id that is already taken. */
  constructor(id: string) {
    super(`A stored MCP client with id "${id}" already exists; choose another id or use update().`);
    this.name = 'McpClientConflictError';
    this.id = id;
  }
}

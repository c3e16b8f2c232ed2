/**
 * MCP tool namespacing: `serverName_toolName`.
 *
 * @module
 */

/**
 * The namespaced id of tool `toolName` of server `serverName`.
 *
 * @see r[editor.mcp.namespace]
 */
export function namespacedToolId(serverName: string, toolName: string): string {
  return `${serverName}_${toolName}`;
}

/** A namespaced name split into its server and bare tool name. */
export interface ParsedToolName {
  /** The server name. */
  serverName: string;
  /** The tool's name on that server. */
  toolName: string;
}

/**
 * Parses a possibly namespaced tool name against a client's known server names.
 *
 * Implements r[editor.mcp.namespace-parse]: among the server names `s` for which
 * `name` starts with `s + '_'` and has at least one character after it, the
 * longest wins. When none fits, `name` is bare and `undefined` is returned.
 *
 * @param name - an agent-level tool name or a namespaced id.
 * @param serverNames - the client's server names.
 */
export function parseNamespacedName(name: string, serverNames: Iterable<string>): ParsedToolName | undefined {
  let best: string | undefined;
  for (const server of serverNames) {
    const fits = name.length > server.length + 1 && name.startsWith(`${server}_`);
    if (fits && (best === undefined || server.length > best.length)) best = server;
  }
  return best === undefined ? undefined : { serverName: best, toolName: name.slice(best.length + 1) };
}

/**
 * Namespacing, allow-lists and descriptions of one stored MCP client's tools.
 *
 * @module
 */
import type { ResolutionDiagnostic } from '../diagnostics.js';
import type { ToolSelection } from '../config/schema.js';
import type { McpClientConfigLike } from '../sources.js';
import { withDescription, type ToolLike } from '../tool-like.js';
import { namespacedToolId, parseNamespacedName } from './namespace.js';

/** The tools one MCP client contributes, in order, with the diagnostics met. */
export interface McpSelection {
  /** `[namespacedId, tool]` pairs in contribution order. */
  tools: [string, ToolLike][];
  /** Collisions and other problems. */
  diagnostics: ResolutionDiagnostic[];
}

function nonEmpty(description: string | undefined): string | undefined {
  // Unlike @mastra/editor 0.14.0 (r[editor.model.empty-description]): for MCP tools the Editor chains descriptions
  // with ??, so an empty agent-level one hides the stored one.
  return description === undefined || description === '' ? undefined : description;
}

/**
 * Selects, namespaces and describes the loaded tools of one stored MCP client
 * for one agent.
 *
 * Implements r[editor.mcp.namespace], r[editor.mcp.namespace-parse],
 * r[editor.mcp.server-allow-list], r[editor.mcp.agent-allow-list],
 * r[editor.mcp.order] and r[editor.descriptions.mcp-precedence]:
 * 1. Visit the client's servers in stored order, and each server's loaded tools
 *    in the order the loader returned them. Servers the loader did not return
 *    contribute nothing.
 * 2. Server-level allow-list: when the stored server has a non-empty `tools`
 *    map, skip tools whose bare name is not a key of it.
 * 3. Namespace: the id is `serverName_toolName`. When that id parses (longest
 *    match) to another server, the tool is unreachable: skip it with an
 *    `mcp-namespace-collision` diagnostic.
 * 4. Agent-level allow-list: when `agentTools` is non-empty, keep the tool only
 *    if a key names it, either namespaced (a key that parses to this server and
 *    tool) or bare (a key that parses to no server and equals the tool name).
 * 5. Description: the agent's namespaced entry, else the agent's bare entry,
 *    else the server-level entry; empty strings count as absent. With one,
 *    the tool is replaced by a described copy.
 *
 * @param clientId - the stored client's id (for diagnostics).
 * @param client - the stored client configuration.
 * @param loaded - serverName -> bare tool name -> tool, from the loader.
 * @param agentTools - the agent's reference `tools` map (`{}` selects all).
 */
export function selectMcpTools(
  clientId: string,
  client: McpClientConfigLike,
  loaded: Readonly<Record<string, Readonly<Record<string, ToolLike>>>>,
  agentTools: ToolSelection,
): McpSelection {
  const serverNames = Object.keys(client.servers);
  const selectAll = Object.keys(agentTools).length === 0;
  // Agent-level keys, split once into namespaced references and bare names.
  const namespacedKeys = new Map<string, string>(); // namespaced id -> key
  const bareKeys = new Set<string>();
  for (const key of Object.keys(agentTools)) {
    const parsed = parseNamespacedName(key, serverNames);
    if (parsed) namespacedKeys.set(namespacedToolId(parsed.serverName, parsed.toolName), key);
    else bareKeys.add(key);
  }
  const tools: [string, ToolLike][] = [];
  const diagnostics: ResolutionDiagnostic[] = [];
  // Stored server order, loader tool order.
  for (const serverName of serverNames) {
    const serverTools = Object.hasOwn(loaded, serverName) ? loaded[serverName] : undefined;
    if (serverTools === undefined) continue;
    const serverAllow = client.servers[serverName]?.tools;
    // Unlike @mastra/editor 0.14.0 (r[editor.mcp.server-allow-list]): the Editor treats an explicitly empty
    // server-level map as selecting no tool.
    const serverFilters = serverAllow !== undefined && Object.keys(serverAllow).length > 0;
    for (const [toolName, tool] of Object.entries(serverTools)) {
      // Server-level allow-list.
      if (serverFilters && !Object.hasOwn(serverAllow, toolName)) continue;
      // Namespacing and ownership.
      const id = namespacedToolId(serverName, toolName);
      // Unlike @mastra/editor 0.14.0 (r[editor.mcp.namespace-parse]): the Editor splits at the first `_`, so for a
      // server named my_docs it finds server my.
      const owner = parseNamespacedName(id, serverNames);
      if (owner?.serverName !== serverName) {
        diagnostics.push({
          code: 'mcp-namespace-collision',
          source: 'mcp',
          clientId,
          serverName,
          toolId: id,
          message:
            owner === undefined
              ? `MCP server "${serverName}" in client "${clientId}" reports a tool with an empty name, which gets no id of its own ("${id}" names no tool); the tool is skipped`
              : `MCP tool "${toolName}" of server "${serverName}" in client "${clientId}" would get the id "${id}", ` +
                `which reads as tool "${owner.toolName}" of server "${owner.serverName}"; rename one of the servers so that neither name is a prefix of the other followed by "_"`,
        });
        continue;
      }
      // Agent-level allow-list.
      // Unlike @mastra/editor 0.14.0 (r[editor.mcp.agent-allow-list]): the Editor lets a key match either way
      // (namespaced or bare) at once.
      const namespacedKey = namespacedKeys.get(id);
      const bareKey = bareKeys.has(toolName) ? toolName : undefined;
      if (!selectAll && namespacedKey === undefined && bareKey === undefined) continue;
      // Description precedence.
      const description =
        nonEmpty(namespacedKey === undefined ? undefined : agentTools[namespacedKey]?.description) ??
        nonEmpty(bareKey === undefined ? undefined : agentTools[bareKey]?.description) ??
        nonEmpty(serverAllow?.[toolName]?.description);
      tools.push([id, description === undefined ? tool : withDescription(tool, description)]);
    }
  }
  return { tools, diagnostics };
}

/** Paths and helpers for the real MCP servers the MCP tests start. */
import { fileURLToPath } from 'node:url';
import type { StoredMcpServer } from '../../../src/editor/mcp/index.js';
import type { ToolLike } from '../../../src/editor/tool-like.js';

/** Our stdio fixture server (`add`, `echo`, `pid`, `env_dump`). */
export const stdioFixturePath = fileURLToPath(new URL('../fixtures/stdio-server.mjs', import.meta.url));

/** `@modelcontextprotocol/server-everything`'s entry file (its `mcp-server-everything` bin), run with node. */
export const everythingEntryPath = fileURLToPath(
  new URL('../../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url),
);

/** A stored stdio server running our fixture with `node`. */
export function fixtureServer(env?: Record<string, string>): StoredMcpServer {
  return { type: 'stdio', command: process.execPath, args: [stdioFixturePath], ...(env ? { env } : {}) };
}

/** Calls a loaded MCP tool and returns the text of its first content block. */
export async function callText(tool: ToolLike | undefined, args: Record<string, unknown>): Promise<string> {
  if (tool === undefined) throw new Error('tool not loaded');
  const execute = (tool as { execute?: unknown }).execute as (input: unknown, context: unknown) => Promise<unknown>;
  const result = (await execute.call(tool, args, {})) as { content?: Array<{ type: string; text?: string }> };
  const first = result.content?.[0];
  if (first?.type !== 'text' || first.text === undefined) throw new Error(`unexpected tool result ${JSON.stringify(result)}`);
  return first.text;
}

/** Whether a process with this pid is alive. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

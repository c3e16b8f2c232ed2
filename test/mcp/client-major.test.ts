/**
 * Which `@mastra/mcp` major this run of the MCP tests uses (vitest.config.ts runs them once per
 * major), and the loader's `mcpClientClass` option with the other major's class.
 */
import { MCPClient } from '@mastra/mcp';
import { MCPClient as MCPClientV2 } from '@mastra/mcp-v2';
import { describe, expect, it } from 'vitest';
import { createMcpToolLoader, type McpClientClass } from '../../src/mastra/mcp/index.js';
import { fixtureServer } from './support/servers.js';

const major = process.env.MCP_CLIENT_MAJOR;
/** `@mastra/mcp` 1.18.0's ESM build, by path: past vite's alias of the `mcp@2` run. */
const MCPClientV1 = ((await import('../../node_modules/@mastra/mcp/dist/index.js')) as { MCPClient: McpClientClass }).MCPClient;

describe(`@mastra/mcp ${major}.x`, () => {
  it('is the MCPClient that the source and the tests import as @mastra/mcp in this run', () => {
    expect(['1', '2']).toContain(major);
    expect(MCPClient).toBe(major === '2' ? MCPClientV2 : MCPClientV1);
    expect(MCPClientV2).not.toBe(MCPClientV1);
  });

  it('[mcp.loader.shape] mcpClientClass: the loader connects with the injected class (here the other major)', async () => {
    const other = (major === '2' ? MCPClientV1 : MCPClientV2) as McpClientClass;
    const made: string[] = [];
    const Counting = class extends other {
      constructor(options: ConstructorParameters<McpClientClass>[0]) {
        super(options);
        made.push(options.id);
      }
    } as McpClientClass;
    const loader = createMcpToolLoader({ mcpClientClass: Counting, stdioStderr: 'ignore' });
    try {
      const result = await loader.loadServerTools({ id: 'c', name: 'c', servers: { local: fixtureServer() } }, {});
      expect(result.diagnostics).toEqual([]);
      expect(Object.keys(result.servers.local ?? {}).sort()).toEqual(['add', 'echo', 'env_dump', 'pid']);
      expect(made).toHaveLength(1);
    } finally {
      await loader.close();
    }
  });
});

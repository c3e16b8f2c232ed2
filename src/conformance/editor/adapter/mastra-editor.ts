/**
 * The editor adapter for `@mastra/editor` 0.14.0, driven with `@mastra/core`'s
 * `InMemoryStore`, as `test/editor/mastra-editor-compat.test.ts` drives it:
 * a stored standalone agent is created and hydrated (`editor.agent.getById`),
 * a code-defined agent gets its stored overrides (`applyStoredOverrides`), and
 * the result is the agent's `listTools` for one request context.
 *
 * The Editor always builds a real `MCPClient` for a stored MCP client, so the
 * case's MCP data is served by a loopback HTTP MCP server ({@link startMcpDataServer}).
 * The Editor reports no diagnostics: the adapter does not claim `diagnostics`.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Mastra } from '@mastra/core';
import { Agent } from '@mastra/core/agent';
import { RequestContext } from '@mastra/core/request-context';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { MastraEditor, evaluateRuleGroup } from '@mastra/editor';
import type { ToolData } from '../case/schema.js';
import { startMcpDataServer, type McpDataServer } from './mcp-data-server.js';
import { ORIGIN_KEY, originOf, type EditorAdapter, type EvaluateObservation, type ResolveObservation, type ResolveRequest, type ToolOrigin } from './types.js';

const require = createRequire(import.meta.url);

/** The installed `@mastra/editor` version. */
export function mastraEditorVersion(): string {
  // `@mastra/editor` does not export its package.json: read it next to its resolved entry (`dist/`).
  const manifest = join(dirname(require.resolve('@mastra/editor')), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

const model = { provider: 'openai', name: 'gpt-4o' };

/** A Mastra tool built from data, marked with its source. */
function mastraTool(data: ToolData, origin: ToolOrigin) {
  const tool = createTool({ id: data.id, description: data.description, execute: async () => ({ ran: data.id }) });
  Object.defineProperty(tool, ORIGIN_KEY, { value: origin, enumerable: true, writable: true, configurable: true });
  return tool;
}

const record = (tools: ToolData[], origin: ToolOrigin) => Object.fromEntries(tools.map((t) => [t.id, mastraTool(t, origin)]));

/** An Editor integration provider (its `ToolProvider` shape) over data. */
function integrationProvider(id: string, tools: ToolData[]) {
  const byId = record(tools, 'integration');
  return {
    info: { id, name: id },
    listTools: async () => ({ data: tools.map((t) => ({ slug: t.id, name: t.id })) }),
    resolveTools: async (slugs: string[]) => Object.fromEntries(slugs.filter((s) => Object.hasOwn(byId, s)).map((s) => [s, byId[s]])),
  };
}

/** Resolves one request through a fresh Mastra + Editor over in-memory storage. */
async function resolveWithEditor(request: ResolveRequest, mcp: () => Promise<McpDataServer>): Promise<Record<string, unknown>> {
  const toolProviders = Object.fromEntries(Object.entries(request.integrations).map(([id, tools]) => [id, integrationProvider(id, tools)]));
  const editor = new MastraEditor({ toolProviders } as never);
  const agentId = 'conformance-agent';
  const code =
    request.mode === 'standalone'
      ? undefined
      : new Agent({
          id: agentId,
          name: agentId,
          instructions: 'conformance',
          model: 'openai/gpt-4o',
          tools: record(request.codeTools, 'code'),
          ...(request.mode === 'description-only' ? { editor: { tools: { description: true } } } : {}),
        });
  new Mastra({
    storage: new InMemoryStore(),
    editor,
    logger: false,
    tools: record(request.registered, 'registered'),
    ...(code ? { agents: { [agentId]: code } } : {}),
  });
  for (const [clientId, client] of Object.entries(request.mcpClients)) {
    const server = await mcp();
    const servers = Object.fromEntries(
      Object.entries(client.servers).map(([name, s]) => [
        name,
        { type: 'http', url: server.serve(s.offers), timeout: 10_000, ...(s.tools !== undefined ? { tools: s.tools } : {}) },
      ]),
    );
    await editor.mcp.create({ id: clientId, name: client.name, servers } as never);
  }
  await editor.agent.create({ id: agentId, name: agentId, instructions: 'conformance', model, ...request.config } as never);
  const requestContext: RequestContext = new RequestContext(Object.entries(request.requestContext));
  if (code) {
    const fork = await editor.agent.applyStoredOverrides(code as never, { status: 'draft' });
    return (await fork.listTools({ requestContext })) as Record<string, unknown>;
  }
  const agent = await editor.agent.getById(agentId);
  if (!agent) throw new Error(`the Editor did not hydrate the stored agent ${agentId}`);
  return (await agent.listTools({ requestContext })) as Record<string, unknown>;
}

/**
 * The `@mastra/editor` 0.14.0 adapter. It claims every feature but
 * `diagnostics` (the Editor only logs problems). It starts a loopback HTTP MCP
 * server on first use; `close()` stops it.
 */
export function mastraEditorAdapter(): EditorAdapter {
  let server: Promise<McpDataServer> | undefined;
  const mcp = () => (server ??= startMcpDataServer());
  return {
    implementation: { name: '@mastra/editor', version: mastraEditorVersion() },
    features: ['mcp', 'integrations', 'code-agents'],
    async evaluate({ group, context }): Promise<EvaluateObservation> {
      try {
        return { outcome: 'holds', holds: evaluateRuleGroup(group as never, context) };
      } catch (error) {
        return { outcome: 'error', code: 'exception', message: error instanceof Error ? error.message : String(error) };
      }
    },
    async resolve(request): Promise<ResolveObservation> {
      try {
        const tools = await resolveWithEditor(request, mcp);
        return {
          outcome: 'tools',
          tools: Object.entries(tools).map(([id, tool]) => ({
            id,
            description: (tool as { description?: string }).description,
            origin: originOf(tool, 'mcp'),
          })),
          diagnostics: [],
        };
      } catch (error) {
        return { outcome: 'error', code: 'exception', message: error instanceof Error ? error.message : String(error) };
      }
    },
    async close() {
      if (server) await (await server).close();
    },
  };
}

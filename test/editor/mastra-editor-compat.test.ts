/**
 * Differential tests against `@mastra/editor` 0.14.0, driven with `@mastra/core`'s
 * `InMemoryStore`: the same stored configuration resolved by the Editor (through a
 * hydrated stored agent's `listTools`) and by `resolveAgentTools`.
 *
 * Tests named "agrees" expect the same result. Tests named "differs" assert the
 * Editor's behaviour AND ours, so that a change on either side fails here: each is
 * a line of the expectations list below, and the spec rule it cites carries the
 * matching "Unlike @mastra/editor 0.14.0" note.
 *
 * | rule | Editor 0.14.0 | here |
 * | --- | --- | --- |
 * | editor.rules.unknown-operator | unknown operator → false, unknown group operator → OR | validation error |
 * | editor.descriptions.copy | described tool is a plain object | keeps the Tool prototype |
 * | editor.mcp.namespace-parse | server `my_docs` read as `my`: server allow-list ignored | longest match: allow-list applied |
 * | editor.mcp.agent-allow-list | bare agent name `add` misses `my_docs_add` | bare name matches |
 * | editor.mcp.server-allow-list | empty server map selects no tool | empty map selects all |
 * | editor.request.static-refused / editor.mcp.auth-token | static standalone agent: no token reaches the HTTP server | static refused; per request the token arrives |
 *
 * The stdio and HTTP MCP servers are the MCP tests' fixtures (test/mcp/fixtures).
 */
import { Mastra } from '@mastra/core';
import { Agent } from '@mastra/core/agent';
import { RequestContext } from '@mastra/core/request-context';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { MastraEditor, evaluateRuleGroup as editorEvaluateRuleGroup } from '@mastra/editor';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  EditorResolutionError,
  evaluateRuleGroup,
  resolveAgentTools,
  type RuleGroup,
  type ToolLike,
} from '../../src/editor/index.js';
import type { StoredMcpClient } from '../../src/editor/mcp/index.js';
import { createMcpToolLoader, type ClosableMcpToolLoader } from '../../src/mastra/mcp/index.js';
import { startHttpMcpFixture, type HttpMcpFixture } from '../mcp/fixtures/http-server.js';
import { callText, stdioFixturePath } from '../mcp/support/servers.js';
import { context as contextArb, ruleGroup as ruleGroupArb } from './arbitraries.js';

const codeTool = (id: string) =>
  createTool({ id, description: `${id} (code)`, inputSchema: z.object({}), execute: async () => ({ ran: id }) });

/** A Mastra with an Editor over in-memory storage and two registered tools. */
function editorWorld() {
  const registered = { search: codeTool('search'), fetch: codeTool('fetch') };
  const editor = new MastraEditor();
  new Mastra({ storage: new InMemoryStore(), editor, logger: false, tools: registered });
  return { editor, registered };
}

const model = { provider: 'openai', name: 'gpt-4o' };

/** The tools the Editor resolves for a stored standalone agent and one request. */
async function editorTools(editor: MastraEditor, id: string, config: object, ctx: Record<string, unknown>) {
  await editor.agent.create({ id, name: id, instructions: 'test', model, ...config } as never);
  const agent = await editor.agent.getById(id);
  if (!agent) throw new Error(`Editor did not hydrate ${id}`);
  return (await agent.listTools({ requestContext: new RequestContext(Object.entries(ctx)) })) as Record<string, ToolLike>;
}

const describeAll = (tools: Record<string, ToolLike>) => Object.fromEntries(Object.entries(tools).map(([k, t]) => [k, t.description]));

let loader: ClosableMcpToolLoader;
let http: HttpMcpFixture;

beforeAll(async () => {
  loader = createMcpToolLoader({ stdioStderr: 'ignore' });
  http = await startHttpMcpFixture();
});

afterAll(async () => {
  await loader.close();
  await http.close();
});

describe('rule evaluator: ours vs @mastra/editor 0.14.0', () => {
  it('[editor.rules.leaf] [editor.rules.group] agrees on every valid group over plain JSON contexts', () => {
    fc.assert(
      fc.property(ruleGroupArb, contextArb, (group, ctx) => {
        expect(evaluateRuleGroup(group, ctx)).toBe(editorEvaluateRuleGroup(group as never, ctx));
      }),
    );
  });

  it('[editor.rules.unknown-operator] differs: the Editor reads an unknown operator as false and an unknown group operator as OR', () => {
    const unknownLeaf = { operator: 'AND', conditions: [{ field: 'x', operator: 'matches', value: 'a' }] } as unknown as RuleGroup;
    const unknownGroup = { operator: 'XOR', conditions: [{ field: 'x', operator: 'exists' }, { field: 'y', operator: 'exists' }] } as unknown as RuleGroup;
    expect(editorEvaluateRuleGroup(unknownLeaf as never, { x: 'a' })).toBe(false);
    expect(editorEvaluateRuleGroup(unknownGroup as never, { x: 1 })).toBe(true);
    expect(() => evaluateRuleGroup(unknownLeaf, { x: 'a' })).toThrowError(/unknown operator "matches"/);
    expect(() => evaluateRuleGroup(unknownGroup, { x: 1 })).toThrowError(/unknown group operator "XOR"/);
  });
});

describe('registered tools, variants and descriptions', () => {
  const config = {
    tools: [
      { value: { search: { description: 'Agent search' } } },
      { value: { fetch: {} }, rules: { operator: 'AND', conditions: [{ field: 'plan', operator: 'in', value: ['pro', 'team'] }] } },
      { value: { search: { description: 'Pro search' } }, rules: { operator: 'OR', conditions: [{ field: 'user.beta', operator: 'equals', value: true }] } },
    ],
  };
  const contexts: Record<string, unknown>[] = [{}, { plan: 'pro' }, { plan: 'free', user: { beta: true } }, { plan: 'team', user: { beta: false } }];

  it('[editor.variants.merge] [editor.descriptions.registered] [editor.order.standalone] agrees on ids, order and descriptions', async () => {
    const { editor, registered } = editorWorld();
    for (const [i, ctx] of contexts.entries()) {
      const theirs = await editorTools(editor, `agent-${i}`, config, ctx);
      const ours = await resolveAgentTools(config, { mode: 'standalone', registeredTools: registered, requestContext: new RequestContext(Object.entries(ctx) as [string, never][]) });
      expect(Object.keys(ours.tools)).toEqual(Object.keys(theirs));
      expect(describeAll(ours.tools)).toEqual(describeAll(theirs));
    }
  });

  it('[editor.descriptions.copy] differs: the Editor\'s described tool is a plain object, ours keeps the Tool prototype', async () => {
    const { editor, registered } = editorWorld();
    const theirs = await editorTools(editor, 'described', { tools: { search: { description: 'Agent search' } } }, {});
    const ours = await resolveAgentTools({ tools: { search: { description: 'Agent search' } } }, { mode: 'standalone', registeredTools: registered });
    const toolPrototype = Object.getPrototypeOf(registered.search) as object;
    expect(Object.getPrototypeOf(theirs.search)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(ours.tools.search)).toBe(toolPrototype);
    expect(registered.search.description).toBe('search (code)');
  });
});

describe('legacy integrations', () => {
  it('[editor.order.replace] [editor.integration.selection] [editor.order.sources] agrees: an integration tool replaces a registered one of the same id, description included', async () => {
    const catalog: Record<string, ToolLike> = { search: codeTool('search-from-integration'), mail: codeTool('mail') };
    // The same provider seen through the Editor's ToolProvider shape and through ours.
    const editorProvider = {
      info: { id: 'legacy', name: 'Legacy' },
      listTools: async () => ({ data: Object.keys(catalog).map((slug) => ({ slug, name: slug })) }),
      resolveTools: async (slugs: string[]) => Object.fromEntries(slugs.map((s) => [s, catalog[s]])),
    };
    const registered = { search: codeTool('search'), fetch: codeTool('fetch') };
    const editor = new MastraEditor({ toolProviders: { legacy: editorProvider } as never });
    new Mastra({ storage: new InMemoryStore(), editor, logger: false, tools: registered });
    const config = { tools: { search: { description: 'Agent search' }, fetch: {} }, integrationTools: { legacy: { tools: {} } } };
    const theirs = await editorTools(editor, 'integrated', config, {});
    const ours = await resolveAgentTools(config, {
      mode: 'standalone',
      registeredTools: registered,
      integrationProviders: {
        legacy: { listToolIds: async () => Object.keys(catalog), resolveTools: async (ids) => Object.fromEntries(ids.map((id) => [id, catalog[id]!])) },
      },
      requestContext: new RequestContext(),
    });
    expect(Object.keys(ours.tools)).toEqual(Object.keys(theirs));
    expect(describeAll(ours.tools)).toEqual(describeAll(theirs));
    expect(ours.tools.search).toBe(catalog.search);
    expect(theirs.search).toBe(catalog.search);
  });
});

describe('code-defined agents', () => {
  /** A Mastra with one code-defined agent (with the given editor setting) and a stored config for it. */
  async function codeAgentWorld(editorSetting: { tools?: boolean | { description?: boolean } } | undefined, stored: object) {
    const registered = { search: codeTool('search'), fetch: codeTool('fetch') };
    const codeTools = { search: codeTool('search'), local: codeTool('local') };
    const agent = new Agent({
      id: 'coded',
      name: 'coded',
      instructions: 'test',
      model: 'openai/gpt-4o',
      tools: codeTools,
      ...(editorSetting === undefined ? {} : { editor: editorSetting }),
    });
    const editor = new MastraEditor();
    new Mastra({ storage: new InMemoryStore(), editor, logger: false, tools: registered, agents: { coded: agent } });
    await editor.agent.create({ id: 'coded', name: 'coded', instructions: 'test', model, ...stored } as never);
    const fork = await editor.agent.applyStoredOverrides(agent as never, { status: 'draft' });
    const theirs = (await fork.listTools({ requestContext: new RequestContext() })) as Record<string, ToolLike>;
    return { theirs, codeTools, registered };
  }

  it('[editor.order.override] [editor.order.replace] [editor.order.key-order] agrees on a static override: code tools, then stored tools replacing them', async () => {
    const stored = { tools: { fetch: { description: 'Agent fetch' }, search: {} } };
    const { theirs, codeTools, registered } = await codeAgentWorld(undefined, stored);
    const ours = await resolveAgentTools(stored, { mode: 'override', codeTools, registeredTools: registered });
    expect(Object.keys(ours.tools)).toEqual(Object.keys(theirs));
    expect(describeAll(ours.tools)).toEqual(describeAll(theirs));
    expect(ours.tools.search).toBe(registered.search);
    expect(theirs.search).toBe(registered.search);
  });

  it('[editor.descriptions.only-mode] agrees on description-only mode: only code tools, described', async () => {
    const stored = { tools: { search: { description: 'Agent search' }, fetch: { description: 'Agent fetch' } } };
    const { theirs, codeTools } = await codeAgentWorld({ tools: { description: true } }, stored);
    const ours = await resolveAgentTools(stored, { mode: 'description-only', codeTools });
    expect(Object.keys(ours.tools)).toEqual(Object.keys(theirs));
    expect(describeAll(ours.tools)).toEqual(describeAll(theirs));
    expect(describeAll(ours.tools)).toEqual({ search: 'Agent search', local: 'local (code)' });
  });
});

describe('stored MCP clients (stdio fixture server)', () => {
  const fixture = { type: 'stdio' as const, command: process.execPath, args: [stdioFixturePath] };
  const client: StoredMcpClient = {
    name: 'Fixture',
    servers: {
      my_docs: { ...fixture, tools: { add: { description: 'Server-level add' } } },
      plain: { ...fixture, tools: {} },
    },
  };

  async function both(agentTools: Record<string, object>, stored: StoredMcpClient = client) {
    const { editor } = editorWorld();
    await editor.mcp.create({ id: 'fx', ...stored } as never);
    const config = { mcpClients: { fx: { tools: agentTools } } };
    const theirs = await editorTools(editor, 'mcp-agent', config, {});
    const ours = await resolveAgentTools(config, {
      mode: 'standalone',
      mcpClients: { fx: stored },
      mcpLoader: loader,
    });
    expect(ours.diagnostics).toEqual([]);
    return { theirs: describeAll(theirs), ours: describeAll(ours.tools) };
  }

  it('[editor.mcp.namespace-parse] [editor.mcp.server-allow-list] differs: server name with "_" and an explicitly empty server map', async () => {
    const { theirs, ours } = await both({});
    // The Editor reads my_docs_add as server "my", so the my_docs allow-list and description
    // are ignored; and it reads the empty map of "plain" as "no tool".
    expect(theirs).toEqual({
      my_docs_add: 'Add two numbers and return the sum.',
      my_docs_echo: 'Echo the given text back.',
      my_docs_env_dump: 'Return this server process environment as JSON.',
      my_docs_pid: 'Return the process id of this server.',
    });
    expect(ours).toEqual({
      my_docs_add: 'Server-level add',
      plain_add: 'Add two numbers and return the sum.',
      plain_echo: 'Echo the given text back.',
      plain_env_dump: 'Return this server process environment as JSON.',
      plain_pid: 'Return the process id of this server.',
    });
  });

  it('[editor.mcp.agent-allow-list] differs: a bare agent-level name of a tool on a server named with "_"', async () => {
    const { theirs, ours } = await both({ add: { description: 'Agent add' } });
    expect(theirs).toEqual({});
    expect(ours).toEqual({ my_docs_add: 'Agent add', plain_add: 'Agent add' });
  });

  it('[editor.mcp.namespace] [editor.mcp.agent-allow-list] [editor.descriptions.mcp-precedence] agrees on a server without "_" and without a server-level map', async () => {
    const { theirs, ours } = await both(
      { open_echo: { description: 'Agent echo' }, add: {}, pid: { description: 'Agent pid' }, open_pid: { description: 'Namespaced pid' } },
      { name: 'Open', servers: { open: fixture } },
    );
    expect(ours).toEqual(theirs);
    expect(ours).toEqual({ open_add: 'Add two numbers and return the sum.', open_echo: 'Agent echo', open_pid: 'Namespaced pid' });
  });
});

describe('bearer token of a statically resolved standalone agent (HTTP fixture server)', () => {
  it('[editor.request.static-refused] [editor.mcp.auth-token] differs: the Editor never forwards the caller\'s token; here it arrives', async () => {
    const client: StoredMcpClient = { name: 'Remote', servers: { remote: { type: 'http', url: http.url } } };
    const config = { mcpClients: { remote: { tools: { whoami: {} } } } };
    const caller = new RequestContext([['mastra__authToken', 'caller-token']]);

    // The Editor: a stored standalone agent without conditional fields is resolved once, statically.
    const { editor } = editorWorld();
    await editor.mcp.create({ id: 'remote', ...client } as never);
    const theirs = await editorTools(editor, 'static-http', config, { mastra__authToken: 'caller-token' });
    const theirExecute = (theirs.remote_whoami as { execute: (i: unknown, c: unknown) => Promise<{ content: { text: string }[] }> }).execute;
    const theirResult = await theirExecute({ nonce: 'editor' }, { requestContext: caller });
    expect(JSON.parse(theirResult.content[0]!.text)).toEqual({ nonce: 'editor', authorization: null });

    // Here: a static resolution is refused, and a per-request one carries the token.
    await expect(resolveAgentTools(config, { mode: 'standalone', mcpClients: { remote: client }, mcpLoader: loader })).rejects.toThrowError(
      EditorResolutionError,
    );
    const ours = await resolveAgentTools(config, { mode: 'standalone', mcpClients: { remote: client }, mcpLoader: loader, requestContext: caller });
    expect(JSON.parse(await callText(ours.tools.remote_whoami, { nonce: 'ours' }))).toEqual({ nonce: 'ours', authorization: 'Bearer caller-token' });
  });
});

import { createTool } from '@mastra/core/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ToolSearchProcessor } from '../../src/index.js';
import { requestContext } from '../processor/support/harness.js';
import { agentWith } from './support/fixtures.js';
import { call, say, scriptedModel } from './support/scripted-model.js';

describe('includeResolvedTools with a real Agent', () => {
  it('[processor.resolved.searchable] [processor.resolved.instance] concurrent requests load and call their own same-named tools', async () => {
    const calls: string[] = [];
    // Per-request tools, as an MCP client with the caller's credentials would resolve them.
    const toolsFor = ({ requestContext: rc }: { requestContext: { get(k: string): unknown } }) => {
      const user = String(rc.get('user'));
      return {
        account_lookup: createTool({
          id: 'account_lookup',
          description: 'Look up the account of the current user',
          inputSchema: z.object({}),
          execute: async (_input: unknown, context: { requestContext?: { get(k: string): unknown } }) => {
            // The closure's user, and the user of the request that called it.
            calls.push(`${user}:${String(context?.requestContext?.get('user'))}`);
            return { owner: user };
          },
        }),
      };
    };
    const processor = new ToolSearchProcessor({ tools: {}, includeResolvedTools: true });
    const run = async (user: string) => {
      const scripted = scriptedModel([call('search_tools', { query: 'account' }), call('load_tool', { toolName: 'account_lookup' }), call('account_lookup', {}), say(`done ${user}`)]);
      const agent = agentWith(scripted.model, [processor], { tools: toolsFor });
      const out = await agent.generate('my account?', { requestContext: requestContext(`thread-${user}`, { user }), maxSteps: 6 } as never);
      return { out, scripted };
    };
    const [alice, bob] = await Promise.all([run('alice'), run('bob')]);
    expect(alice.out.text).toBe('done alice');
    expect(bob.out.text).toBe('done bob');
    expect(calls.sort()).toEqual(['alice:alice', 'bob:bob']);
    for (const r of [alice, bob]) {
      // Withheld until loaded, then exposed after the meta-tools.
      expect(r.scripted.toolLists).toEqual([
        ['search_tools', 'load_tool'],
        ['search_tools', 'load_tool'],
        ['search_tools', 'load_tool', 'account_lookup'],
        ['search_tools', 'load_tool', 'account_lookup'],
      ]);
    }
  });
});

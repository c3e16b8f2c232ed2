/**
 * The event stream with a real Agent (r[processor.events.*]): the README's example, request and
 * thread identifiers as the Agent gives them, and event spans in the Agent's own span tree.
 */
import { RequestContext } from '@mastra/core/request-context';
import { Memory } from '@mastra/memory';
import { InMemoryStore } from '@mastra/core/storage';
import { describe, expect, it } from 'vitest';
import { ToolSearchProcessor, type ToolSearchEvent } from '../../src/index.js';
import { agent, events } from './events-example.js';
import { agentWith, weatherCatalog, weatherScript } from './support/fixtures.js';
import { recordingTrace } from './support/recording-span.js';
import { call, say, scriptedModel } from './support/scripted-model.js';

const delivered = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('events with a real Agent', () => {
  it("[processor.events.listener] [processor.events.deny] [processor.events.search] [processor.events.load] the README's example: a free plan's email is denied, and the events say why", async () => {
    const scripted = scriptedModel([
      call('search_tools', { query: 'email weather' }),
      call('load_tool', { toolNames: ['get_weather', 'send_email'] }),
      say('I can tell you the weather, but I may not send email.'),
    ]);
    agent.__updateModel({ model: scripted.model as never });
    const requestContext = new RequestContext();
    requestContext.set('plan', 'free');
    await agent.generate('Email me the weather', { maxSteps: 4, requestContext });
    await delivered();
    expect(scripted.toolLists[2]).toEqual(['search_tools', 'load_tool', 'get_weather']);
    const summary = events.map((e) =>
      e.type === 'deny' ? `deny ${e.toolName} ${e.phase} ${e.reason}` : e.type === 'load' ? `load ${e.tools.map((t) => `${t.name}:${t.outcome}`).join(' ')}` : e.type,
    );
    expect(summary).toEqual(['deny send_email search not-true', 'search', 'deny send_email load not-true', 'load get_weather:loaded send_email:denied']);
  });

  it('[processor.events.context] the thread is the memory thread, and every step of one generate call has one request id, another call another', async () => {
    const seen: ToolSearchEvent[] = [];
    const { tools } = weatherCatalog();
    const processor = new ToolSearchProcessor({ tools, onEvent: (e) => void seen.push(e) });
    const memory = new Memory({ storage: new InMemoryStore(), options: { lastMessages: 10 } });
    const m1 = scriptedModel(weatherScript(false));
    await agentWith(m1.model, [processor], { memory }).generate('Weather?', { memory: { thread: 'th-1', resource: 'u' }, maxSteps: 6 } as never);
    const m2 = scriptedModel([call('search_tools', { query: 'email' }), say('ok')]);
    await agentWith(m2.model, [processor], { memory }).generate('Email?', { memory: { thread: 'th-1', resource: 'u' }, maxSteps: 4 } as never);
    await delivered();
    const searches = seen.filter((e) => e.type === 'search');
    expect(searches.map((e) => [e.threadId, e.stepNumber])).toEqual([
      ['th-1', 0],
      ['th-1', 0],
    ]);
    const firstRun = seen.filter((e) => e.requestId === searches[0]!.requestId);
    expect(firstRun.map((e) => e.type)).toEqual(['search', 'load']);
    expect(firstRun.map((e) => e.stepNumber)).toEqual([0, 1]);
    expect(searches[0]!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(searches[1]!.requestId).not.toBe(searches[0]!.requestId);
  });

  it("[processor.events.tracing] the events become event spans of the Agent's processor and tool-call spans", async () => {
    const trace = recordingTrace();
    const { tools } = weatherCatalog();
    const processor = new ToolSearchProcessor({ tools, injectCatalog: true, filter: ({ toolName }) => toolName !== 'create_issue' });
    const m = scriptedModel(weatherScript(false));
    const result = await agentWith(m.model, [processor]).generate('Weather?', { maxSteps: 6, tracingContext: { currentSpan: trace.root } } as never);
    expect(result.text).toBe('It is sunny in Paris.');
    const where = trace.events.map((e) => `${e.parent.type} ${e.name}`);
    // The catalog's verdicts are the step's own, made on the processor's span; each call's events on its tool span.
    expect(where).toEqual([
      'processor_run tool_search.deny',
      'tool_call tool_search.search',
      'processor_run tool_search.deny',
      'tool_call tool_search.load',
      'processor_run tool_search.deny',
      'processor_run tool_search.deny',
    ]);
    expect(trace.events[1]!.metadata).toMatchObject({ source: 'search_tools', results: [{ name: 'get_weather' }], stepNumber: 0 });
    expect(trace.events.every((e) => e.type === 'generic')).toBe(true);
  });
});

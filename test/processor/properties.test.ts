import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ToolSearchProcessor, type ToolSearchFilterArgs, type ToolSearchFilterPhase } from '../../src/index.js';
import { Conversation, makeTool, requestContext } from './support/harness.js';

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const MODES = [
  { storage: 'in-memory' as const, autoLoad: false },
  { storage: 'in-memory' as const, autoLoad: true },
  { storage: 'context' as const, autoLoad: false },
  { storage: 'context' as const, autoLoad: true },
];
const WORDS = ['weather', 'email', 'issue', 'report', 'invoice', 'calendar'];
/** Record key → [id or undefined, description]. Keys differ from ids for some tools (aliases). */
const SPECS: Array<[string, string | undefined, string]> = [
  ['weather', 'get_weather', 'weather forecast for a city'],
  ['email', 'send_email', 'send an email message'],
  ['issue', undefined, 'create an issue in a tracker'],
  ['report', 'build_report', 'build a monthly report'],
  ['invoice', undefined, 'send an invoice by email'],
  ['calendar', 'list_events', 'list calendar events'],
];
const CANONICAL = new Map(SPECS.map(([key, id]) => [key, id ?? key]));
const NAME_POOL = [...SPECS.flatMap(([key, id]) => (id ? [key, id] : [key])), 'constructor', '__proto__', 'nope'];

function staticTools() {
  return Object.fromEntries(SPECS.map(([key, id, description]) => [key, makeTool(id, description)]));
}

/** The model's own name resolution: canonical name, else record key. */
function modelResolve(name: string): string | undefined {
  return new Set(CANONICAL.values()).has(name) ? name : CANONICAL.get(name);
}

const action = fc.oneof(
  fc.record({ kind: fc.constant('search' as const), query: fc.constantFrom(...WORDS) }),
  fc.record({ kind: fc.constant('load' as const), names: fc.array(fc.constantFrom(...NAME_POOL), { minLength: 1, maxLength: 3 }), list: fc.boolean() }),
  fc.record({ kind: fc.constant('step' as const) }),
);

describe('properties over multi-step conversations', () => {
  it('[processor.order.sequence] [processor.order.prefix] [processor.names.exposure] [processor.names.exposed-once] append-only ordering under the names tools were loaded by, in both stores', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...MODES), fc.array(action, { maxLength: 12 }), fc.option(fc.constantFrom('t1', 't2'), { nil: undefined }), async (mode, actions, thread) => {
        const pass = { first: makeTool('agent_a', 'agent tool a'), second: makeTool('agent_b', 'agent tool b') };
        const c = new Conversation(new ToolSearchProcessor({ tools: staticTools(), storage: mode.storage, search: { autoLoad: mode.autoLoad, topK: 2 } }), requestContext(thread), pass);
        const meta = mode.autoLoad ? ['search_tools'] : ['search_tools', 'load_tool'];
        // The model: canonical name → the name the tool is exposed under, in first-activation order.
        const exposedAs = new Map<string, string>();
        let previous = (await c.step()).keys;
        for (const a of actions) {
          if (a.kind === 'step') {
            const keys = (await c.step()).keys;
            // Meta-tools, pass-through in given order, loaded in first-activation order under their first name.
            expect(keys).toEqual([...meta, 'first', 'second', ...exposedAs.values()]);
            expect(keys.slice(0, previous.length)).toEqual(previous);
            previous = keys;
          } else if (a.kind === 'search') {
            const r = (await c.call('search_tools', { query: a.query })) as Any;
            if (mode.autoLoad) for (const h of r.results) if (!exposedAs.has(h.name)) exposedAs.set(h.name, h.name);
          } else if (!mode.autoLoad) {
            await c.call('load_tool', a.list ? { toolNames: a.names } : { toolName: a.names[0] });
            for (const n of a.list ? a.names : a.names.slice(0, 1)) {
              const canonical = modelResolve(n);
              if (canonical !== undefined && !exposedAs.has(canonical)) exposedAs.set(canonical, n);
            }
          }
        }
      }),
    );
  });

  it('[processor.order.prefix] [processor.filter.active] after hiding or unloading, the remaining keys keep their relative order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...MODES),
        fc.array(fc.oneof(action, fc.record({ kind: fc.constant('hide' as const), name: fc.constantFrom(...CANONICAL.values()) }), fc.record({ kind: fc.constant('forget' as const) })), { maxLength: 14 }),
        async (mode, actions) => {
          const hidden = new Set<string>();
          const p = new ToolSearchProcessor({ tools: staticTools(), storage: mode.storage, search: { autoLoad: mode.autoLoad, topK: 2 }, filter: ({ toolName, phase }) => phase !== 'active' || !hidden.has(toolName) });
          const c = new Conversation(p, requestContext('t'));
          let previous = (await c.step()).keys;
          for (const a of actions) {
            if (a.kind === 'hide') {
              if (hidden.has(a.name)) hidden.delete(a.name);
              else hidden.add(a.name);
            } else if (a.kind === 'forget') {
              // Drop the oldest meta-tool result (a token limiter would); in-memory: clear the thread.
              const i = c.messages.findIndex((m: Any) => m.content?.parts?.[0]?.toolInvocation);
              if (i >= 0) c.messages.splice(i, 1);
              if (mode.storage === 'in-memory') p.clearState('t');
            } else if (a.kind === 'search') await c.call('search_tools', { query: a.query });
            else if (a.kind === 'load' && !mode.autoLoad) await c.call('load_tool', { toolNames: a.names });
            const keys = (await c.step()).keys;
            const common = previous.filter((k) => keys.includes(k));
            expect(keys.filter((k) => common.includes(k))).toEqual(common);
            for (const k of keys) expect(hidden.has(modelResolve(k) ?? k)).toBe(false);
            previous = keys;
          }
        },
      ),
    );
  });

  it('[processor.resolved.instance] [processor.resolved.replace] [processor.resolved.searchable] interleaved concurrent requests only ever see and call their own instances', async () => {
    const NAMES = ['alpha', 'beta', 'gamma'];
    const requestAction = fc.record({
      req: fc.nat({ max: 2 }),
      kind: fc.constantFrom('load', 'call', 'search', 'step'),
      name: fc.constantFrom(...NAMES, 'delta'),
    });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...MODES), fc.array(fc.constantFrom('t1', 't2'), { minLength: 3, maxLength: 3 }), fc.array(fc.array(requestAction, { minLength: 1, maxLength: 3 }), { maxLength: 8 }), async (mode, threads, batches) => {
        // A static 'alpha' that every request replaces, and a static 'delta' nobody replaces.
        const staticAlpha = makeTool('alpha', 'alpha tool', 'static');
        const delta = makeTool('delta', 'delta tool', 'static');
        const processor = new ToolSearchProcessor({
          tools: { alpha: staticAlpha, delta },
          includeResolvedTools: true,
          storage: mode.storage,
          search: { autoLoad: mode.autoLoad, topK: 4 },
          filter: async () => {
            await Promise.resolve(); // a yield point, so concurrent requests interleave
            return true;
          },
        });
        const requests = threads.map((thread, i) => {
          const own = Object.fromEntries(NAMES.map((n) => [n, makeTool(n, `${n} tool`, `req${i}`)]));
          return { own, conversation: new Conversation(processor, requestContext(thread), own) };
        });
        for (const r of requests) await r.conversation.step();
        for (const batch of batches) {
          await Promise.all(
            batch.map(async ({ req, kind, name }) => {
              const { own, conversation } = requests[req]!;
              if (kind === 'step') {
                const s = await conversation.step();
                for (const key of s.keys) {
                  if (key === 'search_tools' || key === 'load_tool') continue;
                  expect(s.tools[key]).toBe(key === 'delta' ? delta : own[key]);
                }
                expect(s.keys.filter((k) => NAMES.includes(k) && !(k in own))).toEqual([]);
              } else if (kind === 'search') {
                await conversation.call('search_tools', { query: `${name} tool` });
              } else if (kind === 'load') {
                if (!mode.autoLoad) await conversation.call('load_tool', { toolName: name });
              } else if (conversation.last?.keys.includes(name)) {
                const result = (await conversation.call(name, {})) as Any;
                expect(result.tag).toBe(name === 'delta' ? 'static' : `req${req}`);
              }
            }),
          );
        }
        expect(staticAlpha.calls).toEqual([]);
      }),
      { numRuns: 60 }, // each run drives three conversations through up to 24 concurrent actions
    );
  });

  it('[processor.filter.allow-only-true] [processor.filter.search] [processor.filter.load] [processor.filter.active] [processor.filter.not-found] filter errors and non-true values deny in all three phases', async () => {
    const VERDICTS = ['true', 'asyncTrue', 'false', 'throw', 'reject', 'one', 'yes', 'undefined'] as const;
    const allows = (v: (typeof VERDICTS)[number]) => v === 'true' || v === 'asyncTrue';
    const names = [...CANONICAL.values()];
    const table = fc.record(Object.fromEntries(names.map((n) => [n, fc.record({ search: fc.constantFrom(...VERDICTS), load: fc.constantFrom(...VERDICTS), active: fc.constantFrom(...VERDICTS) })])) as Record<string, fc.Arbitrary<Record<ToolSearchFilterPhase, (typeof VERDICTS)[number]>>>);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...MODES), table, fc.array(action, { maxLength: 10 }), async (mode, verdicts, actions) => {
        const filter = ({ toolName, phase }: ToolSearchFilterArgs): Any => {
          switch (verdicts[toolName]![phase]) {
            case 'true': return true;
            case 'asyncTrue': return Promise.resolve(true);
            case 'false': return false;
            case 'throw': throw new Error('policy error');
            case 'reject': return Promise.reject(new Error('policy error'));
            case 'one': return 1;
            case 'yes': return 'yes';
            case 'undefined': return undefined;
          }
        };
        // A name the processor reports (a canonical name or a key) is judged by its tool's canonical name.
        const ok = (name: string, phase: ToolSearchFilterPhase) => allows(verdicts[modelResolve(name)!]![phase]);
        const c = new Conversation(new ToolSearchProcessor({ tools: staticTools(), storage: mode.storage, search: { autoLoad: mode.autoLoad, topK: 3 }, filter }), requestContext('t'));
        await c.step();
        for (const a of actions) {
          if (a.kind === 'search') {
            const r = (await c.call('search_tools', { query: a.query })) as Any;
            for (const h of r.results) {
              expect(ok(h.name, 'search')).toBe(true);
              if (mode.autoLoad) expect(ok(h.name, 'load')).toBe(true);
            }
          } else if (a.kind === 'load' && !mode.autoLoad) {
            const r = (await c.call('load_tool', a.list ? { toolNames: a.names } : { toolName: a.names[0] })) as Any;
            for (const n of r.loaded ?? []) expect(ok(n, 'load')).toBe(true);
            if (!a.list) {
              const canonical = modelResolve(a.names[0]!);
              expect(r.success).toBe(canonical !== undefined && ok(canonical, 'load'));
              const suggested = /Did you mean: (.*)\?$/.exec(r.message)?.[1]?.split(', ') ?? [];
              for (const s of suggested) expect(ok(s, 'search') && ok(s, 'load')).toBe(true);
            }
          } else {
            const s = await c.step();
            for (const k of s.keys) if (!['search_tools', 'load_tool'].includes(k)) expect(ok(k, 'active') && ok(k, 'load')).toBe(true);
          }
        }
      }),
    );
  });
});

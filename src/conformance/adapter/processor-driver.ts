/**
 * One in-process driver for any tool-search processor shaped like Mastra's
 * `ToolSearchProcessor`: `new Processor(options)`, `processInputStep(args)`
 * returning `{ tools }` with the meta-tools among them, and the state methods.
 *
 * It builds the step arguments the way `@mastra/core`'s Agent does (a real
 * `MessageList`, a real `RequestContext`, the memory context carrying the
 * thread), executes the meta-tools the way the Agent does
 * (`tool.execute(input, { toolCallId, messages, requestContext, … })`), and
 * turns the conversation's tool results into `tool-invocation` parts with
 * state `result` (MastraDBMessage content format 2).
 *
 * Implements r[conformance.adapter.agent-args], r[conformance.adapter.clock]. Needs `@mastra/core`;
 * reached only through `processorAdapter()`'s lazy import.
 *
 * @module
 */
import { MessageList } from '@mastra/core/agent';
import type { MastraDBMessage } from '@mastra/core/agent';
import { RequestContext } from '@mastra/core/request-context';
import { createTool } from '@mastra/core/tools';
import { META_TOOL_NAMES } from '../../stores/meta-tool-names.js';
import type { FilterCall, FilterPhase, FilterPolicy, ToolEntry, Verdict } from '../case/schema.js';
import { SimulatedTime } from './sim-time.js';
import type { CaseSession, CaseSetup, RequestContextEntries, StepObservation, StepRequest, StoredMessage } from './types.js';
import { CLOCK_EPOCH, RESOURCE_ID, toMastraMessages, type ProcessorDriverOptions, type ProcessorLike } from './processor-adapter.js';

const META_TOOLS: ReadonlySet<string> = new Set(META_TOOL_NAMES);

interface ToolLike {
  execute?: (input: unknown, context: unknown) => unknown;
}

/** Filter calls in flight: a call that returns a promise is in flight until it settles. */
interface Flight {
  now: number;
  max: number;
}

/**
 * Makes the filter hook of a case: each call is recorded, then the first
 * matching rule's verdict (or the default) decides. Delays run on the case's
 * simulated time; `hang` returns a promise that never settles.
 *
 * Implements r[conformance.protocol.filter].
 */
function makeFilter(policy: FilterPolicy, calls: FilterCall[], time: SimulatedTime, flight: Flight) {
  const inFlight = (promise: Promise<unknown>): Promise<unknown> => {
    flight.now++;
    flight.max = Math.max(flight.max, flight.now);
    const done = () => {
      flight.now--;
    };
    promise.then(done, done);
    return promise;
  };
  const decide = (verdict: Verdict): unknown => {
    if (typeof verdict === 'object') {
      if ('returns' in verdict) return verdict.returns;
      const { settle } = verdict;
      return inFlight(
        time.delay(verdict.after).then(() => {
          if (settle === 'reject') throw new Error('conformance filter: rejects by policy');
          return settle === 'allow';
        }),
      );
    }
    switch (verdict) {
      case 'allow':
        return true;
      case 'deny':
        return false;
      case 'allow-async':
        return inFlight(Promise.resolve(true));
      case 'deny-async':
        return inFlight(Promise.resolve(false));
      case 'throw':
        throw new Error('conformance filter: throws by policy');
      case 'reject':
        return inFlight(Promise.reject(new Error('conformance filter: rejects by policy')));
      case 'hang':
        return inFlight(new Promise(() => {}));
    }
  };
  return (args: { toolName: string; phase: FilterPhase; requestContext?: { get(key: string): unknown } }) => {
    // 1. Record the call.
    calls.push({ toolName: args.toolName, phase: args.phase });
    // 2. The first rule that matches: tool, phase, and every `when` entry equal as a string.
    for (const rule of policy.rules) {
      if (rule.tool !== undefined && rule.tool !== args.toolName) continue;
      if (rule.phase !== undefined && rule.phase !== args.phase) continue;
      if (rule.when && !Object.entries(rule.when).every(([k, v]) => args.requestContext?.get(k) === v)) continue;
      // 3. Its verdict, or the default when none matches.
      return decide(rule.verdict);
    }
    return decide(policy.default);
  };
}

/** The thread a request context names, for the Agent-side plumbing (`MessageList`, tool context) only. */
function threadOf(entries: RequestContextEntries): string | null {
  const memory = entries.MastraMemory as { thread?: { id?: unknown } } | undefined;
  if (typeof memory?.thread?.id === 'string') return memory.thread.id;
  return typeof entries.mastra__threadId === 'string' ? entries.mastra__threadId : null;
}

function systemText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p: { text?: unknown }) => (typeof p?.text === 'string' ? p.text : '')).join('');
  return JSON.stringify(content);
}

/** One case driven in process. */
class DriverSession implements CaseSession {
  private readonly time = new SimulatedTime(CLOCK_EPOCH);
  private processor!: ProcessorLike;
  /** The constructor's error message, when it threw. */
  readonly constructionError?: string;
  private calls: FilterCall[] = [];
  /**
   * The step arguments' `state`: one object for every `begin` until a `restart`, as the Agent keeps one per
   * processor for every step of one call (r[conformance.adapter.agent-args]).
   */
  private requestState: Record<string, unknown> = {};
  /** The events delivered since the last observation (when the driver claims `events`). */
  private readonly events: Record<string, unknown>[] = [];
  /** The event spans recorded since the last observation (when the driver claims `tracing`). */
  private readonly spans: Record<string, unknown>[] = [];
  private readonly flight: Flight = { now: 0, max: 0 };
  private origin = new WeakMap<object, string>();
  private lastTools: Record<string, unknown> | undefined;
  private lastContext: { requestContext: RequestContext; thread: string | null; messages: MastraDBMessage[] } | undefined;
  /** Each thread's latest `begin`: its `MessageList` and the message array it passed (r[conformance.protocol.same-request]). */
  private requests = new Map<string | null, { messageList: MessageList; messages: MastraDBMessage[] }>();

  /**
   * Whether the driver claims `events`. It listens to the processors of a case that declares
   * `events` (r[conformance.protocol.case]); the others run unheard, as most users run them (a
   * processor nobody listens to may skip postings, r[search.rank.pruning]).
   */
  private readonly claimsEvents: boolean;
  private readonly listens: boolean;
  /**
   * Whether the driver claims `tracing`, and the tracing context it gives each step and call of a
   * case that declares `tracing` (r[conformance.protocol.tracing]): a span whose `createEventSpan`
   * records its options, as JSON.
   */
  private readonly claimsTracing: boolean;
  private readonly tracingContext: { currentSpan: { createEventSpan(options: unknown): void } } | undefined;

  constructor(
    private readonly driver: ProcessorDriverOptions,
    private readonly setup: CaseSetup,
  ) {
    this.claimsEvents = driver.features.includes('events');
    this.listens = this.claimsEvents && setup.features.includes('events');
    this.claimsTracing = driver.features.includes('tracing');
    const spans = this.spans;
    this.tracingContext =
      this.claimsTracing && setup.features.includes('tracing')
        ? { currentSpan: { createEventSpan: (options: unknown) => void spans.push(JSON.parse(JSON.stringify(options)) as Record<string, unknown>) } }
        : undefined;
    try {
      this.processor = this.create();
    } catch (error) {
      this.constructionError = error instanceof Error ? error.message : String(error);
    }
  }

  private makeTool(entry: ToolEntry, label: string): unknown {
    switch (entry.fault) {
      case 'null':
        return null;
      case 'number':
        return 42;
      case 'string':
        return entry.description;
      case 'array':
        return [this.makeTool({ ...entry, fault: undefined }, label)];
      case 'throwing-id':
      case 'throwing-description': {
        const field = entry.fault === 'throwing-id' ? 'id' : 'description';
        const tool = this.makeTool({ ...entry, fault: undefined }, label) as object;
        return Object.defineProperty(tool, field, {
          configurable: true,
          get() {
            throw new Error(`conformance tool: its ${field} getter throws`);
          },
        });
      }
      default:
        break;
    }
    const tool = createTool({
      id: entry.id ?? entry.name,
      description: entry.description,
      execute: async () => ({ ok: true, tool: entry.id ?? entry.name }),
    });
    if (entry.withoutId) (tool as { id?: string }).id = undefined;
    this.origin.set(tool, label);
    return tool;
  }

  private create(): ProcessorLike {
    const { catalog, options } = this.setup;
    const tools: Record<string, unknown> = {};
    for (const entry of catalog) tools[entry.name] = this.makeTool(entry, entry.instance ?? 'static');
    const built: Record<string, unknown> = { tools };
    if (options.search) built.search = { ...options.search };
    if (options.storage !== undefined) built.storage = options.storage;
    if (options.ttl !== undefined) built.ttl = options.ttl;
    if (options.includeResolvedTools !== undefined) built.includeResolvedTools = options.includeResolvedTools;
    if (options.injectCatalog !== undefined) built.injectCatalog = options.injectCatalog;
    if (options.filter) built.filter = makeFilter(options.filter, this.calls, this.time, this.flight);
    if (options.filterTimeoutMs !== undefined) built.filterTimeoutMs = options.filterTimeoutMs;
    if (options.filterConcurrency !== undefined) built.filterConcurrency = options.filterConcurrency;
    if (options.filterBudgetMs !== undefined) built.filterBudgetMs = options.filterBudgetMs;
    if (options.pinnedTools !== undefined) built.pinnedTools = [...options.pinnedTools];
    if (options.prefetch !== undefined) built.prefetch = { ...options.prefetch };
    if (options.includeQueriesInEvents !== undefined) built.includeQueriesInEvents = options.includeQueriesInEvents;
    // r[conformance.protocol.events]: every processor of the case (restarts included) reports to one list, as JSON.
    if (this.listens) built.onEvent = (event: unknown) => void this.events.push(JSON.parse(JSON.stringify(event)) as Record<string, unknown>);
    if (this.driver.clock.kind === 'option') Object.assign(built, this.driver.clock.options(this.time.now, this.time.timers));
    for (const [key, value] of Object.entries(options.raw ?? {})) {
      const prev = built[key];
      built[key] =
        prev && typeof prev === 'object' && value && typeof value === 'object' && !Array.isArray(value)
          ? { ...prev, ...value }
          : value;
    }
    return new this.driver.processor(built as never);
  }

  /** Runs `fn` with `Date.now` pinned to the simulated clock when the processor reads `Date.now`. */
  private async timed<T>(fn: () => Promise<T> | T): Promise<T> {
    if (this.driver.clock.kind !== 'date-now') return fn();
    const real = Date.now;
    Date.now = this.time.now;
    try {
      return await fn();
    } finally {
      Date.now = real;
    }
  }

  /**
   * Does one step on simulated time: while the step is pending and idle, time jumps to the next
   * timer (a filter delay, a deadline); a step that can never settle is an error (r[conformance.adapter.stall]).
   */
  async step(request: StepRequest): Promise<StepObservation> {
    this.calls.length = 0;
    this.flight.max = this.flight.now;
    const start = this.time.now();
    const observation = await this.timed(() => this.time.settle(this.dispatch(request), `the ${request.op} step`));
    const elapsedMs = this.time.now() - start;
    // r[conformance.protocol.events]: events are delivered in microtasks after the work that emitted them; one turn
    // of the event loop lets every one of them arrive before the observation is taken.
    if (this.claimsEvents) await new Promise<void>((resolve) => setImmediate(resolve));
    return {
      ...observation,
      filterCalls: [...this.calls],
      elapsedMs,
      maxFilterCallsInFlight: this.flight.max,
      ...(this.claimsEvents ? { events: this.events.splice(0) } : {}),
      ...(this.claimsTracing ? { spans: this.spans.splice(0) } : {}),
    };
  }

  private async dispatch(request: StepRequest): Promise<Omit<StepObservation, 'filterCalls'>> {
    switch (request.op) {
      case 'begin':
        return this.begin(request);
      case 'call':
        return this.call(request);
      case 'advanceClock':
        this.time.advance(request.ms);
        return {};
      case 'restart':
        this.processor = this.create();
        this.requestState = {};
        this.lastTools = undefined;
        this.lastContext = undefined;
        this.requests.clear();
        return {};
      case 'clearState':
        this.method('clearState').call(this.processor, ...(request.thread === undefined ? [] : [request.thread]));
        return {};
      case 'clearAllState':
        this.method('clearAllState').call(this.processor);
        return {};
      case 'cleanupNow':
        return { cleaned: this.method('cleanupNow').call(this.processor) as number };
      case 'resume': {
        const requestContext = this.requestContext(request.requestContext);
        const thread = threadOf(request.requestContext);
        if (request.messages !== undefined && thread !== null) {
          // The Agent's memory, as the resume path of @mastra/core's Agent records it: runState().memory.recall.
          const recalled = toMastraMessages(request.messages);
          // Only the memory context's own thread and resource are recalled (r[conformance.protocol.step]).
          const memory = {
            recall: async (args: { threadId?: unknown; resourceId?: unknown }) => ({
              messages: args?.threadId === thread && args?.resourceId === RESOURCE_ID ? recalled : [],
            }),
          };
          requestContext.set('MastraMemory', { ...(requestContext.get('MastraMemory') as object), runState: () => ({ memory }) });
        }
        const tools = this.makeTools(request.resolvedTools, 'resolved');
        const fn = (this.processor as { getLoadedToolsForRequestContext?: unknown }).getLoadedToolsForRequestContext;
        if (typeof fn !== 'function') throw new Error('the processor has no getLoadedToolsForRequestContext() method');
        const out = ((await fn.call(this.processor, { requestContext, tools })) ?? {}) as Record<string, unknown>;
        return { tools: Object.keys(out), origins: this.originsOf(out) };
      }
      case 'stateStats': {
        const stats = this.method('getStateStats').call(this.processor) as {
          threadCount: number;
          oldestAccessTime: number | null;
          evictions?: unknown;
        };
        return {
          threadCount: stats.threadCount,
          oldestAccessTime: stats.oldestAccessTime,
          ...(typeof stats.evictions === 'number' ? { evictions: stats.evictions } : {}),
        };
      }
    }
  }

  private method(name: 'clearState' | 'clearAllState' | 'cleanupNow' | 'getStateStats'): (...args: unknown[]) => unknown {
    const fn = (this.processor as unknown as Record<string, unknown>)[name];
    if (typeof fn !== 'function') throw new Error(`the processor has no ${name}() method`);
    return fn as (...args: unknown[]) => unknown;
  }

  private async begin(request: Extract<StepRequest, { op: 'begin' }>): Promise<Omit<StepObservation, 'filterCalls'>> {
    const requestContext = this.requestContext(request.requestContext);
    const thread = threadOf(request.requestContext);
    const { messageList, messages } = request.sameRequest ? this.continueRequest(thread, request.messages) : this.newRequest(thread, request.messages);
    this.requests.set(thread, { messageList, messages });
    const args = {
      messages,
      messageList,
      stepNumber: request.stepNumber,
      steps: [],
      systemMessages: messageList.getSystemMessages(),
      state: this.requestState,
      model: 'openai/gpt-4o-mini',
      tools: this.makeTools(request.resolvedTools, 'resolved'),
      retryCount: 0,
      requestContext,
      ...(this.tracingContext ? { tracingContext: this.tracingContext } : {}),
      abort: (reason?: string) => {
        throw new Error(`processor aborted: ${reason ?? ''}`);
      },
    };
    const out = (await this.processor.processInputStep(args as never)) as { tools?: Record<string, unknown> } | undefined;
    const tools = out?.tools ?? {};
    this.lastTools = tools;
    this.lastContext = { requestContext, thread, messages };
    return {
      exposed: Object.keys(tools),
      origins: this.originsOf(tools),
      system: messageList.getAllSystemMessages().map((m) => systemText(m.content)),
    };
  }

  /** A new request's `MessageList` holding the conversation, and its own message array. */
  private newRequest(thread: string | null, stored: readonly StoredMessage[]): { messageList: MessageList; messages: MastraDBMessage[] } {
    const messageList = new MessageList(thread !== null ? { threadId: thread, resourceId: RESOURCE_ID } : {});
    const history = toMastraMessages(stored) as MastraDBMessage[];
    if (history.length > 0) messageList.add(history, 'memory');
    return { messageList, messages: messageList.get.all.db() };
  }

  /**
   * A later step of the thread's previous request, as the Agent's steps of one call share one `MessageList`: the same
   * array object, made to hold the request's messages in order; a message whose id the array held is that same object,
   * its parts changed in place (the same parts array) when they differ, as `MessageList` completes a call in place; the
   * others are new objects. Implements r[conformance.protocol.same-request].
   */
  private continueRequest(thread: string | null, stored: readonly StoredMessage[]): { messageList: MessageList; messages: MastraDBMessage[] } {
    const previous = this.requests.get(thread);
    if (!previous) throw new Error('a sameRequest begin needs a begin of its thread before it (since the last restart)');
    const byId = new Map(previous.messages.map((m) => [m.id, m]));
    const next = (toMastraMessages(stored) as MastraDBMessage[]).map((m) => {
      const kept = byId.get(m.id);
      if (!kept) return m;
      const parts = kept.content.parts as unknown[];
      if (JSON.stringify(parts) !== JSON.stringify(m.content.parts)) parts.splice(0, parts.length, ...(m.content.parts as unknown[]));
      return kept;
    });
    const { messages } = previous;
    // Only changed positions are written, so an unchanged prefix stays untouched.
    next.forEach((m, i) => {
      if (messages[i] !== m) messages[i] = m;
    });
    messages.length = next.length;
    return { messageList: previous.messageList, messages };
  }

  /** A real `RequestContext` holding the request's entries in order (r[conformance.protocol.request-context]). */
  private requestContext(entries: RequestContextEntries): RequestContext {
    const requestContext = new RequestContext();
    for (const [key, value] of Object.entries(entries)) requestContext.set(key, value);
    return requestContext;
  }

  /** Tool objects for request-resolved entries, labelled for their origin. */
  private makeTools(entries: readonly ToolEntry[], fallback: string): Record<string, unknown> {
    const tools: Record<string, unknown> = {};
    // Own data properties, so that a tool keyed `__proto__` is a key of the record, as in a record parsed from JSON.
    for (const entry of entries) {
      Object.defineProperty(tools, entry.name, { value: this.makeTool(entry, entry.instance ?? fallback), enumerable: true, writable: true, configurable: true });
    }
    return tools;
  }

  private originsOf(tools: Record<string, unknown>): Record<string, string> {
    const origins: Record<string, string> = {};
    for (const [key, tool] of Object.entries(tools)) {
      const label = tool && typeof tool === 'object' ? this.origin.get(tool) : undefined;
      origins[key] = label ?? (META_TOOLS.has(key) ? 'meta' : 'unknown');
    }
    return origins;
  }

  private async call(request: Extract<StepRequest, { op: 'call' }>): Promise<Omit<StepObservation, 'filterCalls'>> {
    if (!this.lastTools || !this.lastContext) throw new Error('a call step needs a begin step before it');
    const tool = this.lastTools[request.tool] as ToolLike | undefined;
    if (!tool || typeof tool.execute !== 'function') return { outcome: 'not-exposed' };
    const { requestContext, thread } = this.lastContext;
    try {
      const result = await tool.execute(request.input, {
        // The call id at the top level, or where the Agent puts it (r[conformance.protocol.step]).
        ...(request.toolCallIdVia === 'agent' ? { agent: { toolCallId: request.toolCallId } } : { toolCallId: request.toolCallId }),
        messages: [],
        requestContext,
        ...(this.tracingContext ? { tracingContext: this.tracingContext } : {}),
        ...(thread !== null ? { threadId: thread, resourceId: RESOURCE_ID } : {}),
      });
      return { outcome: 'result', result };
    } catch (error) {
      return { outcome: 'threw', result: error instanceof Error ? error.message : String(error) };
    }
  }

  async close(): Promise<void> {
    if (this.constructionError !== undefined) return;
    const clearAll = (this.processor as { clearAllState?: () => void }).clearAllState;
    if (typeof clearAll === 'function') clearAll.call(this.processor);
  }
}

/** Opens one case of a {@link ProcessorDriverOptions} driver. */
export async function openDriverSession(driver: ProcessorDriverOptions, setup: CaseSetup): Promise<CaseSession> {
  return new DriverSession(driver, setup);
}

import { randomUUID } from 'node:crypto';
import type { ProcessInputStepArgs, Processor } from '@mastra/core/processors';
import type { RequestContext } from '@mastra/core/request-context';
import { createTool, type Tool } from '@mastra/core/tools';
import { DEFAULT_MIN_SCORE, DEFAULT_TOP_K } from '../scoring/index.js';
import {
  activationFor,
  createContextStore,
  createInMemoryStore,
  createReceiptKeys,
  DEFAULT_MAX_THREADS,
  DEFAULT_TTL_MS,
  LOAD_TOOL,
  SEARCH_TOOLS,
  type ContextStore,
  type LoadedToolStore,
  type ReceiptKeys,
  type StateStats,
  type StoreStepInput,
} from '../stores/index.js';
import {
  isKnownName,
  passThroughEntries,
  requestCatalog,
  staticCatalog,
  type StepCatalog,
} from '../processor/catalog.js';
import { DEFAULT_INDEX_CACHE_MAX_BYTES, IndexCache } from '../processor/index-cache.js';
import { callEvents, denialEvents, skippedEvents } from '../processor/event-reporters.js';
import { EventSink, requestIdOf, scopeOf, tracingSpanOf, type EventScope } from '../processor/events.js';
import { exposeLoaded, type ExposedTool } from '../processor/exposure.js';
import { shorten } from '../processor/echo.js';
import { loadToolDescription, searchToolDescription, systemInstruction } from '../processor/instructions.js';
import { loadToolInputSchema, loadToolOutputSchema, searchToolsInputSchema, searchToolsOutputSchema } from '../processor/meta-schemas.js';
import { runLoadTool, runSearchTools, type MetaToolCall, type MetaToolStep } from '../processor/meta-tools.js';
import { assertStaticNames, entriesOf } from '../processor/names.js';
import { validateToolSearchOptions, type FilterArgsOf, type FilterOf, type ToolSearchOptionsOf, type ToolSearchStorage } from '../processor/options.js';
import { startStep, startStepNow, type StepStart } from '../processor/step-start.js';
import { prefetchPolicy, stepPrefetch, type PrefetchPolicy } from '../processor/prefetch.js';
import type { ToolVerdicts } from '../processor/verdicts.js';
import { PinnedTools } from '../processor/pinned.js';
import { systemTimers } from '../processor/timers.js';
import {
  DEFAULT_FILTER_BUDGET_MS,
  DEFAULT_FILTER_CONCURRENCY,
  DEFAULT_FILTER_TIMEOUT_MS,
  stepVerdicts,
  unfilteredVerdicts,
  type VerdictPolicy,
  type VerdictSource,
} from '../processor/verdicts.js';
import { orderStepTools } from '../processor/ordering.js';
import { persistedMessages } from '../processor/persisted-messages.js';
import { resolveThreadId, threadKey } from '../processor/thread-id.js';
import { toolCallIdOf } from '../processor/tool-call-id.js';

/** A Mastra tool, as `@mastra/core` 1.71.0's processor types it. */
export type AnyTool = Tool<any, any, any, any, any, any, any>;

/** Options of {@link ToolSearchProcessor}. */
export type ToolSearchProcessorOptions = ToolSearchOptionsOf<AnyTool, RequestContext>;
/** What the `filter` hook receives. */
export type ToolSearchFilterArgs = FilterArgsOf<AnyTool, RequestContext>;
/** The `filter` hook. */
export type ToolSearchFilter = FilterOf<AnyTool, RequestContext>;

/**
 * A drop-in for `@mastra/core` 1.71.0's `ToolSearchProcessor`: gives the model `search_tools`
 * (and `load_tool` unless `search.autoLoad`) and exposes the tools it loads. See `spec/processor.md`.
 *
 * Implements r[processor.identity].
 */
export class ToolSearchProcessor implements Processor<'tool-search'> {
  /** Processor id, as in @mastra/core. */
  readonly id = 'tool-search' as const;
  /** Display name, as in @mastra/core. */
  readonly name = 'Tool Search Processor';
  /** Description, as in @mastra/core. */
  readonly description = 'Enables dynamic tool discovery and loading via search';

  readonly #includeResolvedTools: boolean;
  readonly #injectCatalog: boolean;
  readonly #topK: number;
  readonly #minScore: number;
  readonly #autoLoad: boolean;
  readonly #verdictPolicy: VerdictPolicy<AnyTool, RequestContext>;
  /** The verdicts of every step when there is no filter (they allow everything and hold nothing). */
  readonly #unfiltered: VerdictSource<AnyTool>;
  /** The system instruction of the mode (r[processor.instructions.mode]), rendered once. */
  readonly #instruction: string;
  /** `isKnownTool` of the static catalog, made once. */
  readonly #staticKnown: (name: string) => boolean;
  readonly #events: EventSink;
  readonly #store: LoadedToolStore;
  /** The context store, when `storage: 'context'` (the resume path reads it without consuming its bridge). */
  readonly #context: ContextStore | undefined;
  /** The receipt keys, when `receiptSecret` is set. */
  readonly #receipts: ReceiptKeys | undefined;
  readonly #static: StepCatalog<AnyTool>;
  /** The `pinnedTools` option (r[processor.pinned.option]). */
  readonly #pinned: PinnedTools<AnyTool>;
  /** The `prefetch` option with its defaults (r[processor.prefetch.option]), or `undefined` when off. */
  readonly #prefetch: PrefetchPolicy | undefined;
  readonly #indexes: IndexCache;
  /** The scope of the step reading the store right now, so that an unload it finds carries its identifiers. */
  #stepScope: EventScope | undefined;
  /** The meta-tools as `createTool` made them once; each step gets a copy with its own `execute`. */
  #searchTemplate: AnyTool | undefined;
  #loadTemplate: AnyTool | undefined;

  /**
   * Validates the options and builds the static catalog.
   *
   * Implements r[processor.options.validate], r[processor.options.defaults], r[processor.store.select] and r[processor.options.max-threads].
   *
   * @param options - see {@link ToolSearchProcessorOptions}
   * @throws when an option is invalid, two tools share a canonical name, or a tool is named like a meta-tool
   */
  constructor(options: ToolSearchProcessorOptions) {
    // Validate every option.
    const valid = validateToolSearchOptions<AnyTool, RequestContext>(options);
    // Apply defaults.
    this.#includeResolvedTools = valid.includeResolvedTools ?? false;
    this.#injectCatalog = valid.injectCatalog ?? false;
    this.#topK = valid.search?.topK ?? DEFAULT_TOP_K;
    this.#minScore = valid.search?.minScore ?? DEFAULT_MIN_SCORE;
    this.#autoLoad = valid.search?.autoLoad ?? false;
    this.#events = new EventSink({ listener: valid.onEvent, clock: valid.clock ?? Date.now, includeQueries: valid.includeQueriesInEvents ?? false });
    this.#indexes = new IndexCache({ maxBytes: valid.indexCacheMaxBytes ?? DEFAULT_INDEX_CACHE_MAX_BYTES });
    this.#verdictPolicy = {
      filter: valid.filter,
      timeoutMs: valid.filterTimeoutMs ?? DEFAULT_FILTER_TIMEOUT_MS,
      concurrency: valid.filterConcurrency ?? DEFAULT_FILTER_CONCURRENCY,
      budgetMs: valid.filterBudgetMs ?? DEFAULT_FILTER_BUDGET_MS,
      timers: valid.timers ?? systemTimers,
    };
    this.#unfiltered = unfilteredVerdicts(this.#verdictPolicy.concurrency);
    this.#instruction = systemInstruction(this.#autoLoad);
    // Canonical names: unique and not reserved.
    const entries = entriesOf(valid.tools);
    assertStaticNames(entries);
    this.#static = staticCatalog(entries);
    const staticCatalogOfThis = this.#static;
    this.#staticKnown = (name) => isKnownName(staticCatalogOfThis, name);
    this.#pinned = new PinnedTools(valid.pinnedTools, this.#static, this.#includeResolvedTools);
    this.#prefetch = prefetchPolicy(valid.prefetch, { topK: this.#topK, minScore: this.#minScore });
    // The store the `storage` option names; receipts are written whatever the store (r[processor.options.receipt-secret]).
    // Unlike @mastra/core 1.71.0 (r[processor.options.receipt-secret]): receiptSecret is an addition; Mastra signs
    // nothing.
    this.#receipts = valid.receiptSecret === undefined ? undefined : createReceiptKeys(valid.receiptSecret);
    const storage: ToolSearchStorage = valid.storage ?? 'in-memory';
    // Unlike @mastra/core 1.71.0 (r[processor.options.max-threads]): per-thread state is bounded by maxThreads.
    const maxThreads = valid.maxThreads ?? DEFAULT_MAX_THREADS;
    this.#context =
      storage === 'context'
        ? createContextStore({
            autoLoad: this.#autoLoad,
            receiptSecret: valid.receiptSecret,
            // Unlike @mastra/core 1.71.0 (r[processor.options.max-bridged-threads]): maxBridgedThreads is an addition;
            // Mastra's bridge has no bound.
            maxBridgedThreads: valid.maxBridgedThreads,
            // Unlike @mastra/core 1.71.0 (r[processor.options.max-remembered-messages]): an addition; 0 re-reads
            // every message at every step, as Mastra does.
            maxRememberedMessages: valid.maxRememberedMessages,
            clock: valid.clock,
            maxThreads,
            onTruncated: (threadId, names) => this.#unloaded(threadId, names, 'truncated'),
          })
        : undefined;
    // Unlike @mastra/core 1.71.0 (r[processor.options.clock]): clock is an addition (Mastra's store reads Date.now),
    // for deterministic TTL tests.
    this.#store =
      this.#context ??
      createInMemoryStore({
        ttl: valid.ttl ?? DEFAULT_TTL_MS,
        maxThreads,
        ...(valid.clock ? { clock: valid.clock } : {}),
        onUnload: ({ threadId, names, reason }) => this.#unloaded(threadId, names, reason),
      });
  }

  /**
   * Emits an `unload` event, in the scope of the step that found it, if any (r[processor.events.unload]).
   *
   * @param threadId - the thread (none for the anonymous entry)
   * @param names - its names as activated
   * @param reason - why they are no longer loaded
   */
  #unloaded(threadId: string | undefined, names: readonly string[], reason: 'ttl' | 'cleared' | 'evicted' | 'truncated'): void {
    const found = this.#stepScope;
    const scope = found !== undefined && found.threadId === (threadId ?? null) ? found : scopeOf(threadId, undefined, undefined);
    this.#events.emit(scope, { type: 'unload', tools: names.map(shorten), reason });
  }

  /**
   * Where a step's events belong: its thread, request and step number, and its tracing span.
   * A request identifier is only made (and kept in the step's `state`) when someone listens.
   *
   * Implements r[processor.events.context].
   */
  #scopeOf(requestContext: RequestContext | undefined, args: ProcessInputStepArgs | undefined, threadId = resolveThreadId(requestContext)): EventScope {
    const span = tracingSpanOf(args);
    const requestId = this.#events.wantedWith(span) ? requestIdOf(args, randomUUID) : undefined;
    return scopeOf(threadId, requestId, args?.stepNumber, span);
  }

  /** The searchable set of a step: static tools, plus the request's own under `includeResolvedTools`. */
  #catalogFor(tools: unknown, scope: EventScope): StepCatalog<AnyTool> {
    if (!this.#includeResolvedTools) return this.#static;
    return requestCatalog(this.#static, tools, skippedEvents(this.#events, scope), this.#indexes);
  }

  /** The filter's verdicts for one step (r[processor.filter.once-per-step]). */
  #verdicts(requestContext: RequestContext | undefined): VerdictSource<AnyTool> {
    return stepVerdicts(this.#verdictPolicy, requestContext, this.#unfiltered);
  }

  #storeInput(
    requestContext: RequestContext | undefined,
    messages: readonly unknown[],
    catalog: StepCatalog<AnyTool>,
    threadId = resolveThreadId(requestContext),
  ): StoreStepInput {
    const isKnownTool = catalog === this.#static ? this.#staticKnown : knownIn(catalog);
    return { threadId, messages, isKnownTool };
  }

  /**
   * Whether the step's loaded names are evidence only, to be asked at phase `load` again
   * (the context store without receipts).
   *
   * Implements r[processor.filter.reload].
   */
  get #recheckLoad(): boolean {
    return this.#context !== undefined && !this.#context.verifiesReceipts;
  }

  /**
   * The signed activation of a meta-tool result, when `receiptSecret` is set.
   *
   * Implements r[processor.receipts.write].
   */
  #signer(threadId: string | undefined): MetaToolStep<AnyTool>['sign'] {
    const keys = this.#receipts;
    if (keys === undefined) return undefined;
    return (metaTool, names, toolCallId) => activationFor(metaTool, names, { keys, threadId, toolCallId });
  }

  /**
   * Adds the instructions (and catalog), builds the meta-tools, and returns the step's tools:
   * meta-tools, pass-through tools, active pinned tools, then active loaded tools.
   *
   * Implements r[processor.tools.meta], r[processor.order.sequence], r[processor.order.stable], r[processor.resolved.pass-through],
   * r[processor.pinned.expose] and r[processor.instructions.mode].
   *
   * @param args - Mastra's step arguments
   */
  async processInputStep(args: ProcessInputStepArgs): Promise<{ tools: Record<string, unknown> }> {
    const requestContext = args.requestContext;
    // Where the step's events belong (r[processor.events.context]); its catalog and the store's view of it.
    // (The thread id is resolved once, for both.)
    const threadId = resolveThreadId(requestContext);
    const scope = this.#scopeOf(requestContext, args, threadId);
    const catalog = this.#catalogFor(args.tools, scope);
    const storeInput = this.#storeInput(requestContext, Array.isArray(args.messages) ? args.messages : [], catalog, threadId);
    const verdicts = this.#verdicts(requestContext);
    // Ask, at once and in this order (r[processor.filter.start-order]), about a prefetch's candidates,
    // then the injected catalog (phase search), the pinned tools and the loaded tools (phase active),
    // within one concurrency bound and one budget (r[processor.filter.budget]).
    const start = verdicts.operation('step', verdicts.filtered ? denialEvents(this.#events, scope) : undefined);
    const pinned = this.#pinned.enabled ? this.#pinned.of(catalog) : [];
    let begun: StepStart<AnyTool>;
    try {
      // Without a prefetch the loaded tools are read at once (r[processor.prefetch.first-step]: there is none to make).
      const exposed =
        this.#prefetch === undefined ? this.#loadedNow(catalog, storeInput, scope) : await this.#loadedWithPrefetch(catalog, storeInput, start, scope, args.stepNumber, pinned);
      const startInput = {
        catalog,
        pinned,
        loaded: exposed,
        verdicts: start,
        injectCatalog: this.#injectCatalog,
        autoLoad: this.#autoLoad,
        recheckLoad: this.#recheckLoad,
      };
      // A step that asks nothing (no filter, no injected catalog) starts at once.
      begun = start.filtered || this.#injectCatalog ? await startStep(startInput) : startStepNow(startInput);
    } finally {
      start.end();
    }
    // Instructions for the mode, and the injected catalog.
    args.messageList?.addSystem(this.#instruction);
    if (begun.catalogText !== undefined) args.messageList?.addSystem(begun.catalogText);
    // The meta-tools, closed over this step (and its verdicts).
    const step: MetaToolStep<AnyTool> = {
      catalog,
      verdicts,
      loaded: begun.available,
      pinned: begun.pinnedNames,
      activate: this.#activator(storeInput, scope),
      topK: this.#topK,
      minScore: this.#minScore,
      autoLoad: this.#autoLoad,
      sign: this.#signer(storeInput.threadId),
    };
    const meta: Array<readonly [string, unknown]> = [[SEARCH_TOOLS, this.#searchTool(step, scope)]];
    if (!this.#autoLoad) meta.push([LOAD_TOOL, this.#loadTool(step, scope)]);
    // Pass-through tools: the request's tools unless they are searchable.
    const passThrough = this.#includeResolvedTools ? [] : passThroughEntries(args.tools, skippedEvents(this.#events, scope));
    // Pinned and loaded tools the filter keeps active (asked above).
    return { tools: orderStepTools<unknown>(meta, passThrough, begun.pinned, begun.loaded) };
  }

  /**
   * The step's loaded tools when the processor makes no prefetch: what the store holds, in the
   * thread's stable order, read with the step's scope at hand (for the unloads it finds).
   */
  #loadedNow(catalog: StepCatalog<AnyTool>, storeInput: StoreStepInput, scope: EventScope): ExposedTool<AnyTool>[] {
    const outer = this.#stepScope;
    this.#stepScope = scope;
    try {
      return this.#ordered(catalog, this.#store.loaded(storeInput));
    } finally {
      this.#stepScope = outer;
    }
  }

  /**
   * The step's loaded tools after its prefetch, if any (r[processor.prefetch.first-step]): with the
   * in-memory store the prefetched tools are activated, after the loaded ones; with the context
   * store they are held for this step as the messages' (r[processor.prefetch.storage]). At the
   * request's first step the prefetch is reported (r[processor.prefetch.events]).
   */
  async #loadedWithPrefetch(
    catalog: StepCatalog<AnyTool>,
    storeInput: StoreStepInput,
    verdicts: ToolVerdicts<AnyTool>,
    scope: EventScope,
    stepNumber: number,
    pinned: readonly ExposedTool<AnyTool>[],
  ): Promise<ExposedTool<AnyTool>[]> {
    const prefetch = await stepPrefetch({
      policy: this.#prefetch,
      everyStep: this.#context !== undefined,
      stepNumber,
      messages: storeInput.messages,
      catalog,
      verdicts,
      pinned: new Set(pinned.map((p) => p.entry.name)),
    });
    const names = prefetch?.names ?? [];
    const report = stepNumber === 0 && prefetch !== undefined ? callEvents(this.#events, scope, undefined, 'prefetch') : undefined;
    let before: ReadonlySet<string>;
    let exposed: ExposedTool<AnyTool>[];
    if (this.#context !== undefined) {
      // Held for this step only, derived again at the next (r[processor.prefetch.storage]).
      // What the thread held before: its latest step's tools in this process, and what its messages hold.
      const held = report === undefined || names.length === 0 ? [] : [...this.#context.latestLoaded(storeInput), ...this.#context.peek(storeInput)];
      before = new Set(exposeLoaded(catalog, held).map((e) => e.entry.name));
      const input = prefetch === undefined ? storeInput : { ...storeInput, prefetched: { names, at: prefetch.at } };
      exposed = this.#within(scope, () => this.#ordered(catalog, this.#store.loaded(input)));
    } else {
      // Read once, then activated as load_tool would: the new ones follow (r[store.loaded.shape]).
      const read = this.#within(scope, () => this.#ordered(catalog, this.#store.loaded(storeInput)));
      before = new Set(read.map((e) => e.entry.name));
      if (names.length > 0) this.#within(scope, () => this.#store.activate(storeInput, names));
      exposed = [...read, ...exposeLoaded(catalog, names.filter((n) => !before.has(n)))];
    }
    if (prefetch !== undefined && report !== undefined) {
      report.searched({ query: prefetch.query, candidateCount: catalog.entries.length, matchCount: prefetch.matches.matchCount, results: prefetch.matches.hits });
      const outcome = (name: string) => (before.has(name) ? ('already-loaded' as const) : ('loaded' as const));
      if (names.length > 0) report.loaded({ source: 'load_tool', tools: names.map((name) => ({ name, outcome: outcome(name) })) });
    }
    return exposed;
  }

  /**
   * With the context store, the store input of a resumed request carrying the prefetch of its
   * latest user message (r[processor.prefetch.storage]); otherwise the input as it is.
   */
  async #withPrefetch(input: StoreStepInput, catalog: StepCatalog<AnyTool>, verdicts: ToolVerdicts<AnyTool>, pinned: readonly ExposedTool<AnyTool>[]): Promise<StoreStepInput> {
    if (this.#context === undefined) return input;
    const prefetch = await stepPrefetch({ policy: this.#prefetch, everyStep: true, stepNumber: undefined, messages: input.messages, catalog, verdicts, pinned: new Set(pinned.map((p) => p.entry.name)) });
    return prefetch === undefined ? input : { ...input, prefetched: { names: prefetch.names, at: prefetch.at } };
  }

  /**
   * The step's loaded tools, one per tool under its exposure name, in the thread's stable order.
   *
   * Implements r[processor.names.exposed-once] and r[processor.order.stable].
   */
  #ordered(catalog: StepCatalog<AnyTool>, storeNames: readonly string[]): ExposedTool<AnyTool>[] {
    // The store's order is already stable (r[processor.order.stable]): the in-memory store only adds
    // names to a thread, and the context store keeps each thread's order in its order memory.
    return exposeLoaded(catalog, storeNames);
  }

  /** What a step's meta-tools call to activate names: the store's `activate`, with the step's scope at hand. */
  #activator(storeInput: StoreStepInput, scope: EventScope): (names: readonly string[]) => void {
    return (names) => {
      if (names.length > 0) this.#within(scope, () => this.#store.activate(storeInput, names));
    };
  }

  /** Runs a store call with the step's scope at hand, for the unloads it finds. */
  #within<T>(scope: EventScope, run: () => T): T {
    const outer = this.#stepScope;
    this.#stepScope = scope;
    try {
      return run();
    } finally {
      this.#stepScope = outer;
    }
  }

  /**
   * One meta-tool call: its id, and its events in the step's scope, on the call's own span
   * (r[processor.events.tracing]).
   */
  #call(scope: EventScope, context: unknown): MetaToolCall<AnyTool> {
    const span = tracingSpanOf(context);
    const toolCallId = toolCallIdOf(context);
    // Without a listener or a span, nobody hears the call's events (the sink would drop them): the
    // call has no reporter nor observer, and its search is not asked to count its candidates, which
    // lets the scorer skip postings (r[search.rank.pruning]).
    if (!this.#events.wantedWith(span)) return toolCallId === undefined ? UNHEARD_CALL : { toolCallId };
    const callScope: EventScope = { ...scope, span };
    return { toolCallId, reporter: denialEvents(this.#events, callScope), observer: callEvents(this.#events, callScope, toolCallId) };
  }

  /** `search_tools` for one step: the schemas are shared, only `execute` closes over the step. */
  #searchTool(step: MetaToolStep<AnyTool>, scope: EventScope) {
    this.#searchTemplate ??= createTool({
      id: SEARCH_TOOLS,
      description: searchToolDescription(this.#autoLoad),
      inputSchema: searchToolsInputSchema,
      outputSchema: searchToolsOutputSchema,
      execute: notAStep,
    });
    return stepCopy(this.#searchTemplate, (input, context) => runSearchTools(step, input, this.#call(scope, context)));
  }

  /** `load_tool` for one step: the schemas are shared, only `execute` closes over the step. */
  #loadTool(step: MetaToolStep<AnyTool>, scope: EventScope) {
    this.#loadTemplate ??= createTool({
      id: LOAD_TOOL,
      description: loadToolDescription(),
      inputSchema: loadToolInputSchema,
      outputSchema: loadToolOutputSchema,
      execute: notAStep,
    });
    return stepCopy(this.#loadTemplate, (input, context) => runLoadTool(step, input, this.#call(scope, context)));
  }

  /**
   * The loaded tools of a request, keyed by the names they are exposed under, for Mastra's resume path after a tool
   * approval (which skips `processInputStep`).
   *
   * Implements r[processor.resume.loaded-tools], r[processor.resume.persisted], r[processor.pinned.resume] and r[processor.names.exposure].
   *
   * @param args - `requestContext`; `stepArgs` to resolve through a live step; `tools`, the resumed request's resolved tools;
   *   `messages`, the thread's persisted messages when the caller has them
   */
  async getLoadedToolsForRequestContext(args?: {
    requestContext?: RequestContext;
    stepArgs?: ProcessInputStepArgs;
    tools?: Record<string, unknown>;
    /** The thread's persisted messages, when the caller has them (later `@mastra/core` releases pass them). */
    messages?: readonly unknown[];
  }): Promise<Record<string, AnyTool>> {
    // With a live step: the store's view of that step.
    const stepArgs = args?.stepArgs;
    const requestContext = args?.requestContext ?? stepArgs?.requestContext;
    const scope = this.#scopeOf(requestContext, stepArgs);
    const catalog = this.#catalogFor(stepArgs?.tools ?? args?.tools, scope);
    const pinned = this.#pinned.of(catalog);
    // This call is a step of its own for the verdicts, and one operation (r[processor.filter.budget]).
    const resume = this.#verdicts(requestContext).operation('resume', denialEvents(this.#events, scope));
    let begun: StepStart<AnyTool>;
    try {
      let names: readonly string[];
      if (stepArgs !== undefined) {
        const input = await this.#withPrefetch(this.#storeInput(requestContext, Array.isArray(stepArgs.messages) ? stepArgs.messages : [], catalog), catalog, resume, pinned);
        names = this.#within(scope, () => this.#store.loaded(input));
      } else if (this.#context === undefined) {
        // Without one: the in-memory store by thread ...
        const input = this.#storeInput(requestContext, [], catalog);
        names = this.#within(scope, () => this.#store.loaded(input));
      } else {
        // ... or the context store: the thread's latest step in this process, then what its persisted
        // messages hold, its latest user message's prefetch included (r[processor.prefetch.storage]).
        // Unlike @mastra/core 1.71.0 (r[processor.resume.loaded-tools], r[processor.resume.persisted]): Mastra answers
        // from its bridge only, which the thread's last step emptied, and a restart loses it.
        const persisted = Array.isArray(args?.messages) ? args.messages : await persistedMessages(requestContext);
        const input = await this.#withPrefetch(this.#storeInput(requestContext, persisted ?? [], catalog), catalog, resume, pinned);
        names = [...new Set([...this.#context.latestLoaded(input), ...this.#context.peek(input)])];
      }
      // One entry per tool, keyed by its exposure name, the pinned tools first (r[processor.pinned.resume]);
      // only tools the filter keeps (r[processor.filter.reload]), resolved to this request's instances.
      begun = await startStep({ catalog, pinned, loaded: exposeLoaded(catalog, names), verdicts: resume, injectCatalog: false, autoLoad: this.#autoLoad, recheckLoad: this.#recheckLoad });
    } finally {
      resume.end();
    }
    const out: Record<string, AnyTool> = {};
    for (const [name, tool] of [...begun.pinned, ...begun.loaded]) {
      Object.defineProperty(out, name, { value: tool, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }

  /**
   * Forgets one thread's loaded tools (default `'default'`). In-memory store only; a no-op for `'context'`.
   * A thread id of more than 256 code points names the thread of its key, as in a request.
   *
   * Implements r[processor.state.methods] and r[processor.thread.bounded].
   */
  clearState(threadId?: string): void {
    this.#store.clearState(typeof threadId === 'string' ? threadKey(threadId) : threadId);
  }

  /** Forgets every thread's loaded tools. In-memory store only. @see r[processor.state.methods] */
  clearAllState(): void {
    this.#store.clearAllState();
  }

  /**
   * Thread count and oldest access time of the in-memory store's threads, or of the context store's
   * bridge, with the `evictions` of either bound. @see r[processor.state.methods] @see r[store.context.state-methods]
   * @see r[store.memory.stats]
   */
  getStateStats(): StateStats {
    // Unlike @mastra/core 1.71.0 (r[processor.state.methods]): with the context store Mastra's stats are zeros
    // whatever the bridge holds.
    return this.#store.getStateStats();
  }

  /** Runs the TTL cleanup now; returns how many threads were removed. @see r[processor.state.methods] */
  cleanupNow(): number {
    return this.#store.cleanupNow();
  }

  /** Stops the in-memory store's sweep timer, or drops the context store's bridge (an addition to @mastra/core 1.71.0). */
  dispose(): void {
    this.#store.dispose();
  }
}

/** A meta-tool call without an id that nobody hears. */
const UNHEARD_CALL: MetaToolCall<AnyTool> = Object.freeze({});

/** The `execute` of a meta-tool template, which no step exposes (each step's copy has its own). */
async function notAStep(): Promise<never> {
  throw new Error('ToolSearchProcessor: a meta-tool template was executed; use the tools a step returned.');
}

/**
 * A step's own copy of a meta-tool made once by `createTool`: the same class and the same own
 * properties (schemas shared), so that a step costs no schema conversion. The properties are
 * copied as own data properties (a spread, which V8 copies in one go, then the class's prototype);
 * `execute` is then the step's own (assigned to the copied own data property: writable,
 * enumerable, configurable, as `createTool` made it).
 *
 * Makes the meta-tool's `execute` call the meta-tool directly. The meta-tools validate their input
 * themselves and never throw (r[processor.input.never-throws]); Mastra's tool wrapper would first
 * walk the input recursively. The second argument is the execution context; its tool call id binds
 * a receipt (r[processor.receipts.write]).
 *
 * Unlike @mastra/core 1.71.0 (r[processor.input.never-throws]): Mastra's wrapper copies the input
 * recursively before `execute` runs, so an input nested 100 000 deep, a getter that throws or a
 * Proxy makes the meta-tool throw.
 */
function stepCopy<T extends { execute?: unknown }>(template: T, execute: (input: unknown, context?: unknown) => Promise<unknown>): T {
  const tool = Object.setPrototypeOf({ ...template }, Object.getPrototypeOf(template) as object) as T;
  // Unlike @mastra/core 1.71.0 (r[processor.input.never-throws]): Mastra's tool wrapper copies the input recursively
  // first, so a deep or throwing input makes the meta-tool throw.
  tool.execute = execute;
  return tool;
}

/** `isKnownTool` of a request's catalog (the static catalog's is made once). */
function knownIn(catalog: StepCatalog<AnyTool>): (name: string) => boolean {
  return (name) => isKnownName(catalog, name);
}

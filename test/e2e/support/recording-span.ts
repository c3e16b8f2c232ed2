/**
 * A tracing span tree that records what is made on it, shaped enough like `@mastra/core`'s
 * spans for a real Agent to run under it (passed as `tracingContext.currentSpan` to
 * `generate`): child spans, event spans, and a model span tracker. Every event span made
 * anywhere in the tree is recorded with the name of the span it was made on.
 */
type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** An event span as recorded: the span it was made on, and the options it was made with. */
export interface RecordedEventSpan {
  /** The `type` and `name` of the span it was made on. */
  parent: { type: string; name: string };
  /** Its type. */
  type: string;
  /** Its name. */
  name: string;
  /** Its metadata. */
  metadata: Record<string, unknown>;
}

/** A root span, and everything recorded under it. */
export function recordingTrace() {
  const events: RecordedEventSpan[] = [];
  const spans: Array<{ type: string; name: string }> = [];
  const make = (type: string, name: string): Any => {
    const span: Any = {
      id: `${spans.length}`,
      traceId: '0'.repeat(32),
      type,
      name,
      isEvent: false,
      isInternal: false,
      startTime: new Date(0),
      get isValid() {
        return true;
      },
      get isRootSpan() {
        return spans.length === 0;
      },
      createChildSpan: (o: { type: string; name: string }) => {
        spans.push({ type: o.type, name: o.name });
        return make(o.type, o.name);
      },
      createEventSpan: (o: { type: string; name: string; metadata: Record<string, unknown> }) => {
        events.push({ parent: { type, name }, type: o.type, name: o.name, metadata: o.metadata });
        return make(o.type, o.name);
      },
      findParent: (parentType: string) => make(parentType, `parent ${parentType}`),
      createTracker: () => ({
        getTracingContext: () => ({ currentSpan: span }),
        wrapStream: <T,>(stream: T) => stream,
        reportGenerationError() {},
        endGeneration() {},
        updateGeneration() {},
        startStep() {},
        updateStep() {},
        startInference() {},
        setInferenceContext() {},
        setDeferStepClose() {},
        exportCurrentStep: () => undefined,
        getPendingStepFinishPayload: () => undefined,
      }),
      update() {},
      end() {},
      endTree() {},
      error() {},
      getParentSpanId: () => undefined,
      exportSpan: () => undefined,
      executeInContext: async (fn: () => unknown) => fn(),
      executeInContextSync: (fn: () => unknown) => fn(),
    };
    // Whatever else the Agent asks a span for is absent, as on a span that does not export.
    return new Proxy(span, { get: (target, key) => (key in target ? target[key] : undefined) });
  };
  return { root: make('agent_run', 'root'), events, spans };
}

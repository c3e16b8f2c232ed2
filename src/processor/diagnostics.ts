import type { ToolSearchFilterPhase } from './options.js';

/**
 * What a diagnostic is about: `tool-skipped` (a request-resolved value that is not a usable
 * tool), `filter-timed-out` (a verdict that missed its deadline), `filter-threw` (a filter that
 * threw or rejected).
 *
 * @see r[processor.diagnostics.listener]
 */
export type ToolSearchDiagnosticCode = 'tool-skipped' | 'filter-timed-out' | 'filter-threw';

/**
 * One diagnostic, for the application (never for the model). Every string in it echoes at most
 * 64 characters of a supplied value.
 *
 * @see r[processor.diagnostics.listener]
 */
export interface ToolSearchDiagnostic {
  /** What happened. */
  readonly code: ToolSearchDiagnosticCode;
  /** A sentence naming the tool and what to do. */
  readonly message: string;
  /** `tool-skipped`: the record key of the skipped value (shortened). */
  readonly toolKey?: string;
  /** `filter-*`: the canonical name the filter was asked about (shortened). */
  readonly toolName?: string;
  /** `filter-*`: the phase of the verdict. */
  readonly phase?: ToolSearchFilterPhase;
}

/** The `onDiagnostic` hook. */
export type ToolSearchDiagnosticListener = (diagnostic: ToolSearchDiagnostic) => void;

/**
 * A reporter that hands each diagnostic to the listener and ignores whatever the listener does
 * (a throw, a returned promise that rejects): diagnostics never change a step.
 *
 * Implements r[processor.diagnostics.listener].
 *
 * @param listener - the `onDiagnostic` option, if any
 */
export function diagnosticReporter(listener: ToolSearchDiagnosticListener | undefined): (diagnostic: ToolSearchDiagnostic) => void {
  // Unlike @mastra/core 1.71.0 (r[processor.diagnostics.listener]): `onDiagnostic` is an addition.
  if (listener === undefined) return () => {};
  return (diagnostic) => {
    try {
      const out: unknown = listener(diagnostic);
      if (typeof out === 'object' && out !== null && typeof (out as { then?: unknown }).then === 'function') {
        (out as Promise<unknown>).then(undefined, () => {});
      }
    } catch {
      // A listener's failure is its own: the step goes on.
    }
  };
}

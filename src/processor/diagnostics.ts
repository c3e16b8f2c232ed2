import { errorText, shorten } from './echo.js';
import type { ToolSearchFilterPhase } from './options.js';
import type { BudgetExhaustion, FilterDenial } from './verdicts.js';

/**
 * What a diagnostic is about: `tool-skipped` (a request-resolved value that is not a usable
 * tool), `filter-timed-out` (a verdict that missed its deadline), `filter-threw` (a filter that
 * threw or rejected).
 *
 * @see r[processor.diagnostics.listener]
 */
export type ToolSearchDiagnosticCode = 'tool-skipped' | 'filter-timed-out' | 'filter-threw' | 'filter-budget-exhausted';

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

/**
 * The verdict policy's reporters: a verdict that timed out, threw or was cut by its operation's
 * budget becomes a diagnostic; a verdict that is simply not `true` does not.
 *
 * Implements r[processor.diagnostics.listener] and r[processor.filter.timeout-as-denial].
 *
 * @param report - where diagnostics go
 */
export function denialReporters(
  report: (diagnostic: ToolSearchDiagnostic) => void,
  timeoutMs: number,
): {
  onDenial: (denial: FilterDenial) => void;
  onBudgetExhausted: (exhaustion: BudgetExhaustion) => void;
} {
  return {
    onDenial: ({ entry, phase, reason, error }) => {
      const name = shorten(entry.name);
      if (reason === 'timed-out') {
        report({
          code: 'filter-timed-out',
          toolName: name,
          phase,
          message: `The filter did not settle within ${timeoutMs} ms for tool "${name}" (phase ${phase}), so the tool was denied. Make the filter answer sooner or raise filterTimeoutMs.`,
        });
      } else if (reason === 'threw') {
        report({ code: 'filter-threw', toolName: name, phase, message: `The filter threw for tool "${name}" (phase ${phase}), so the tool was denied: ${errorText(error)}.` });
      } else if (reason === 'budget-exhausted') {
        report({
          code: 'filter-budget-exhausted',
          toolName: name,
          phase,
          message: `The operation spent its filterBudgetMs before the filter answered for tool "${name}" (phase ${phase}), so the tool was denied.`,
        });
      }
    },
    onBudgetExhausted: () => {},
  };
}

/**
 * Runs conformance cases against one adapter and classifies each case as
 * passed, failed, expected failure, unexpected pass or skipped.
 *
 * Implements r[conformance.runner.conversation], r[conformance.runner.skip],
 * r[conformance.expectations.unexpected-failure], r[conformance.expectations.unexpected-pass],
 * r[conformance.expectations.stale].
 *
 * @module
 */
import type { Case, Feature, NeutralMessage, NeutralToolResult } from '../case/schema.js';
import type { Adapter, ImplementationInfo, StepObservation, StepRequest, WireMessage, WireToolResult } from '../adapter/types.js';
import { checkBegin, checkCall } from './check.js';
import type { Expectations } from './expectations.js';
import { classifyCases, type CaseResult, type CaseStatus } from './classify.js';

export type { CaseResult, CaseStatus };

/** The outcome of a run against one adapter. */
export interface AdapterRun {
  /** The implementation, as its adapter reported it. */
  implementation: ImplementationInfo;
  /** The features it claims. */
  features: Feature[];
  /** One result per selected case, in suite order. */
  results: CaseResult[];
  /** Problems with the expectation file: malformed lines, unknown case IDs, rules a case does not cite. */
  expectationProblems: string[];
  /** True when every result matches the expectations and the file has no problems. */
  ok: boolean;
}

/** What to run. */
export interface RunOptions {
  /** The whole suite (expectations are checked against all of it). */
  cases: Case[];
  /** Expected failures; none when absent. */
  expectations?: Expectations;
  /** Only cases whose ID or one of whose rules matches (a substring, or a glob with `*`). */
  filter?: string;
}

/** Does `pattern` (a substring, or a glob with `*`) select this case? */
export function matchesFilter(c: { id: string; rules: readonly string[] }, pattern: string | undefined): boolean {
  if (pattern === undefined || pattern === '') return true;
  const test = pattern.includes('*')
    ? (s: string) =>
        new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\/]/g, '\\$&')).join('.*')}$`).test(s)
    : (s: string) => s.includes(pattern);
  return test(c.id) || c.rules.some(test);
}

/** The area of a case: its ID up to the first dot or slash. */
export const areaOf = (id: string): string => /^[^./]+/.exec(id)?.[0] ?? id;

/** Runs one case; returns the mismatches (empty when it passes). */
async function runCase(adapter: Adapter, c: Case): Promise<string[]> {
  const session = await adapter.open({ id: c.id, catalog: c.catalog, options: c.options });
  if (c.constructionError || session.constructionError !== undefined) {
    await session.close();
    if (!c.constructionError) return [`the constructor threw: ${session.constructionError}`];
    if (session.constructionError === undefined) return ['the constructor accepted the options; expected it to throw'];
    return [];
  }
  const conversations = new Map<string, WireMessage[]>();
  let current = conversations.get('') ?? [];
  let messageCount = 0;
  let callCount = 0;
  let stepNumber = 0;
  const toWireResult = (r: NeutralToolResult): WireToolResult => ({
    toolCallId: r.toolCallId ?? `call-${++callCount}`,
    toolName: r.toolName,
    args: r.args,
    result: r.result,
    state: r.state,
    ...(r.isError !== undefined ? { isError: r.isError } : {}),
  });
  const toWire = (m: NeutralMessage): WireMessage =>
    m.role === 'user'
      ? {
          id: `msg-${++messageCount}`,
          role: 'user',
          text: m.text,
          ...(m.toolResults !== undefined ? { toolResults: m.toolResults.map(toWireResult) } : {}),
        }
      : { id: `msg-${++messageCount}`, role: 'assistant', toolResults: m.toolResults.map(toWireResult) };
  try {
    for (const [index, step] of c.steps.entries()) {
      const where = `step ${index + 1} (${step.op})`;
      let request: StepRequest;
      switch (step.op) {
        case 'begin': {
          // r[conformance.runner.conversation]: each thread has its own conversation, kept across steps and restarts.
          const key = step.thread ?? '';
          current = conversations.get(key) ?? [];
          conversations.set(key, current);
          current.splice(0, step.dropOldest);
          if (step.user !== undefined) current.push({ id: `msg-${++messageCount}`, role: 'user', text: step.user });
          for (const m of step.messages) current.push(toWire(m));
          request = {
            op: 'begin',
            thread: step.thread,
            threadVia: step.threadVia,
            resolvedTools: step.resolvedTools,
            requestContext: step.requestContext,
            messages: structuredClone(current),
            stepNumber: stepNumber++,
          };
          break;
        }
        case 'call':
          request = { op: 'call', tool: step.tool, input: step.input, toolCallId: `call-${++callCount}` };
          break;
        case 'advanceClock':
          request = { op: 'advanceClock', ms: step.ms };
          break;
        case 'clearState':
          request = step.thread === undefined ? { op: 'clearState' } : { op: 'clearState', thread: step.thread };
          break;
        case 'resume':
          request = { op: 'resume', thread: step.thread, resolvedTools: step.resolvedTools };
          if (step.persisted) request.messages = structuredClone(conversations.get(step.thread ?? '') ?? []);
          break;
        default:
          request = { op: step.op };
      }
      let obs: StepObservation;
      try {
        obs = await session.step(request);
      } catch (error) {
        return [`${where}: adapter error: ${error instanceof Error ? error.message : String(error)}`];
      }
      let problems: string[] = [];
      if (step.op === 'begin') problems = checkBegin(step.expect, obs);
      else if (step.op === 'call') {
        problems = checkCall(step.expect, obs);
        if (step.record && obs.outcome === 'result' && request.op === 'call') {
          const args = step.input && typeof step.input === 'object' ? (step.input as Record<string, unknown>) : {};
          current.push({
            id: `msg-${++messageCount}`,
            role: 'assistant',
            toolResults: [{ toolCallId: request.toolCallId, toolName: step.tool, args, result: obs.result, state: 'result' }],
          });
        }
      } else if (step.op === 'cleanupNow' && step.expect.cleaned !== undefined && obs.cleaned !== step.expect.cleaned) {
        problems = [`cleaned: expected ${step.expect.cleaned}, got ${JSON.stringify(obs.cleaned)}`];
      } else if (step.op === 'resume') {
        if (step.expect.tools) {
          const got = obs.tools ?? [];
          if (got.length !== step.expect.tools.length || got.some((t, i) => t !== step.expect.tools![i])) {
            problems.push(`resumed tools: expected ${JSON.stringify(step.expect.tools)}, got ${JSON.stringify(got)}`);
          }
        }
        for (const [key, origin] of Object.entries(step.expect.origins ?? {})) {
          if (obs.origins?.[key] !== origin) problems.push(`origin of resumed ${key}: expected ${JSON.stringify(origin)}, got ${JSON.stringify(obs.origins?.[key])}`);
        }
      } else if (step.op === 'stateStats') {
        if (step.expect.threadCount !== undefined && obs.threadCount !== step.expect.threadCount) {
          problems.push(`threadCount: expected ${step.expect.threadCount}, got ${JSON.stringify(obs.threadCount)}`);
        }
        if (step.expect.oldestAccessTimeIsNull !== undefined && (obs.oldestAccessTime === null) !== step.expect.oldestAccessTimeIsNull) {
          problems.push(`oldestAccessTime: expected ${step.expect.oldestAccessTimeIsNull ? 'null' : 'a number'}, got ${JSON.stringify(obs.oldestAccessTime)}`);
        }
      }
      // A failing step ends the case: later steps would only report its consequences.
      if (problems.length > 0) return problems.map((p) => `${where}: ${p}`);
    }
    return [];
  } finally {
    await session.close();
  }
}

/**
 * Runs the selected cases against an adapter and compares the outcome with the expectations.
 *
 * @see r[conformance.runner.skip]
 * @see r[conformance.expectations.unexpected-pass]
 */
export async function runSuite(adapter: Adapter, options: RunOptions): Promise<AdapterRun> {
  const claimed = new Set<string>(adapter.features);
  const run = await classifyCases({
    cases: options.cases,
    expectations: options.expectations,
    selects: (c) => matchesFilter(c, options.filter),
    areaOf,
    skipReason: (c) => {
      const missing = c.features.filter((f) => !claimed.has(f));
      return missing.length > 0 ? `needs unclaimed feature(s): ${missing.join(', ')}` : undefined;
    },
    execute: (c) => runCase(adapter, c),
  });
  return { implementation: adapter.implementation, features: [...adapter.features], ...run };
}

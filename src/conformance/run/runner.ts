/**
 * Runs conformance cases against one adapter and classifies each case as
 * passed, failed, expected failure, unexpected pass, skipped or protocol error.
 *
 * Implements r[conformance.runner.conversation], r[conformance.runner.skip],
 * r[conformance.protocol.validate], r[conformance.expectations.unexpected-failure],
 * r[conformance.expectations.unexpected-pass], r[conformance.expectations.stale].
 *
 * @module
 */
import type { Case, Feature } from '../case/schema.js';
import type { Adapter, CaseSession, ImplementationInfo, StepObservation, StepRequest } from '../adapter/types.js';
import { checkObservation, ProtocolError } from '../protocol/validate.js';
import { checkConstructionMessage, checkStep } from './check.js';
import type { Expectations } from './expectations.js';
import { classifyCases, type CaseOutcome, type CaseResult, type CaseStatus } from './classify.js';
import { Conversation } from './conversation.js';

export type { CaseOutcome, CaseResult, CaseStatus };

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

/** A case that expects a construction error, or met one: its outcome. */
function constructionOutcome(c: Case, session: CaseSession): CaseOutcome {
  if (!c.constructionError) return { failures: [`the constructor threw: ${session.constructionError}`] };
  if (session.constructionError === undefined) return { failures: ['the constructor accepted the options; expected it to throw'] };
  return { failures: c.constructionError === true ? [] : checkConstructionMessage(c.constructionError, session.constructionError) };
}

/**
 * Numbers the request ids of a case's events and spans: each distinct non-null `requestId` (of an
 * event, or of a span's `metadata`) becomes `request-N` in the order it first appears, so that
 * cases can compare them.
 *
 * Implements r[conformance.runner.events].
 */
export class RequestIds {
  readonly #labels = new Map<string, string>();

  /** The observation with its events' and spans' request ids numbered (the same object when it has neither). */
  normalise(obs: StepObservation): StepObservation {
    if (obs.events === undefined && obs.spans === undefined) return obs;
    const events = obs.events?.map((e) => this.#numbered(e));
    const spans = obs.spans?.map((s) => {
      const metadata = s.metadata;
      return metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata) ? { ...s, metadata: this.#numbered(metadata as Record<string, unknown>) } : s;
    });
    return { ...obs, ...(events ? { events } : {}), ...(spans ? { spans } : {}) };
  }

  /** A record with its `requestId`, when a string, replaced by its label. */
  #numbered(record: Record<string, unknown>): Record<string, unknown> {
    const id = record.requestId;
    if (typeof id !== 'string') return record;
    let label = this.#labels.get(id);
    if (label === undefined) {
      label = `request-${this.#labels.size + 1}`;
      this.#labels.set(id, label);
    }
    return { ...record, requestId: label };
  }
}

/** Sends one step and validates the answer: an observation of the step's shape, or a skip. */
async function observe(session: CaseSession, request: StepRequest, where: string, claimed: readonly string[]): Promise<StepObservation | { skipped: string }> {
  const answer = await session.step(request);
  if ('skipped' in answer && typeof answer.skipped === 'string') return { skipped: answer.skipped };
  return checkObservation(request.op, answer, `the answer to ${where}`, claimed);
}

/** Runs the steps of an opened case; a failing step ends the case (later steps would only show its consequences). */
async function runSteps(c: Case, session: CaseSession, claimed: readonly string[]): Promise<CaseOutcome> {
  const conversation = new Conversation();
  const requestIds = new RequestIds();
  for (const [index, step] of c.steps.entries()) {
    const where = `step ${index + 1} (${step.op})`;
    const request = conversation.request(step);
    let obs: StepObservation | { skipped: string };
    try {
      obs = await observe(session, request, where, claimed);
    } catch (error) {
      if (error instanceof ProtocolError) throw error;
      return { failures: [`${where}: adapter error: ${error instanceof Error ? error.message : String(error)}`] };
    }
    if ('skipped' in obs) return { skipped: obs.skipped };
    const problems = checkStep(step, requestIds.normalise(obs));
    if (problems.length > 0) return { failures: problems.map((p) => `${where}: ${p}`) };
    if (step.op === 'call' && request.op === 'call') conversation.record(step, request, obs);
  }
  return { failures: [] };
}

/**
 * Runs one case: opens a session, runs its steps, closes it. A malformed
 * answer ends the case as a protocol error.
 *
 * @see r[conformance.protocol.validate]
 */
async function runCase(adapter: Adapter, c: Case): Promise<CaseOutcome> {
  let session: CaseSession | undefined;
  try {
    session = await adapter.open({ id: c.id, catalog: c.catalog, options: c.options, features: [...c.features] });
    if (session.skipped !== undefined) return { skipped: session.skipped };
    if (c.constructionError || session.constructionError !== undefined) return constructionOutcome(c, session);
    return await runSteps(c, session, adapter.features);
  } catch (error) {
    if (error instanceof ProtocolError) return { protocolError: error.message };
    throw error;
  } finally {
    await session?.close();
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

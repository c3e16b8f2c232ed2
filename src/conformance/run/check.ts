/**
 * Compares what an adapter observed with what a step expects. Each function
 * returns the list of mismatches, empty when the step passes. Scores are
 * compared with bounds and with each other, or pinned by `scored`.
 *
 * Implements r[conformance.case.pinned-scores].
 *
 * @module
 */
import type { BeginExpect, Bounds, CallExpect, ConstructionErrorExpect, EventChecks, FilterCall, FilterCallChecks, Step } from '../case/schema.js';
import type { StepObservation } from '../adapter/types.js';

const show = (v: unknown): string => JSON.stringify(v) ?? String(v);

/** Deep partial match: every key of `expected` is present in `actual` with a matching value. */
export function partialMatch(expected: unknown, actual: unknown): boolean {
  if (expected === null || typeof expected !== 'object') return Object.is(expected, actual);
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => partialMatch(e, actual[i]));
  }
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
  const a = actual as Record<string, unknown>;
  return Object.entries(expected as Record<string, unknown>).every(([k, v]) => Object.hasOwn(a, k) && partialMatch(v, a[k]));
}

function sameList(label: string, expected: string[], actual: string[], out: string[]): void {
  if (expected.length !== actual.length || expected.some((e, i) => e !== actual[i])) {
    out.push(`${label}: expected ${show(expected)}, got ${show(actual)}`);
  }
}

function includes(label: string, expected: string[], actual: string[], out: string[]): void {
  const missing = expected.filter((e) => !actual.includes(e));
  if (missing.length > 0) out.push(`${label}: missing ${show(missing)} in ${show(actual)}`);
}

function excludes(label: string, expected: string[], actual: string[], out: string[]): void {
  const present = expected.filter((e) => actual.includes(e));
  if (present.length > 0) out.push(`${label}: unexpected ${show(present)} in ${show(actual)}`);
}

function before(label: string, pairs: Array<[string, string]>, actual: string[], out: string[]): void {
  for (const [a, b] of pairs) {
    const i = actual.indexOf(a);
    const j = actual.indexOf(b);
    if (i < 0 || j < 0 || i >= j) out.push(`${label}: expected ${a} before ${b} in ${show(actual)}`);
  }
}

const callKey = (c: FilterCall): string => `${c.phase}:${c.toolName}`;

function checkBounds(label: string, bounds: Bounds | undefined, actual: number | undefined, out: string[]): void {
  if (bounds === undefined) return;
  if (actual === undefined) {
    out.push(`${label}: not reported by the adapter`);
    return;
  }
  if (bounds.min !== undefined && actual < bounds.min) out.push(`${label}: expected at least ${bounds.min}, got ${actual}`);
  if (bounds.max !== undefined && actual > bounds.max) out.push(`${label}: expected at most ${bounds.max}, got ${actual}`);
}

/**
 * Checks observed objects against expected ones: exactly as many, each matching its expected object
 * as a deep subset, in order. `noun` names one of them in the mismatches (`event`, `span`).
 *
 * Implements r[conformance.case.events] and r[conformance.protocol.tracing].
 */
function checkInOrder(noun: string, expected: readonly Record<string, unknown>[], actual: readonly Record<string, unknown>[], out: string[]): void {
  if (expected.length !== actual.length) {
    out.push(`${noun}s: expected ${expected.length}, got ${actual.length}: ${show(actual)}`);
    return;
  }
  expected.forEach((e, i) => {
    if (!partialMatch(e, actual[i])) out.push(`${noun} ${i + 1}: expected ${show(e)} within ${show(actual[i])}`);
  });
}

/**
 * Checks the events of a step: exactly as many as expected, each matching its expected object as a
 * deep subset, in order; and no event's JSON text holding an excluded string. Checks the step's
 * event spans the same way (r[conformance.protocol.tracing]).
 *
 * Implements r[conformance.case.events].
 */
export function checkEvents(expect: EventChecks, obs: StepObservation, out: string[]): void {
  if (expect.spans !== undefined) {
    if (obs.spans === undefined) out.push('spans: not reported by the adapter');
    else checkInOrder('span', expect.spans, obs.spans, out);
  }
  if (expect.events === undefined && expect.eventsExclude === undefined) return;
  const events = obs.events;
  if (events === undefined) {
    out.push('events: not reported by the adapter');
    return;
  }
  if (expect.events !== undefined) checkInOrder('event', expect.events, events, out);
  for (const text of expect.eventsExclude ?? []) {
    const i = events.findIndex((e) => show(e).includes(text));
    if (i >= 0) out.push(`event ${i + 1}: contains ${show(text)}: ${show(events[i])}`);
  }
}

/**
 * Checks the message of a construction error: every included string in it, no excluded one.
 *
 * Implements r[conformance.case.construction-error].
 */
export function checkConstructionMessage(expect: ConstructionErrorExpect, message: string): string[] {
  const out: string[] = [];
  for (const text of expect.messageInclude ?? []) {
    if (!message.includes(text)) out.push(`construction error: expected its message to contain ${show(text)}, got ${show(message)}`);
  }
  for (const text of expect.messageExclude ?? []) {
    if (message.includes(text)) out.push(`construction error: expected its message not to contain ${show(text)}, got ${show(message)}`);
  }
  return out;
}

function checkFilterCalls(expect: FilterCallChecks, obs: StepObservation, out: string[]): void {
  checkEvents(expect, obs, out);
  const keys = obs.filterCalls.map(callKey);
  if (expect.filterCalls) sameList('filter calls', expect.filterCalls.map(callKey), keys, out);
  if (expect.filterCallsInclude) includes('filter calls', expect.filterCallsInclude.map(callKey), keys, out);
  if (expect.filterCallsExclude) excludes('filter calls', expect.filterCallsExclude.map(callKey), keys, out);
  checkBounds('simulated milliseconds of the step', expect.elapsedMs, obs.elapsedMs, out);
  checkBounds('filter calls in flight at once', expect.maxFilterCallsInFlight, obs.maxFilterCallsInFlight, out);
}

/** Checks a `begin` step. */
export function checkBegin(expect: BeginExpect, obs: StepObservation): string[] {
  const out: string[] = [];
  const exposed = obs.exposed ?? [];
  if (expect.exposed) sameList('exposed tools', expect.exposed, exposed, out);
  if (expect.exposedInclude) includes('exposed tools', expect.exposedInclude, exposed, out);
  if (expect.exposedExclude) excludes('exposed tools', expect.exposedExclude, exposed, out);
  if (expect.exposedBefore) before('exposed tools', expect.exposedBefore, exposed, out);
  if (expect.origins) {
    for (const [key, origin] of Object.entries(expect.origins)) {
      const got = obs.origins?.[key];
      if (got !== origin) out.push(`origin of exposed ${key}: expected ${show(origin)}, got ${show(got)}`);
    }
  }
  const system = obs.system ?? [];
  for (const text of expect.systemInclude ?? []) {
    if (!system.some((s) => s.includes(text))) out.push(`system messages: none contains ${show(text)}`);
  }
  for (const text of expect.systemExclude ?? []) {
    if (system.some((s) => s.includes(text))) out.push(`system messages: one contains ${show(text)}`);
  }
  checkFilterCalls(expect, obs, out);
  return out;
}

function resultNames(result: unknown): { names: string[]; scores: unknown[] } | undefined {
  if (!result || typeof result !== 'object') return undefined;
  const results = (result as { results?: unknown }).results;
  if (!Array.isArray(results)) return undefined;
  return {
    names: results.map((r: { name?: unknown }) => String(r?.name)),
    scores: results.map((r: { score?: unknown }) => r?.score),
  };
}

/**
 * r[conformance.case.pinned-scores]: exactly these names in this order, each with exactly its
 * score (a reported score is `n / 10000`, so equal scores are equal binary64 numbers).
 */
function scoredList(expected: ReadonlyArray<readonly [string, number]>, names: readonly string[], scores: readonly unknown[], out: string[]): void {
  const actual = names.map((name, i) => [name, scores[i]] as const);
  const differs = (i: number): boolean => actual[i]![0] !== expected[i]![0] || !Object.is(actual[i]![1], expected[i]![1]);
  if (actual.length !== expected.length) {
    out.push(`scored results: expected ${expected.length} results ${show(expected)}, got ${actual.length}: ${show(actual)}`);
    return;
  }
  for (let i = 0; i < expected.length; i++) {
    if (differs(i)) out.push(`scored result ${i + 1}: expected ${show(expected[i])}, got ${show(actual[i])}`);
  }
}

/** Checks a `call` step. */
export function checkCall(expect: CallExpect, obs: StepObservation): string[] {
  const out: string[] = [];
  const outcome = obs.outcome ?? 'result';
  if (expect.notExposed === true) {
    if (outcome !== 'not-exposed') out.push('the meta-tool is exposed, expected it not to be');
    return out;
  }
  if (outcome === 'not-exposed') return ['the called meta-tool is not exposed'];
  if (outcome === 'threw' && expect.threw !== true) return [`the tool threw: ${show(obs.result)}`];
  if (outcome !== 'threw' && expect.threw === true) out.push('the tool returned, expected it to throw');
  const result = obs.result;
  const needsNames =
    expect.names || expect.namesInclude || expect.namesExclude || expect.namesPrefix || expect.namesBefore ||
    expect.count !== undefined || expect.maxCount !== undefined || expect.minCount !== undefined || expect.scores || expect.scored;
  if (needsNames) {
    const found = resultNames(result);
    if (!found) {
      out.push(`the result has no results array: ${show(result)}`);
    } else {
      const { names, scores } = found;
      if (expect.names) sameList('result names', expect.names, names, out);
      if (expect.namesInclude) includes('result names', expect.namesInclude, names, out);
      if (expect.namesExclude) excludes('result names', expect.namesExclude, names, out);
      if (expect.namesPrefix) sameList('first result names', expect.namesPrefix, names.slice(0, expect.namesPrefix.length), out);
      if (expect.namesBefore) before('result names', expect.namesBefore, names, out);
      if (expect.count !== undefined && names.length !== expect.count) out.push(`result count: expected ${expect.count}, got ${names.length}`);
      if (expect.maxCount !== undefined && names.length > expect.maxCount) out.push(`result count: expected at most ${expect.maxCount}, got ${names.length}`);
      if (expect.minCount !== undefined && names.length < expect.minCount) out.push(`result count: expected at least ${expect.minCount}, got ${names.length}`);
      if (expect.scored) scoredList(expect.scored, names, scores, out);
      if (expect.scores) {
        const s = expect.scores;
        scores.forEach((score, i) => {
          if (typeof score !== 'number' || !Number.isFinite(score)) {
            out.push(`score of ${names[i]}: not a finite number (${show(score)})`);
            return;
          }
          if (s.min !== undefined && score < s.min) out.push(`score of ${names[i]}: below ${s.min}`);
          if (s.max !== undefined && score > s.max) out.push(`score of ${names[i]}: above ${s.max}`);
          if (s.above !== undefined && !(score > s.above)) out.push(`score of ${names[i]}: not above ${s.above}`);
          if (s.maxDecimals !== undefined) {
            const scale = 10 ** s.maxDecimals;
            if (Math.abs(score * scale - Math.round(score * scale)) > 1e-6) out.push(`score of ${names[i]}: more than ${s.maxDecimals} decimals`);
          }
        });
        if (s.nonIncreasing) {
          for (let i = 1; i < scores.length; i++) {
            if ((scores[i] as number) > (scores[i - 1] as number)) out.push(`scores increase at ${names[i]}`);
          }
        }
      }
    }
  }
  const record = result && typeof result === 'object' ? (result as Record<string, unknown>) : undefined;
  if (expect.success !== undefined && record?.success !== expect.success) {
    out.push(`success: expected ${expect.success}, got ${show(record?.success)}`);
  }
  if (expect.errorResult !== undefined) {
    const isError = record !== undefined && (record.error === true || record.success === false);
    if (isError !== expect.errorResult) out.push(`error result: expected ${expect.errorResult}, got ${show(result)}`);
  }
  if (expect.fields && !partialMatch(expect.fields, result)) {
    out.push(`result fields: expected ${show(expect.fields)} within ${show(result)}`);
  }
  const message = typeof record?.message === 'string' ? record.message : undefined;
  for (const text of expect.messageInclude ?? []) {
    if (message === undefined || !message.includes(text)) out.push(`message: expected it to contain ${show(text)}, got ${show(message)}`);
  }
  for (const text of expect.messageExclude ?? []) {
    if (message !== undefined && message.includes(text)) out.push(`message: expected it not to contain ${show(text)}, got ${show(message)}`);
  }
  for (const field of expect.absentFields ?? []) {
    if (record && Object.hasOwn(record, field) && record[field] !== undefined) out.push(`result has field ${field}: ${show(record[field])}`);
  }
  checkFilterCalls(expect, obs, out);
  return out;
}

/** Checks a `cleanupNow` step. */
export function checkCleanupNow(expect: EventChecks & { cleaned?: number | undefined }, obs: StepObservation): string[] {
  const out = expect.cleaned !== undefined && obs.cleaned !== expect.cleaned ? [`cleaned: expected ${expect.cleaned}, got ${show(obs.cleaned)}`] : [];
  checkEvents(expect, obs, out);
  return out;
}

/** Checks a `stateStats` step. */
export function checkStateStats(
  expect: EventChecks & { threadCount?: number | undefined; oldestAccessTimeIsNull?: boolean | undefined; evictions?: number | undefined },
  obs: StepObservation,
): string[] {
  const out: string[] = [];
  checkEvents(expect, obs, out);
  if (expect.threadCount !== undefined && obs.threadCount !== expect.threadCount) {
    out.push(`threadCount: expected ${expect.threadCount}, got ${show(obs.threadCount)}`);
  }
  if (expect.evictions !== undefined && obs.evictions !== expect.evictions) {
    out.push(`evictions: expected ${expect.evictions}, got ${show(obs.evictions)}`);
  }
  if (expect.oldestAccessTimeIsNull !== undefined && (obs.oldestAccessTime === null) !== expect.oldestAccessTimeIsNull) {
    out.push(`oldestAccessTime: expected ${expect.oldestAccessTimeIsNull ? 'null' : 'a number'}, got ${show(obs.oldestAccessTime)}`);
  }
  return out;
}

/** Checks a `resume` step. */
export function checkResume(
  expect: EventChecks & { tools?: string[] | undefined; origins?: Record<string, string> | undefined },
  obs: StepObservation,
): string[] {
  const out: string[] = [];
  checkEvents(expect, obs, out);
  if (expect.tools) sameList('resumed tools', expect.tools, obs.tools ?? [], out);
  for (const [key, origin] of Object.entries(expect.origins ?? {})) {
    if (obs.origins?.[key] !== origin) out.push(`origin of resumed ${key}: expected ${show(origin)}, got ${show(obs.origins?.[key])}`);
  }
  return out;
}

/** Checks any step against what it expects; steps without expectations always pass. */
export function checkStep(step: Step, obs: StepObservation): string[] {
  switch (step.op) {
    case 'begin':
      return checkBegin(step.expect, obs);
    case 'call':
      return checkCall(step.expect, obs);
    case 'cleanupNow':
      return checkCleanupNow(step.expect, obs);
    case 'stateStats':
      return checkStateStats(step.expect, obs);
    case 'resume':
      return checkResume(step.expect, obs);
    case 'clearState':
    case 'clearAllState': {
      const out: string[] = [];
      checkEvents(step.expect, obs, out);
      return out;
    }
    default:
      return [];
  }
}

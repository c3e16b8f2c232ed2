/**
 * Validation of what an implementation sends. A malformed answer is a
 * {@link ProtocolError} naming the field, never a failed case.
 *
 * Implements r[conformance.protocol.validate].
 *
 * @module
 */
import type { z } from 'zod';
import type { StepObservation, StepOp } from '../adapter/types.js';
import { observationSchemas } from './messages.js';

/** An implementation sent something the protocol does not allow. @see r[conformance.protocol.validate] */
export class ProtocolError extends Error {
  /** The offending field, as a path (`observation.exposed[1]`); empty for the message as a whole. */
  readonly field: string;

  /**
   * @param where - what was being read, e.g. `the answer to step 2 (begin)`
   * @param field - the path of the offending field, empty for the whole message
   * @param problem - what is wrong with it
   */
  constructor(where: string, field: string, problem: string) {
    super(`protocol error in ${where}: ${field === '' ? '' : `field ${field}: `}${problem}`);
    this.name = 'ProtocolError';
    this.field = field;
  }
}

/** `['observation', 'exposed', 1]` → `observation.exposed[1]`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out === '' ? String(key) : `${out}.${String(key)}`), '');
}

/**
 * The first problem of a failed parse, as a {@link ProtocolError}: the path of
 * the field (an unknown key is named itself) and what was expected.
 */
export function protocolErrorOf(where: string, error: z.ZodError, prefix: readonly PropertyKey[] = []): ProtocolError {
  const issue = error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    return new ProtocolError(where, fieldPath([...prefix, ...issue.path, issue.keys[0]!]), 'unknown field; the protocol does not define it here');
  }
  return new ProtocolError(where, fieldPath([...prefix, ...issue.path]), issue.message);
}

/**
 * Checks an observation against the shape its step's operation requires, with `events` exactly
 * when the implementation claims the feature `events`, and `spans` exactly when it claims `tracing`.
 *
 * @see r[conformance.protocol.events]
 * @see r[conformance.protocol.tracing]
 * @see r[conformance.protocol.observation]
 * @throws ProtocolError naming the first bad field, under `observation`
 */
export function checkObservation(op: StepOp, observation: unknown, where: string, claimed: readonly string[] = []): StepObservation {
  const parsed = observationSchemas[op].safeParse(observation);
  if (!parsed.success) throw protocolErrorOf(where, parsed.error, ['observation']);
  // r[conformance.protocol.events], r[conformance.protocol.tracing]: each is there exactly when the implementation claims its feature.
  for (const [field, feature] of [['events', 'events'], ['spans', 'tracing']] as const) {
    const claims = claimed.includes(feature);
    const has = Object.hasOwn(observation as object, field);
    if (claims && !has) throw new ProtocolError(where, `observation.${field}`, `missing; the implementation claims the feature ${feature}`);
    if (!claims && has) throw new ProtocolError(where, `observation.${field}`, `unexpected; the implementation does not claim the feature ${feature}`);
  }
  return observation as StepObservation;
}

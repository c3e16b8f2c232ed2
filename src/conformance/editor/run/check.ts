/**
 * Compares what an editor adapter observed with what a case expects.
 *
 * @module
 */
import type { EvaluateCase, ResolveCase } from '../case/schema.js';
import type { EvaluateObservation, ResolveObservation } from '../adapter/types.js';

const show = (v: unknown): string => JSON.stringify(v);

/** Mismatches of an `evaluate` case; empty when it passes. */
export function checkEvaluate(expect: EvaluateCase['expect'], obs: EvaluateObservation): string[] {
  if ('error' in expect) {
    if (obs.outcome === 'error' && obs.code === expect.error) return [];
    return [obs.outcome === 'error' ? `expected error ${expect.error}, got error ${obs.code}: ${obs.message}` : `expected error ${expect.error}, got holds=${obs.holds}`];
  }
  if (obs.outcome === 'error') return [`expected holds=${expect.holds}, got error ${obs.code}: ${obs.message}`];
  return obs.holds === expect.holds ? [] : [`expected holds=${expect.holds}, got holds=${obs.holds}`];
}

/** Mismatches of a `resolve` case; empty when it passes. */
export function checkResolve(expect: ResolveCase['expect'], obs: ResolveObservation): string[] {
  if (expect.error !== undefined) {
    if (obs.outcome === 'error' && obs.code === expect.error) return [];
    return [
      obs.outcome === 'error'
        ? `expected error ${expect.error}, got error ${obs.code}: ${obs.message}`
        : `expected error ${expect.error}, got tools ${show(obs.tools.map((t) => t.id))}`,
    ];
  }
  if (obs.outcome === 'error') return [`expected a tool set, got error ${obs.code}: ${obs.message}`];
  const out: string[] = [];
  const ids = obs.tools.map((t) => t.id);
  if (expect.tools && show(ids) !== show(expect.tools)) out.push(`tools: expected ${show(expect.tools)}, got ${show(ids)}`);
  const byId = new Map(obs.tools.map((t) => [t.id, t]));
  for (const [id, description] of Object.entries(expect.descriptions ?? {})) {
    const got = byId.get(id);
    if (!got) out.push(`description of ${id}: expected ${show(description)}, but ${id} is not resolved`);
    else if (got.description !== description) out.push(`description of ${id}: expected ${show(description)}, got ${show(got.description)}`);
  }
  for (const [id, origin] of Object.entries(expect.origins ?? {})) {
    const got = byId.get(id);
    if (!got) out.push(`origin of ${id}: expected ${origin}, but ${id} is not resolved`);
    else if (got.origin !== origin) out.push(`origin of ${id}: expected ${origin}, got ${got.origin}`);
  }
  if (expect.diagnostics && show(obs.diagnostics) !== show(expect.diagnostics)) {
    out.push(`diagnostics: expected ${show(expect.diagnostics)}, got ${show(obs.diagnostics)}`);
  }
  return out;
}

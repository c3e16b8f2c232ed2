/**
 * Features: optional capabilities a case may need and an adapter may claim.
 *
 * Implements r[conformance.case.features].
 *
 * @module
 */
import type { Case, EventChecks, Feature } from './schema.js';
import { featureSchema } from './schema.js';

/** Every feature, in declaration order. */
export const ALL_FEATURES: readonly Feature[] = featureSchema.options;

/**
 * The features a case uses, derived from its options and steps. The lint
 * requires a case to declare at least these.
 *
 * @see r[conformance.case.features]
 */
export function usedFeatures(c: Case): Set<Feature> {
  const used = new Set<Feature>();
  if (c.options.search?.autoLoad) used.add('search.autoload');
  if (c.options.storage === 'context') used.add('storage.context');
  if (c.options.filter) used.add('filter');
  if (c.options.includeResolvedTools) used.add('resolved-tools');
  if (c.options.injectCatalog) used.add('inject-catalog');
  if (c.options.ttl !== undefined) used.add('clock');
  if (c.options.filterTimeoutMs !== undefined || c.options.filterConcurrency !== undefined || c.options.filterBudgetMs !== undefined) used.add('filter-timing');
  const verdicts = c.options.filter ? [c.options.filter.default, ...c.options.filter.rules.map((r) => r.verdict)] : [];
  if (verdicts.some((v) => v === 'hang' || (typeof v === 'object' && 'after' in v))) used.add('filter-timing');
  const faulty = (tools: readonly { fault?: unknown }[]) => tools.some((t) => t.fault !== undefined);
  if (faulty(c.catalog)) used.add('faulty-tools');
  if (c.options.pinnedTools !== undefined) used.add('pinned-tools');
  if (c.options.prefetch !== undefined) used.add('prefetch');
  if (c.options.includeQueriesInEvents !== undefined) used.add('events');
  for (const step of c.steps) {
    const expect = 'expect' in step ? (step.expect as EventChecks) : {};
    if (expect.events !== undefined || expect.eventsExclude !== undefined) used.add('events');
    if (expect.spans !== undefined) used.add('tracing');
    // `at` and `durationMs` are the same in every run only on the simulated clock (r[conformance.runner.events]).
    if (expect.events?.some((e) => Object.hasOwn(e, 'at') || Object.hasOwn(e, 'durationMs'))) used.add('clock');
    switch (step.op) {
      case 'begin':
        if (step.resolvedTools.length > 0) used.add('resolved-tools');
        if (Object.keys(step.requestContext).length > 0) used.add('request-context');
        if (step.messages.length > 0 || step.complete.length > 0 || step.mergeInto.length > 0) used.add('forged-messages');
        if (step.sameRequest) used.add('same-objects');
        if (faulty(step.resolvedTools)) used.add('faulty-tools');
        if (step.expect.elapsedMs || step.expect.maxFilterCallsInFlight) used.add('filter-timing');
        break;
      case 'resume':
        used.add('resume');
        if (step.resolvedTools.length > 0) used.add('resolved-tools');
        break;
      case 'call':
        if (step.expect.elapsedMs || step.expect.maxFilterCallsInFlight) used.add('filter-timing');
        break;
      case 'advanceClock':
        used.add('clock');
        break;
      case 'restart':
        used.add('restart');
        break;
      case 'clearState':
      case 'clearAllState':
      case 'cleanupNow':
      case 'stateStats':
        used.add('state-methods');
        break;
      default:
        break;
    }
  }
  return used;
}

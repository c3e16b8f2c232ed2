import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  caseFileJsonSchema,
  caseFileSchema,
  caseSchema,
  casesDir,
  lintSuite,
  loadCases,
  notObservablePath,
  readNotObservable,
  schemaPath,
  usedFeatures,
  type CaseInput,
  type LoadedCase,
  type SpecRule,
} from '../../src/conformance/index.js';
import { parseRules } from '../support/spec-rules.js';

const suite = loadCases(casesDir());
const specRules: SpecRule[] = parseRules().rules.map((r) => ({ id: r.id, file: r.file }));

/** A minimal valid case; tests change one thing at a time. */
const base = (over: Partial<CaseInput> = {}): CaseInput => ({
  id: 'processor.tools.meta/example',
  rules: ['processor.tools.meta'],
  description: 'an example case',
  catalog: [{ name: 'get_weather', description: 'Get the weather' }],
  steps: [{ op: 'begin', expect: { exposed: ['search_tools', 'load_tool'] } }],
  ...over,
});
const loaded = (...inputs: CaseInput[]): LoadedCase[] => inputs.map((c) => ({ case: caseSchema.parse(c), file: 'x.json' }));
const lint = (cases: LoadedCase[], rules: SpecRule[] = [{ id: 'processor.tools.meta', file: 'spec/processor.md' }], notObservable: Record<string, string> = {}) =>
  lintSuite({ cases, problems: [], rules, notObservable });

describe('the bundled suite', () => {
  it('[conformance.lint.schema-valid] [conformance.lint.unique-ids] [conformance.lint.known-rules] [conformance.lint.coverage] the bundled cases pass the lint', () => {
    expect(suite.problems).toEqual([]);
    expect(suite.cases.length).toBeGreaterThan(50);
    const findings = lintSuite({ ...suite, rules: specRules, notObservable: readNotObservable(notObservablePath()) });
    expect(findings).toEqual([]);
  });

  it('[conformance.case.schema] the checked-in JSON Schema is what the zod definitions generate', () => {
    // Regenerate with: npm run conformance -- --write-schema
    expect(readFileSync(schemaPath(), 'utf8')).toBe(caseFileJsonSchema());
  });
});

describe('case format', () => {
  it('[conformance.case.format] a case needs id, rules, description, catalog and steps, and unknown keys are rejected', () => {
    expect(caseSchema.safeParse(base()).success).toBe(true);
    for (const key of ['id', 'rules', 'description', 'catalog', 'steps'] as const) {
      const { [key]: _dropped, ...rest } = base();
      expect(caseSchema.safeParse(rest).success, key).toBe(false);
    }
    expect(caseSchema.safeParse({ ...base(), extra: 1 }).success).toBe(false);
    expect(caseSchema.safeParse(base({ steps: [{ op: 'fly' } as never] })).success).toBe(false);
    expect(caseFileSchema.safeParse([]).success).toBe(false);
  });

  it('[conformance.case.format] filters are data: verdicts per tool, phase and request context', () => {
    const ok = caseSchema.safeParse(
      base({
        options: {
          filter: {
            default: 'allow',
            rules: [
              { tool: 'a', phase: 'load', verdict: 'deny' },
              { phase: 'active', when: { plan: 'free' }, verdict: 'reject' },
              { verdict: { returns: 'yes' } },
              { verdict: 'throw' },
              { verdict: 'allow-async' },
            ],
          },
        },
      }),
    );
    expect(ok.success).toBe(true);
    expect(caseSchema.safeParse(base({ options: { filter: { rules: [{ verdict: 'maybe' as never }] } } })).success).toBe(false);
    expect(caseSchema.safeParse(base({ options: { filter: { rules: [{ phase: 'index' as never, verdict: 'deny' }] } } })).success).toBe(false);
  });

  it('[conformance.case.id] a case ID is area.topic/short-name', () => {
    for (const id of ['search.rank/relevant-first', 'store.memory.ttl.exact/on-access', 'a.b/c']) {
      expect(caseSchema.safeParse(base({ id })).success, id).toBe(true);
    }
    for (const id of ['search', 'Search.rank/x', 'search.rank/', 'search.rank/x/y', 'search rank/x']) {
      expect(caseSchema.safeParse(base({ id })).success, id).toBe(false);
    }
  });

  it('[conformance.case.description] descriptions over 70 characters or saying should are findings', () => {
    expect(caseSchema.safeParse(base({ description: 'x'.repeat(71) })).success).toBe(false);
    const c: LoadedCase = { case: { ...caseSchema.parse(base()), description: 'x'.repeat(71) }, file: 'x.json' };
    expect(lint([c]).join('\n')).toMatch(/at most 70/);
    expect(lint(loaded(base({ description: 'the tool Should be exposed' }))).join('\n')).toMatch(/should/);
    expect(lint(loaded(base({ description: 'the tool shoulder is fine' })))).toEqual([]);
  });

  it('[conformance.case.pinned-scores] scores are pinned only by scored: no exact score bound, and fields cannot reach a score', () => {
    const withScore = base({ steps: [{ op: 'begin' }, { op: 'call', tool: 'search_tools', input: { query: 'x' }, expect: { scores: { equals: 2 } as never } }] });
    expect(caseSchema.safeParse(withScore).success).toBe(false);
    const pinned = base({
      steps: [{ op: 'begin' }, { op: 'call', tool: 'search_tools', input: { query: 'x' }, expect: { fields: { results: [{ name: 'a', score: 2.95 }] } } }],
    });
    expect(lint(loaded(pinned)).join('\n')).toMatch(/pins a score in "fields"; pin scores with "scored"/);
    const scored = base({ steps: [{ op: 'begin' }, { op: 'call', tool: 'search_tools', input: { query: 'x' }, expect: { scored: [['a', 0.2951]] } }] });
    expect(lint(loaded(scored))).toEqual([]);
    for (const bad of [[['a']], [['a', 1.5]], [['a', -0.1]], [[1, 0.5]]]) {
      expect(caseSchema.safeParse(base({ steps: [{ op: 'begin' }, { op: 'call', tool: 'search_tools', input: { query: 'x' }, expect: { scored: bad } }] })).success).toBe(false);
    }
  });

  it('[conformance.case.features] the features a case uses are derived from its options and steps', () => {
    const c = caseSchema.parse(
      base({
        options: { storage: 'context', search: { autoLoad: true }, filter: { rules: [] }, ttl: 5, includeResolvedTools: true, injectCatalog: true },
        steps: [
          { op: 'begin', requestContext: { a: 'b' }, messages: [{ role: 'user', text: 'hi' }] },
          { op: 'restart' },
          { op: 'cleanupNow' },
          { op: 'resume' },
        ],
      }),
    );
    expect([...usedFeatures(c)].sort()).toEqual(
      ['clock', 'filter', 'forged-messages', 'inject-catalog', 'request-context', 'restart', 'resolved-tools', 'resume', 'search.autoload', 'state-methods', 'storage.context'].sort(),
    );
    expect([...usedFeatures(caseSchema.parse(base()))]).toEqual([]);
  });
});

describe('lint findings', () => {
  it('[conformance.lint.schema-valid] files that are not JSON or break the schema are reported by file', () => {
    const findings = lintSuite({ cases: [], problems: [{ file: 'bad.json', message: 'not valid JSON' }], rules: [], notObservable: {} });
    expect(findings).toEqual(['bad.json: not valid JSON']);
  });

  it('[conformance.lint.unique-ids] a duplicate case ID is a finding', () => {
    expect(lint(loaded(base(), base())).join('\n')).toMatch(/also used/);
  });

  it('[conformance.lint.known-rules] a case citing an undefined rule is a finding', () => {
    expect(lint(loaded(base({ rules: ['processor.tools.meta', 'processor.no-such-rule'] }))).join('\n')).toMatch(/processor\.no-such-rule/);
  });

  it('[conformance.lint.features] a case using a feature it does not declare is a finding', () => {
    const findings = lint(loaded(base({ options: { storage: 'context' } })));
    expect(findings.join('\n')).toMatch(/undeclared feature\(s\) storage\.context/);
    expect(lint(loaded(base({ options: { storage: 'context' }, features: ['storage.context'] })))).toEqual([]);
  });

  it('[conformance.lint.step-order] calls before any begin, or after a restart without a begin, are findings', () => {
    const call = { op: 'call' as const, tool: 'search_tools' as const, input: { query: 'x' } };
    expect(lint(loaded(base({ steps: [call] }))).join('\n')).toMatch(/before any begin/);
    expect(lint(loaded(base({ features: ['restart'], steps: [{ op: 'begin' }, { op: 'restart' }, call] }))).join('\n')).toMatch(/before any begin/);
    expect(lint(loaded(base({ steps: [] }))).join('\n')).toMatch(/no steps/);
    expect(lint(loaded(base({ constructionError: true })))).toHaveLength(1);
    expect(lint(loaded(base({ constructionError: true, steps: [] })))).toEqual([]);
  });

  it('[conformance.lint.step-order] [conformance.protocol.same-request] a sameRequest begin needs a begin of its thread since the last restart', () => {
    const features = ['same-objects', 'restart'] as CaseInput['features'];
    const same = (thread: string) => ({ op: 'begin' as const, thread, sameRequest: true });
    expect(lint(loaded(base({ features, steps: [same('t1')] }))).join('\n')).toMatch(/continues the request of thread t1/);
    expect(lint(loaded(base({ features, steps: [{ op: 'begin', thread: 't2' }, same('t1')] }))).join('\n')).toMatch(/thread t1/);
    expect(lint(loaded(base({ features, steps: [{ op: 'begin', thread: 't1' }, { op: 'restart' }, same('t1')] }))).join('\n')).toMatch(/thread t1/);
    expect(lint(loaded(base({ features, steps: [{ op: 'begin', thread: 't1' }, { op: 'begin', thread: 't2' }, same('t1')] })))).toEqual([]);
    // The feature is required by the field.
    expect(lint(loaded(base({ steps: [{ op: 'begin', thread: 't1' }, same('t1')] }))).join('\n')).toMatch(/same-objects/);
  });

  it('[conformance.lint.coverage] an uncovered rule of a covered spec file is a finding unless listed as not observable', () => {
    const rules: SpecRule[] = [
      { id: 'processor.tools.meta', file: 'spec/processor.md' },
      { id: 'processor.identity', file: 'spec/processor.md' },
      { id: 'editor.other', file: 'spec/editor.md' },
    ];
    expect(lint(loaded(base()), rules)).toEqual([
      'spec/processor.md: processor.identity has no conformance case; write one, or list it in not-observable.json with a reason',
    ]);
    expect(lint(loaded(base()), rules, { 'processor.identity': 'a static property' })).toEqual([]);
    expect(lint(loaded(base()), rules, { 'processor.gone': 'a removed rule' }).join('\n')).toMatch(/processor\.gone is not a rule/);
    expect(lint(loaded(base()), rules, { 'processor.identity': 'x', 'processor.tools.meta': 'listed but cited' }).join('\n')).toMatch(/is cited by/);
  });
});

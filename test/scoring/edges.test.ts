/**
 * Edges of the scorer that `npm run mutation` (Stryker) found undefended: the order the scored
 * terms are summed in, the length bounds of approximate matching, ties, option types, and the
 * code-point walk of truncation.
 */
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, resolveMinScore, search, selectQueryTerms } from '../../src/scoring/index.js';
import { truncateDescription } from '../../src/scoring/truncate.js';
import { lifecycleTransitionTable, nextStateFromTable, type LifecycleTransitionRow } from '../../src/lifecycle/index.js';

const names = (catalog: Array<{ name: string; description: string }>, query: string): string[] =>
  search(buildSearchIndex(catalog), query, { topK: 10 }).map((h) => h.name);

describe('scored terms', () => {
  const index = buildSearchIndex([
    { name: 'weather', description: 'forecast for cities' },
    { name: 'mailer', description: 'send weather reports by mail' },
    { name: 'zebra_zoo', description: 'animals of the zoo' },
  ]);

  it('[search.score.formula] the scored terms are taken in code-unit order, whatever the query order', () => {
    const sorted = ['anim', 'forecast', 'mail', 'weather', 'zebra', 'zoo'];
    expect(selectQueryTerms(index, 'zoo weather mail zebra forecast animals').map((t) => t.term)).toEqual(sorted);
    expect(selectQueryTerms(index, 'animals forecast zebra mail weather zoo').map((t) => t.term)).toEqual(sorted);
    expect(selectQueryTerms(index, 'mail zoo anim weather forecast zebra').map((t) => t.term)).toEqual(sorted);
  });
});

describe('approximate matching bounds', () => {
  const catalog = [
    { name: 'get_weather', description: 'Get the weather' },
    { name: 'stream_video', description: 'Stream a video' },
  ];

  it('[search.query.typo] an index term one code point shorter than the query term matches when it has 7 to 12 code points', () => {
    expect(names(catalog, 'wdeather')).toEqual(['get_weather']);
    // `stream` has 6 code points: too short to be a typo's target.
    expect(names(catalog, 'stxream')).toEqual([]);
  });

  it('[search.query.typo] a query term of fewer than 7 code points is not matched by typo', () => {
    // `weathr` is `weather` with one deletion, but has 6 code points.
    expect(names(catalog, 'weathr')).toEqual([]);
  });

  it('[search.query.typo] of several index terms one typo away, the first in code-unit order', () => {
    const crm = [
      { name: 'crm_contract', description: 'Look up a contract' },
      { name: 'crm_contact', description: 'Look up a contact' },
    ];
    expect(names(crm, 'contrct')).toEqual(['crm_contact']);
    expect(names([...crm].reverse(), 'contrct')).toEqual(['crm_contact']);
    // The smaller term is met first (one code point more), the larger one later (one replaced).
    const met = buildSearchIndex([
      { name: 'first_tool', description: 'aabcdefg' },
      { name: 'second_tool', description: 'abcdefz' },
    ]);
    expect(selectQueryTerms(met, 'abcdefg').map((t) => t.term)).toEqual(['aabcdefg']);
  });

  it('[search.query.prefix] an unknown term of exactly 32 code points is still matched by its prefix, one of 33 is not', () => {
    expect(names(catalog, `weather${'x'.repeat(25)}`)).toEqual(['get_weather']);
    expect(names(catalog, `weather${'x'.repeat(26)}`)).toEqual([]);
  });
});

describe('ties', () => {
  it('[search.rank.order] equal scores keep catalog order', () => {
    const twins = [
      { name: 'alpha_sender', description: 'Send mail' },
      { name: 'beta_sender', description: 'Send mail' },
      { name: 'gamma_sender', description: 'Send mail' },
    ];
    expect(names(twins, 'mail')).toEqual(['alpha_sender', 'beta_sender', 'gamma_sender']);
    // Equal scores through different terms: y_tool is met first (its term sorts first), x_tool comes first.
    const crossed = [
      { name: 'x_tool', description: 'zulu' },
      { name: 'y_tool', description: 'alpha' },
    ];
    const hits = search(buildSearchIndex(crossed), 'alpha zulu');
    expect(hits.map((h) => h.name)).toEqual(['x_tool', 'y_tool']);
    expect(hits[0]!.score).toBe(hits[1]!.score);
  });

  it('[search.rank.order] two tools whose name the query is both score 1, in catalog order', () => {
    const both = [
      { name: 'send_email', description: 'Send an email' },
      { name: 'get_weather', description: 'Get the weather' },
      { name: 'getWeather', description: 'Weather, again' },
      { name: 'GET-WEATHER', description: 'Weather, once more' },
    ];
    const hits = search(buildSearchIndex(both), 'get weather', { topK: 10 });
    expect(hits.map((h) => [h.name, h.score])).toEqual([
      ['get_weather', 1],
      ['getWeather', 1],
      ['GET-WEATHER', 1],
    ]);
  });
});

describe('options', () => {
  it('[search.threshold.validate] a minScore that is not a number is an error, even a numeric string', () => {
    expect(() => resolveMinScore('0.5' as unknown as number)).toThrow(/search\.minScore must be a number from 0 to 1.*Use 0 to keep every candidate\./);
  });
});

describe('the index', () => {
  it('an index not built by buildSearchIndex is a TypeError that says how to build one', () => {
    expect(() => selectQueryTerms({ size: 0 } as never, 'weather')).toThrow(/index must be a SearchIndex returned by buildSearchIndex\(\); build one from the catalog first\./);
  });
});

describe('truncation', () => {
  it('[search.result.truncate] U+FFFF is one code point (one UTF-16 unit) when counting to 150', () => {
    const text = `\uffff${'a'.repeat(150)}`;
    expect(truncateDescription(text)).toBe(`\uffff${'a'.repeat(146)}...`);
    const astral = `\u{10000}${'a'.repeat(150)}`;
    expect(truncateDescription(astral)).toBe(`\u{10000}${'a'.repeat(146)}...`);
  });
});

describe('the lifecycle table', () => {
  it('[lifecycle.table] a table in which two rows match one state, event and context is rejected as ambiguous', () => {
    const row = lifecycleTransitionTable.find((r) => r.state === 'loaded' && r.event === 'ACTIVE_DENIED')!;
    const twice: LifecycleTransitionRow[] = [row, { ...row, next: 'unloaded' }];
    expect(() => nextStateFromTable(twice, 'loaded', 'ACTIVE_DENIED', { storage: 'in-memory', autoLoad: false, activeAllowed: false })).toThrow(
      /lifecycle table is ambiguous: 2 rows match loaded × ACTIVE_DENIED/,
    );
    expect(nextStateFromTable([row], 'loaded', 'ACTIVE_DENIED', { storage: 'in-memory', autoLoad: false, activeAllowed: false })).toBe('hidden');
  });
});

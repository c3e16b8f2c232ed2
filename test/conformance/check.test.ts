import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkBegin, checkCall, partialMatch } from '../../src/conformance/index.js';

const searchResult = (scores: number[]) => ({
  outcome: 'result' as const,
  result: { results: scores.map((score, i) => ({ name: `t${i}`, description: '', score })), message: 'm' },
  filterCalls: [],
});

describe('step checks', () => {
  it('[conformance.case.pinned-scores] scores bounds are checked by bounds, order and rounding', () => {
    expect(checkCall({ scores: { min: 0, max: 1, nonIncreasing: true, maxDecimals: 4 } }, searchResult([0.9, 0.5123, 0.5]))).toEqual([]);
    expect(checkCall({ scores: { max: 1 } }, searchResult([2.95]))).toEqual(['score of t0: above 1']);
    expect(checkCall({ scores: { above: 0 } }, searchResult([0]))).toEqual(['score of t0: not above 0']);
    expect(checkCall({ scores: { nonIncreasing: true } }, searchResult([0.1, 0.2]))).toEqual(['scores increase at t1']);
    expect(checkCall({ scores: { maxDecimals: 2 } }, searchResult([0.123]))).toEqual(['score of t0: more than 2 decimals']);
    expect(checkCall({ scores: { min: 0 } }, { ...searchResult([]), result: { results: [{ name: 'a', score: 'high' }] } })).toEqual([
      'score of a: not a finite number ("high")',
    ]);
  });

  it('[conformance.case.pinned-scores] scored pins the names in order and each score exactly', () => {
    const obs = searchResult([0.9, 0.4]);
    expect(checkCall({ scored: [['t0', 0.9], ['t1', 0.4]] }, obs)).toEqual([]);
    expect(checkCall({ scored: [['t0', 0.9], ['t1', 0.4001]] }, obs)).toEqual(['scored result 2: expected ["t1",0.4001], got ["t1",0.4]']);
    expect(checkCall({ scored: [['t1', 0.9], ['t0', 0.4]] }, obs)).toEqual([
      'scored result 1: expected ["t1",0.9], got ["t0",0.9]',
      'scored result 2: expected ["t0",0.4], got ["t1",0.4]',
    ]);
    expect(checkCall({ scored: [['t0', 0.9]] }, obs)).toEqual(['scored results: expected 1 results [["t0",0.9]], got 2: [["t0",0.9],["t1",0.4]]']);
    // The reported score is n / 10000: 0.1 + 0.2 is not the score 0.3.
    expect(checkCall({ scored: [['t0', 0.3]] }, searchResult([0.1 + 0.2]))).toHaveLength(1);
    expect(checkCall({ scored: [['t0', 0.3]] }, { ...searchResult([]), result: { results: [{ name: 't0', score: '0.3' }] } })).toHaveLength(1);
    expect(checkCall({ scored: [] }, { outcome: 'result', result: { message: 'no results' }, filterCalls: [] })).toEqual([
      'the result has no results array: {"message":"no results"}',
    ]);
  });

  it('[conformance.case.pinned-scores] any non-increasing list of four-decimal scores in [0, 1] passes the bounds check', () => {
    const score = fc.integer({ min: 0, max: 10_000 }).map((n) => n / 10_000);
    fc.assert(
      fc.property(fc.array(score, { maxLength: 8 }), (raw) => {
        const sorted = [...raw].sort((a, b) => b - a);
        expect(checkCall({ scores: { min: 0, max: 1, nonIncreasing: true, maxDecimals: 4 } }, searchResult(sorted))).toEqual([]);
      }),
    );
  });

  it('[conformance.case.format] result names, counts, fields and messages are compared as the case says', () => {
    const obs = searchResult([0.9, 0.4]);
    expect(checkCall({ names: ['t0', 't1'], namesPrefix: ['t0'], namesBefore: [['t0', 't1']], count: 2, maxCount: 2, minCount: 1 }, obs)).toEqual([]);
    expect(checkCall({ names: ['t1', 't0'] }, obs)).toEqual(['result names: expected ["t1","t0"], got ["t0","t1"]']);
    expect(checkCall({ namesExclude: ['t1'] }, obs)).toEqual(['result names: unexpected ["t1"] in ["t0","t1"]']);
    expect(checkCall({ fields: { message: 'm' }, messageInclude: ['m'], messageExclude: ['x'], absentFields: ['success'] }, obs)).toEqual([]);
    expect(checkCall({ success: true }, obs)).toEqual(['success: expected true, got undefined']);
    expect(checkCall({}, { outcome: 'threw', result: 'boom', filterCalls: [] })).toEqual(['the tool threw: "boom"']);
    expect(checkCall({ threw: true }, { outcome: 'threw', result: 'boom', filterCalls: [] })).toEqual([]);
    expect(checkCall({}, { outcome: 'not-exposed', filterCalls: [] })).toEqual(['the called meta-tool is not exposed']);
    expect(checkCall({ notExposed: true }, { outcome: 'not-exposed', filterCalls: [] })).toEqual([]);
    expect(checkCall({ errorResult: true }, { outcome: 'result', result: { error: true }, filterCalls: [] })).toEqual([]);
    expect(
      checkBegin(
        { exposed: ['a', 'b'], exposedBefore: [['a', 'b']], origins: { a: 'meta' }, systemInclude: ['hello'], filterCalls: [{ toolName: 'b', phase: 'active' }] },
        { exposed: ['a', 'b'], origins: { a: 'meta' }, system: ['hello world'], filterCalls: [{ toolName: 'b', phase: 'active' }] },
      ),
    ).toEqual([]);
    expect(checkBegin({ filterCallsExclude: [{ toolName: 'b', phase: 'active' }] }, { filterCalls: [{ toolName: 'b', phase: 'active' }] })).toEqual([
      'filter calls: unexpected ["active:b"] in ["active:b"]',
    ]);
  });

  it('[conformance.case.format] fields is a partial deep match: objects by key, arrays whole', () => {
    expect(partialMatch({ a: { b: 1 } }, { a: { b: 1, c: 2 }, d: 3 })).toBe(true);
    expect(partialMatch({ a: [1, 2] }, { a: [1, 2, 3] })).toBe(false);
    expect(partialMatch({ a: [{ n: 'x' }] }, { a: [{ n: 'x', s: 1 }] })).toBe(true);
    expect(partialMatch({ a: undefined }, {})).toBe(false);
    expect(partialMatch({ toString: 'x' }, {})).toBe(false);
  });
});

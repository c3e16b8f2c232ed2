import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activatedNames,
  LOAD_TOOL,
  loadToolMultiResult,
  loadToolNotFoundResult,
  loadToolSingleResult,
  SEARCH_TOOLS,
  searchToolsResult,
} from '../../src/stores/index.js';

describe('meta-tool results', () => {
  it('[store.meta-results.shapes] the multi-name form leaves empty lists out and fails exactly on notFound', () => {
    const names = fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { maxLength: 6 });
    fc.assert(
      fc.property(names, names, names, (loaded, alreadyLoaded, notFound) => {
        const result = loadToolMultiResult({ loaded, alreadyLoaded, notFound });
        expect(result.success).toBe(notFound.length === 0);
        expect(result.loadedCount).toBe(loaded.length);
        expect('loaded' in result).toBe(loaded.length > 0);
        expect('alreadyLoaded' in result).toBe(alreadyLoaded.length > 0);
        expect('notFound' in result).toBe(notFound.length > 0);
      }),
    );
  });

  it('[store.meta-results.load-single] a single-name result activates its toolName only on success', () => {
    // (r[store.meta-results.forward]: our single-name result also lists the name in `loaded`; callers dedupe.)
    expect(new Set(activatedNames(LOAD_TOOL, loadToolSingleResult('a', false), { autoLoad: false }))).toEqual(new Set(['a']));
    expect(new Set(activatedNames(LOAD_TOOL, loadToolSingleResult('a', true), { autoLoad: true }))).toEqual(new Set(['a']));
    expect(activatedNames(LOAD_TOOL, { success: true, toolName: 'a', message: '' }, { autoLoad: false })).toEqual(['a']);
    expect(activatedNames(LOAD_TOOL, loadToolNotFoundResult('a', ['ab']), { autoLoad: false })).toEqual([]);
    expect(activatedNames(LOAD_TOOL, { success: 'true', toolName: 'a' }, { autoLoad: false })).toEqual([]);
  });

  it('[store.meta-results.load-multi] loaded then alreadyLoaded activate whatever success says; notFound never', () => {
    const result = loadToolMultiResult({ loaded: ['b', 'c'], alreadyLoaded: ['a'], notFound: ['z'] });
    expect(result.success).toBe(false);
    expect(activatedNames(LOAD_TOOL, result, { autoLoad: false })).toEqual(['b', 'c', 'a']);
    expect(activatedNames(LOAD_TOOL, loadToolMultiResult({ loaded: [], alreadyLoaded: [], notFound: ['z'] }), { autoLoad: false })).toEqual([]);
  });

  it('[store.meta-results.search] a search result activates its hits only under autoLoad', () => {
    const hits = [
      { name: 'a', description: '', score: 2 },
      { name: 'b', description: '', score: 1 },
    ];
    expect(activatedNames(SEARCH_TOOLS, searchToolsResult('q', hits, { newlyLoadedCount: 2 }), { autoLoad: true })).toEqual(['a', 'b']);
    expect(activatedNames(SEARCH_TOOLS, searchToolsResult('q', hits, false), { autoLoad: false })).toEqual([]);
    expect(activatedNames(SEARCH_TOOLS, searchToolsResult('q', [], false), { autoLoad: true })).toEqual([]);
  });

  it('[store.meta-results.per-tool] each meta-tool result is read with its own shape only', () => {
    const loadShape = { success: true, toolName: 'a', loaded: ['b'], alreadyLoaded: ['c'] };
    const searchShape = { results: [{ name: 'd', description: '', score: 1 }], message: '' };
    expect(activatedNames(SEARCH_TOOLS, loadShape, { autoLoad: true })).toEqual([]);
    expect(activatedNames(LOAD_TOOL, searchShape, { autoLoad: true })).toEqual([]);
    expect(activatedNames('someOtherTool', loadShape, { autoLoad: true })).toEqual([]);
    expect(activatedNames('someOtherTool', searchShape, { autoLoad: true })).toEqual([]);
  });

  it('[store.meta-results.malformed] any value at all yields only string names and never throws', () => {
    fc.assert(
      fc.property(fc.constantFrom(LOAD_TOOL, SEARCH_TOOLS, 'x'), fc.anything(), fc.boolean(), (tool, value, autoLoad) => {
        const names = activatedNames(tool, value, { autoLoad });
        expect(names.every((n) => typeof n === 'string')).toBe(true);
      }),
    );
    expect(activatedNames(LOAD_TOOL, { success: true, toolName: 7, loaded: ['a', 3, null], alreadyLoaded: 'b' }, { autoLoad: false })).toEqual(['a']);
    expect(activatedNames(SEARCH_TOOLS, { results: [null, 'a', { name: 5 }, { name: 'b' }] }, { autoLoad: true })).toEqual(['b']);
    expect(activatedNames(SEARCH_TOOLS, { results: 'a' }, { autoLoad: true })).toEqual([]);
  });

  it('[store.meta-results.malformed] keys are read as own properties, never through the prototype', () => {
    const inherited = Object.create({ success: true, toolName: 'a', loaded: ['b'], results: [{ name: 'c' }] });
    expect(activatedNames(LOAD_TOOL, inherited, { autoLoad: true })).toEqual([]);
    expect(activatedNames(SEARCH_TOOLS, inherited, { autoLoad: true })).toEqual([]);
    const entry = Object.create({ name: 'd' });
    expect(activatedNames(SEARCH_TOOLS, { results: [entry] }, { autoLoad: true })).toEqual([]);
  });
});

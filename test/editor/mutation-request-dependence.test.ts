/**
 * Edges of request dependence that the mutation run of the `editor` scope found untested: one
 * HTTP server among stdio servers, a client without servers, one selecting legacy integration
 * among others, and the name of the error a refused static resolution throws.
 */
import { describe, expect, it } from 'vitest';
import { EditorResolutionError, resolutionDependsOnRequest, resolveAgentTools } from '../../src/editor/index.js';
import { FakeLoader, storedClient } from './fakes.js';

const clients = {
  mixed: storedClient({ local: {}, web: { type: 'http' }, cli: {} }),
  empty: { name: 'empty', servers: {} },
  local: storedClient({ local: {}, cli: {} }),
};

describe('request dependence', () => {
  it('[editor.request.depends] one HTTP server among stdio servers makes a selected client request-dependent; no server does not', async () => {
    const dep = (config: object) => resolutionDependsOnRequest(config, { mode: 'standalone', mcpClients: clients });
    expect(await dep({ mcpClients: { mixed: { tools: {} } } })).toBe(true);
    expect(await dep({ mcpClients: { local: { tools: {} }, mixed: { tools: { web_a: {} } } } })).toBe(true);
    expect(await dep({ mcpClients: { empty: { tools: {} } } })).toBe(false);
    expect(await dep({ mcpClients: { local: { tools: {} } } })).toBe(false);
  });

  it('[editor.request.depends] [editor.integration.selection] one selecting integration among non-selecting ones is enough; an empty map is not', async () => {
    const dep = (config: object) => resolutionDependsOnRequest(config, { mode: 'override' });
    expect(await dep({ integrationTools: { idle: {}, legacy: { tools: {} }, other: {} } })).toBe(true);
    expect(await dep({ integrationTools: { idle: {}, other: {} } })).toBe(false);
    expect(await dep({ integrationTools: {} })).toBe(false);
    expect(await dep({ integrationTools: [{ value: {} }, { value: { idle: {} } }] })).toBe(false);
  });

  it('[editor.request.static-refused] a refused static resolution throws an error named EditorResolutionError', async () => {
    const loader = new FakeLoader({});
    const refused = resolveAgentTools({ mcpClients: { mixed: { tools: {} } } }, { mode: 'standalone', mcpClients: clients, mcpLoader: loader });
    await expect(refused).rejects.toBeInstanceOf(EditorResolutionError);
    await expect(refused).rejects.toMatchObject({ name: 'EditorResolutionError', code: 'request-required' });
    expect(loader.calls).toEqual([]);
  });
});

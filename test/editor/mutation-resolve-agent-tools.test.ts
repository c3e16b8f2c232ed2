/**
 * Edges of `resolveAgentTools` that the mutation run of the `editor` scope found untested: the
 * code and message of each `invalid-options` refusal (an unknown mode even with code tools, code
 * tools in standalone mode, code tools `null`), and in description-only mode a stored entry
 * without a description, the exact `description-target-missing` diagnostic, and fields that are
 * present but empty.
 */
import { describe, expect, it } from 'vitest';
import { EditorResolutionError, resolveAgentTools, type ResolveAgentToolsOptions } from '../../src/editor/index.js';
import { rejection, tool } from './fakes.js';

describe('invalid options', () => {
  it('[editor.order.override] an unknown mode is refused with invalid-options even when code tools are given', async () => {
    for (const mode of ['replace', undefined]) {
      const error = await rejection(resolveAgentTools({}, { mode, codeTools: { a: tool('a') }, requestContext: {} } as unknown as ResolveAgentToolsOptions));
      expect(error).toBeInstanceOf(EditorResolutionError);
      expect((error as EditorResolutionError).name).toBe('EditorResolutionError');
      expect((error as EditorResolutionError).code).toBe('invalid-options');
      expect((error as Error).message).toBe(`options.mode must be "standalone", "override" or "description-only", got ${JSON.stringify(mode)}`);
    }
  });

  it('[editor.order.standalone] code tools with mode standalone are refused with invalid-options', async () => {
    const error = await rejection(resolveAgentTools({}, { mode: 'standalone', codeTools: { a: tool('a') } } as unknown as ResolveAgentToolsOptions));
    expect(error).toBeInstanceOf(EditorResolutionError);
    expect((error as EditorResolutionError).code).toBe('invalid-options');
  });

  it('[editor.order.override] [editor.descriptions.only-mode] code tools null or missing are refused with invalid-options', async () => {
    for (const mode of ['override', 'description-only'] as const) {
      for (const codeTools of [null, undefined]) {
        const error = await rejection(resolveAgentTools({}, { mode, codeTools, requestContext: {} } as unknown as ResolveAgentToolsOptions));
        expect(error).toBeInstanceOf(EditorResolutionError);
        expect((error as EditorResolutionError).code).toBe('invalid-options');
        expect((error as Error).message).toBe(`options.codeTools is required with mode "${mode}": pass the code-defined agent's tools`);
      }
    }
  });
});

describe('description-only mode', () => {
  it('[editor.descriptions.only-mode] a stored entry without a description for a tool the agent lacks asks for nothing', async () => {
    const codeTools = { a: tool('a') };
    const r = await resolveAgentTools({ tools: { ghost: {}, a: {} } }, { mode: 'description-only', codeTools, requestContext: {} });
    expect(r.tools).toStrictEqual({ a: codeTools.a });
    expect(r.diagnostics).toStrictEqual([]);
  });

  it('[editor.descriptions.only-mode] [editor.failure.diagnostic-shape] a description of a tool the agent lacks gives the whole description-target-missing diagnostic', async () => {
    const r = await resolveAgentTools({ tools: { ghost: { description: 'Ghost' } } }, { mode: 'description-only', codeTools: { a: tool('a') }, requestContext: {} });
    expect(r.diagnostics).toStrictEqual([
      {
        code: 'description-target-missing',
        source: 'description-only',
        toolId: 'ghost',
        message: 'A description is stored for tool "ghost", which the code-defined agent does not have; description-only mode never adds tools',
      },
    ]);
  });

  it('[editor.descriptions.only-mode] empty mcpClients, integrationTools and toolProviders fields, plain or in variants, are not reported as ignored', async () => {
    const codeTools = { a: tool('a') };
    for (const config of [
      { mcpClients: {}, integrationTools: {}, toolProviders: {} },
      { mcpClients: [{ value: {} }], integrationTools: [{ value: {} }, { value: {} }], toolProviders: [{ value: {} }] },
    ]) {
      const r = await resolveAgentTools(config, { mode: 'description-only', codeTools, requestContext: {} });
      expect(r.tools).toStrictEqual({ a: codeTools.a });
      expect(r.diagnostics).toStrictEqual([]);
    }
    // A non-empty one is.
    const r = await resolveAgentTools({ mcpClients: [{ value: {} }, { value: { docs: {} } }] }, { mode: 'description-only', codeTools, requestContext: {} });
    expect(r.diagnostics.map((d) => d.code)).toStrictEqual(['field-ignored']);
  });
});

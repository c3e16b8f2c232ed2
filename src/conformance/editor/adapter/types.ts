/**
 * The editor adapter interface: the pure resolution operations of
 * `spec/editor.md`, with every source given as data.
 *
 * @module
 */
import type { ImplementationInfo } from '../../adapter/types.js';
import type { EditorFeature, McpClientData, ToolData } from '../case/schema.js';

/** Where a resolved tool object came from. */
export type ToolOrigin = 'code' | 'registered' | 'mcp' | 'integration';

/** Evaluate a rule group against a plain-object request context. */
export interface EvaluateRequest {
  /** The rule group, as stored; it may be invalid. */
  group: unknown;
  /** The request context. */
  context: Record<string, unknown>;
}

/** What an evaluation showed: a verdict, or a rejection of the group as invalid. */
export type EvaluateObservation = { outcome: 'holds'; holds: boolean } | { outcome: 'error'; code: string; message: string };

/** Resolve a stored agent's tool set for one request. */
export interface ResolveRequest {
  /** The case ID, for diagnostics and unique names only. */
  caseId: string;
  /** `standalone` (a stored agent), `override` or `description-only` (a code-defined agent). */
  mode: 'standalone' | 'override' | 'description-only';
  /** The stored tool fields, as stored. */
  config: Record<string, unknown>;
  /** The tool registry, in order. */
  registered: ToolData[];
  /** The code-defined agent's tools, in order (empty in standalone mode). */
  codeTools: ToolData[];
  /** Stored MCP clients by id; their servers' tools are data. */
  mcpClients: Record<string, McpClientData>;
  /** Legacy integration providers by id, each with the tools it lists. */
  integrations: Record<string, ToolData[]>;
  /** The request context. */
  requestContext: Record<string, unknown>;
}

/** One resolved tool as observed. */
export interface ObservedTool {
  /** The key it is resolved under. */
  id: string;
  /** The description the model sees. */
  description: string | undefined;
  /** The source whose tool object is behind it. */
  origin: ToolOrigin;
}

/** What a resolution showed. */
export type ResolveObservation =
  | {
      outcome: 'tools';
      /** Resolved tools, in key order. */
      tools: ObservedTool[];
      /** Diagnostic codes in order; empty for an adapter that does not claim `diagnostics`. */
      diagnostics: string[];
    }
  | { outcome: 'error'; code: string; message: string };

/** How the editor runner drives one implementation. */
export interface EditorAdapter {
  /** Name and version of the implementation. */
  readonly implementation: ImplementationInfo;
  /** The features it can run; cases needing others are skipped. */
  readonly features: readonly EditorFeature[];
  /** Evaluates a rule group. */
  evaluate(request: EvaluateRequest): Promise<EvaluateObservation>;
  /** Resolves a tool set. */
  resolve(request: ResolveRequest): Promise<ResolveObservation>;
  /** Releases whatever the adapter started (servers, connections). */
  close(): Promise<void>;
}

/** The own property that marks a data tool's source, so origins survive copies. */
export const ORIGIN_KEY = 'conformanceOrigin';

/** Reads the origin mark of a tool; `fallback` when it has none. */
export function originOf(tool: unknown, fallback: ToolOrigin): ToolOrigin {
  const mark = tool !== null && typeof tool === 'object' ? (tool as Record<string, unknown>)[ORIGIN_KEY] : undefined;
  return typeof mark === 'string' ? (mark as ToolOrigin) : fallback;
}

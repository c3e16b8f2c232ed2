/**
 * Synthetic conversation messages in Mastra's stored format (`MastraDBMessage`,
 * content format 2), as Mastra's agent loop writes them after a tool call, for
 * driving the context store (and, later, the processor) in tests.
 */
import {
  LOAD_TOOL,
  loadToolMultiResult,
  loadToolSingleResult,
  SEARCH_TOOLS,
  searchToolsResult,
} from '../../../src/stores/index.js';

let counter = 0;

/** A user text message. */
export function userMessage(text: string): Record<string, unknown> {
  counter++;
  return {
    id: `msg-${counter}`,
    role: 'user',
    createdAt: new Date(0),
    content: { format: 2, parts: [{ type: 'text', text }] },
  };
}

/** An assistant message holding one completed tool invocation. */
export function toolResultMessage(toolName: string, result: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  counter++;
  return {
    id: `msg-${counter}`,
    role: 'assistant',
    createdAt: new Date(0),
    content: {
      format: 2,
      parts: [
        { type: 'step-start' },
        {
          type: 'tool-invocation',
          toolInvocation: { state: 'result', toolCallId: `call-${counter}`, toolName, args: {}, result, ...extra },
        },
      ],
    },
  };
}

/** A `load_tool` single-name result message (loaded, or already loaded). */
export function loadSingleMessage(name: string, alreadyLoaded = false): Record<string, unknown> {
  return toolResultMessage(LOAD_TOOL, loadToolSingleResult(name, alreadyLoaded));
}

/** A `load_tool` multi-name result message. */
export function loadMultiMessage(outcome: { loaded?: string[]; alreadyLoaded?: string[]; notFound?: string[] }): Record<string, unknown> {
  return toolResultMessage(
    LOAD_TOOL,
    loadToolMultiResult({ loaded: outcome.loaded ?? [], alreadyLoaded: outcome.alreadyLoaded ?? [], notFound: outcome.notFound ?? [] }),
  );
}

/** A `search_tools` result message listing these names. */
export function searchMessage(names: readonly string[], autoLoad: boolean): Record<string, unknown> {
  return toolResultMessage(
    SEARCH_TOOLS,
    searchToolsResult(
      names.join(' '),
      names.map((name) => ({ name, description: `${name} description`, score: 1 })),
      autoLoad ? { newlyLoadedCount: names.length } : false,
    ),
  );
}

/** Own-key catalog membership, as the processor builds it. */
export function knownTools(names: readonly string[]): (name: string) => boolean {
  const catalog: Record<string, true> = Object.create(null);
  for (const name of names) catalog[name] = true;
  return (name) => Object.prototype.hasOwnProperty.call(catalog, name);
}

import { isMetaToolName } from '../stores/meta-tool-names.js';
import { shorten } from './echo.js';
import { exceedsCodePoints, lengthText } from './code-points.js';
import { MAX_TOOL_NAME_LENGTH } from './meta-input.js';
import { ToolSearchOptionsError } from './options.js';
import { readKeys, readTool, readToolInto, readValueInto, received, toolScratch, type ToolScratch } from './tool-reading.js';

/** A tool as the processor knows it: canonical name, record key, instance, description. */
export interface ToolEntry<TTool = unknown> {
  /** Canonical name: the tool's `id`, else its record key. */
  readonly name: string;
  /** The key the tool had in its record. */
  readonly key: string;
  /** The tool instance. */
  readonly tool: TTool;
  /** The tool's description, or `''`. */
  readonly description: string;
}

/**
 * A tool's canonical name: its `id` when that is a non-empty string, else its record key.
 *
 * Implements r[processor.names.canonical].
 *
 * @param key - the tool's record key
 * @param tool - the tool
 */
export function canonicalName(key: string, tool: unknown): string {
  const read = readTool(tool);
  // Unlike @mastra/core 1.71.0 (r[processor.names.canonical]): Mastra indexes a tool without an id under its key but
  // looks search hits up by id; here one canonical name serves search, catalog and filter.
  return read.kind === 'tool' ? nameFrom(key, read.id) : key;
}

const nameFrom = (key: string, id: unknown): string => (typeof id === 'string' && id.length > 0 ? id : key);

/** A tool's description, or `''` when it has none (or it cannot be read). */
export function toolDescription(tool: unknown): string {
  const read = readTool(tool);
  return read.kind === 'tool' && typeof read.description === 'string' ? read.description : '';
}

/** Why a record item is not a usable tool. */
export type SkipReason = 'not-a-tool' | 'unreadable' | 'name-empty' | 'name-too-long';

/** A record item that is not a usable tool. */
export interface SkippedTool {
  /** Its record key (in full; shorten it before echoing). */
  readonly key: string;
  /** Why. */
  readonly reason: SkipReason;
  /** What is wrong, as a clause for messages, e.g. `it is not a tool (received null)`; bounded. */
  readonly problem: string;
}

/** A record read as tools: the usable entries in record order, and the items skipped. */
export interface ReadEntries<TTool> {
  /** Usable tools, in record order. */
  readonly entries: ToolEntry<TTool>[];
  /** Items that are not usable tools, in record order. */
  readonly skipped: SkippedTool[];
  /** Set when the record's keys could not be listed at all (the thrown value's text). */
  readonly unreadable?: string;
}

/**
 * Reads a tool record into entries without ever throwing: values that are not tools, tools whose
 * `id` or `description` cannot be read, and tools whose canonical name is empty or longer than
 * {@link MAX_TOOL_NAME_LENGTH} are skipped, each with the reason.
 *
 * Implements r[processor.resolved.non-tools] and r[processor.names.length].
 *
 * @param tools - a tool record
 */
export function readEntries<TTool>(tools: unknown): ReadEntries<TTool> {
  // The record's items as visitRecord visits them (keys listed once, each value read once), each
  // value read as readTool reads it, all through one scratch and without callbacks: a request
  // catalog of 10 000 tools is read on every step, and makes one entry per usable tool and no
  // other object per tool.
  const scratch = toolScratch();
  const keys = readKeys(tools, scratch);
  if (keys === undefined) return { entries: [], skipped: [], unreadable: scratch.error };
  const entries: ToolEntry<TTool>[] = new Array<ToolEntry<TTool>>(keys.length);
  let count = 0;
  const skipped: SkippedTool[] = [];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    // The value, and its id and description, must be readable, and it must be a tool.
    if (!readValueInto(tools, key, scratch)) {
      skipped.push({ key, reason: 'unreadable', problem: `reading it threw (${scratch.error})` });
      continue;
    }
    const entry = entryOf<TTool>(key, scratch.value, scratch, skipped);
    if (entry !== undefined) entries[count++] = entry;
  }
  if (count < entries.length) entries.length = count;
  return { entries, skipped };
}

/** One record item as an entry, or `undefined` when it is not a usable tool (then recorded in `skipped`). */
function entryOf<TTool>(key: string, value: unknown, scratch: ToolScratch, skipped: SkippedTool[]): ToolEntry<TTool> | undefined {
  // Unlike @mastra/core 1.71.0 (r[processor.resolved.non-tools]): Mastra reads `tool.id` of any value, so `null`
  // throws and a number or a string becomes a searchable tool.
  const kind = readToolInto(value, scratch);
  if (kind === 'not-a-tool') {
    skipped.push({ key, reason: 'not-a-tool', problem: `it is not a tool (received ${received(value)})` });
    return undefined;
  }
  if (kind === 'unreadable') {
    const what = scratch.field === 'value' ? 'inspecting it' : `reading its ${scratch.field}`;
    skipped.push({ key, reason: 'unreadable', problem: `${what} threw (${scratch.error})` });
    return undefined;
  }
  // Its canonical name must be one load_tool accepts: 1 to MAX_TOOL_NAME_LENGTH characters (code points).
  // Unlike @mastra/core 1.71.0 (r[processor.names.length]): Mastra accepts names of any length.
  const name = nameFrom(key, scratch.id);
  if (name.length === 0) {
    skipped.push({ key, reason: 'name-empty', problem: 'it has no name (no id, and an empty record key)' });
    return undefined;
  }
  if (exceedsCodePoints(name, MAX_TOOL_NAME_LENGTH)) {
    skipped.push({
      key,
      reason: 'name-too-long',
      problem: `its name ${JSON.stringify(shorten(name))} is ${lengthText(name, MAX_TOOL_NAME_LENGTH)} characters long; a name may have at most ${MAX_TOOL_NAME_LENGTH}, the most load_tool accepts`,
    });
    return undefined;
  }
  const description = typeof scratch.description === 'string' ? scratch.description : '';
  return new Entry<TTool>(name, key, value as TTool, description);
}

/**
 * A {@link ToolEntry} as {@link readEntries} makes it. A class, not an object literal: V8 tracks
 * whether the objects of a literal outlive the young generation and, once they do, allocates
 * that literal's objects in the old generation at once (allocation-site pretenuring). A step's
 * entries live for the whole step, so they were moved there, and under another caller's garbage
 * (concurrent marking running) reading a 10 000-tool record took 4.5–4.7 ms against 2.6–2.8 ms
 * with this class, measured interleaved with Mastra's steps; the literal under
 * `--no-allocation-site-pretenuring` took 2.6–2.7 ms, which names the cause.
 */
class Entry<TTool> implements ToolEntry<TTool> {
  constructor(
    readonly name: string,
    readonly key: string,
    readonly tool: TTool,
    readonly description: string,
  ) {}
}

/** How to fix a constructor tool that is not usable, per reason. */
const FIXES: Record<SkipReason, string> = {
  'not-a-tool': 'Pass a tool from createTool.',
  unreadable: 'Pass a tool from createTool whose id and description are plain values.',
  'name-empty': 'Give the tool an id.',
  'name-too-long': 'Give the tool a shorter id.',
};

/**
 * The constructor's tools as entries, in record order. Every item must be a usable tool: the first
 * that is not is a {@link ToolSearchOptionsError} naming it by its record key.
 *
 * Implements r[processor.options.unreadable-tool] and r[processor.names.length].
 *
 * @param tools - the `tools` option
 * @throws ToolSearchOptionsError naming `tools.<key>`
 */
export function entriesOf<TTool>(tools: Readonly<Record<string, TTool>>): ToolEntry<TTool>[] {
  const read = readEntries<TTool>(tools);
  if (read.unreadable !== undefined) {
    throw new ToolSearchOptionsError('tools', `Invalid ToolSearchProcessor option "tools": its keys could not be listed (${read.unreadable}). Pass a plain object of tools.`);
  }
  const first = read.skipped[0];
  if (first !== undefined) {
    const option = `tools.${shorten(first.key)}`;
    throw new ToolSearchOptionsError(option, `Invalid ToolSearchProcessor option "${option}": ${first.problem}. ${FIXES[first.reason]}`);
  }
  return read.entries;
}

/**
 * Checks the constructor's tools: canonical names must be unique and must not be a meta-tool name.
 * Throws a {@link ToolSearchOptionsError} whose `option` is the offending tool's path
 * (`tools.<key>`; for a duplicate, the later of the two keys) and whose message names both keys
 * and how to fix them.
 *
 * Implements r[processor.names.duplicate], r[processor.names.reserved] and r[processor.options.errors].
 *
 * @param entries - the static entries, in record order
 * @throws {@link ToolSearchOptionsError} on a reserved or duplicate canonical name
 */
export function assertStaticNames(entries: readonly ToolEntry[]): void {
  const seen = new Map<string, string>();
  for (const entry of entries) {
    // A meta-tool name is reserved.
    // Unlike @mastra/core 1.71.0 (r[processor.names.reserved]): Mastra accepts a tool named like a meta-tool, and the
    // meta-tool hides it.
    if (isMetaToolName(entry.name)) {
      throw new ToolSearchOptionsError(
        `tools.${shorten(entry.key)}`,
        `Invalid ToolSearchProcessor option "tools.${shorten(entry.key)}": its name "${entry.name}" is reserved for the ` +
          `${entry.name} meta-tool. Give the tool another id or key.`,
      );
    }
    // Two tools may not share a canonical name.
    // Unlike @mastra/core 1.71.0 (r[processor.names.duplicate]): Mastra accepts two tools with one canonical name; one
    // silently shadows the other.
    const previous = seen.get(entry.name);
    if (previous !== undefined) {
      throw new ToolSearchOptionsError(
        `tools.${shorten(entry.key)}`,
        `Invalid ToolSearchProcessor option "tools.${shorten(entry.key)}": keys "${shorten(previous)}" and "${shorten(entry.key)}" both have the canonical ` +
          `name "${shorten(entry.name)}" (a tool's name is its id, else its key). Give one of them a different id.`,
      );
    }
    seen.set(entry.name, entry.key);
  }
}

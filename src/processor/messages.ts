/**
 * Every text the model reads from the processor, in one place: the system instructions, the
 * injected catalog, the meta-tools' descriptions and argument descriptions, and the messages of
 * their results. Each template is the table of `spec/processor.md` ("Texts the model reads")
 * character for character; a test parses that table and compares it with {@link TEXTS}, and
 * another drives `@mastra/core` 1.71.0's processor and compares its texts with the `mastra` ones.
 *
 * The `mastra` texts are `@mastra/core` 1.71.0's (Apache-2.0), so a prompt tuned for one
 * processor reads the same with the other; the `own` texts answer inputs Mastra's tool wrapper
 * rejects before its meta-tool runs, or limits Mastra does not have.
 *
 * Placeholders are `{name}`; {@link renderText} fills them. Lists are joined with `, ` before they
 * are passed in; model-supplied values are shortened by the caller (r[processor.input.bounded]).
 *
 * @see r[processor.texts.mastra]
 * @see r[processor.texts.own]
 * @module
 */

/** Where a text comes from: `@mastra/core` 1.71.0's processor, or this project (a departure). */
export type TextOrigin = 'mastra' | 'own';

/** One text: its template and its origin. */
export interface TextTemplate {
  /** The template, with `{placeholder}`s. */
  readonly text: string;
  /** `mastra` when it equals @mastra/core 1.71.0's text, `own` when it is a departure. */
  readonly origin: TextOrigin;
}

const mastra = (text: string): TextTemplate => ({ text, origin: 'mastra' });
// Unlike @mastra/core 1.71.0 (r[processor.texts.own]): Mastra's tool wrapper answers these inputs with `Tool input
// validation failed for <tool>. …` and the whole input.
const own = (text: string): TextTemplate => ({ text, origin: 'own' });

/**
 * The texts, by the ID the spec's table gives them.
 *
 * @see r[processor.texts.mastra]
 * @see r[processor.texts.own]
 */
export const TEXTS = Object.freeze({
  // System instructions (r[processor.instructions.mode]) and the injected catalog (r[processor.catalog.inject]).
  'instruction.explicit': mastra(
    'To discover available tools, call search_tools with a keyword query. To add one or more tools to the conversation, call load_tool with a toolName or toolNames array. Tools must be loaded before they can be used.',
  ),
  'instruction.auto-load': mastra(
    'To discover available tools, call search_tools with a keyword query. Matching tools are loaded automatically and become available on your next turn — there is no separate load step. After searching, use the tool directly.',
  ),
  'catalog.lead.explicit': mastra(
    'The following tools are available to load. Call load_tool with a toolName or toolNames array to add one or more before using them — no search step is required. search_tools is also available if you need to rediscover tools by keyword.',
  ),
  'catalog.lead.auto-load': mastra(
    'The following tools are available. Call search_tools with a keyword to load one — matching tools are loaded automatically and become available on your next turn.',
  ),
  'catalog.heading': mastra('Available tools:'),
  'catalog.line': mastra('- `{name}`: {description}'),
  'catalog.line.bare': mastra('- `{name}`'),
  // What the meta-tools say about themselves (r[processor.tools.meta]).
  'description.search-tools.explicit': mastra(
    "Search for available tools by keyword. Use this when you need a capability you don't currently have. Returns a list of matching tools with their names and descriptions. After finding a useful tool, use load_tool to make it available.",
  ),
  'description.search-tools.auto-load': mastra(
    "Search for available tools by keyword. Use this when you need a capability you don't currently have. Returns a list of matching tools, which are loaded automatically and become available on your next turn — no separate load step is required.",
  ),
  'description.load-tool': mastra(
    'Load one or more tools into your context. Call this after finding tools with search_tools. Once loaded, tools will be available for use. Pass a single toolName or an array of toolNames to load multiple tools at once.',
  ),
  'argument.query': mastra('Search keywords (e.g., "weather", "github issue", "database query")'),
  'argument.tool-name': mastra('The exact name of a tool to load (from search results)'),
  'argument.tool-names': mastra('Array of exact tool names to load in one call (from search results)'),
  // search_tools results (r[processor.search.results], r[processor.search.autoload]).
  'search.found': mastra('Found {count} tool(s). Use load_tool with an exact toolName or a toolNames array to make them available.'),
  'search.found-and-loaded': mastra('Found and loaded {count} tool(s): {names}. They are available on your next turn — call them directly.'),
  'search.found-and-loaded.some-already': mastra(
    'Found and loaded {count} tool(s): {names}. They are available on your next turn — call them directly. Some were already loaded.',
  ),
  'search.none': mastra('No tools found matching "{query}". Try different keywords.'),
  // load_tool results (r[processor.load.results]).
  'load.loaded': mastra('Tool "{name}" loaded successfully. It will be available on your next turn.'),
  'load.already-loaded': mastra('Tool "{name}" is already loaded and available.'),
  'load.not-found.suggest': mastra('Tool "{name}" not found. Did you mean: {suggestions}?'),
  'load.not-found.search': mastra('Tool "{name}" not found. Use search_tools to find available tools.'),
  'load.multi.loaded': mastra('Loaded: {names} — available on your next turn'),
  'load.multi.already-loaded': mastra('Already loaded: {names}'),
  'load.multi.not-found': mastra('Not found: {names}'),
  'load.multi.separator': mastra(' | '),
  'load.empty-tool-names': mastra('toolNames array must not be empty.'),
  'load.no-argument': mastra('You must provide either toolName (string) or toolNames (array) to load.'),
  // Bad input (r[processor.input.search], r[processor.input.load]): this project's texts.
  'search.input.not-object': own('search_tools expects { query: string }, received {value}.'),
  'search.input.query-type': own('search_tools: "query" must be a string, received {value}.'),
  'search.input.query-length': own('search_tools: "query" must be at most {max} characters, received {length}.'),
  'load.input.not-object': own('load_tool expects { toolName?: string, toolNames?: string[] }, received {value}.'),
  'load.input.tool-names-type': own('load_tool: "toolNames" must be an array of strings, received {value}.'),
  'load.input.tool-names-count': own('load_tool: "toolNames" may hold at most {max} names, received {count}. Load fewer tools at once.'),
  'load.input.name-type': own('load_tool: "{field}" must be a string, received {value}.'),
  'load.input.name-length': own('load_tool: "{field}" must be at most {max} characters, received {length} ({value}).'),
  // Inputs that cannot be read, and internal failures (r[processor.input.never-throws]): this project's texts.
  'search.input.unreadable': own('search_tools could not read its input ({error}). Send a plain JSON object { query: string }.'),
  'load.input.unreadable': own('load_tool could not read its input ({error}). Send a plain JSON object { toolName?: string, toolNames?: string[] }.'),
  'search.failed': own('search_tools failed ({error}). Try again.'),
  'load.failed': own('load_tool failed ({error}). Try again.'),
  // Pinned tools among the results (r[processor.pinned.search]): this project's text.
  'search.pinned': own('Already available, no need to load: {names}.'),
} satisfies Record<string, TextTemplate>);

/** The ID of one text of {@link TEXTS}. */
export type TextId = keyof typeof TEXTS;

const PLACEHOLDER = /\{([a-z]+)\}/;
const NO_VALUES: Readonly<Record<string, string | number>> = Object.freeze({});
/** Each text's literals and placeholder keys, cut on first use (one entry per text ID: bounded). */
const compiledTexts = new Map<TextId, string[]>();

/**
 * A text with its placeholders filled in. A placeholder without a value is left as it is, so a
 * missing argument shows in the text rather than disappearing.
 *
 * @param id - the text's ID
 * @param values - placeholder values
 */
export function renderText(id: TextId, values: Readonly<Record<string, string | number>> = NO_VALUES): string {
  // The text cut once into literals (even positions) and placeholder keys (odd positions).
  let parts = compiledTexts.get(id);
  if (parts === undefined) {
    parts = TEXTS[id].text.split(PLACEHOLDER);
    compiledTexts.set(id, parts);
  }
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const key = parts[i]!;
    out += (Object.hasOwn(values, key) ? String(values[key]) : `{${key}}`) + parts[i + 1]!;
  }
  return out;
}

/** Joins a list as the texts do: `a, b, c`. */
export function joinNames(names: readonly string[]): string {
  return names.join(', ');
}

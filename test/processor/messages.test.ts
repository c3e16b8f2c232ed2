import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ToolSearchProcessor as MastraToolSearchProcessor } from '@mastra/core/processors';
import { describe, expect, it } from 'vitest';
import { catalogInstruction, catalogLine } from '../../src/processor/instructions.js';
import { joinNames, renderText, TEXTS, type TextId } from '../../src/processor/messages.js';
import { repoRoot } from '../support/spec-rules.js';
import { makeTool, requestContext } from './support/harness.js';

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The text of a Markdown code span, as CommonMark reads it (one space stripped from each side when both are spaces). */
function codeSpan(cell: string): string {
  const m = /^(`+)(.*)\1$/.exec(cell.trim());
  if (!m) throw new Error(`not a code span: ${cell}`);
  let text = m[2]!;
  if (text.startsWith(' ') && text.endsWith(' ') && text.trim() !== '') text = text.slice(1, -1);
  return text.replace(/\\\|/g, '|');
}

/** The rows of the table under "## Texts the model reads" in spec/processor.md. */
function specTable(): Record<string, { origin: string; text: string }> {
  const spec = readFileSync(join(repoRoot, 'spec', 'processor.md'), 'utf8');
  const section = spec.slice(spec.indexOf('## Texts the model reads'));
  const rows: Record<string, { origin: string; text: string }> = {};
  for (const line of section.split('\n')) {
    // | `id` | origin | `text` |, where the text cell may contain escaped pipes.
    const m = /^\| `([a-z.-]+)` \| (mastra|own) \| (.*) \|$/.exec(line);
    if (m) rows[m[1]!] = { origin: m[2]!, text: codeSpan(m[3]!) };
  }
  return rows;
}

/** One step of @mastra/core 1.71.0's own processor: its tools and the system messages it added. */
async function mastraStep(options: Record<string, unknown>, thread: string) {
  const systems: string[] = [];
  const processor = new MastraToolSearchProcessor(options as never);
  const out = await processor.processInputStep({
    messages: [],
    messageList: { addSystem: (m: unknown) => void systems.push(String(m)) },
    tools: {},
    requestContext: requestContext(thread),
  } as never);
  return { tools: out.tools as Record<string, Any>, systems };
}

describe('texts the model reads', () => {
  it('[processor.texts.mastra] [processor.texts.own] src/processor/messages.ts is the table of spec/processor.md', () => {
    const table = specTable();
    const code = Object.fromEntries(Object.entries(TEXTS).map(([id, t]) => [id, { origin: t.origin, text: t.text }]));
    expect(table).toEqual(code);
  });

  it('[processor.texts.mastra] every mastra text is what @mastra/core 1.71.0 says, character for character', async () => {
    const checked = new Set<TextId>();
    const same = (ids: TextId[], theirs: unknown, ours: string) => {
      expect(theirs, ids.join(' + ')).toBe(ours);
      for (const id of ids) checked.add(id);
    };
    const tools = { weather: makeTool('weather', 'Get the weather forecast'), calendar: makeTool('calendar', '') };
    for (const autoLoad of [false, true]) {
      const { tools: meta, systems } = await mastraStep({ tools, injectCatalog: true, search: { autoLoad } }, `t-${autoLoad}`);
      const mode = autoLoad ? 'auto-load' : 'explicit';
      same([`instruction.${mode}`], systems[0], renderText(`instruction.${mode}`));
      // The catalog message: lead, heading, a line with and a line without a description.
      const catalog = catalogInstruction(autoLoad, [catalogLine('weather', 'Get the weather forecast'), catalogLine('calendar', '')])!;
      same([`catalog.lead.${mode}`, 'catalog.heading', 'catalog.line', 'catalog.line.bare'], systems[1], catalog);
      same([`description.search-tools.${mode}`], meta.search_tools.description, renderText(`description.search-tools.${mode}`));
      same(['argument.query'], meta.search_tools.inputSchema.shape.query.description, renderText('argument.query'));
      if (autoLoad) {
        const first = await meta.search_tools.execute({ query: 'weather' }, {});
        same(['search.found-and-loaded'], first.message, renderText('search.found-and-loaded', { count: 1, names: 'weather' }));
        const again = await meta.search_tools.execute({ query: 'weather' }, {});
        same(['search.found-and-loaded.some-already'], again.message, renderText('search.found-and-loaded.some-already', { count: 1, names: 'weather' }));
      } else {
        const load = meta.load_tool;
        same(['description.load-tool'], load.description, renderText('description.load-tool'));
        same(['argument.tool-name'], load.inputSchema.shape.toolName.description, renderText('argument.tool-name'));
        same(['argument.tool-names'], load.inputSchema.shape.toolNames.description, renderText('argument.tool-names'));
        same(['search.found'], (await meta.search_tools.execute({ query: 'weather' }, {})).message, renderText('search.found', { count: 1 }));
        same(['search.none'], (await meta.search_tools.execute({ query: 'zebra' }, {})).message, renderText('search.none', { query: 'zebra' }));
        same(['load.loaded'], (await load.execute({ toolName: 'weather' }, {})).message, renderText('load.loaded', { name: 'weather' }));
        same(['load.already-loaded'], (await load.execute({ toolName: 'weather' }, {})).message, renderText('load.already-loaded', { name: 'weather' }));
        same(['load.not-found.suggest'], (await load.execute({ toolName: 'weath' }, {})).message, renderText('load.not-found.suggest', { name: 'weath', suggestions: 'weather' }));
        same(['load.not-found.search'], (await load.execute({ toolName: 'zebra' }, {})).message, renderText('load.not-found.search', { name: 'zebra' }));
        const multi = await load.execute({ toolNames: ['calendar', 'weather', 'zebra', 'gnu'] }, {});
        const parts = [
          renderText('load.multi.loaded', { names: 'calendar' }),
          renderText('load.multi.already-loaded', { names: 'weather' }),
          renderText('load.multi.not-found', { names: joinNames(['zebra', 'gnu']) }),
        ];
        same(['load.multi.loaded', 'load.multi.already-loaded', 'load.multi.not-found', 'load.multi.separator'], multi.message, parts.join(renderText('load.multi.separator')));
        same(['load.empty-tool-names'], (await load.execute({ toolNames: [] }, {})).message, renderText('load.empty-tool-names'));
        same(['load.no-argument'], (await load.execute({}, {})).message, renderText('load.no-argument'));
      }
    }
    // Every mastra text was compared; a new one needs a probe above.
    const mastraIds = (Object.keys(TEXTS) as TextId[]).filter((id) => TEXTS[id].origin === 'mastra');
    expect([...checked].sort()).toEqual(mastraIds.sort());
  });

  it('[processor.texts.mastra] renderText fills placeholders and leaves unknown ones visible', () => {
    expect(renderText('load.loaded', { name: 'x' })).toBe('Tool "x" loaded successfully. It will be available on your next turn.');
    expect(renderText('load.loaded')).toBe('Tool "{name}" loaded successfully. It will be available on your next turn.');
    expect(renderText('search.input.not-object', { value: 'null' })).toBe('search_tools expects { query: string }, received null.');
  });
});

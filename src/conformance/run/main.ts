/**
 * The command line of the conformance runner (`npm run conformance`,
 * `tool-search-conformance`): parse the options, plan which implementations
 * run which suite against which expectation file, run them, report.
 *
 * Implements r[conformance.runner.options], r[conformance.runner.exit-code],
 * r[conformance.runner.report].
 *
 * @module
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BUNDLED_ADAPTERS } from '../adapter/bundled.js';
import { stdioAdapter } from '../adapter/stdio.js';
import type { Adapter } from '../adapter/types.js';
import { loadCases } from '../case/load.js';
import { caseFileJsonSchema } from '../case/json-schema.js';
import { conformanceDir, casesDir, expectationsDir, schemaPath } from '../paths.js';
import { protocolJsonSchemas } from '../protocol/json-schema.js';
import { BUNDLED_EDITOR_ADAPTERS, type BundledEditorAdapter } from '../editor/adapter/bundled.js';
import { editorCaseFileJsonSchema } from '../editor/case/load.js';
import { editorSchemaPath } from '../editor/paths.js';
import { runBundledEditorSuite } from '../editor/run/bundled-run.js';
import type { Case } from '../case/schema.js';
import { readExpectations } from './expectations.js';
import { formatReport, jsonReport, type ReportEntry } from './report.js';
import { runSuite } from './runner.js';

/** Usage text. */
export const USAGE = `Usage: tool-search-conformance [options]

Runs the tool-search conformance suites. With no adapter option, runs the
processor suite against every bundled adapter (reference, mastra-core) and the
editor suite against every bundled editor adapter (reference, mastra-editor),
each against its own expectation file.

Options:
  --adapter MODULE     an in-process adapter: "reference", "mastra-core", or a
                       module path whose default export is an Adapter or a
                       function returning one (repeatable)
  --stdio "COMMAND"    an implementation speaking the JSON-lines protocol on
                       stdio, started with COMMAND in a shell (repeatable)
  --expectations FILE  expected failures of the adapters given on the command line
  --filter PATTERN     only cases whose ID or a cited rule contains PATTERN
                       (or matches it as a glob with *)
  --verbose            also print, per run, a table per area and per rule and
                       every case that did not pass (expected failures, skips)
  --json FILE          also write a machine-readable report to FILE
  --cases DIR          read cases from DIR instead of the bundled ones
  --editor-adapter NAME
                       run the editor suite with a bundled editor adapter:
                       "reference" or "mastra-editor" (repeatable)
  --write-schema       regenerate the JSON Schemas under conformance/ (case
                       files of both suites, protocol messages), and exit
  --help               show this text
`;

/** Where output goes; the tests capture it. */
export interface Output {
  /** Normal output. */
  log(text: string): void;
  /** Diagnostics. */
  error(text: string): void;
}

const consoleOutput: Output = { log: (t) => console.log(t), error: (t) => console.error(t) };

/** The parsed command line. */
interface Options {
  adapter: string[];
  stdio: string[];
  expectations?: string;
  filter?: string;
  json?: string;
  cases?: string;
  editorAdapter: string[];
  writeSchema: boolean;
  verbose: boolean;
  help: boolean;
}

/** Parses the command line; a usage error is thrown as an `Error`. */
function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      adapter: { type: 'string', multiple: true },
      stdio: { type: 'string', multiple: true },
      expectations: { type: 'string' },
      filter: { type: 'string' },
      json: { type: 'string' },
      cases: { type: 'string' },
      'editor-adapter': { type: 'string', multiple: true },
      'write-schema': { type: 'boolean' },
      verbose: { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
    allowPositionals: false,
  });
  for (const name of values['editor-adapter'] ?? []) {
    if (!BUNDLED_EDITOR_ADAPTERS.some((b) => b.name === name)) {
      throw new Error(`--editor-adapter ${name}: unknown; use one of ${BUNDLED_EDITOR_ADAPTERS.map((b) => b.name).join(', ')}`);
    }
  }
  return {
    adapter: values.adapter ?? [],
    stdio: values.stdio ?? [],
    editorAdapter: values['editor-adapter'] ?? [],
    writeSchema: values['write-schema'] ?? false,
    verbose: values.verbose ?? false,
    help: values.help ?? false,
    ...(values.expectations !== undefined ? { expectations: values.expectations } : {}),
    ...(values.filter !== undefined ? { filter: values.filter } : {}),
    ...(values.json !== undefined ? { json: values.json } : {}),
    ...(values.cases !== undefined ? { cases: values.cases } : {}),
  };
}

/** `--write-schema`: every generated JSON Schema of `conformance/`. @see r[conformance.case.schema] @see r[conformance.protocol.schema] */
function writeSchemas(output: Output): void {
  const files: Array<[string, string]> = [
    [schemaPath(), caseFileJsonSchema()],
    [editorSchemaPath(), editorCaseFileJsonSchema()],
    ...protocolJsonSchemas().map((s): [string, string] => [join(conformanceDir(), 'schema', s.file), s.text]),
  ];
  for (const [path, text] of files) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    output.log(`wrote ${path}`);
  }
}

async function loadModuleAdapter(spec: string): Promise<Adapter> {
  const path = isAbsolute(spec) ? spec : resolve(process.cwd(), spec);
  if (!existsSync(path)) throw new Error(`--adapter ${spec}: no such file (${path}); give a path to a module or "reference"/"mastra-core"`);
  const mod = (await import(pathToFileURL(path).href)) as { default?: unknown; createAdapter?: unknown };
  const exported = mod.default ?? mod.createAdapter;
  const value = typeof exported === 'function' ? await (exported as () => unknown)() : exported;
  const adapter = value as Adapter | undefined;
  if (!adapter || typeof adapter.open !== 'function' || !adapter.implementation) {
    throw new Error(`--adapter ${spec}: the default export is not an Adapter (an object with implementation, features, open and dispose) nor a function returning one`);
  }
  return adapter;
}

/** One processor-suite run to do: how to make the adapter, and its expectation file. */
interface PlannedRun {
  label: string;
  make: () => Promise<Adapter>;
  expectations: (a: Adapter) => string | undefined;
}

/** Which implementations run the processor suite. With no adapter of either kind named, every bundled one. */
function planProcessorRuns(options: Options): PlannedRun[] {
  const given = options.expectations ? resolve(process.cwd(), options.expectations) : undefined;
  const bundled = (name: string) => BUNDLED_ADAPTERS.find((b) => b.name === name);
  const plan: PlannedRun[] = [];
  for (const spec of options.adapter) {
    const b = bundled(spec);
    plan.push(
      b
        ? { label: spec, make: b.create, expectations: (a) => given ?? join(expectationsDir(), b.expectationsFile(a)) }
        : { label: spec, make: () => loadModuleAdapter(spec), expectations: () => given },
    );
  }
  for (const command of options.stdio) plan.push({ label: command, make: () => stdioAdapter(command), expectations: () => given });
  if (plan.length === 0 && options.editorAdapter.length === 0) {
    for (const b of BUNDLED_ADAPTERS) plan.push({ label: b.name, make: b.create, expectations: (a) => join(expectationsDir(), b.expectationsFile(a)) });
  }
  return plan;
}

/** Which bundled editor adapters run the editor suite: the named ones; all when no adapter of either kind is named. */
function planEditorRuns(options: Options): Array<BundledEditorAdapter['name']> {
  if (options.editorAdapter.length > 0) return options.editorAdapter as Array<BundledEditorAdapter['name']>;
  return options.adapter.length === 0 && options.stdio.length === 0 ? BUNDLED_EDITOR_ADAPTERS.map((b) => b.name) : [];
}

const shown = (file: string): string => relative(process.cwd(), file) || file;
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Runs one planned implementation over the processor suite; a failure to start is an entry with an error. */
async function runPlanned(step: PlannedRun, suite: Case[], filter: string | undefined): Promise<ReportEntry> {
  let adapter: Adapter;
  try {
    adapter = await step.make();
  } catch (error) {
    return { suite: 'processor', label: step.label, error: `cannot start: ${messageOf(error)}` };
  }
  try {
    const file = step.expectations(adapter);
    if (file !== undefined && !existsSync(file)) {
      return { suite: 'processor', label: step.label, error: `expectation file ${file} does not exist; create it (it may hold only comments)` };
    }
    const run = await runSuite(adapter, { cases: suite, expectations: readExpectations(file), ...(filter !== undefined ? { filter } : {}) });
    return { suite: 'processor', label: step.label, run, ...(file !== undefined ? { expectationsFile: shown(file) } : {}) };
  } finally {
    await adapter.dispose();
  }
}

/** Runs one bundled editor adapter over the editor suite. */
async function runEditor(name: BundledEditorAdapter['name'], filter: string | undefined, output: Output): Promise<ReportEntry> {
  try {
    const { run, expectationsFile, caseProblems } = await runBundledEditorSuite(name, filter !== undefined ? { filter } : {});
    for (const p of caseProblems) output.error(`invalid editor case file ${p}`);
    const checked = caseProblems.length === 0 ? run : { ...run, ok: false };
    return { suite: 'editor', label: name, run: checked, expectationsFile: shown(expectationsFile) };
  } catch (error) {
    return { suite: 'editor', label: name, error: `cannot run the editor suite: ${messageOf(error)}` };
  }
}

/** Loads the processor suite, reporting invalid case files. */
function loadSuite(options: Options, output: Output): Case[] | undefined {
  const dir = options.cases ? resolve(process.cwd(), options.cases) : casesDir();
  const { cases, problems } = loadCases(dir);
  for (const p of problems) output.error(`invalid case file ${p.file}: ${p.message}`);
  return problems.length > 0 ? undefined : cases.map((c) => c.case);
}

/** Writes the `--json` report. */
function writeJson(path: string, entries: ReportEntry[]): void {
  const file = resolve(process.cwd(), path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(jsonReport(entries), null, 2) + '\n');
}

/**
 * Runs the command line; returns the exit code: 0 when every run matches its
 * expectations, 1 when one does not, 2 on a usage error.
 *
 * @see r[conformance.runner.exit-code]
 */
export async function main(argv: string[], output: Output = consoleOutput): Promise<number> {
  let options: Options;
  try {
    options = parseOptions(argv);
  } catch (error) {
    output.error(`${messageOf(error)}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    output.log(USAGE);
    return 0;
  }
  if (options.writeSchema) {
    writeSchemas(output);
    return 0;
  }
  const suite = loadSuite(options, output);
  if (!suite) return 1;
  const entries: ReportEntry[] = [];
  for (const step of planProcessorRuns(options)) entries.push(await runPlanned(step, suite, options.filter));
  for (const name of planEditorRuns(options)) entries.push(await runEditor(name, options.filter, output));
  output.log(formatReport(entries, { verbose: options.verbose }));
  if (options.json) writeJson(options.json, entries);
  return entries.every((e) => e.run?.ok === true) ? 0 : 1;
}

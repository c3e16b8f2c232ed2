/**
 * The command line of the conformance runner (`npm run conformance`,
 * `tool-search-conformance`).
 *
 * Implements r[conformance.runner.options], r[conformance.runner.exit-code].
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
import { casesDir, expectationsDir, schemaPath } from '../paths.js';
import { BUNDLED_EDITOR_ADAPTERS, type BundledEditorAdapter } from '../editor/adapter/bundled.js';
import { editorCaseFileJsonSchema } from '../editor/case/load.js';
import { editorSchemaPath } from '../editor/paths.js';
import { runBundledEditorSuite } from '../editor/run/bundled-run.js';
import { formatEditorRun } from '../editor/run/report.js';
import { readExpectations } from './expectations.js';
import { formatRun, jsonReport } from './report.js';
import { runSuite, type AdapterRun } from './runner.js';

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
  --json FILE          also write a machine-readable report to FILE
  --cases DIR          read cases from DIR instead of the bundled ones
  --editor-adapter NAME
                       run the editor suite with a bundled editor adapter:
                       "reference" or "mastra-editor" (repeatable)
  --write-schema       regenerate conformance/schema/case.schema.json and
                       conformance/editor/schema/case.schema.json, and exit
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

/**
 * Runs the command line; returns the exit code: 0 when every run matches its
 * expectations, 1 when one does not, 2 on a usage error.
 *
 * @see r[conformance.runner.exit-code]
 */
export async function main(argv: string[], output: Output = consoleOutput): Promise<number> {
  let values: {
    adapter?: string[];
    stdio?: string[];
    expectations?: string;
    filter?: string;
    json?: string;
    cases?: string;
    'editor-adapter'?: string[];
    'write-schema'?: boolean;
    help?: boolean;
  };
  try {
    values = parseArgs({
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
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    output.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    output.log(USAGE);
    return 0;
  }
  if (values['write-schema']) {
    mkdirSync(dirname(schemaPath()), { recursive: true });
    writeFileSync(schemaPath(), caseFileJsonSchema());
    output.log(`wrote ${schemaPath()}`);
    mkdirSync(dirname(editorSchemaPath()), { recursive: true });
    writeFileSync(editorSchemaPath(), editorCaseFileJsonSchema());
    output.log(`wrote ${editorSchemaPath()}`);
    return 0;
  }
  const dir = values.cases ? resolve(process.cwd(), values.cases) : casesDir();
  const { cases, problems } = loadCases(dir);
  if (problems.length > 0) {
    for (const p of problems) output.error(`invalid case file ${p.file}: ${p.message}`);
    return 1;
  }
  const suite = cases.map((c) => c.case);

  // Which adapters, each with its expectation file.
  const plan: Array<{ label: string; make: () => Promise<Adapter>; expectations: (a: Adapter) => string | undefined }> = [];
  const given = values.expectations ? resolve(process.cwd(), values.expectations) : undefined;
  for (const spec of values.adapter ?? []) {
    const bundled = BUNDLED_ADAPTERS.find((b) => b.name === spec);
    if (bundled) {
      plan.push({ label: spec, make: bundled.create, expectations: (a) => given ?? join(expectationsDir(), bundled.expectationsFile(a)) });
    } else {
      plan.push({ label: spec, make: () => loadModuleAdapter(spec), expectations: () => given });
    }
  }
  for (const command of values.stdio ?? []) {
    plan.push({ label: command, make: () => stdioAdapter(command), expectations: () => given });
  }
  // Which editor adapters: the named ones; all bundled ones when no adapter of either kind is named.
  const editorNames = values['editor-adapter'] ?? [];
  for (const name of editorNames) {
    if (!BUNDLED_EDITOR_ADAPTERS.some((b) => b.name === name)) {
      output.error(`--editor-adapter ${name}: unknown; use one of ${BUNDLED_EDITOR_ADAPTERS.map((b) => b.name).join(', ')}\n\n${USAGE}`);
      return 2;
    }
  }
  const onlyEditor = editorNames.length > 0 && plan.length === 0;
  const editorPlan: Array<BundledEditorAdapter['name']> =
    editorNames.length > 0 ? (editorNames as Array<BundledEditorAdapter['name']>) : plan.length === 0 ? BUNDLED_EDITOR_ADAPTERS.map((b) => b.name) : [];
  if (plan.length === 0 && !onlyEditor) {
    for (const b of BUNDLED_ADAPTERS) {
      plan.push({ label: b.name, make: b.create, expectations: (a) => join(expectationsDir(), b.expectationsFile(a)) });
    }
  }

  const runs: Array<{ run: AdapterRun; expectationsFile?: string }> = [];
  let ok = true;
  for (const step of plan) {
    let adapter: Adapter;
    try {
      adapter = await step.make();
    } catch (error) {
      output.error(`cannot start adapter ${step.label}: ${(error as Error).message}`);
      ok = false;
      continue;
    }
    try {
      const file = step.expectations(adapter);
      if (file !== undefined && !existsSync(file)) {
        output.error(`expectation file ${file} does not exist; create it (it may hold only comments)`);
        ok = false;
        continue;
      }
      const run = await runSuite(adapter, { cases: suite, expectations: readExpectations(file), filter: values.filter });
      runs.push({ run, ...(file !== undefined ? { expectationsFile: file } : {}) });
      output.log(formatRun(run, file !== undefined ? { expectationsFile: relative(process.cwd(), file) || file } : {}));
      output.log('');
      ok &&= run.ok;
    } finally {
      await adapter.dispose();
    }
  }
  const editorRuns: Array<{ run: AdapterRun; expectationsFile?: string }> = [];
  for (const name of editorPlan) {
    try {
      const { run, expectationsFile, caseProblems } = await runBundledEditorSuite(name, values.filter !== undefined ? { filter: values.filter } : {});
      for (const p of caseProblems) output.error(`invalid editor case file ${p}`);
      editorRuns.push({ run: run as unknown as AdapterRun, expectationsFile });
      output.log(formatEditorRun(run, { expectationsFile: relative(process.cwd(), expectationsFile) || expectationsFile }));
      output.log('');
      ok &&= run.ok && caseProblems.length === 0;
    } catch (error) {
      output.error(`cannot run the editor suite with ${name}: ${(error as Error).message}`);
      ok = false;
    }
  }
  if (values.json) {
    const path = resolve(process.cwd(), values.json);
    mkdirSync(dirname(path), { recursive: true });
    const report = { ...(jsonReport(runs) as Record<string, unknown>), editor: jsonReport(editorRuns) };
    writeFileSync(path, JSON.stringify(report, null, 2) + '\n');
  }
  return ok ? 0 : 1;
}

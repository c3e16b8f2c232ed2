/**
 * Where the suite lives: relative to the package root, never the working directory,
 * so the installed `tool-search-conformance` bin finds its bundled cases.
 *
 * @module
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The root of the tool-search-reference package (the folder holding its package.json). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'tool-search-reference') return dir;
      } catch {
        // not a readable manifest; keep looking upwards
      }
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the tool-search-reference package root above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

/** `conformance/` of the package. */
export const conformanceDir = (): string => join(packageRoot(), 'conformance');
/** `conformance/cases/` of the package. */
export const casesDir = (): string => join(conformanceDir(), 'cases');
/** The checked-in JSON Schema of case files. */
export const schemaPath = (): string => join(conformanceDir(), 'schema', 'case.schema.json');
/** The expectation files of the bundled adapters. */
export const expectationsDir = (): string => join(conformanceDir(), 'expectations');
/** Rules that cannot be observed through the processor's interface. */
export const notObservablePath = (): string => join(conformanceDir(), 'not-observable.json');

/** The version of the tool-search-reference package. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

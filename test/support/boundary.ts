/**
 * The Mastra boundary, as data: which source files import `@mastra/*` or the MCP SDK, and which
 * files each pure entry point reaches through its static imports. Parsed with the TypeScript
 * compiler, so every form counts: `import`, `import type`, `export … from`, `import('…')` types,
 * and dynamic `import()` calls (a lazy edge, allowed from pure files).
 */
import { dirname, join, normalize, relative } from 'node:path';
import ts from 'typescript';

/** Modules that only files of the Mastra boundary may import. */
export const BOUNDARY_MODULE = /^@(mastra|modelcontextprotocol)\//;

/** Where files that import {@link BOUNDARY_MODULE} may live (repository-relative, `/`-separated). */
export function insideBoundary(file: string): boolean {
  return file.startsWith('src/mastra/') || /^src\/conformance\/(?:[^/]+\/)*adapter\//.test(file);
}

/** One import of a file. */
export interface ImportEdge {
  /** The specifier as written. */
  specifier: string;
  /** `static` (import, import type, export from, import type nodes) or `dynamic` (an `import()` call). */
  kind: 'static' | 'dynamic';
  /** 1-based line. */
  line: number;
}

/** Every import of a TypeScript source. */
export function importsOf(fileName: string, source: string): ImportEdge[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const out: ImportEdge[] = [];
  const add = (node: ts.Node, specifier: ts.Expression | undefined, kind: ImportEdge['kind']) => {
    if (specifier && ts.isStringLiteralLike(specifier)) {
      out.push({ specifier: specifier.text, kind, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1 });
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) add(node, node.moduleSpecifier, 'static');
    else if (ts.isExportDeclaration(node)) add(node, node.moduleSpecifier, 'static');
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) add(node, node.moduleReference.expression, 'static');
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node, node.argument.literal, 'static');
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node, node.arguments[0], 'dynamic');
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** A problem with the boundary. */
export interface BoundaryViolation {
  file: string;
  line: number;
  message: string;
}

/**
 * Checks the boundary over a set of sources (repository-relative path → text):
 * 1. a file outside {@link insideBoundary} imports a boundary module, in any form;
 * 2. a pure entry reaches, through static imports (type imports included, since declaration
 *    files keep them), a file that imports a boundary module statically or a file under `src/mastra/`.
 */
export function boundaryViolations(sources: ReadonlyMap<string, string>, pureEntries: readonly string[]): BoundaryViolation[] {
  const violations: BoundaryViolation[] = [];
  const edges = new Map<string, ImportEdge[]>();
  for (const [file, text] of sources) edges.set(file, importsOf(file, text));

  // 1. Boundary modules only inside the boundary.
  for (const [file, list] of edges) {
    if (insideBoundary(file)) continue;
    for (const e of list) {
      if (BOUNDARY_MODULE.test(e.specifier)) {
        violations.push({ file, line: e.line, message: `imports ${e.specifier} (${e.kind}); only src/mastra/ and src/conformance/**/adapter/ may` });
      }
    }
  }

  // 2. Pure entries reach no Mastra file through static imports.
  const resolveLocal = (from: string, specifier: string): string | undefined => {
    if (!specifier.startsWith('.')) return undefined;
    const target = normalize(join(dirname(from), specifier)).replace(/\\/g, '/').replace(/\.js$/, '.ts');
    return sources.has(target) ? target : undefined;
  };
  const mastraReason = (file: string): string | undefined => {
    if (file.startsWith('src/mastra/')) return 'is under src/mastra/';
    const e = edges.get(file)?.find((x) => x.kind === 'static' && BOUNDARY_MODULE.test(x.specifier));
    return e ? `imports ${e.specifier}` : undefined;
  };
  for (const entry of pureEntries) {
    const via = new Map<string, string | undefined>([[entry, undefined]]);
    const queue = [entry];
    while (queue.length > 0) {
      const file = queue.shift()!;
      const reason = mastraReason(file);
      if (reason !== undefined) {
        const chain: string[] = [];
        for (let f: string | undefined = file; f !== undefined; f = via.get(f)) chain.unshift(f);
        violations.push({ file: entry, line: 1, message: `pure entry reaches ${file}, which ${reason}: ${chain.join(' → ')}` });
        continue;
      }
      for (const e of edges.get(file) ?? []) {
        if (e.kind !== 'static') continue;
        const target = resolveLocal(file, e.specifier);
        if (target !== undefined && !via.has(target)) {
          via.set(target, file);
          queue.push(target);
        }
      }
    }
  }
  return violations;
}

/** The source file of a package export target (`./dist/editor/index.js` → `src/editor/index.ts`). */
export function sourceOfExport(target: string): string {
  return relative('.', target.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')).replace(/\\/g, '/');
}

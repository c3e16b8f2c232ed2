/**
 * A throwaway npm project outside the repository, for installing the packed tarball the way a
 * user does. Installs prefer the local npm cache (`--prefer-offline`), so a warm machine needs
 * no network.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What a command printed and how it ended. */
export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command; never throws on a non-zero exit (the caller checks `code`). */
export async function command(file: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<CommandResult> {
  try {
    const { stdout, stderr } = await run(file, [...args], { cwd, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: unknown; stdout?: string; stderr?: string; message: string };
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? e.message };
  }
}

/** Flags of every `npm install` here: cache first, no audit, no funding notice, no engine refusal. */
const INSTALL_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund', '--engine-strict=false', '--loglevel=error'];

/** A temporary npm project. */
export class TempProject {
  readonly dir = mkdtempSync(join(tmpdir(), 'tsr-package-'));

  constructor() {
    writeFileSync(join(this.dir, 'package.json'), JSON.stringify({ name: 'tsr-package-test', private: true, type: 'module' }, null, 2));
  }

  /** `npm install <specs…>`; throws with npm's output when it fails. */
  async install(specs: readonly string[], extra: readonly string[] = []): Promise<CommandResult> {
    const result = await command('npm', ['install', ...INSTALL_FLAGS, ...extra, ...specs], this.dir);
    if (result.code !== 0) throw new Error(`npm install ${specs.join(' ')} failed:\n${result.stderr}${result.stdout}`);
    return result;
  }

  /** The version of an installed package, or undefined when it is not installed. */
  installedVersion(name: string): string | undefined {
    try {
      return (JSON.parse(readFileSync(join(this.dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      return undefined;
    }
  }

  /**
   * Copies `script` into the project and runs it there with the given Node binary (a script
   * left in the repository would resolve the package and its peers from the repository);
   * returns the last stdout line parsed as JSON.
   */
  async node(nodeBinary: string, script: string, args: readonly string[] = []): Promise<Record<string, unknown>> {
    const local = join(this.dir, basename(script));
    copyFileSync(script, local);
    const result = await command(nodeBinary, [local, ...args], this.dir);
    if (result.code !== 0) throw new Error(`${nodeBinary} ${script} exited ${result.code}:\n${result.stderr}`);
    return JSON.parse(result.stdout.trim().split('\n').pop()!) as Record<string, unknown>;
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

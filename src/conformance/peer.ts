/**
 * Loading a module that needs one of this package's peer dependencies, with an error that
 * names the missing peer and the command that installs it. The pure parts of the conformance
 * entry load without any peer installed; the adapters that drive Mastra load through here.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './paths.js';

/** A peer dependency is not installed. */
export class MissingPeerDependencyError extends Error {
  /** The missing package, e.g. `@mastra/core`. */
  readonly peer: string;
  /** The version range this package declares for it. */
  readonly range: string;

  /**
   * @param what - what needed the peer, e.g. `the mastra-core adapter`.
   * @param peer - the missing package.
   * @param range - the declared range.
   * @param cause - the module loader's error.
   */
  constructor(what: string, peer: string, range: string, cause: unknown) {
    super(`${what} needs the peer dependency ${peer} (${range}), which is not installed. Install it with: npm install '${peer}@${range}'`, {
      cause,
    });
    this.name = 'MissingPeerDependencyError';
    this.peer = peer;
    this.range = range;
  }
}

/** The peer dependency ranges this package declares, read from its package.json. */
export function peerRanges(): Record<string, string> {
  const manifest = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { peerDependencies?: Record<string, string> };
  return manifest.peerDependencies ?? {};
}

/** The package named by a "cannot find package" error of Node's loader (or a bundler's), if any. */
function missingPackage(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : String(error);
  const m = /Cannot find (?:package|module) '((?:@[^/'\s]+\/)?[^/'\s]+)/.exec(message);
  return m?.[1];
}

/**
 * Imports a module that needs peer dependencies. When it fails because a declared peer is
 * missing, throws {@link MissingPeerDependencyError} naming that peer and its install command;
 * any other failure is rethrown as it is.
 *
 * @param what - what is being loaded, for the message (`the reference adapter`).
 * @param load - the dynamic import.
 */
export async function importWithPeers<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const name = missingPackage(error);
    const ranges = peerRanges();
    if (name !== undefined && Object.hasOwn(ranges, name)) throw new MissingPeerDependencyError(what, name, ranges[name]!, error);
    throw error;
  }
}

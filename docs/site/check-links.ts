/**
 * Link check of the built reference site (`docs/api/`, built by `npm run docs`), with
 * linkinator: every page, script, stylesheet and image link, and every `#fragment`, must
 * resolve. Offline: links to other hosts are listed but not fetched.
 *
 * Run: `npm run site:links` (also run by `test/site/site.test.ts`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { check } from 'linkinator';
import { repoRoot } from '../../test/support/spec-rules.js';

/** The built site. */
export const siteDir = join(repoRoot, 'docs', 'api');

/** What the link check found. */
export interface LinkReport {
  /** Links checked on the site (fetched and, for fragments, looked up). */
  checked: number;
  /** Links to other hosts, not fetched (offline). */
  external: number;
  /** Broken links: `url (status) on parent`. */
  broken: string[];
}

/** Checks every link of the built site. */
export async function checkSiteLinks(dir: string = siteDir): Promise<LinkReport> {
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`${dir}/index.html is missing: run \`npm run docs\` first`);
  const result = await check({
    path: dir,
    recurse: true,
    checkFragments: true,
    concurrency: 8,
    linksToSkip: async (link) => /^https?:\/\//.test(link) && !/^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(link),
  });
  const broken = [...new Set(result.links.filter((l) => l.state === 'BROKEN').map((l) => `${l.url} (${l.status ?? '?'}) on ${l.parent ?? '?'}`))];
  return {
    checked: result.links.filter((l) => l.state !== 'SKIPPED').length,
    external: result.links.filter((l) => l.state === 'SKIPPED').length,
    broken,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await checkSiteLinks();
  console.log(`${report.checked} links checked (${report.external} external links not fetched), ${report.broken.length} broken`);
  for (const b of report.broken) console.log(`  broken: ${b}`);
  process.exitCode = report.broken.length === 0 ? 0 : 1;
}

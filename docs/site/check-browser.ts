/**
 * Browser check of the built reference site: Debian's Chromium, driven by playwright-core,
 * opens the `ToolSearchProcessor` page, follows every rule link on it by clicking, and fails
 * when the target page has no element with the rule's ID or that element is not the rule's
 * anchor. From each rule it follows the trace's API link back to the processor page.
 *
 * Run: `npm run site:browser` (also run by `test/site/site.test.ts` when Chromium is installed).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { siteDir } from './check-links.js';

/** Where Debian's chromium package puts the browser. */
export const CHROMIUM = '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };

/** Serves `dir` on a loopback port. */
async function serve(dir: string): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { server, base: `http://127.0.0.1:${address.port}/` };
}

/** What the browser check saw. */
export interface BrowserReport {
  /** Rule links on the processor page. */
  followed: number;
  /** Rule links whose target has no rule anchor: `href: why`. */
  missing: string[];
  /** Rules whose trace has no API link back to the processor page. */
  noWayBack: string[];
}

/** Runs the check over the built site. */
export async function checkRuleLinksInBrowser(dir: string = siteDir, page = 'classes/index.ToolSearchProcessor.html'): Promise<BrowserReport> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium)`);
  if (!existsSync(join(dir, page))) throw new Error(`${join(dir, page)} is missing: run \`npm run docs\` first`);
  const { server, base } = await serve(dir);
  const profile = mkdtempSync(join(tmpdir(), 'tsr-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS });
  const report: BrowserReport = { followed: 0, missing: [], noWayBack: [] };
  try {
    const tab = context.pages()[0] ?? (await context.newPage());
    const start = new URL(page, base).href;
    await tab.goto(start);
    const hrefs = await tab.$$eval('a.rule-ref', (links) => links.map((a) => a.getAttribute('href') ?? ''));
    if (hrefs.length === 0) throw new Error(`${page} has no rule links (a.rule-ref): is the site plugin loaded?`);
    for (let i = 0; i < hrefs.length; i++) {
      await tab.goto(start);
      const link = tab.locator('a.rule-ref').nth(i);
      await link.scrollIntoViewIfNeeded();
      await Promise.all([tab.waitForURL((url) => url.href !== start), link.click()]);
      await tab.waitForLoadState('domcontentloaded');
      report.followed++;
      // Runs in the page (this project compiles without the DOM library, hence the local types).
      const seen = await tab.evaluate(() => {
        interface El {
          classList: { contains(name: string): boolean };
          querySelector(selector: string): (El & { href: string }) | null;
        }
        const page = globalThis as unknown as { location: { hash: string }; document: { getElementById(id: string): El | null } };
        const id = decodeURIComponent(page.location.hash.slice(1));
        const target = id === '' ? null : page.document.getElementById(id);
        const back = target?.querySelector('details.rule-trace a[href*="ToolSearchProcessor"]');
        return { id, found: target !== null, isRule: target?.classList.contains('rule-marker') ?? false, back: back?.href ?? null };
      });
      if (!seen.found) report.missing.push(`${hrefs[i]}: no element with id "${seen.id}" on ${tab.url()}`);
      else if (!seen.isRule) report.missing.push(`${hrefs[i]}: "${seen.id}" is not a rule anchor`);
      else if (seen.back === null) report.noWayBack.push(seen.id);
    }
  } finally {
    await context.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return report;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await checkRuleLinksInBrowser();
  console.log(`${report.followed} rule links followed from the ToolSearchProcessor page, ${report.missing.length} missing anchors`);
  for (const m of report.missing) console.log(`  missing: ${m}`);
  if (report.noWayBack.length > 0) console.log(`  rules without an API link back to ToolSearchProcessor: ${report.noWayBack.join(', ')}`);
  process.exitCode = report.missing.length === 0 ? 0 : 1;
}

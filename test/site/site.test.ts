/**
 * The built reference site (`npm run docs`, which `npm test` runs before vitest): every link
 * resolves (linkinator, offline, fragments included), and in a real browser every rule link of
 * the `ToolSearchProcessor` page lands on the rule's anchor, whose trace links back.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, checkRuleLinksInBrowser } from '../../docs/site/check-browser.js';
import { checkSiteLinks, siteDir } from '../../docs/site/check-links.js';

const chromiumReason = existsSync(CHROMIUM) ? undefined : `${CHROMIUM} is not installed (apt-get install -y chromium; .ci/run installs it)`;
if (chromiumReason) console.log(`browser check skipped: ${chromiumReason}`);

describe('the reference site', () => {
  it('has no broken link or fragment (linkinator over every page, offline)', async () => {
    const report = await checkSiteLinks();
    console.log(`site links: ${report.checked} checked, ${report.external} external not fetched, ${report.broken.length} broken`);
    expect(report.broken).toEqual([]);
    expect(report.checked).toBeGreaterThan(100);
  }, 120_000);

  it('the link check catches a missing page and a missing fragment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tsr-links-'));
    try {
      writeFileSync(join(dir, 'index.html'), '<a href="b.html#there">ok</a> <a href="b.html#gone">bad fragment</a> <a href="c.html">bad page</a>');
      writeFileSync(join(dir, 'b.html'), '<p id="there">here</p>');
      const { broken } = await checkSiteLinks(dir);
      expect(broken.some((b) => b.includes('b.html#gone'))).toBe(true);
      expect(broken.some((b) => b.includes('c.html'))).toBe(true);
      expect(broken.some((b) => b.includes('#there'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it.skipIf(chromiumReason !== undefined)('in Chromium, every rule link of the ToolSearchProcessor page lands on its rule anchor, which links back', async () => {
    expect(existsSync(join(siteDir, 'classes', 'index.ToolSearchProcessor.html')), 'run `npm run docs` first (npm test does)').toBe(true);
    const report = await checkRuleLinksInBrowser();
    console.log(`browser check: ${report.followed} rule links followed, ${report.missing.length} missing anchors`);
    expect(report.missing).toEqual([]);
    expect(report.noWayBack).toEqual([]);
    expect(report.followed).toBeGreaterThan(5);
  }, 180_000);

  it.skipIf(chromiumReason !== undefined)('the browser check reports a rule link whose anchor is missing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tsr-browser-'));
    try {
      writeFileSync(join(dir, 'p.html'), '<a class="rule-ref" href="spec.html#a.b">r[a.b]</a> <a class="rule-ref" href="spec.html#a.gone">r[a.gone]</a>');
      writeFileSync(join(dir, 'spec.html'), '<div class="rule-marker" id="a.b">r[a.b] <details class="rule-trace"><a href="ToolSearchProcessor.html">back</a></details></div>');
      const report = await checkRuleLinksInBrowser(dir, 'p.html');
      expect(report.followed).toBe(2);
      expect(report.missing).toEqual([expect.stringContaining('spec.html#a.gone: no element with id "a.gone"')]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

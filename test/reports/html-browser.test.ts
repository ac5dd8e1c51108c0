import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, STATEMENTS } from '../../models/index.ts';
import { startBrokenServer, type BrokenServer } from '../support/broken-server.ts';
import { cli, E2E_TIMEOUT, HOME_RULES, SECRET_VALUES, tempDir, writeSecretProfile } from '../cli/run-support.ts';
import { chromiumTitle, launchChromium, noChromium } from '../support/chromium.ts';
import { clippedCells, missingTargets } from '../support/page-geometry.ts';

// report.html as a person sees it: rendered by headless Chromium (test/support/chromium.ts) from a run against
// the deliberately broken server.

describe.skipIf(noChromium)(chromiumTitle('report.html in headless Chromium'), () => {
  let server: BrokenServer;
  let browser: Browser;
  let page: Page;
  const requested: string[] = [];
  let reportDir: string;

  beforeAll(async () => {
    server = await startBrokenServer(SECRET_VALUES);
    const dir = await tempDir('html');
    reportDir = path.join(dir, 'report');
    const profile = await writeSecretProfile(dir);
    const run = await cli(['run', '--base-url', server.url, '--profile', profile, '--only', HOME_RULES, '--report-dir', reportDir]);
    expect(run.code).toBe(1);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    page.on('request', (req) => requested.push(req.url()));
    await page.goto(pathToFileURL(path.join(reportDir, 'report.html')).href);
  }, E2E_TIMEOUT);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('renders the verdict and the summary counts by area', async () => {
    expect(await page.textContent('#verdict')).toBe('FAIL');
    const count = (area: string, what: string) => page.textContent(`#summary tr[data-area="${area}"] td[data-count="${what}"]`);
    expect(await count('total', 'passed')).toBe('4');
    expect(await count('total', 'failed')).toBe('3');
    expect(await count('total', 'skipped')).toBe('1');
    expect(await count('home', 'failed')).toBe('1');
    expect(await count('status', 'failed')).toBe('2');
    expect(await page.isVisible('#summary table')).toBe(true);
  });

  it("shows a failed rule's evidence: the request as curl, secrets redacted, and the response", async () => {
    const rule = page.locator('details[data-rule="home/etag-304"]');
    expect(await rule.getAttribute('open')).not.toBeNull();
    const curl = rule.locator('.exchange').last().locator('pre.curl');
    expect(await curl.isVisible()).toBe(true);
    const text = (await curl.textContent())!;
    expect(text).toMatch(/^curl -sS -i /);
    expect(text).toContain("-H 'Authorization: <redacted>'");
    expect(text).toContain(`-H 'If-None-Match: "home-v1"'`);
    expect(await rule.locator('.exchange').last().getAttribute('data-status')).toBe('400');
    expect(await rule.locator('dd.message').textContent()).toContain('[GET] /v3: 400 — expected 304');
    const body = (await page.textContent('body'))!;
    for (const secret of SECRET_VALUES) expect(body).not.toContain(secret);
  });

  it('renders the coverage matrix: one row per endpoint, cells by state', async () => {
    const rows = page.locator('#coverage table.coverage tbody tr');
    expect(await rows.count()).toBe(ENDPOINTS.length);
    const home = page.locator('#coverage tr[data-endpoint="home"]');
    expect(await home.locator('td[data-cell="200"]').getAttribute('data-state')).toBe('exercised');
    expect(await home.locator('td[data-cell="304"]').getAttribute('data-state')).toBe('not-exercised');
    expect(await home.locator('td[data-cell="media:json"]').getAttribute('data-state')).toBe('exercised');
    expect(await home.locator('.undocumented [data-cell="400"]').getAttribute('data-state')).toBe('failed');
    expect(await page.isVisible('#coverage table.coverage')).toBe(true);
  });

  it('renders the spec coverage: every statement, quoted, with its rules and their verdicts in this run', async () => {
    expect(await page.locator('#spec-coverage tr[data-verdict]').count()).toBe(STATEMENTS.length);
    const conditional = page.locator('#spec-coverage tr[id="stmt-errors/304"]');
    expect(await conditional.getAttribute('data-verdict')).toBe('fail');
    expect(await conditional.textContent()).toContain('home document not modified');
    expect(await page.locator('#spec-coverage tr[id="stmt-endpoints/agencias-get/404"]').getAttribute('data-verdict')).toBe('not-run');
    expect(await page.isVisible('#spec-coverage')).toBe(true);
  });

  it('leads the failures with their causes, each with the exchange where it was first seen', async () => {
    const causes = page.locator('#failures ol.causes > li');
    expect(await causes.count()).toBeGreaterThan(0);
    expect(await page.textContent('#causes')).toMatch(/^Failures by cause \(\d+ causes? → 3 rules\)$/);
    expect(await causes.first().locator('pre.curl').isVisible()).toBe(true);
  });

  it('shows evidence in the order it was sent, the exchange that shows the failure marked', async () => {
    const exchanges = page.locator('details[data-rule="home/etag-304"] .exchanges > .exchange');
    expect(await exchanges.count()).toBe(2);
    expect(await exchanges.evaluateAll((xs) => xs.map((x) => x.getAttribute('data-index')))).toEqual(['1', '2']);
    // The plain GET that gave the ETag was sent first; the conditional GET answered 400 shows the failure.
    expect(await exchanges.nth(0).locator('pre.curl').textContent()).not.toContain('If-None-Match');
    expect(await exchanges.nth(1).getAttribute('class')).toContain('failing');
    expect(await exchanges.nth(1).textContent()).toContain('(shows the failure)');
  });

  it('shows JSON in the observed-behaviour table indented, not quoted twice', async () => {
    const topics = page.locator('#observations tr[data-gap="topic-names"] pre.json');
    const text = (await topics.textContent())!;
    expect(text).toContain('{\n  "inquiry": "consultas",');
    expect(text).not.toContain('\\"');
  });

  it('keeps the coverage matrix inside its box, which scrolls to its last column', async () => {
    const box = page.locator('#coverage .scroll');
    // Inside the page: its globals through the element (this file is type-checked without the DOM's globals).
    const geometry = await box.evaluate((el) => ({
      overflow: el.ownerDocument.defaultView!.getComputedStyle(el).overflowX,
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
      right: el.getBoundingClientRect().right,
      viewport: el.ownerDocument.documentElement.clientWidth,
      page: el.ownerDocument.documentElement.scrollWidth,
      height: el.getBoundingClientRect().height,
      viewportHeight: el.ownerDocument.defaultView!.innerHeight,
    }));
    // Both scroll bars of the box fit in the window: its bottom edge is never a screen away from its top.
    expect(geometry.height).toBeLessThanOrEqual(geometry.viewportHeight);
    expect(geometry.overflow).toBe('auto');
    expect(geometry.scrollWidth).toBeGreaterThan(geometry.clientWidth);
    expect(geometry.right).toBeLessThanOrEqual(geometry.viewport);
    expect(geometry.page).toBeLessThanOrEqual(geometry.viewport);
    await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    const last = box.locator('thead th').last();
    const seen = await last.evaluate((th) => {
      const cell = th.getBoundingClientRect();
      const frame = th.closest('.scroll')!.getBoundingClientRect();
      return cell.left >= frame.left && cell.right <= frame.right + 1;
    });
    expect(seen).toBe(true);
  });

  it('leads with a table of contents whose every link leads somewhere, each area with a failure open', async () => {
    expect(await missingTargets(page)).toEqual([]);
    expect(await page.locator('nav#contents li.has-fail a').allTextContents()).toEqual(['status', 'home']);
    expect(await page.locator('details.area[open]').evaluateAll((ds) => ds.map((d) => d.id))).toEqual(['area-status', 'area-home']);
  });

  it('wraps every table instead of cutting it off: the observed JSON reads whole', async () => {
    expect(await clippedCells(page)).toEqual([]);
    const json = page.locator('#observations pre.json').first();
    expect(await json.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await page.screenshot({ path: path.join(reportDir, 'report.png'), fullPage: true });
  });

  it('loads nothing but the file itself', () => {
    expect(requested.filter((u) => !u.startsWith('file:'))).toEqual([]);
  });
});

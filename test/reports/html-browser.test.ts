import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, STATEMENTS } from '../../models/index.ts';
import { startBrokenServer, type BrokenServer } from '../support/broken-server.ts';
import { cli, E2E_TIMEOUT, HOME_RULES, SECRET_VALUES, tempDir, writeSecretProfile } from '../cli/run-support.ts';

// report.html as a person sees it: rendered by headless Chromium (Debian's package, never a downloaded
// browser) from a run against the deliberately broken server. Outside CI a machine without Chromium
// skips this file; in CI (.ci/run installs chromium because test/needs-chromium exists) it must run.

const CHROMIUM = '/usr/bin/chromium';
const skip = !existsSync(CHROMIUM) && !process.env.CI;
const title = skip
  ? `report.html in headless Chromium — SKIPPED: ${CHROMIUM} is absent (apt-get install chromium; in CI this test is required)`
  : 'report.html in headless Chromium';

describe.skipIf(skip)(title, () => {
  let server: BrokenServer;
  let browser: Browser;
  let page: Page;
  const requested: string[] = [];

  beforeAll(async () => {
    server = await startBrokenServer(SECRET_VALUES);
    const dir = await tempDir('html');
    const reportDir = path.join(dir, 'report');
    const profile = await writeSecretProfile(dir);
    const run = await cli(['run', '--base-url', server.url, '--profile', profile, '--only', HOME_RULES, '--report-dir', reportDir]);
    expect(run.code).toBe(1);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    page = await browser.newPage();
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
    expect(await count('total', 'passed')).toBe('3');
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

  it('loads nothing but the file itself', () => {
    expect(requested.filter((u) => !u.startsWith('file:'))).toEqual([]);
  });
});

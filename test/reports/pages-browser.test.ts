import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, simulate } from '../../api/index.ts';
import { cli, E2E_TIMEOUT } from '../cli/run-support.ts';
import { chromiumTitle, launchChromium, noChromium } from '../support/chromium.ts';
import { runMain } from '../support/main-in-process.ts';

// The pages `simulate`, `load`, `load --merge` and `start` write (issue 23 §3), as a person sees
// them in headless Chromium: the verdict, the charts drawn (inline SVG with data, not an empty frame), the tables,
// and nothing fetched from anywhere.

let dir: string;
let browser: Browser;

/** Opens a report and records every request the page makes besides the file itself. */
async function open(file: string): Promise<{ page: Page; fetched: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const fetched: string[] = [];
  page.on('request', (req) => {
    if (!req.url().startsWith('file:')) fetched.push(req.url());
  });
  await page.goto(pathToFileURL(file).href);
  return { page, fetched };
}

/** The charts of a section that have lines on them: an SVG with a drawn path of some length. */
const drawnCharts = (page: Page, scope: string) =>
  page
    .locator(`${scope} svg`)
    .evaluateAll((svgs) =>
      svgs
        .filter((svg) => [...svg.querySelectorAll('path')].some((p) => (p as unknown as { getTotalLength(): number }).getTotalLength() > 10))
        .map((svg) => svg.getAttribute('aria-label')),
    );

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vmp-pages-'));
  if (!noChromium) browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(noChromium)(chromiumTitle('the pages of simulate, load and start in headless Chromium'), () => {
  it('simulate: verdict, deliveries over time and latency by percentile drawn, counts per step', async () => {
    const reportDir = path.join(dir, 'simulate');
    // Sent over more than a second: a timeline of one second has one point a series, no line to draw.
    const { exitCode } = await simulate({ inquiries: 250, rate: 100, seed: 4, resend: 10, reportDir });
    expect(exitCode).toBe(0);
    const { page, fetched } = await open(path.join(reportDir, 'simulation.html'));
    expect(await page.textContent('#simulation-verdict')).toBe('PASS');
    expect(await drawnCharts(page, '#simulation')).toEqual(['Inquiries and deliveries over time', 'Webhook delivery latency by percentile']);
    expect(await page.textContent('#simulation tr[data-kind="lost"] td[data-phase="inject"]')).toBe('0');
    expect(await page.isVisible('#root-cause')).toBe(false);
    expect(fetched).toEqual([]);
  }, 60_000);

  it('load: latency by percentile and throughput drawn, the operations table and the thresholds', async () => {
    const reportDir = path.join(dir, 'load');
    const { exitCode, result } = await load({ durationSec: 1, connections: 2, thresholds: ['errors<50%', 'p99<1ms'], reportDir, seed: 1 });
    expect(exitCode).toBe(result.thresholds.every((t) => t.ok) ? 0 : 1);
    const { page, fetched } = await open(path.join(reportDir, 'load.html'));
    expect(await page.textContent('#load .verdict')).toBe(exitCode === 0 ? 'PASS' : 'FAIL');
    const charts = await drawnCharts(page, '#load');
    expect(charts[0]).toMatch(/^Latency by percentile/);
    expect(charts).toContain('Throughput over time');
    expect(await page.locator('#load table.operations tr').count()).toBe(Object.keys(result.operations).length + 2);
    expect(await page.locator('#load ul.thresholds li').allTextContents()).toEqual(result.thresholds.map((t) => expect.stringContaining(t.expression)));
    expect(fetched).toEqual([]);
  }, 60_000);

  it('load --merge: the merged report in --report-dir, its distribution drawn and the thresholds judged on it', async () => {
    const runs = await Promise.all(
      ['a', 'b'].map(async (name) => {
        const reportDir = path.join(dir, `merge-${name}`);
        await load({ durationSec: 1, connections: 1, reportDir, seed: 2 });
        return path.join(reportDir, 'load.json');
      }),
    );
    const reportDir = path.join(dir, 'merged');
    const r = await runMain(['load', '--merge', ...runs, '--threshold', 'errors<50%', '--report-dir', reportDir]);
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.out.at(-1)).toBe(`load --merge: PASS — ${path.join(reportDir, 'load-merged.html')}`);
    const { page, fetched } = await open(path.join(reportDir, 'load-merged.html'));
    expect(await page.textContent('#load-merged .verdict')).toBe('PASS');
    expect(await drawnCharts(page, '#load-merged')).toEqual(['Latency by percentile, 2 runs merged']);
    expect(await page.locator('#load-merged ul.thresholds li.ok').count()).toBe(1);
    expect(fetched).toEqual([]);
  }, 90_000);

  it(
    "start: one report.html with the conformance run and the traffic simulation's section",
    async () => {
      const reportDir = path.join(dir, 'start');
      const run = await cli(['start', '--report-dir', reportDir, '--seed', '3']);
      expect(run.code, run.stdout.slice(-2000)).toBe(0);
      expect(run.stdout).toContain(`HTML report: ${path.join(reportDir, 'report.html')}`);
      const { page, fetched } = await open(path.join(reportDir, 'report.html'));
      expect(await page.textContent('#verdict')).toBe('PASS');
      expect(await page.locator('nav a[href="#simulation"]').count()).toBe(1);
      expect(await page.textContent('#simulation-verdict')).toBe('PASS');
      expect(await drawnCharts(page, '#simulation')).toHaveLength(2);
      expect(fetched).toEqual([]);
    },
    E2E_TIMEOUT,
  );
});

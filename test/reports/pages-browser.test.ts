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
import { charts as chartsOf, clippedCells, missingTargets, roundTicks, type ChartGeometry } from '../support/page-geometry.ts';

// The pages `simulate`, `load`, `load --merge` and `start` write (issue 23 §3), as a person sees
// them in headless Chromium: the verdict, the charts drawn (inline SVG with data, not an empty frame), the tables,
// and nothing fetched from anywhere. Issue 29 §9: on a 1,400 px window every chart is as wide as its section, its
// value axis in round steps, each threshold a line on it; latency over time, each merged run's own series, the
// resends labelled; report.html with a table of contents whose links lead somewhere and no cell cut off. Each page
// is kept as a screenshot beside it (a failing run's look can be seen).

let dir: string;
let browser: Browser;

/** Opens a report and records every request the page makes besides the file itself; a screenshot is kept beside it. */
async function open(file: string): Promise<{ page: Page; fetched: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const fetched: string[] = [];
  page.on('request', (req) => {
    if (!req.url().startsWith('file:')) fetched.push(req.url());
  });
  await page.goto(pathToFileURL(file).href);
  await page.screenshot({ path: file.replace(/\.html$/, '.png'), fullPage: true });
  return { page, fetched };
}

/** Every chart as wide as its section (and so the page's content), its value axis in round steps. */
function expectFullWidthRound(geometry: readonly ChartGeometry[]): void {
  expect(geometry.length).toBeGreaterThan(0);
  for (const c of geometry) {
    expect(c.width, c.label).toBeGreaterThan(1000);
    expect(c.width / c.sectionWidth, c.label).toBeGreaterThan(0.97);
    expect(roundTicks(c.yTicks), `${c.label}: ${c.yTicks.join(', ')}`).toBe(true);
  }
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
    const geometry = await chartsOf(page, '#simulation');
    expectFullWidthRound(geometry);
    const overTime = geometry.find((c) => c.label === 'Inquiries and deliveries over time')!;
    expect(overTime.series).toEqual(['inquiries sent/s', 'stream deliveries received/s', 'resendwebhook deliveries received/s']);
    expect(overTime.markers).toEqual(['resendwebhook (10)']);
    expect(fetched).toEqual([]);
  }, 60_000);

  it('load: latency by percentile and throughput drawn, the operations table and the thresholds', async () => {
    const reportDir = path.join(dir, 'load');
    const { exitCode, result } = await load({ durationSec: 2, connections: 2, thresholds: ['errors<50%', 'p99<1ms'], reportDir, seed: 1 });
    expect(exitCode).toBe(result.thresholds.every((t) => t.ok) ? 0 : 1);
    const { page, fetched } = await open(path.join(reportDir, 'load.html'));
    expect(await page.textContent('#load .verdict')).toBe(exitCode === 0 ? 'PASS' : 'FAIL');
    const charts = await drawnCharts(page, '#load');
    expect(charts[0]).toMatch(/^Latency by percentile/);
    expect(charts).toContain('Throughput over time');
    expect(await page.locator('#load table.operations tr').count()).toBe(Object.keys(result.operations).length + 2);
    expect(await page.locator('#load ul.thresholds li').allTextContents()).toEqual(result.thresholds.map((t) => expect.stringContaining(t.expression)));
    const geometry = await chartsOf(page, '#load');
    expectFullWidthRound(geometry);
    expect(geometry.map((c) => c.label)).toEqual(['Latency by percentile', 'Latency over time', 'Throughput over time', 'Error rate over time']);
    expect(geometry[1]!.series).toEqual(['p50 of the second', 'p99 of the second']);
    // A line per threshold on the chart of what it measures: p99 on both latency charts, errors on the error rate.
    const lines = (i: number) => geometry[i]!.thresholds.map((t) => t.replace(/ \(actual .*/, ''));
    expect([lines(0), lines(1), lines(2), lines(3)]).toEqual([
      [`${result.thresholds[1]!.ok ? 'ok' : 'BROKEN'} p99<1ms`],
      [`${result.thresholds[1]!.ok ? 'ok' : 'BROKEN'} p99<1ms`],
      [],
      ['ok errors<50%'],
    ]);
    expect(await clippedCells(page)).toEqual([]);
    expect(fetched).toEqual([]);
  }, 60_000);

  it('load --merge: the merged report in --report-dir, its distribution drawn and the thresholds judged on it', async () => {
    const runs = await Promise.all(
      ['a', 'b'].map(async (name) => {
        const reportDir = path.join(dir, `merge-${name}`);
        await load({ durationSec: 2, connections: 1, reportDir, seed: 2 });
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
    expect(await drawnCharts(page, '#load-merged')).toEqual(['Latency by percentile, 2 runs merged', 'Throughput over time, each run']);
    expect(await page.locator('#load-merged ul.thresholds li.ok').count()).toBe(1);
    const geometry = await chartsOf(page, '#load-merged');
    expectFullWidthRound(geometry);
    expect(geometry[0]!.series).toEqual(['all runs, merged', 'run 1', 'run 2']);
    expect(geometry[1]!.series.filter((s) => !s.includes('partial'))).toEqual(['run 1 responses/s', 'run 2 responses/s']);
    expect(await page.locator('#load-merged table.runs tbody tr').count()).toBe(3);
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
      // A table of contents whose every link leads somewhere, folded sections, no cell cut off (issue 29 §9).
      expect(await page.locator('nav#contents a').count()).toBeGreaterThan(20);
      expect(await missingTargets(page)).toEqual([]);
      // Nothing failed: every area of rules and every section of the spec coverage is folded.
      expect(await page.locator('details.area').count()).toBeGreaterThan(10);
      expect(await page.locator('details.area[open], details.statements[open]').count()).toBe(0);
      expect(await clippedCells(page)).toEqual([]);
      const height = await page.evaluate(
        () => (globalThis as unknown as { document: { documentElement: { scrollHeight: number } } }).document.documentElement.scrollHeight,
      );
      expect(height).toBeLessThan(20_000);
      await page.click('nav#contents a[href="#area-home"]');
      expect(await page.locator('#area-home').evaluate((d) => d.getBoundingClientRect().top)).toBeLessThan(50);
      expect(fetched).toEqual([]);
    },
    E2E_TIMEOUT,
  );
});

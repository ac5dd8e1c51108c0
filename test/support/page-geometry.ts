import type { Page } from 'playwright-core';

// What a person sees of a report page in the real browser (issue 29 §9), measured in the page: links of its table
// of contents that lead nowhere, table cells whose content is cut off, and its charts' widths and tick values.
// (This file is type-checked without the DOM's globals: the page is reached through the elements handed in.)

/** The contents' links whose target is not in the page. */
export const missingTargets = (page: Page): Promise<string[]> =>
  page
    .locator('nav#contents a[href^="#"]')
    .evaluateAll((links) =>
      links.map((a) => a.getAttribute('href')!).filter((href) => !links[0]!.ownerDocument.getElementById(decodeURIComponent(href.slice(1)))),
    );

/** Cells (and the blocks inside them) whose content is wider than their box: clipped, or scrolled out of sight. */
export const clippedCells = (page: Page): Promise<string[]> =>
  page.locator('td, th, td pre, td code').evaluateAll((cells) =>
    cells
      // The coverage matrix scrolls in a box of its own, its cells whole.
      .filter((el) => !el.closest('.scroll') && el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.tagName.toLowerCase()} ${el.scrollWidth}>${el.clientWidth}: ${(el.textContent ?? '').slice(0, 60)}`),
  );

export interface ChartGeometry {
  label: string;
  width: number;
  /** The width of the section it is drawn in. */
  sectionWidth: number;
  yTicks: number[];
  series: string[];
  thresholds: string[];
  markers: string[];
}

export const charts = (page: Page, scope: string): Promise<ChartGeometry[]> =>
  page.locator(`${scope} svg.chart`).evaluateAll((svgs) =>
    svgs.map((svg) => ({
      label: svg.getAttribute('aria-label') ?? '',
      width: svg.getBoundingClientRect().width,
      sectionWidth: (svg.closest('section') ?? svg.parentElement!).getBoundingClientRect().width,
      yTicks: [...svg.querySelectorAll('text.tick.y')].map((t) => Number(t.textContent)),
      series: [...svg.querySelectorAll('path[data-series]')].map((p) => p.getAttribute('data-series')!),
      thresholds: [...svg.querySelectorAll('g.threshold text')].map((t) => t.textContent ?? ''),
      markers: [...svg.querySelectorAll('g.marker text')].map((t) => t.textContent ?? ''),
    })),
  );

/** Ticks from 0 in equal steps of 1, 2 or 5 times a power of ten. */
export function roundTicks(ticks: readonly number[]): boolean {
  if (ticks.length < 2 || ticks[0] !== 0) return false;
  const step = ticks[1]! - ticks[0]!;
  const mantissa = Number((step / 10 ** Math.floor(Math.log10(step))).toPrecision(6));
  return [1, 2, 5].includes(mantissa) && ticks.every((t, i) => Math.abs(t - i * step) < step * 1e-6);
}

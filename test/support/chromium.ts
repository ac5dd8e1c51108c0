import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

// Headless Chromium for the tests that look at the HTML reports as a person does: Debian's package, never a
// downloaded browser. Outside CI a machine without it skips those files; in CI (.ci/run installs chromium, listed in
// test/needs-debian-packages) they must run.

export const CHROMIUM = '/usr/bin/chromium';
export const noChromium = !existsSync(CHROMIUM) && !process.env.CI;

/** A describe title that says why the file is skipped, when it is. */
export const chromiumTitle = (what: string): string =>
  noChromium ? `${what} — SKIPPED: ${CHROMIUM} is absent (apt-get install chromium; in CI this test is required)` : what;

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });

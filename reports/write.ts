import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { redact } from '../target/redact.ts';
import { htmlReport } from './html.ts';
import { markdownSummary } from './markdown.ts';
import type { RunResult } from './results.ts';

// Writes the reports built from a RunResult (junit.xml is vitest's own). Evidence is redacted when it is
// recorded; every file is redacted once more on its way out, so a secret that slipped into a message or
// an observation still never reaches the disk.

export const REPORT_FILES = { results: 'results.json', html: 'report.html', markdown: 'summary.md', junit: 'junit.xml', vitest: 'vitest.json' } as const;

export async function writeReports(result: RunResult, dir: string, secrets: readonly string[]): Promise<Record<'results' | 'html' | 'markdown', string>> {
  await mkdir(dir, { recursive: true });
  const files = {
    results: path.join(dir, REPORT_FILES.results),
    html: path.join(dir, REPORT_FILES.html),
    markdown: path.join(dir, REPORT_FILES.markdown),
  };
  await Promise.all([
    writeFile(files.results, redact(`${JSON.stringify(result, null, 2)}\n`, secrets)),
    writeFile(files.html, redact(htmlReport(result), secrets)),
    writeFile(files.markdown, redact(markdownSummary(result), secrets)),
  ]);
  return files;
}

/** Redacts files other writers produced (vitest's junit.xml and JSON), in place; missing files are fine. */
export async function redactFiles(files: readonly string[], secrets: readonly string[]): Promise<void> {
  await Promise.all(
    files.map(async (file) => {
      const text = await readFile(file, 'utf8').catch(() => undefined);
      if (text !== undefined) {
        const clean = redact(text, secrets);
        if (clean !== text) await writeFile(file, clean);
      }
    }),
  );
}

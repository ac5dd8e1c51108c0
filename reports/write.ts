import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { redact, redactDeep } from '../sut/redact.ts';
import { writeFilesAtomic } from '../support/atomic-write.ts';
import { htmlReport } from './html.ts';
import { markdownSummary } from './markdown.ts';
import type { RunResult } from './results.ts';

// Writes the reports of one run as one set (issue 13, item 6): every file is staged under a temporary name and
// renamed into place together, so a reader finds the previous set or the complete new one (marked partial when
// the run was interrupted), never a 0-byte junit.xml beside stale results. Secrets are redacted from the result
// before rendering (no renderer's escaping can hide one) and from every rendered file once more.

export const REPORT_FILES = { results: 'results.json', html: 'report.html', markdown: 'summary.md', junit: 'junit.xml', vitest: 'vitest.json' } as const;

/** Where vitest's own reporters wrote this run's junit.xml and vitest.json (temporary names), when they did. */
export interface VitestOutputs {
  junit: string;
  json: string;
}

/** vitest's JUnit has no field for it: the suite name says the run was cut short. */
function markPartial(junit: string, result: RunResult): string {
  if (!result.interrupted) return junit;
  return junit.replace(/<testsuites name="([^"]*)"/, (_, name: string) => `<testsuites name="${name} (interrupted by ${result.interrupted!.signal}: partial)"`);
}

export async function writeReports(
  result: RunResult,
  dir: string,
  secrets: readonly string[],
  vitest?: VitestOutputs,
): Promise<Record<'results' | 'html' | 'markdown', string>> {
  await mkdir(dir, { recursive: true });
  const files = {
    results: path.join(dir, REPORT_FILES.results),
    html: path.join(dir, REPORT_FILES.html),
    markdown: path.join(dir, REPORT_FILES.markdown),
  };
  const clean = redactDeep(result, secrets);
  const staged = [
    { file: files.results, data: redact(`${JSON.stringify(clean, null, 2)}\n`, secrets) },
    { file: files.html, data: redact(htmlReport(clean), secrets) },
    { file: files.markdown, data: redact(markdownSummary(clean), secrets) },
  ];
  const stale: string[] = [];
  if (vitest) {
    const theirs = [
      { from: vitest.junit, file: path.join(dir, REPORT_FILES.junit), mark: (text: string) => markPartial(text, clean) },
      { from: vitest.json, file: path.join(dir, REPORT_FILES.vitest), mark: (text: string) => text },
    ];
    for (const t of theirs) {
      const text = await readFile(t.from, 'utf8').catch(() => undefined);
      // Not written (the run was stopped before vitest's reporters ran): no stale copy stays beside the new set.
      if (text === undefined) stale.push(t.file);
      else staged.push({ file: t.file, data: t.mark(redact(text, secrets)) });
    }
  }
  try {
    await writeFilesAtomic(staged);
    await Promise.all(stale.map((f) => rm(f, { force: true })));
  } finally {
    if (vitest) await Promise.all([vitest.junit, vitest.json].map((f) => rm(f, { force: true })));
  }
  return files;
}

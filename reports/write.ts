import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { redact, redactDeep } from '../sut/redact.ts';
import { WriteError, writeFilesAtomic } from '../support/atomic-write.ts';
import { LocalFaultError, systemCause } from '../support/errors.ts';
import { REPORT_HTML } from '../support/html-page.ts';
import { htmlReport } from './html.ts';
import { junitXml } from './junit.ts';
import { markdownSummary } from './markdown.ts';
import type { RunResult } from './results.ts';

// Writes the reports of one run as one set (issue 13, item 6): every file is staged under a temporary name and
// renamed into place together, so a reader finds the previous set or the complete new one (marked partial when
// the run was interrupted), never a 0-byte junit.xml beside stale results. Secrets are redacted from the result
// before rendering (no renderer's escaping can hide one) and from every rendered file once more.

export const REPORT_FILES = { results: 'results.json', html: REPORT_HTML, markdown: 'summary.md', junit: 'junit.xml', vitest: 'vitest.json' } as const;

/** Where vitest's JSON reporter wrote this run's vitest.json (a temporary name), when it did; why it could not. */
export interface VitestOutputs {
  json: string;
  error?: unknown;
}

export async function writeReports(
  result: RunResult,
  dir: string,
  secrets: readonly string[],
  vitest?: VitestOutputs,
): Promise<Record<'results' | 'html' | 'markdown' | 'junit', string>> {
  await mkdir(dir, { recursive: true }).catch((error: unknown) => {
    throw new LocalFaultError(`cannot create the report directory ${dir}: ${systemCause(error)}`);
  });
  const files = {
    results: path.join(dir, REPORT_FILES.results),
    html: path.join(dir, REPORT_FILES.html),
    markdown: path.join(dir, REPORT_FILES.markdown),
    junit: path.join(dir, REPORT_FILES.junit),
  };
  const clean = redactDeep(result, secrets);
  const staged = [
    { file: files.results, data: redact(`${JSON.stringify(clean, null, 2)}\n`, secrets) },
    { file: files.html, data: redact(htmlReport(clean), secrets) },
    { file: files.markdown, data: redact(markdownSummary(clean), secrets) },
    { file: files.junit, data: redact(junitXml(clean), secrets) },
  ];
  // vitest's own record of the run, when its reporter wrote one; otherwise (a run stopped before vitest's
  // reporters ran, or one that never reached the checks) no stale copy stays beside the new set.
  const vitestFile = path.join(dir, REPORT_FILES.vitest);
  const theirs = vitest ? await readFile(vitest.json, 'utf8').catch(() => undefined) : undefined;
  if (theirs !== undefined) staged.push({ file: vitestFile, data: redact(theirs, secrets) });
  try {
    await writeFilesAtomic(staged).catch(async (error: unknown) => {
      // Some of the new set is in place (a full disk took the rest): no stale vitest.json beside it either.
      if (error instanceof WriteError && error.written.length > 0 && theirs === undefined) await rm(vitestFile, { force: true });
      throw error;
    });
    if (theirs === undefined) await rm(vitestFile, { force: true });
  } finally {
    if (vitest) await rm(vitest.json, { force: true });
  }
  // The rest of the set is in place; vitest's own file is what a full disk took (suite-session.ts).
  if (vitest?.error !== undefined)
    throw new WriteError(
      vitestFile,
      vitest.error,
      staged.map((f) => f.file),
    );
  return files;
}

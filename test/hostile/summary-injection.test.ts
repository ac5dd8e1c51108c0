import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownSummary } from '../../reports/markdown.ts';
import { rule, runResult } from '../reports/fixtures.ts';
import { runCli } from './support/cli-child.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import { rewriteJson, startProxy } from './support/proxy.ts';
import { credentialsOf } from './support/secret-scan.ts';
import { perTest, referenceProfileJson, startWebhookTarget } from './support/webhook-target.ts';

// Issue 22, defect 4: summary.md is what CI shows as the job summary, rendered as Markdown with the HTML it
// embeds. A string the target controls (a catalog name, a problem detail) with a lone CR, HTML tags, an image
// or raw control bytes passed into a table cell, and forged headings, scripts and tracking images. Everything a
// target controls is now shown as text: every Markdown and HTML construct in it escaped, control characters as
// visible escapes. The check below reads summary.md as a renderer would.

/** A lone CR (a line ending to Markdown), a heading, HTML, an image, a link, an entity, a cell break, controls. */
const HOSTILE =
  'x\r## Forged heading\n# Another <img src=x onerror=alert(1)> <script>alert(1)</script> ![pixel](http://tracker.example/p.gif) ' +
  '[click](javascript:alert(1)) <http://auto.example> www.example.com &lt;b&gt; &#60; | cell `code` *em* _em_ ~~del~~ \\ \u0000\u0007\u007f\u0085\u2028\u202e\u001b[31m';

/** Our own headings: any other line starting with # was forged. */
const OWN_HEADING =
  /^(## vmp-conformance: (PASS|FAIL|INTERRUPTED)|### (Failed rules|New failures) \(\d+\)|### Failures by cause \(\d+ causes? → \d+ rules?\)|### Before the checks: .+|### Baseline `[^`]+`|### Deadline|### Errors outside any check \(\d+\))$/;
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** What a renderer would make of the summary beyond its own structure: forged blocks, markup, controls. */
function injections(md: string): string[] {
  const found: string[] = [];
  const lines = md.split('\n');
  let columns: number | undefined;
  for (const [i, line] of lines.entries()) {
    if (CONTROL.test(line)) found.push(`line ${i + 1}: a raw control character: ${JSON.stringify(line.slice(0, 120))}`);
    if (/^\s{0,3}#/.test(line) && !OWN_HEADING.test(line)) found.push(`line ${i + 1}: a heading of the target's: ${line.slice(0, 80)}`);
    // Escaped characters and code spans are text; what is left is markup.
    const markup = line.replace(/\\[!-/:-@[-`{-~]/g, '').replace(/`[^`]*`/g, '');
    for (const construct of ['<', '>', '![', '](', '[', '&', '*em', '_em', '~~', '`']) {
      if (markup.includes(construct)) found.push(`line ${i + 1}: ${JSON.stringify(construct)} outside code and escapes: ${line.slice(0, 160)}`);
    }
    // Every row of a table has as many cells as its header.
    const cells = line.startsWith('|') ? line.replace(/\\./g, '').split('|').length : undefined;
    if (cells === undefined) columns = undefined;
    else if (columns === undefined) columns = cells;
    else if (cells !== columns) found.push(`line ${i + 1}: ${cells - 1} cell borders where the header has ${columns - 1}`);
  }
  return found;
}

describe('summary.md with target-controlled text everywhere it can go', () => {
  it('shows it all as text: no forged heading, markup, image, cell or control character', async () => {
    const md = markdownSummary(
      runResult([rule({ id: 'errors/instance-is-request-path', verdict: 'fail', message: HOSTILE, failureId: 'abc1234' })], {
        discovery: [`GET /v3/agencias answered ${HOSTILE}`],
        inferred: [{ key: 'topics.inquiry', value: HOSTILE, how: `listed as ${HOSTILE}` }],
        unhandledErrors: [`Error: ${HOSTILE}`],
        interrupted: { signal: 'SIGINT', restored: [`the topic '${HOSTILE}'`], notRestored: [HOSTILE] },
      }),
    );
    expect(injections(md)).toEqual([]);
    // The text is still there to read, one line per item (the failure's cause leads, then its rule's row).
    expect(md).toContain('Forged heading');
    expect(md.split('\n').filter((l) => l.includes('Forged heading')).length).toBe(6);
    await expectNoSecrets({ texts: { 'summary.md': md } }, ['vmp-primary-7f3a2c']);
  });

  it('a run against a target whose problem bodies carry it: summary.md reads as the run’s own', { timeout: 150_000 }, async () => {
    const json = await referenceProfileJson();
    t.target = await startWebhookTarget(json);
    t.proxy = await startProxy(t.target.server.url, {
      response: (_req, res) =>
        res.headers['content-type']?.includes('problem+json')
          ? { ...res, body: rewriteJson(res.body, (j) => ({ ...(j as object), Instance: HOSTILE, Title: HOSTILE, Detail: HOSTILE })) }
          : res,
    });
    const dir = await mkdtemp(path.join(tmpdir(), 'vmp-hostile-md-'));
    const profile = path.join(dir, 'profile.json');
    await writeFile(profile, JSON.stringify(json));
    const reportDir = path.join(dir, 'report');
    const run = await runCli(['run', '--base-url', t.proxy.url, '--profile', profile, '--report-dir', reportDir, '--seed', '4', '--only', 'errors/*'], {
      tmpDir: path.join(dir, 'tmp'),
    });
    expect(run.code, run.stdout.slice(-2_000) + run.stderr).toBe(1);
    const md = await readFile(path.join(reportDir, 'summary.md'), 'utf8');
    expect(md, 'the failure quoting the target is in the summary').toContain('errors/instance-is-request-path');
    expect(md).toContain('Forged heading');
    expect(injections(md)).toEqual([]);
    await expectNoSecrets({ dirs: [reportDir], runs: [run] }, credentialsOf(t.target.profile));
  });
});

const t = perTest();

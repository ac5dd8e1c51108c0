import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminalSafe, terminalSafeText } from '../../support/terminal-text.ts';
import { createLatencyHistogram, encodeHistogram, recordMs } from '../../simulator/histogram.ts';
import { spawnCli } from './support/cli-child.ts';
import { runMain } from '../support/main-in-process.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import { SECRET_ENV, secretProfileJson, TEST_SECRETS, writeProfile } from './support/secret-target.ts';

// Issue 13, item 15: `capture` printed webhook topics and other target-controlled strings raw, and an ANSI or OSC
// sequence in them can rewrite the user's terminal (clear it, move the cursor, retitle the window, hide text) or
// forge a console line. Every console line of every command now goes through one helper (support/terminal-text.ts,
// applied by cli/main.ts), which shows control characters as escapes.

/** Clears the screen, retitles the window (OSC, ended by BEL), returns the carriage and forges a line. */
const HOSTILE = 'consultas\u001b[2J\u001b]0;pwned\u0007\rPASS: all good\nFAKE LINE\u009b31m\u202e';
const RAW_CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u202e]/;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vmp-escapes-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('terminalSafe', () => {
  it('shows C0, DEL, C1 and bidi controls as escapes, keeps tabs and printable text, one line', () => {
    expect(terminalSafe(HOSTILE)).toBe('consultas\\x1b[2J\\x1b]0;pwned\\x07\\x0dPASS: all good\\x0aFAKE LINE\\x9b31m\\u202e');
    expect(terminalSafe('tab\there, ñandú, 数据')).toBe('tab\there, ñandú, 数据');
  });

  it('keeps line feeds only in text that is several lines by design', () => {
    expect(terminalSafeText('a\u001b[1m\nb\r\n')).toBe('a\\x1b[1m\nb\\x0d\n');
  });
});

describe('capture prints what a target sent, inert', () => {
  it('a delivery whose topic and path carry escape sequences: one line, no raw control character', async () => {
    // The profile's signing secret checks the delivery's (wrong) signature; nothing capture writes or prints shows it.
    const profile = await writeProfile(dir, await secretProfileJson());
    const out = path.join(dir, 'c.jsonl');
    let listening: (url: string) => void = () => undefined;
    const started = new Promise<string>((resolve) => (listening = resolve));
    const lines: string[] = [];
    const child = spawnCli(['capture', '--out', out, '--profile', profile], {
      env: SECRET_ENV,
      tmpDir: path.join(dir, 'tmp'),
      killAfterMs: 25_000,
      onLine: (line) => {
        lines.push(line);
        const url = /listening on (http:\/\/\S+) /.exec(line)?.[1];
        if (url) listening(url);
      },
    });
    const url = await started;
    const headers = { 'content-type': 'application/json', 'x-firma': 'ab'.repeat(32) };
    const res = await request(`${url}/primary%1b%5b2J`, { method: 'POST', body: JSON.stringify({ Topic: HOSTILE }), headers });
    await res.body.dump();
    // The delivery's line is printed before its 2xx: stop once it is in.
    await new Promise((r) => setTimeout(r, 100));
    child.child.kill('SIGINT');
    const run = await child.exited;
    expect(run.code).toBe(0);
    await expectNoSecrets({ files: [out], runs: [run] }, TEST_SECRETS);
    const delivery = lines.find((l) => l.startsWith('#1 '))!;
    expect(delivery).toBeDefined();
    expect(delivery).not.toMatch(RAW_CONTROL);
    expect(delivery).toContain('topic=consultas\\x1b[2J\\x1b]0;pwned\\x07\\x0dPASS: all good\\x0aFAKE LINE\\x9b31m\\u202e');
    expect(delivery).toContain('signature=invalid');
    expect(lines.some((l) => l.startsWith('FAKE LINE'))).toBe(false);
  }, 30_000);
});

// load --merge and load --mix read no profile and send nothing: no secret can be involved.
describe('every command: out and err lines go through the same helper', () => {
  it('load --merge prints operation ids from the files it reads, inert', async () => {
    const file = path.join(dir, 'load.json');
    const h = createLatencyHistogram('us');
    recordMs(h, 12);
    const histogram = encodeHistogram(h);
    await writeFile(
      file,
      JSON.stringify({
        model: 'closed',
        requests: { total: 1, non2xx: 0, transportErrors: 0, rps: 1 },
        latency: { histogram },
        operations: { [HOSTILE]: { histogram } },
      }),
    );
    const r = await runMain(['load', '--merge', file, '--report-dir', path.join(dir, 'merged')]);
    for (const line of [...r.out, ...r.err]) expect(line).not.toMatch(RAW_CONTROL);
    expect([...r.out, ...r.err].join('\n')).toContain('consultas\\x1b[2J');
  });

  it('an error line quoting a bad value is inert too', async () => {
    const mix = path.join(dir, 'mix.json');
    await writeFile(mix, JSON.stringify({ [HOSTILE]: 1 }));
    const r = await runMain(['load', '--mix', mix]);
    expect(r.code).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).not.toMatch(RAW_CONTROL);
    expect(r.err[0]).toContain("'consultas\\x1b[2J\\x1b]0;pwned\\x07");
  });
});

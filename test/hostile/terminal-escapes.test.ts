import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminalSafe, terminalSafeText } from '../../cli/terminal-text.ts';
import { createLatencyHistogram, encodeHistogram, recordMs } from '../../simulator/histogram.ts';
import { ROOT } from './support/cli-child.ts';
import { runMain } from './support/main-in-process.ts';

// Issue 13, item 15: `capture` printed webhook topics and other target-controlled strings raw, and an ANSI or OSC
// sequence in them can rewrite the user's terminal (clear it, move the cursor, retitle the window, hide text) or
// forge a console line. Every console line of every command now goes through one helper (cli/terminal-text.ts,
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
    const child = spawn(process.execPath, [path.join(ROOT, 'bin/vmp-conformance.js'), 'capture', '--out', path.join(dir, 'c.jsonl')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    const listening = new Promise<string>((resolve) =>
      createInterface({ input: child.stdout }).on('line', (line) => {
        lines.push(line);
        const url = /listening on (http:\/\/\S+) /.exec(line)?.[1];
        if (url) resolve(url);
      }),
    );
    const url = await listening;
    const res = await request(`${url}/primary%1b%5b2J`, { method: 'POST', body: JSON.stringify({ Topic: HOSTILE }), headers: { 'content-type': 'application/json' } });
    await res.body.dump();
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    // The delivery's line is printed before its 2xx: stop once it is in.
    await new Promise((r) => setTimeout(r, 100));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    const delivery = lines.find((l) => l.startsWith('#1 '))!;
    expect(delivery).toBeDefined();
    expect(delivery).not.toMatch(RAW_CONTROL);
    expect(delivery).toContain('topic=consultas\\x1b[2J\\x1b]0;pwned\\x07\\x0dPASS: all good\\x0aFAKE LINE\\x9b31m\\u202e');
    expect(lines.some((l) => l.startsWith('FAKE LINE'))).toBe(false);
  }, 30_000);
});

describe('every command: out and err lines go through the same helper', () => {
  it('load --merge prints operation ids from the files it reads, inert', async () => {
    const file = path.join(dir, 'load.json');
    const h = createLatencyHistogram('us');
    recordMs(h, 12);
    const histogram = encodeHistogram(h);
    await writeFile(file, JSON.stringify({ requests: { total: 1, non2xx: 0, transportErrors: 0, rps: 1 }, latency: { histogram }, operations: { [HOSTILE]: { histogram } } }));
    const r = await runMain(['load', '--merge', file]);
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

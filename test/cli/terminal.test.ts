import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { colour, LiveConsole, liveProgress, styles } from '../../cli/terminal.ts';
import { cli, E2E_TIMEOUT, HOME_RULES, ROOT } from './run-support.ts';

// On a terminal, `run` colours its verdict lines and keeps a live line of its progress (issue 23 §4); with
// NO_COLOR, CI, or output that is not a terminal, not one escape sequence is written.

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape sequences are what the test looks for
const ESCAPE = /\u001b\[/;

describe('when the console is styled', () => {
  it('only on a TTY, and neither NO_COLOR nor CI set', () => {
    expect(styles({ isTTY: true }, {})).toBe(true);
    expect(styles({ isTTY: false }, {})).toBe(false);
    expect(styles({}, {})).toBe(false);
    expect(styles({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(styles({ isTTY: true }, { CI: 'true' })).toBe(false);
    expect(styles({ isTTY: true }, { CI: 'false', NO_COLOR: '' })).toBe(true);
  });

  it('colours verdict lines by a table, and leaves other lines as they are', () => {
    expect(colour('PASS: 7 passed')).toMatch(ESCAPE);
    expect(colour('  FAIL home  1 passed, 1 failed')).toContain('\u001b[31m');
    expect(colour('  ok   home  4 passed')).toContain('\u001b[32m');
    expect(colour('reports: /tmp/x')).toBe('reports: /tmp/x');
  });

  it('keeps the live line below the printed lines, and removes it when every rule is done', () => {
    const written: string[] = [];
    const live = new LiveConsole({ isTTY: true, write: (t) => written.push(t) });
    const progress = liveProgress((t) => live.status(t));
    progress({ id: 'home/etag-304' }, { done: 1, total: 2, failed: 1 });
    live.line('  ok   status    3 passed');
    progress({ id: 'home/etag-present' }, { done: 2, total: 2, failed: 1 });
    expect(written.join('')).toContain('1/2 rules, 1 failed — home/etag-304');
    // A printed line clears the live line, then draws it again below.
    expect(written[1]!.startsWith('\r\u001b[2K\u001b[32m  ok   status    3 passed\u001b[0m\n\u001b[1m  1/2 rules')).toBe(true);
    expect(written.at(-1)).toBe('\r\u001b[2K');
  });
});

/** The run through a pseudo-terminal (util-linux `script`), so that stdout is a TTY as it is for a person. */
const throughTerminal = (env: Record<string, string>) =>
  new Promise<string>((resolve, reject) => {
    const command = `node bin/vmp-conformance.js run --only '${HOME_RULES}' --seed 1 --report-dir "$VMP_REPORT_DIR"`;
    execFile(
      'script',
      ['-qec', command, '/dev/null'],
      { cwd: ROOT, env: { ...process.env, CI: '', NO_COLOR: '', ...env }, timeout: 170_000 },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
  });

describe.skipIf(!existsSync('/usr/bin/script'))('run on a terminal and in a pipe', () => {
  const dir = `${process.env.TMPDIR ?? '/tmp'}/vmp-terminal-${process.pid}`;
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it(
    'a terminal gets colour and the live line of rules done',
    async () => {
      const text = await throughTerminal({ VMP_REPORT_DIR: `${dir}/tty` });
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape sequences are what the test looks for
      expect(text).toMatch(/\u001b\[1m {2}\d+\/8 rules, 0 failed — /);
      expect(text).toContain('\u001b[1m\u001b[32mPASS: 8 passed');
    },
    E2E_TIMEOUT,
  );

  it.each([
    ['NO_COLOR', { NO_COLOR: '1' }],
    ['CI', { CI: 'true' }],
  ])(
    'a terminal with %s gets plain lines',
    async (_name, env) => {
      const text = await throughTerminal({ VMP_REPORT_DIR: `${dir}/plain`, ...env });
      expect(text).toContain('PASS: 8 passed');
      expect(text).not.toMatch(ESCAPE);
    },
    E2E_TIMEOUT,
  );

  it(
    'a pipe gets plain lines',
    async () => {
      const run = await cli(['run', '--only', HOME_RULES, '--seed', '1', '--report-dir', `${dir}/pipe`], { CI: '', NO_COLOR: '' });
      expect(run.stdout).toContain('PASS: 8 passed');
      expect(run.stdout).not.toMatch(ESCAPE);
    },
    E2E_TIMEOUT,
  );
});

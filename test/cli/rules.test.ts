import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runMain } from '../support/main-in-process.ts';
import { RULES, STATEMENTS } from '../../models/index.ts';

// The CLI as a user meets it: `vmp-conformance rules`, --help, and the exit status 2 for every usage error.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const run = runMain;

/** A user-facing error: one line, naming the tool, no stack trace. */
function expectOneCleanLine(err: string[], pattern: RegExp) {
  expect(err).toHaveLength(1);
  expect(err[0]).toMatch(pattern);
  expect(err[0]).toMatch(/^vmp-conformance/);
  expect(err[0]).not.toMatch(/\n|\bat .+:\d+:\d+/);
}

describe('vmp-conformance rules', () => {
  it('prints one line per rule with id, level and section, then a count', async () => {
    const { code, out, err } = await run(['rules']);
    expect(code).toBe(0);
    expect(err).toEqual([]);
    expect(out).toHaveLength(RULES.length + 1);
    RULES.forEach((r, i) => {
      expect(out[i]!.split(/\s{2,}/)).toEqual([r.id, r.level, r.section]);
    });
    expect(out.at(-1)).toMatch(new RegExp(`^${RULES.length} rules: \\d+ must, \\d+ profile, \\d+ observe$`));
  });

  it('--json gives the rules as JSON', async () => {
    const { code, out } = await run(['rules', '--json']);
    expect(code).toBe(0);
    const parsed = JSON.parse(out.join('\n')) as Array<{ id: string; level: string; section: string; statement: string }>;
    expect(parsed.map((r) => r.id)).toEqual(RULES.map((r) => r.id));
    for (const r of parsed) {
      expect(['must', 'profile', 'observe']).toContain(r.level);
      expect(r.section).toEqual(expect.any(String));
      expect(r.statement).toEqual(expect.any(String));
    }
  });

  it('refuses an unknown flag with exit 2 and one line', async () => {
    const { code, out, err } = await run(['rules', '--bogus']);
    expect(code).toBe(2);
    expect(out).toEqual([]);
    expectOneCleanLine(err, /bogus/);
  });

  it('refuses a stray argument with exit 2', async () => {
    const { code, err } = await run(['rules', 'extra']);
    expect(code).toBe(2);
    expectOneCleanLine(err, /extra/);
  });
});

describe('vmp-conformance --help', () => {
  it.each(['--help', '-h', 'help'])('%s lists the commands and exits 0', async (flag) => {
    const { code, out } = await run([flag]);
    expect(code).toBe(0);
    const text = out.join('\n');
    for (const command of ['run', 'start', 'serve', 'rules', 'replay', 'capture', 'simulate', 'load']) {
      expect(text).toMatch(new RegExp(`^  ${command} `, 'm'));
    }
  });

  it('prints the help and exits 2 when no command is given', async () => {
    const { code, out } = await run([]);
    expect(code).toBe(2);
    expect(out.join('\n')).toMatch(/Commands:/);
  });
});

describe('usage errors', () => {
  it('refuses an unknown command with exit 2 and one line', async () => {
    const { code, out, err } = await run(['frobnicate']);
    expect(code).toBe(2);
    expect(out).toEqual([]);
    expectOneCleanLine(err, /unknown command 'frobnicate'/);
  });

  it('says "did you mean" for a mistyped command or flag (issue 23 §4), and nothing for a word close to none', async () => {
    expectOneCleanLine((await run(['rnu'])).err, /^vmp-conformance: unknown command 'rnu' — did you mean 'run'\? \(see vmp-conformance --help\)$/);
    expectOneCleanLine((await run(['simulat'])).err, /unknown command 'simulat' — did you mean 'simulate'\?/);
    const flag = await run(['run', '--profle', 'x.json']);
    expect(flag.code).toBe(2);
    expectOneCleanLine(flag.err, /^vmp-conformance: unknown option '--profle' — did you mean '--profile'\? \(the command's --help lists its options\)$/);
    expectOneCleanLine((await run(['load', '--treshold', 'p99<1s'])).err, /did you mean '--threshold'\?/);
    expectOneCleanLine((await run(['run', '--exlcude', 'media/*'])).err, /did you mean '--exclude'\?/);
    expect((await run(['frobnicate'])).err.join('')).not.toContain('did you mean');
  });

  it('refuses an unknown top-level flag with exit 2 and one line', async () => {
    const { code, err } = await run(['--bogus']);
    expect(code).toBe(2);
    expectOneCleanLine(err, /--bogus/);
  });

  it('says which commands are not built yet, and each refuses with exit 2 and no fake output', async () => {
    // Read from --help rather than hard-coded: commands get built while this test stays true.
    const help = (await run(['--help'])).out;
    const notBuilt = help.flatMap((l) => /^ {2}(\S+) .*\(not built yet\)$/.exec(l)?.[1] ?? []);
    for (const command of notBuilt) {
      const { code, out, err } = await run([command]);
      expect(code, command).toBe(2);
      expect(out, command).toEqual([]);
      expectOneCleanLine(err, new RegExp(`'${command}' is not built yet`));
    }
  });
});

describe('bin/vmp-conformance.js', () => {
  it('runs `rules --json` as a child process', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['bin/vmp-conformance.js', 'rules', '--json'], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
    const parsed = JSON.parse(stdout) as Array<{ id: string; level: string; section: string }>;
    expect(parsed.map((r) => r.id)).toEqual(RULES.map((r) => r.id));
  });

  it('exits 2 on an unknown command', async () => {
    const failure = await promisify(execFile)(process.execPath, ['bin/vmp-conformance.js', 'frobnicate'], { cwd: ROOT }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('vmp-conformance rules --statements', () => {
  it('prints every statement of the spec, quoted, with its rules, restatements or reason, then a count', async () => {
    const { code, out, err } = await run(['rules', '--statements']);
    expect(code).toBe(0);
    expect(err).toEqual([]);
    expect(out).toHaveLength(STATEMENTS.length * 3 + 1);
    STATEMENTS.forEach((s, i) => {
      expect(out[i * 3]).toBe(`${s.id}  [${s.section}]`);
      expect(out[i * 3 + 1]).toBe(`  “${s.quote}”`);
      expect(out[i * 3 + 2]).toMatch(/^ {2}(rules: |restated by: |no rule: )/);
    });
    expect(out.at(-1)).toMatch(new RegExp(`^${STATEMENTS.length} statements: \\d+ checked by must or profile rules`));
  });

  it('--json gives each statement with its expanded rules and their levels', async () => {
    const { code, out } = await run(['rules', '--statements', '--json']);
    expect(code).toBe(0);
    const parsed = JSON.parse(out.join('\n')) as Array<{ id: string; quote: string; rules: { id: string; level: string }[] }>;
    expect(parsed.map((s) => s.id)).toEqual(STATEMENTS.map((s) => s.id));
    const rules = new Map(RULES.map((r) => [r.id, r.level]));
    for (const s of parsed) for (const r of s.rules) expect(rules.get(r.id)).toBe(r.level);
    expect(parsed.find((s) => s.id === 'endpoints/agencias-get/404')?.rules.map((r) => r.id)).toContain('status/agencias-get/404');
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from './support/cli-child.ts';
import { runMain } from '../support/main-in-process.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import { SECRET_ENV, TEST_SECRETS } from './support/secret-target.ts';

// Issue 13, item 13: bad flags and profile values are refused before anything starts — exit 2 and one line that
// names the flag or profile field, never a stack trace, never a failure found after a whole run, never a bad
// header sent and reported as an unreachable target. The table walks every command's flags that name a file, a
// directory, an address or a number, and the profile values a request carries. The profiles' credentials are
// test secrets (${ENV}), which no refusal may quote.

const CRLF = 'tok\r\nX-Injected: 1';
const EURO = 'tok€';
const SECRETS_USED = [...TEST_SECRETS, CRLF, EURO];
/** The profiles' own credentials, which the cases below replace one at a time. */
const PRIMARY = { headers: { Authorization: 'Bearer ${VMP_HOSTILE_TOKEN}' } };
const OTHER = { headers: { Authorization: 'Basic ${VMP_HOSTILE_BASIC}' } };

let dir: string;
let file: string;
let profileWith: (patch: Record<string, unknown>) => Promise<string>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vmp-flags-'));
  file = path.join(dir, 'a-file');
  await writeFile(file, 'not a directory');
  await mkdir(path.join(dir, 'a-dir'));
  let n = 0;
  profileWith = async (patch) => {
    const profile = {
      apps: { primary: PRIMARY, other: OTHER },
      topics: { inquiry: 'consultas', registration: 'agencias.registro', unavailable: 'facturacion' },
      templates: { webhookUpsert: { Url: '{{url}}' }, agenciaCreate: {}, agenciaEdit: {} },
      invitationDomain: 'example.test',
      ...patch,
    };
    const name = path.join(dir, `profile-${n++}.json`);
    await writeFile(name, JSON.stringify(profile));
    return name;
  };
  for (const [name, value] of Object.entries(SECRET_ENV)) vi.stubEnv(name, value);
  vi.stubEnv('VMP_HOSTILE_CRLF', CRLF);
  vi.stubEnv('VMP_HOSTILE_EURO', EURO);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await rm(dir, { recursive: true, force: true });
});

/** One line on stderr, naming the tool and matching `pattern`, quoting no secret; nothing else printed; exit 2. */
async function refused(argv: string[], pattern: RegExp): Promise<void> {
  const r = await runMain(argv);
  await expectNoSecrets({ texts: { stdout: r.out.join('\n'), stderr: r.err.join('\n') } }, SECRETS_USED);
  const context = `${argv.join(' ')} → exit ${r.code}\n${[...r.out, ...r.err].join('\n')}`;
  expect(r.code, context).toBe(2);
  expect(r.out, context).toEqual([]);
  expect(r.err, context).toHaveLength(1);
  expect(r.err[0], context).toMatch(/^vmp-conformance: /);
  expect(r.err[0], context).toMatch(pattern);
  expect(r.err[0], context).not.toMatch(/\n|\bat .+:\d+:\d+/);
}

const P = (name: string) => () => path.join(dir, name);
type Case = [string, () => string[], RegExp];

describe('bad flags: exit 2 before anything starts, one line naming the flag', () => {
  const cases: Case[] = [
    ['run --report-dir naming a file', () => ['run', '--report-dir', file], /--report-dir .*a-file: it is a file, not a directory$/],
    ['run --report-dir under a file', () => ['run', '--report-dir', path.join(file, 'sub')], /--report-dir .*: .*a-file is not a directory$/],
    ['run --write-baseline naming a directory', () => ['run', '--write-baseline', P('a-dir')()], /--write-baseline .*a-dir: it is a directory; name a file$/],
    [
      'run --write-baseline in no directory',
      () => ['run', '--write-baseline', path.join(dir, 'none', 'b.json')],
      /--write-baseline .*: directory .*none does not exist$/,
    ],
    ['run --max-duration 0', () => ['run', '--max-duration', '0'], /--max-duration must be a whole number from 1 to 604800, got '0'/],
    ['run --timeout-ms -5', () => ['run', '--timeout-ms', '-5'], /--timeout-ms must be a whole number from 100 to 600000, got '-5'/],
    ['run --capture-listen on no such address', () => ['run', '--capture-listen', '999.1.1.1:8787'], /--capture-listen 999\.1\.1\.1:8787: cannot listen there/],
    ['start --report-dir naming a file', () => ['start', '--report-dir', file], /--report-dir .*: it is a file, not a directory$/],
    ['start --seed -1', () => ['start', '--seed', '-1'], /--seed must be a whole number from 0 to \d+, got '-1'/],
    ['simulate --report-dir naming a file', () => ['simulate', '--report-dir', file], /--report-dir .*: it is a file, not a directory$/],
    [
      'simulate --capture-listen on no such address',
      () => ['simulate', '--capture-listen', '999.1.1.1:8787'],
      /--capture-listen 999\.1\.1\.1:8787: cannot listen there/,
    ],
    ['simulate --inquiries -3', () => ['simulate', '--inquiries', '-3'], /--inquiries must be a whole number from 1 to \d+, got '-3'/],
    ['load --duration -5', () => ['load', '--duration', '-5'], /--duration must be a whole number from 1 to 3600, got '-5'$/],
    ['load --report-dir naming a file', () => ['load', '--report-dir', file], /--report-dir .*: it is a file, not a directory$/],
    ['load --rate -1', () => ['load', '--rate', '-1'], /--rate must be a number of requests per second above 0/],
    [
      'capture --host 999.1.1.1',
      () => ['capture', '--host', '999.1.1.1', '--out', path.join(dir, 'c.jsonl')],
      /--host 999\.1\.1\.1: not an IP address nor a name that resolves/,
    ],
    ['capture --out naming a directory', () => ['capture', '--out', P('a-dir')()], /--out .*a-dir: it is a directory; name a file$/],
    ['capture --out in no directory', () => ['capture', '--out', path.join(dir, 'none', 'c.jsonl')], /--out .*: directory .*none does not exist$/],
    ['capture --port 70000', () => ['capture', '--port', '70000'], /--port must be an integer from 0 to 65535/],
    ['serve --host 999.1.1.1', () => ['serve', '--host', '999.1.1.1'], /--host 999\.1\.1\.1: not an IP address nor a name that resolves/],
    ['serve --port -1', () => ['serve', '--port', '-1'], /--port must be a whole number from 0 to 65535, got '-1'/],
    [
      'replay --from naming a directory',
      () => ['replay', 'abc1234', '--from', P('a-dir')()],
      /--from .*a-dir: cannot read it \(it is a directory, not a regular file\)/,
    ],
    ['replay --timeout-ms -1', () => ['replay', 'abc1234', '--timeout-ms', '-1'], /--timeout-ms must be a whole number from 100 to 600000, got '-1'/],
    ['rules --json=yes', () => ['rules', '--json=yes'], /--json/],
    ['an option missing its value', () => ['run', '--profile'], /Option '--profile <value>' argument missing/],
  ];
  it.each(cases)('%s', async (_name, argv, pattern) => refused(argv(), pattern));
});

describe('bad profile values: exit 2 before anything is sent, naming the field', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    [
      'a CR/LF inside a ${ENV} header value (was: exit 3 "unreachable")',
      { apps: { primary: { headers: { Authorization: '${VMP_HOSTILE_CRLF}' } }, other: OTHER } },
      /profile field apps\.primary\.headers\.Authorization: the value of VMP_HOSTILE_CRLF contains a line break \(CR or LF\)$/,
    ],
    [
      'a character no header can carry',
      { apps: { primary: PRIMARY, other: { headers: { 'X-Key': '${VMP_HOSTILE_EURO}' } } } },
      /profile field apps\.other\.headers\.X-Key: the value of VMP_HOSTILE_EURO contains a character beyond Latin-1/,
    ],
    [
      'a header name with a space',
      { apps: { primary: { headers: { 'Api Key': 'k' } }, other: OTHER } },
      /profile field apps\.primary\.headers\.Api Key: expected an HTTP header name/,
    ],
    [
      'a conditional header that is no header name',
      { conditionalRequestHeader: 'If None Match' },
      /profile field conditionalRequestHeader: expected an HTTP header name/,
    ],
    [
      'simulation hooks on another scheme',
      { simulationHooks: 'ftp://hooks.example.test/sim' },
      /profile field simulationHooks: expected a path .* or an absolute http\(s\) URL/,
    ],
    ['simulation hooks with a query', { simulationHooks: '/_sim?token=1' }, /profile field simulationHooks: .*without query or fragment/],
  ];
  it.each(cases)('%s', async (_name, patch, pattern) => {
    const profile = await profileWith(patch);
    await refused(['run', '--base-url', 'http://127.0.0.1:9', '--profile', profile], pattern);
  });

  it('a secret is never quoted back, only the variable that held it', async () => {
    const profile = await profileWith({ apps: { primary: { headers: { Authorization: '${VMP_HOSTILE_CRLF}' } }, other: OTHER } });
    const r = await runMain(['run', '--base-url', 'http://127.0.0.1:9', '--profile', profile]);
    expect(r.err.join('\n')).not.toContain('tok');
    await expectNoSecrets({ texts: { stderr: r.err.join('\n') } }, SECRETS_USED);
  });
});

describe('through the binary, as the issue found them', () => {
  /** The CLI with a secret profile; what it prints, and anything it leaves in the test's directory, scanned. */
  const binary = async (args: string[]) => {
    const r = await runCli([...args, '--profile', await profileWith({})], { env: SECRET_ENV, tmpDir: path.join(dir, 'tmp'), killAfterMs: 30_000 });
    await expectNoSecrets({ dirs: [dir], runs: [r] }, SECRETS_USED);
    return r;
  };

  it('capture --host 999.1.1.1: exit 2, one line, no stack trace', async () => {
    const r = await binary(['capture', '--host', '999.1.1.1', '--out', path.join(dir, 'c.jsonl')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^vmp-conformance: --host 999\.1\.1\.1: /);
  });

  it('run --report-dir naming a file: exit 2 before the run, not a stack trace after it', async () => {
    const r = await binary(['run', '--report-dir', file, '--only', 'home/*']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim()).toMatch(/^vmp-conformance: --report-dir .*: it is a file, not a directory$/);
  });
});

import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportK6, load, mergeLoadFiles, runConformance, simulate } from '../../api/index.ts';
import { parseLoadArgs } from '../../cli/load-command.ts';
import { parseRunArgs } from '../../cli/run-command.ts';
import { parseSimulateArgs } from '../../cli/simulate-command.ts';

// Every exported function checks what its command checks (issue 29 §5): the same bad value is refused by the API
// and by the flag, before anything starts, with the same error class and code and the same message, the option
// named as the caller knows it (`baseUrl` for `--base-url`). One copy of each check (api/option-checks.ts) makes it
// so; this table holds the two callers together.

const PROFILE = path.resolve(import.meta.dirname, '../../profiles/reference.json');
// Named when the table is built (before any hook runs), made in beforeAll.
const dir = path.join(tmpdir(), `vmp-options-${process.pid}-${Date.now()}`);
const file = path.join(dir, 'a-file');

beforeAll(async () => {
  await mkdir(dir, { recursive: true });
  await writeFile(file, '{}');
  await mkdir(path.join(dir, 'a-dir'));
  await writeFile(path.join(dir, 'mix.json'), JSON.stringify({ 'no-such-endpoint': 1 }));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Case {
  what: string;
  api: () => Promise<unknown>;
  cli: () => Promise<unknown>;
  /** The flag's name in the CLI's message and the option's in the API's, each pair. */
  names: [flag: string, option: string][];
}

const at = (name: string) => path.join(dir, name);
const run = (o: Parameters<typeof runConformance>[0], argv: string[]) => ({ api: () => runConformance(o), cli: () => parseRunArgs(argv) });
const sim = (o: Parameters<typeof simulate>[0], argv: string[]) => ({ api: () => simulate(o), cli: () => parseSimulateArgs(argv) });
const lod = (o: Parameters<typeof load>[0], argv: string[]) => ({ api: () => load(o), cli: () => parseLoadArgs(argv) });

const CASES: Case[] = [
  {
    what: 'a base URL with a query',
    ...run({ baseUrl: 'http://h/?x', profile: PROFILE }, ['--base-url', 'http://h/?x', '--profile', PROFILE]),
    names: [['--base-url', 'baseUrl']],
  },
  {
    what: 'a base URL with a fragment',
    ...run({ baseUrl: 'http://h/#x', profile: PROFILE }, ['--base-url', 'http://h/#x', '--profile', PROFILE]),
    names: [['--base-url', 'baseUrl']],
  },
  {
    what: 'a base URL not http(s)',
    ...run({ baseUrl: 'ftp://h', profile: PROFILE }, ['--base-url', 'ftp://h', '--profile', PROFILE]),
    names: [['--base-url', 'baseUrl']],
  },
  {
    what: 'a base URL with credentials',
    ...run({ baseUrl: 'http://u:p@h', profile: PROFILE }, ['--base-url', 'http://u:p@h', '--profile', PROFILE]),
    names: [['--base-url', 'baseUrl']],
  },
  {
    what: 'a base URL without a profile',
    ...run({ baseUrl: 'http://127.0.0.1:1' }, ['--base-url', 'http://127.0.0.1:1']),
    names: [
      ['--base-url', 'baseUrl'],
      ['--profile', 'a profile'],
    ],
  },
  { what: 'a seed out of range', ...run({ seed: 2 ** 31 }, ['--seed', String(2 ** 31)]), names: [['--seed', 'seed']] },
  { what: 'runs of 0', ...run({ runs: 0 }, ['--runs', '0']), names: [['--runs', 'runs']] },
  { what: 'a fractional run count', ...run({ runs: 2.5 }, ['--runs', '2.5']), names: [['--runs', 'runs']] },
  { what: 'a request timeout too short', ...run({ timeoutMs: 99 }, ['--timeout-ms', '99']), names: [['--timeout-ms', 'timeoutMs']] },
  { what: 'a run deadline of 0', ...run({ maxDurationSec: 0 }, ['--max-duration', '0']), names: [['--max-duration', 'maxDurationSec']] },
  { what: 'a today that is no date', ...run({ today: '2025-13-01' }, ['--today', '2025-13-01']), names: [['--today', 'today']] },
  {
    what: 'a today with a target',
    ...run({ today: '2025-06-15', baseUrl: 'http://127.0.0.1:1', profile: PROFILE }, [
      '--today',
      '2025-06-15',
      '--base-url',
      'http://127.0.0.1:1',
      '--profile',
      PROFILE,
    ]),
    names: [
      ['--today', 'today'],
      ['--base-url', 'baseUrl'],
    ],
  },
  { what: 'an --only matching no rule', ...run({ only: 'nope/*' }, ['--only', 'nope/*']), names: [['--only', 'only']] },
  { what: 'an --exclude leaving no rule', ...run({ exclude: '*' }, ['--exclude', '*']), names: [['--exclude', 'exclude']] },
  { what: 'a report directory that is a file', ...run({ reportDir: file }, ['--report-dir', file]), names: [['--report-dir', 'reportDir']] },
  {
    what: 'a baseline to write onto a directory',
    ...run({ writeBaseline: at('a-dir') }, ['--write-baseline', at('a-dir')]),
    names: [['--write-baseline', 'writeBaseline']],
  },
  {
    what: 'a callback URL without a fixed port',
    ...run({ capture: { host: '127.0.0.1', port: 0, publicUrl: 'https://hooks.example.test' } }, ['--callback-url', 'https://hooks.example.test']),
    names: [
      ['--callback-url', 'capture.publicUrl'],
      ['--capture-listen', 'capture.port'],
    ],
  },
  {
    what: 'a callback URL not http(s)',
    ...run({ capture: { host: '127.0.0.1', port: 8787, publicUrl: 'ftp://x' } }, ['--capture-listen', '8787', '--callback-url', 'ftp://x']),
    names: [['--callback-url', 'capture.publicUrl']],
  },
  {
    what: 'an incomplete profile for the embedded server',
    ...run({ profile: at('a-file') }, ['--profile', at('a-file')]),
    names: [['--profile', 'profile']],
  },
  { what: 'no inquiries', ...sim({ inquiries: 0 }, ['--inquiries', '0']), names: [['--inquiries', 'inquiries']] },
  { what: 'a rate of 0', ...sim({ rate: 0 }, ['--rate', '0']), names: [['--rate', 'rate']] },
  { what: 'a delivery deadline of 0', ...sim({ deadlineMs: 0 }, ['--deadline-ms', '0']), names: [['--deadline-ms', 'deadlineMs']] },
  { what: 'a fractional resend', ...sim({ resend: 1.5 }, ['--resend', '1.5']), names: [['--resend', 'resend']] },
  {
    what: 'a simulation target without a profile',
    ...sim({ baseUrl: 'http://127.0.0.1:1' }, ['--base-url', 'http://127.0.0.1:1']),
    names: [
      ['--base-url', 'baseUrl'],
      ['--profile', 'a profile'],
    ],
  },
  { what: 'a load of 0 seconds', ...lod({ durationSec: 0 }, ['--duration', '0']), names: [['--duration', 'durationSec']] },
  { what: 'no connections', ...lod({ connections: 0 }, ['--connections', '0']), names: [['--connections', 'connections']] },
  { what: 'a rate above the most', ...lod({ rate: 100_001 }, ['--rate', '100001']), names: [['--rate', 'rate']] },
  { what: 'an arrival process of no kind', ...lod({ arrival: 'steady' as 'constant' }, ['--arrival', 'steady']), names: [] },
  {
    what: 'validation of every 0.5th response',
    ...lod({ validateEvery: 0.5 }, ['--validate-every', '0.5']),
    names: [['--validate-every', 'validateEvery']],
  },
  {
    what: 'load on a remote target without leave',
    ...lod({ baseUrl: 'http://example.test', profile: PROFILE }, ['--base-url', 'http://example.test', '--profile', PROFILE]),
    names: [['--allow-remote', 'allowRemote: true']],
  },
  { what: 'a threshold that does not read', ...lod({ thresholds: ['p42<1ms'] }, ['--threshold', 'p42<1ms']), names: [] },
  {
    what: 'a mix naming no endpoint',
    api: () => load({ mix: { 'no-such-endpoint': 1 } }),
    cli: () => parseLoadArgs(['--mix', at('mix.json')]),
    names: [[`--mix ${at('mix.json')}`, 'mix']],
  },
  {
    what: 'a k6 export into a file',
    api: () => exportK6(file),
    cli: () => parseLoadArgs(['--export', 'k6', file]),
    names: [['--export k6 DIR', 'dir']],
  },
  {
    what: 'a merge without files',
    api: () => mergeLoadFiles([]),
    cli: () => parseLoadArgs(['--merge']).then((s) => mergeLoadFiles((s as { merge: string[] }).merge)),
    names: [],
  },
  {
    what: 'a merge report directory that is a file',
    api: () => mergeLoadFiles([file], [], file),
    cli: () => parseLoadArgs(['--merge', file, '--report-dir', file]),
    names: [['--report-dir', 'reportDir']],
  },
];

/** The error a call rejects with, as class, code and message (quotes around the value dropped: a flag's value is text). */
async function refusal(call: () => Promise<unknown>): Promise<{ name: string; code: string; message: string }> {
  const error = await call().then(
    () => undefined,
    (e: unknown) => e as Error & { code: string },
  );
  expect(error, 'refused').toBeInstanceOf(Error);
  return { name: error!.constructor.name, code: error!.code, message: error!.message.replaceAll("'", '') };
}

describe('the API refuses what the CLI refuses, with the same error', () => {
  it.each(CASES.map((c) => [c.what, c] as const))('%s', async (_, c) => {
    const cli = await refusal(c.cli);
    const api = await refusal(c.api);
    expect(cli.code).toMatch(/^VMP_ERR_/);
    const named = c.names.reduce((m, [flag, option]) => m.replaceAll(flag, option), cli.message);
    expect(api).toEqual({ ...cli, message: named });
  });
});

describe('what the API checks only it can be given', () => {
  it('mergeLoadFiles and load take threshold expressions as well as Threshold objects', async () => {
    await expect(mergeLoadFiles([path.join(dir, 'none.json')], ['p99<250ms'])).rejects.toMatchObject({ code: 'VMP_ERR_MERGE' });
    await expect(load({ thresholds: [{ metric: 'p99' } as never, 'errors<'] })).rejects.toMatchObject({ code: 'VMP_ERR_THRESHOLD' });
  });

  it('a capture port out of range', async () => {
    await expect(runConformance({ capture: { host: '127.0.0.1', port: 70_000 } })).rejects.toThrow(
      /^capture\.port must be a whole number from 1 to 65535, got 70000$/,
    );
  });
});

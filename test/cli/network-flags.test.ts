import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runConformance, UsageError } from '../../api/index.ts';
import { transportArgs } from '../../cli/transport-flags.ts';
import { runMain } from '../support/main-in-process.ts';
import { HAS_OPENSSL, makeTestCa, type TestCa } from '../support/tls-ca.ts';
import { runResult, SAMPLE_RULES } from '../reports/fixtures.ts';
import { ROOT } from './run-support.ts';

// --ca, --cert, --key, --insecure and --proxy are checked before anything starts (issue 27; Principle 7): a file
// that cannot serve, a key that is not the certificate's, a proxy URL that is not http(s) — on every command that
// takes them, and in the API's `transport` — is exit 2 and one line naming the flag (or the field), before any
// request. Nothing here reaches a target: 127.0.0.1:9 answers nothing.

const PROFILE = path.join(ROOT, 'profiles/reference.json');
const TARGET = 'http://127.0.0.1:9';
let dir: string;
let ca: TestCa | undefined;
let notPem: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vmp-network-flags-'));
  notPem = path.join(dir, 'not-pem.der');
  await writeFile(notPem, Buffer.from([0x30, 0x82, 0x01, 0x0a]));
  if (HAS_OPENSSL) ca = await makeTestCa(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Each command that talks to a target, with the flags it needs to get as far as the transport flags. */
const COMMANDS: Record<string, () => string[]> = {
  run: () => ['run', '--base-url', TARGET, '--profile', PROFILE, '--report-dir', path.join(dir, 'r')],
  init: () => ['init', '--base-url', TARGET, '--header', 'A: b', '--other-header', 'A: c', '--out', path.join(dir, 'p.json')],
  simulate: () => ['simulate', '--base-url', TARGET, '--profile', PROFILE, '--report-dir', path.join(dir, 's')],
  load: () => ['load', '--base-url', TARGET, '--profile', PROFILE, '--report-dir', path.join(dir, 'l')],
};

describe('a CA file that cannot be read is exit 2 naming --ca, on every command', () => {
  it.each(Object.keys(COMMANDS))('%s', async (command) => {
    const missing = path.join(dir, 'missing.pem');
    const { code, err } = await runMain([...COMMANDS[command]!(), '--ca', missing]);
    expect(code).toBe(2);
    expect(err).toEqual([`vmp-conformance: --ca ${missing}: cannot read it (ENOENT)`]);
  });
});

describe('bad transport flags on run', () => {
  const run = (...flags: string[]) => runMain([...COMMANDS.run!(), ...flags]);

  it('a CA file with no PEM certificate, an empty --ca and a proxy that is not http(s) name their flag', async () => {
    expect((await run('--ca', notPem)).err[0]).toMatch(/^vmp-conformance: --ca .*not-pem\.der: no PEM certificate in it/);
    expect(await run('--ca', '')).toMatchObject({ code: 2, err: ['vmp-conformance: --ca must name a file'] });
    expect(await run('--proxy', 'socks5://127.0.0.1:1080')).toMatchObject({
      code: 2,
      err: ["vmp-conformance: --proxy must be an http:// or https:// proxy URL, got 'socks5://127.0.0.1:1080'"],
    });
  });

  it('an environment proxy that is not a URL names its variable, its credentials never shown', async () => {
    vi.stubEnv('HTTPS_PROXY', 'ftp://user:s3cret@proxy:2121');
    try {
      expect(await run()).toMatchObject({
        code: 2,
        err: ["vmp-conformance: HTTPS_PROXY must be an http:// or https:// proxy URL, got 'ftp://<redacted>@proxy:2121'"],
      });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('the flags are for a target given by --base-url', async () => {
    expect(await runMain(['run', '--insecure'])).toMatchObject({
      code: 2,
      err: ['vmp-conformance: --ca, --cert, --key, --insecure and --proxy are for a target given by --base-url'],
    });
  });

  it.skipIf(!HAS_OPENSSL)(`a client certificate needs its own key${HAS_OPENSSL ? '' : ' (skipped: no openssl)'}`, async () => {
    const { client, server } = ca!;
    expect((await run('--cert', client.cert)).err).toEqual([
      `vmp-conformance: --cert needs --key (the client certificate's private key), unless its file holds the key too`,
    ]);
    expect((await run('--key', client.key)).err).toEqual(['vmp-conformance: --key needs --cert (the client certificate the key belongs to)']);
    expect((await run('--cert', client.cert, '--key', server.key)).err).toEqual([
      `vmp-conformance: --key ${server.key}: it is not the private key of the certificate in --cert ${client.cert}`,
    ]);
    expect((await run('--cert', client.cert, '--key', client.cert)).err[0]).toMatch(/--key .*client\.pem: no PEM private key in it/);
  });
});

it("init's next command carries the flags it was given, never a proxy's password", () => {
  expect(transportArgs({ ca: ['/a/ca.pem', '/b/ca.pem'], cert: '/c.pem', key: '/k.pem', insecure: true, proxy: 'http://me:hunter2@proxy:3128' })).toBe(
    ' --ca /a/ca.pem --ca /b/ca.pem --cert /c.pem --key /k.pem --insecure --proxy http://<redacted>@proxy:3128',
  );
  expect(transportArgs({})).toBe('');
});

describe('the API checks `transport` as the CLI checks the flags', () => {
  it('a bad file is a UsageError naming transport.ca; transport without baseUrl is refused', async () => {
    const missing = path.join(dir, 'missing.pem');
    await expect(runConformance({ baseUrl: TARGET, profile: PROFILE, transport: { ca: [missing] } })).rejects.toThrow(
      new UsageError(`transport.ca ${missing}: cannot read it (ENOENT)`),
    );
    await expect(runConformance({ transport: { insecure: true } })).rejects.toThrow(/transport is for a target given by baseUrl/);
  });
});

describe('replay reaches the target as the run did', () => {
  it("uses the TLS settings results.json records: a recorded file gone is exit 2 naming it as the run's", async () => {
    const gone = path.join(dir, 'gone-ca.pem');
    const results = path.join(dir, 'results.json');
    await writeFile(
      results,
      JSON.stringify(
        runResult(SAMPLE_RULES, {
          target: { baseUrl: TARGET, embedded: false, profileFile: PROFILE, transport: { ca: [gone], insecure: true } },
          profile: JSON.parse(await readFile(PROFILE, 'utf8')),
        }),
      ),
    );
    expect(await runMain(['replay', 'abc1234', '--from', results])).toMatchObject({
      code: 2,
      err: [`vmp-conformance: --ca (as results.json records the run's) ${gone}: cannot read it (ENOENT)`],
    });
  });
});

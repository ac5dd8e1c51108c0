import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { runResultSchema } from '../../reports/results.ts';
import { parseProfile } from '../../sut/profile-load.ts';
import { startConnectProxy, type ConnectProxy } from '../support/connect-proxy.ts';
import { noXmllint, validateJunit } from '../support/junit-schema.ts';
import { runMain } from '../support/main-in-process.ts';
import { HAS_NGINX, startNginx, type Nginx } from '../support/nginx.ts';
import { HAS_OPENSSL, makeTestCa, type TestCa } from '../support/tls-ca.ts';
import { cli, E2E_TIMEOUT, ROOT, type CliResult } from './run-support.ts';

// A staging as users have it (issue 27, items 6 and 7): Debian's nginx in front of the reference server, with
// HTTPS from a private CA the test makes, gzip and the API under /api/, a server asking for a client certificate,
// a plain HTTP server redirecting to HTTPS, and a company proxy (a CONNECT proxy of the test's). What reaches the
// API passes — --ca, NODE_EXTRA_CA_CERTS, --insecure (said loudly, in every report), --cert/--key, --proxy,
// HTTPS_PROXY — and no Node deprecation warning is printed; what cannot reach it is exit 3 with one line naming the
// cause and the fix. The passing runs are the real CLI (one whole run, the rest one area); the exit-3 ones end
// before any check, in-process. Skipped, saying so, where nginx or openssl is missing.

const PROFILE = path.join(ROOT, 'profiles/reference.json');
const CAN = HAS_NGINX && HAS_OPENSSL;
const WHY_NOT = CAN ? '' : ` (skipped: ${HAS_NGINX ? '' : 'nginx '}${HAS_OPENSSL ? '' : 'openssl '}not on this machine)`;
/**
 * No proxy nor extra CA from this machine's environment: each test says which it means. Only those set are emptied
 * (an empty https_proxy would hide the HTTPS_PROXY a test sets, as undici reads them).
 */
const NO_ENV_PROXY = Object.fromEntries(
  ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy', 'NODE_EXTRA_CA_CERTS']
    .filter((n) => process.env[n] !== undefined)
    .map((n) => [n, '']),
);

let dir: string;
let reference: ReferenceServer;
let ca: TestCa;
let nginx: Nginx;
let proxy: ConnectProxy;

/** What the tests read of `run --har`'s file. */
interface HarLog {
  log: {
    entries: {
      request: { url: string; headers: { name: string; value: string }[] };
      response: { headers: { name: string; value: string }[]; content: { text: string } };
    }[];
  };
}

beforeAll(async () => {
  if (!CAN) return;
  dir = await mkdtemp(path.join(tmpdir(), 'vmp-network-'));
  reference = await startReferenceServer({ profile: parseProfile(JSON.parse(await readFile(PROFILE, 'utf8'))) });
  ca = await makeTestCa(dir);
  nginx = await startNginx(path.join(dir, 'nginx'), reference.url, ca);
  proxy = await startConnectProxy();
}, E2E_TIMEOUT);

afterAll(async () => {
  await nginx?.stop();
  await proxy?.close();
  await reference?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

let runs = 0;
/** `run` against a base URL, as a child process; the report directory is the run's own. */
async function run(baseUrl: string, flags: string[], env: Record<string, string> = {}): Promise<CliResult & { reportDir: string }> {
  const reportDir = path.join(dir, `report-${++runs}`);
  const result = await cli(['run', '--base-url', baseUrl, '--profile', PROFILE, '--report-dir', reportDir, ...flags], { ...NO_ENV_PROXY, ...env });
  return { ...result, reportDir };
}

const passed = (r: CliResult) => /^PASS: \d+ passed, 0 failed/m.test(r.stdout);
/** Node's own warnings (DEP0123: an IP address as TLS server name, and any other) on either stream. */
const nodeWarnings = (r: CliResult) => `${r.stdout}\n${r.stderr}`.split('\n').filter((l) => /\b(DEP\d{4}|DeprecationWarning|\(node:\d+\))/.test(l));

describe.skipIf(!CAN)(`behind nginx: HTTPS from a private CA, gzip, a path prefix${WHY_NOT}`, () => {
  it(
    'a whole run with --ca passes, with no Node warning; nginx gzips the answers it may, and no rule fails for it',
    async () => {
      const har = path.join(dir, 'whole-run.har');
      // A fixed seed: nginx answers 400 itself (an HTML page) to a path with %00, which some seeds draw.
      const r = await run(nginx.https, ['--ca', ca.ca, '--seed', '1061845581', '--har', har]);
      expect(r.stdout).toContain(`run: trusting the CAs in ${ca.ca} (--ca), besides Node's own`);
      expect(passed(r), r.stdout.slice(-3000)).toBe(true);
      expect(r.code).toBe(0);
      expect(nodeWarnings(r)).toEqual([]);
      // Every request asked for gzip (sut/content-coding.ts), and nginx's `gzip on` coded the JSON answers: the
      // checks read them decoded, beside the headers as nginx sent them.
      const entries = (JSON.parse(await readFile(har, 'utf8')) as HarLog).log.entries;
      const header = (h: { name: string; value: string }[], name: string) => h.find((x) => x.name.toLowerCase() === name)?.value;
      // But the unframed read of home/304-no-body, which shows the bytes as they came.
      const notAsking = entries.filter((e) => header(e.request.headers, 'accept-encoding') !== 'gzip');
      expect(notAsking.filter((e) => !(e.request.url.endsWith('/v3') && header(e.request.headers, 'if-none-match')))).toEqual([]);
      const coded = entries.filter((e) => header(e.response.headers, 'content-encoding') === 'gzip');
      console.log(`behind nginx: ${coded.length} of ${entries.length} answers gzip-coded`);
      expect(coded.length).toBeGreaterThan(entries.length / 4);
      for (const e of coded.filter((x) => x.response.content.text.length < 60_000)) expect(() => JSON.parse(e.response.content.text)).not.toThrow();
      // nginx weakens the ETag of what it gzips (W/"…"); If-None-Match compares weakly (RFC 9110 13.1.2): 304 all the same.
      const results = runResultSchema.parse(JSON.parse(await readFile(path.join(r.reportDir, 'results.json'), 'utf8')));
      const home = results.rules.find((x) => x.id === 'home/etag-present')!;
      expect(home.exchanges.some((x) => x.responseHeaders.etag?.startsWith('W/"') && x.responseHeaders['content-encoding'] === 'gzip')).toBe(true);
      for (const id of ['home/etag-present', 'home/etag-304', 'home/etag-mismatch-not-304', 'home/304-no-body']) {
        expect(results.rules.find((x) => x.id === id)?.verdict, id).toBe('pass');
      }
    },
    E2E_TIMEOUT,
  );

  it(
    'NODE_EXTRA_CA_CERTS passes, through HTTPS_PROXY, whose proxy carries the requests',
    async () => {
      const before = proxy.tunnels.length;
      const r = await run(nginx.https, ['--only', 'home/*'], { NODE_EXTRA_CA_CERTS: ca.ca, HTTPS_PROXY: proxy.url });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(r.stdout).toContain(`run: through the proxy ${proxy.url} (HTTPS_PROXY)`);
      // The 304-body check reads on a connection of its own: through the tunnel too.
      expect(proxy.tunnels.slice(before).filter((t) => t === new URL(nginx.https).host).length).toBeGreaterThan(1);
      expect(nodeWarnings(r)).toEqual([]);
    },
    E2E_TIMEOUT,
  );

  it(
    'mTLS: --cert and --key pass, through --proxy',
    async () => {
      const before = proxy.tunnels.length;
      const r = await run(nginx.mtls, ['--only', 'home/*', '--ca', ca.ca, '--cert', ca.client.cert, '--key', ca.client.key, '--proxy', proxy.url]);
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(proxy.tunnels.slice(before)).toContain(new URL(nginx.mtls).host);
      expect(nodeWarnings(r)).toEqual([]);
    },
    E2E_TIMEOUT,
  );

  it(
    '--insecure passes, and says so on the console and in every report',
    async () => {
      const r = await run(nginx.https, ['--only', 'home/etag-present', '--insecure']);
      expect(r.code, r.stdout + r.stderr).toBe(0);
      const warning = "WARNING: --insecure: the target's TLS certificate is NOT verified.";
      expect(r.stdout.split('\n')[0]).toContain(warning);
      expect(r.stdout.split('\n').filter((l) => l.includes(warning))).toHaveLength(2);
      const results = runResultSchema.parse(JSON.parse(await readFile(path.join(r.reportDir, 'results.json'), 'utf8')));
      expect(results.target.transport).toEqual({ insecure: true });
      expect(await readFile(path.join(r.reportDir, 'summary.md'), 'utf8')).toContain(`**${warning}`);
      expect(await readFile(path.join(r.reportDir, 'report.html'), 'utf8')).toMatch(/<p class="message" id="insecure">WARNING: --insecure/);
      const junit = await readFile(path.join(r.reportDir, 'junit.xml'), 'utf8');
      expect(junit).toContain('<property name="tls.insecure" value="true: the target&apos;s TLS certificate was NOT verified (--insecure)"/>');
      if (!noXmllint) expect(await validateJunit(junit)).toEqual({ valid: true, errors: expect.any(String) });
    },
    E2E_TIMEOUT,
  );
});

describe.skipIf(!CAN)(`load behind nginx${WHY_NOT}`, () => {
  const load = (baseUrl: string, flags: string[]) =>
    cli(['load', '--base-url', baseUrl, '--profile', PROFILE, '--duration', '1', '--report-dir', path.join(dir, `load-${++runs}`), ...flags], NO_ENV_PROXY);
  const answered = async (r: CliResult) => {
    const file = /load: PASS — (\S+load\.json)/.exec(r.stdout)?.[1];
    expect(file, r.stdout + r.stderr).toBeDefined();
    const json = JSON.parse(await readFile(file!, 'utf8')) as { requests: { statusCodes: Record<string, number> } };
    return Object.keys(json.requests.statusCodes);
  };

  it(
    'the closed model (autocannon) presents the client certificate; the open model goes through --proxy too',
    async () => {
      const closed = await load(nginx.mtls, ['--ca', ca.ca, '--cert', ca.client.cert, '--key', ca.client.key]);
      expect(closed.code, closed.stdout + closed.stderr).toBe(0);
      // nginx answers 400 without the certificate: every answer a 200 is every request carrying it.
      expect(await answered(closed)).toEqual(['200']);
      const before = proxy.tunnels.length;
      const open = await load(nginx.mtls, ['--rate', '20', '--ca', ca.ca, '--cert', ca.client.cert, '--key', ca.client.key, '--proxy', proxy.url]);
      expect(open.code, open.stdout + open.stderr).toBe(0);
      expect(await answered(open)).toEqual(['200']);
      expect(proxy.tunnels.length).toBeGreaterThan(before);
      expect([...nodeWarnings(closed), ...nodeWarnings(open)]).toEqual([]);
    },
    E2E_TIMEOUT,
  );

  it('the closed model refuses a proxy it cannot go through (exit 2, before any request), naming the open model', async () => {
    const before = proxy.tunnels.length;
    const { code, err } = await runMain(['load', '--base-url', nginx.https, '--profile', PROFILE, '--ca', ca.ca, '--proxy', proxy.url]);
    expect(code).toBe(2);
    expect(err).toEqual([
      `vmp-conformance: load's closed model (autocannon) cannot go through the proxy ${proxy.url} (--proxy): use the open model (--rate R), which does, or leave out --proxy to load the target straight`,
    ]);
    expect(proxy.tunnels.length).toBe(before);
  });
});

describe.skipIf(!CAN)(`what cannot reach the API is exit 3, one line naming the cause and the fix${WHY_NOT}`, () => {
  /** `run` in this process: each of these ends at the reachability check, before vitest starts. */
  async function refused(baseUrl: string, ...flags: string[]): Promise<string> {
    const { code, err } = await runMain(['run', '--base-url', baseUrl, '--profile', PROFILE, '--report-dir', path.join(dir, `refused-${++runs}`), ...flags]);
    expect(code).toBe(3);
    expect(err).toHaveLength(1);
    return err[0]!.replace(/^vmp-conformance: /, '');
  }
  const origin = (url: string) => new URL(url).origin;

  it('a certificate of a CA not trusted names --ca, NODE_EXTRA_CA_CERTS and --insecure', async () => {
    expect(await refused(nginx.https)).toMatch(
      new RegExp(
        `^${origin(nginx.https)} presents a certificate this machine does not trust \\(UNABLE_TO_VERIFY_LEAF_SIGNATURE: .*--ca FILE .*NODE_EXTRA_CA_CERTS=FILE.*--insecure$`,
      ),
    );
  });

  it('mTLS without a client certificate names --cert and --key', async () => {
    expect(await refused(nginx.mtls, '--ca', ca.ca)).toBe(
      `${origin(nginx.mtls)} asks for a client certificate (it answered 400 "400 No required SSL certificate was sent"): pass --cert FILE --key FILE (PEM)`,
    );
  });

  it('https on an http port, and http on an https port, name the scheme to use', async () => {
    expect(await refused(reference.url.replace('http:', 'https:'))).toMatch(
      /does not speak TLS \(ERR_SSL_WRONG_VERSION_NUMBER\): it is a plain HTTP port; use http:\/\//,
    );
    expect(await refused(nginx.https.replace('https:', 'http:'))).toMatch(
      /speaks TLS \(400 "400 The plain HTTP request was sent to HTTPS port" to plain HTTP\): it is an https port; use https:\/\/ — --base-url https:\/\/127\.0\.0\.1:\d+\/api$/,
    );
  });

  it('a base URL answering 301 to https names the redirect target as --base-url', async () => {
    expect(await refused(nginx.redirect)).toBe(
      `GET ${nginx.redirect}/v3/agencias answered 301, a redirect to ${nginx.https}/v3/agencias: this tool follows no redirect (no request leaves the base URL); use the redirect's target as --base-url: ${nginx.https}`,
    );
  });

  it('a dead proxy is exit 3, not a run that goes straight to the target; NO_PROXY leaves the target out', async () => {
    expect(await refused(nginx.https, '--ca', ca.ca, '--proxy', 'http://127.0.0.1:9')).toMatch(
      /^the proxy http:\/\/127\.0\.0\.1:9 \(--proxy\) cannot be reached \(ECONNREFUSED/,
    );
    const saved = { HTTPS_PROXY: process.env.HTTPS_PROXY, NO_PROXY: process.env.NO_PROXY };
    try {
      process.env.HTTPS_PROXY = 'http://127.0.0.1:9';
      expect(await refused(nginx.https, '--ca', ca.ca)).toMatch(
        /^the proxy http:\/\/127\.0\.0\.1:9 \(HTTPS_PROXY\) cannot be reached .*or add the target to NO_PROXY/,
      );
      process.env.NO_PROXY = '127.0.0.1';
      const init = ['init', '--base-url', nginx.https, '--header', 'A: b', '--other-header', 'A: c', '--out', path.join(dir, 'p.json'), '--read-only'];
      const { code, err } = await runMain([...init, '--ca', ca.ca]);
      // Straight to nginx: the reference server refuses these credentials (exit 3 naming them), no proxy in sight.
      expect(code).toBe(3);
      expect(err[0]).toMatch(/rejects the credentials of app 'primary'/);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});

import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttp, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttps, type ServerOptions } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TargetClient } from '../../sut/client.ts';
import { proxyFor } from '../../sut/proxy-choice.ts';
import { checkReachable } from '../../sut/reachability.ts';
import type { TransportSettings } from '../../sut/transport.ts';
import { startConnectProxy, type ConnectProxy } from '../support/connect-proxy.ts';
import { HAS_OPENSSL, makeTestCa, type TestCa } from '../support/tls-ca.ts';
import { TINY_PROFILE } from './tiny-target.ts';

// The reachability check against the network's faults (issue 27, items 6 and 7), on Node servers of this test:
// an untrusted or misnamed certificate, a client certificate asked for, a wrong scheme either way, redirects, and
// proxies that work, refuse or are not there. Each fault is one line naming the cause and the fix; what works
// passes. Neither the check nor the unframed read prints a Node deprecation warning (DEP0123: an IP as SNI).

const warnings: Error[] = [];
const onWarning = (w: Error) => warnings.push(w);
process.on('warning', onWarning);

let dir: string;
let ca: TestCa;
const servers: Server[] = [];
const proxies: ConnectProxy[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vmp-tls-reach-'));
  if (HAS_OPENSSL) ca = await makeTestCa(dir);
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  await Promise.all(proxies.splice(0).map((p) => p.close()));
});
afterAll(async () => {
  process.off('warning', onWarning);
  await rm(dir, { recursive: true, force: true });
});

/** Answers every request as the API would its agency list: 200, a JSON array. */
const api: RequestListener = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('[]');

async function listen(server: Server, scheme: 'http' | 'https'): Promise<string> {
  servers.push(server);
  server.on('connection', (s) => server.once('close', () => s.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const http = (handler: RequestListener = api) => listen(createHttp(handler), 'http');
const https = (options: ServerOptions, handler: RequestListener = api) => listen(createHttps(options, handler), 'https');
const tls = (pair: { cert: string; key: string }): ServerOptions => ({ cert: readFileSync(pair.cert), key: readFileSync(pair.key) });

async function proxy(o: { refuse?: number } = {}): Promise<ConnectProxy> {
  const p = await startConnectProxy(o);
  proxies.push(p);
  return p;
}

function client(baseUrl: string, transport?: TransportSettings): TargetClient {
  return new TargetClient({ baseUrl, profile: TINY_PROFILE, secrets: ['Bearer p'], timeoutMs: 2_000, ...(transport ? { transport } : {}) });
}

/** The reachability check's verdict: 'reachable', or the one line it throws. */
async function reach(baseUrl: string, transport?: TransportSettings): Promise<string> {
  const c = client(baseUrl, transport);
  try {
    await checkReachable(c);
    return 'reachable';
  } catch (error) {
    return (error as Error).message;
  } finally {
    await c.close();
  }
}

describe.skipIf(!HAS_OPENSSL)(`TLS faults are named with their fix${HAS_OPENSSL ? '' : ' (skipped: no openssl on this machine)'}`, () => {
  it('an untrusted certificate names --ca, NODE_EXTRA_CA_CERTS and --insecure; the CA given, it passes', async () => {
    const url = await https(tls(ca.server));
    const why = await reach(url, {});
    expect(why).toMatch(/^https:\/\/127\.0\.0\.1:\d+ presents a certificate this machine does not trust \(UNABLE_TO_VERIFY_LEAF_SIGNATURE/);
    expect(why).toMatch(/--ca FILE .*NODE_EXTRA_CA_CERTS=FILE.*--insecure$/);
    expect(why).not.toMatch(/\n/);
    expect(await reach(url, { ca: [ca.client.cert] })).toMatch(/not trusted even with --ca .*client\.pem .*: check that --ca names the CA that signed it/);
    expect(await reach(url, { ca: [ca.ca] })).toBe('reachable');
    expect(await reach(url, { insecure: true })).toBe('reachable');
  });

  it('an expired certificate says so', async () => {
    const url = await https(tls(ca.expired));
    expect(await reach(url, { ca: [ca.ca] })).toMatch(/^https:\/\/127\.0\.0\.1:\d+'s certificate is expired \(CERT_HAS_EXPIRED\): renew it on the target/);
  });

  it('a certificate for other names says so', async () => {
    const url = await https(tls(ca.otherName));
    expect(await reach(url, { ca: [ca.ca] })).toMatch(
      /certificate is for other names \(ERR_TLS_CERT_ALTNAME_INVALID: .*127\.0\.0\.1 is not in the cert's list.*\): use a --base-url with a name/,
    );
  });

  it('a server that requires a client certificate names --cert and --key; given them, it passes', async () => {
    const url = await https({ ...tls(ca.server), ca: readFileSync(ca.ca), requestCert: true, rejectUnauthorized: true });
    expect(await reach(url, { ca: [ca.ca] })).toMatch(
      /asks for a client certificate \(ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED\): pass --cert FILE --key FILE/,
    );
    expect(await reach(url, { ca: [ca.ca], cert: ca.client.cert, key: ca.client.key })).toBe('reachable');
  });

  it('https to a plain HTTP port says use http://; http to a TLS port says use https://', async () => {
    const plain = await http();
    expect(await reach(plain.replace('http:', 'https:'), {})).toMatch(
      /does not speak TLS \(ERR_SSL_WRONG_VERSION_NUMBER\): .*use http:\/\/ — --base-url http:\/\/127/,
    );
    const secure = await https(tls(ca.server));
    expect(await reach(`${secure.replace('https:', 'http:')}/api`, {})).toMatch(
      /speaks TLS \(no HTTP answer to plain HTTP\): .*use https:\/\/ — --base-url https:\/\/127\.0\.0\.1:\d+\/api$/,
    );
  });

  it('an unframed read (the 304 body check) goes over the same TLS, and through the proxy', async () => {
    const url = await https(tls(ca.server), (_req, res) => res.writeHead(304, { etag: '"a"' }).end());
    const p = await proxy();
    const c = client(url, { ca: [ca.ca], proxy: p.url });
    const res = await c.send({ method: 'GET', path: '/v3', headers: { 'if-none-match': '"a"' }, unframed: true });
    await c.close();
    expect(res).toMatchObject({ status: 304, text: '' });
    expect(p.tunnels).toEqual([new URL(url).host]);
  });
});

describe('redirects are named, never followed', () => {
  const redirecting = (status: number, location: (req: IncomingMessage) => string) => (req: IncomingMessage, res: ServerResponse) =>
    res.writeHead(status, { location: location(req) }).end();

  it('a base URL that redirects names the redirect target as the --base-url to use', async () => {
    const target = await http();
    const url = await http(redirecting(308, (req) => `${target}/new${req.url?.replace(/^\/old/, '')}`));
    expect(await reach(`${url}/old`, {})).toBe(
      `GET ${url}/old/v3/agencias answered 308, a redirect to ${target}/new/v3/agencias: this tool follows no redirect (no request leaves the base URL); use the redirect's target as --base-url: ${target}/new`,
    );
  });

  it('a redirect to the same path with a trailing slash, or to a page elsewhere, says so', async () => {
    const slash = await http(redirecting(301, (req) => `${req.url}/`));
    expect(await reach(slash, {})).toMatch(/answered 301, a redirect to the same path with a trailing slash \(http:.*\/v3\/agencias\/\)/);
    const login = await http(redirecting(302, () => 'https://sso.example/login?token=abc'));
    expect(await reach(login, {})).toMatch(/answered 302, a redirect to https:\/\/sso\.example\/login, which is not the API's path/);
  });

  it('the client never follows one: the redirect is the answer, the other origin hears nothing', async () => {
    const elsewhere: string[] = [];
    const other = await http((req, res) => {
      elsewhere.push(req.url ?? '');
      api(req, res);
    });
    const url = await http(redirecting(302, (req) => `${other}${req.url}`));
    const c = client(url, {});
    const res = await c.send({ method: 'GET', path: '/v3' });
    await c.close();
    expect(res.status).toBe(302);
    expect(elsewhere).toEqual([]);
  });
});

describe('proxies', () => {
  it('--proxy carries every request through its CONNECT tunnel, plain HTTP targets included', async () => {
    const url = await http();
    const p = await proxy();
    expect(await reach(url, { proxy: p.url })).toBe('reachable');
    expect(p.tunnels).toContain(new URL(url).host);
  });

  it('a proxy that cannot be reached, refuses the tunnel or wants credentials is named with the fix', async () => {
    const url = await http();
    expect(await reach(url, { proxy: 'http://127.0.0.1:9' })).toMatch(
      /^the proxy http:\/\/127\.0\.0\.1:9 \(--proxy\) cannot be reached \(ECONNREFUSED: .*\): check it, or leave out --proxy$/,
    );
    const refusing = await proxy({ refuse: 403 });
    expect(await reach(url, { proxy: refusing.url })).toMatch(/\(--proxy\) refused to open a tunnel to 127\.0\.0\.1:\d+ \(CONNECT answered 403\)/);
    const asking = await proxy({ refuse: 407 });
    const withPassword = asking.url.replace('//', '//user:hunter2@');
    const why = await reach(url, { proxy: withPassword });
    expect(why).toMatch(/^the proxy http:\/\/<redacted>@127\.0\.0\.1:\d+ \(--proxy\) asks for credentials \(CONNECT answered 407\)/);
    expect(why).not.toContain('hunter2');
    expect(asking.authorizations).toEqual([`Basic ${Buffer.from('user:hunter2').toString('base64')}`]);
  });

  it('HTTP_PROXY and HTTPS_PROXY apply as undici reads them, and NO_PROXY leaves a host out', async () => {
    const saved = { ...process.env };
    try {
      const url = await http();
      const p = await proxy();
      process.env.HTTP_PROXY = p.url;
      expect(await reach(url, {})).toBe('reachable');
      expect(p.tunnels).toContain(new URL(url).host);
      process.env.HTTP_PROXY = 'http://127.0.0.1:9';
      expect(await reach(url, {})).toMatch(/^the proxy http:\/\/127\.0\.0\.1:9 \(HTTP_PROXY\) cannot be reached .*NO_PROXY=127\.0\.0\.1\)$/);
      process.env.NO_PROXY = `localhost,127.0.0.1:${new URL(url).port}`;
      expect(await reach(url, {})).toBe('reachable');
      expect(proxyFor(url, {})).toBeUndefined();
      expect(proxyFor(url, undefined)).toBeUndefined(); // the embedded server's: never a proxy
      process.env.NO_PROXY = '.example.com';
      expect(proxyFor('https://api.example.org/x', {})?.source).toBe('HTTP_PROXY');
      expect(proxyFor('https://example.com', {})).toBeUndefined();
      expect(proxyFor('https://sub.api.example.com', {})).toBeUndefined();
      process.env.HTTPS_PROXY = 'http://secure-proxy:3128';
      expect(proxyFor('https://api.example.org', {})).toEqual({ url: 'http://secure-proxy:3128', source: 'HTTPS_PROXY' });
      expect(proxyFor('https://api.example.org', { proxy: 'http://mine:1' })).toEqual({ url: 'http://mine:1', source: '--proxy' });
    } finally {
      for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY']) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
    }
  });
});

it('prints no deprecation warning', () => {
  expect(warnings.filter((w) => w.name === 'DeprecationWarning').map((w) => w.message)).toEqual([]);
});

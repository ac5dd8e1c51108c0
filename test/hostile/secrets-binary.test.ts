import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/cli-child.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import { rewriteJson, startProxy, type ProxiedRequest, type RunningProxy } from './support/proxy.ts';
import { SECRET_ENV, secretProfileJson, startSecretReference, TEST_SECRETS, writeProfile } from './support/secret-target.ts';

// Issue 27, item 4: a target that echoes each credential in binary-to-text forms — base64 and base64url, padded
// and not, inside a longer base64 text at each byte alignment, hex in both cases — of the whole header value
// (`Bearer <token>`), of its token, and of a query credential, in every answer's headers and in error bodies.
// After a real run nothing it wrote or printed holds any secret in any of those forms (or the others).

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
const hex = (s: string) => Buffer.from(s, 'utf8').toString('hex');

/** Every binary form the target gives one credential, by name. */
function echoes(c: string): Record<string, string> {
  return {
    b64: b64(c),
    'b64-unpadded': b64(c).replace(/=+$/, ''),
    b64url: b64url(c),
    'b64url-padded': b64(c).replace(/\+/g, '-').replace(/\//g, '_'),
    hex: hex(c),
    'hex-upper': hex(c).toUpperCase(),
    // A credential inside a longer encoded text (a JWT-like blob, a cookie), at byte offsets 1 and 2 and 0 too.
    'b64-after-1': b64(`:${c}|seen`),
    'b64-after-2': b64(`u:${c}|seen`),
    'b64url-after-1': b64url(`{${c}}`),
    'b64url-after-2': b64url(`{"${c}"}`),
    'b64-then-more': b64(`${c} and more`),
  };
}

/** What the request carries: the Authorization value whole and its token, and each query parameter value. */
function credentialsOf(req: ProxiedRequest): string[] {
  const auth = String(req.headers.authorization ?? '');
  const query = [...new URL(req.path, 'http://x').searchParams.values()];
  return [auth, auth.replace(/^\S+\s+/, ''), ...query].filter((v) => v.length >= 4);
}

let dir: string;
let proxy: RunningProxy;
let closeServer: () => Promise<void>;
let profile: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vmp-hostile-binary-'));
  // The other app authenticates by a query parameter (profile apps.*.query): its credential travels in URLs.
  const json = await secretProfileJson({
    apps: {
      primary: { headers: { Authorization: 'Bearer ${VMP_HOSTILE_TOKEN}' } },
      other: { query: { api_key: '${VMP_HOSTILE_KEY}' } },
      empty: { headers: { Authorization: 'Basic ${VMP_HOSTILE_BASIC}' } },
    },
  });
  const server = await startSecretReference(json);
  closeServer = server.close;
  proxy = await startProxy(server.baseUrl, {
    response(req, res) {
      const forms = credentialsOf(req).map(echoes);
      const headers = { ...res.headers };
      forms.forEach((f, i) => {
        for (const [name, form] of Object.entries(f)) headers[`x-echo-${i}-${name}`] = form;
        headers[`x-echo-${i}-url`] = `https://echo.example/?b=${encodeURIComponent(f.b64!)}&h=${f.hex}`;
      });
      const body = res.status >= 400 && forms.length > 0 ? rewriteJson(res.body, (j) => (j && typeof j === 'object' ? { ...j, Echo: forms } : j)) : res.body;
      return { ...res, headers, body };
    },
  });
  profile = await writeProfile(dir, json);
});
afterAll(async () => {
  await proxy?.close();
  await closeServer?.();
  await rm(dir, { recursive: true, force: true });
});

describe('credentials echoed in base64, base64url and hex', () => {
  it('appear in no report and no console line of a run', { timeout: 180_000 }, async () => {
    const reportDir = path.join(dir, 'run');
    // The HAR of the run too (issue 29 §8): every exchange, echoes and all.
    const har = path.join(dir, 'run.har');
    const run = await runCli(
      [
        'run',
        '--seed',
        '5',
        '--runs',
        '2',
        '--only',
        'home/*,errors/*,scoping/*',
        '--base-url',
        proxy.url,
        '--profile',
        profile,
        '--report-dir',
        reportDir,
        '--har',
        har,
      ],
      { env: SECRET_ENV, tmpDir: `${reportDir}-tmp` },
    );
    expect([0, 1], run.stdout + run.stderr).toContain(run.code);
    // The target did send each form: of the token, of the whole header, and of the query credential.
    const sent = (token: string) => proxy.requests.some((r) => credentialsOf(r).includes(token));
    expect(sent(SECRET_ENV.VMP_HOSTILE_TOKEN) && sent(`Bearer ${SECRET_ENV.VMP_HOSTILE_TOKEN}`) && sent(SECRET_ENV.VMP_HOSTILE_KEY)).toBe(true);
    const scanned = (await expectNoSecrets({ dirs: [reportDir], files: [har], runs: [run] }, [...TEST_SECRETS, `Bearer ${SECRET_ENV.VMP_HOSTILE_TOKEN}`])).map(
      (f) => path.basename(f),
    );
    expect(scanned).toEqual(expect.arrayContaining(['results.json', 'report.html', 'summary.md', 'junit.xml', 'vitest.json', 'run.har']));
    expect(await readFile(har, 'utf8')).toMatch(/"name": "x-echo-1-b64url",\s*"value": "[^"]{0,3}<redacted>[^"]{0,12}"/);
    // The echoes reached the evidence, redacted: the test shows the redaction, not an absence of echoes.
    const results = await readFile(path.join(reportDir, 'results.json'), 'utf8');
    for (const name of ['b64', 'b64url', 'hex-upper', 'b64-after-1', 'b64-after-2', 'b64url-after-2']) {
      expect(results, name).toMatch(new RegExp(`"x-echo-1-${name}": "[^"]{0,3}<redacted>[^"]{0,12}"`));
    }
    expect(results).toMatch(/\\"Echo\\":\[\{\\"b64\\":\\"<redacted>\\"/);
  });
});

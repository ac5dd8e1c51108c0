import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Embedded } from '../../../api/embedded.ts';
import { startReferenceServer } from '../../../reference/server.ts';
import { parseProfile } from '../../../sut/profile-load.ts';
import { ROOT } from './cli-child.ts';
import { rewriteJson, startProxy, type RunningProxy, type ProxiedRequest } from './proxy.ts';

// A target with odd secrets (issue 13, items 1–2): the reference server configured with those credentials
// (startSecretReference), for every hostile test that runs the CLI against it; and the same behind a proxy that repeats each credential without its scheme in headers
// (raw and percent-encoded), in error bodies, in WWW-Authenticate, and a webhook configuration's secret in the
// answer to the PUT that set it.

export const BASIC_USER = 'vmp-user';
export const BASIC_PASSWORD = `p@ss w'rd"$ñ\\%20&x=1`;

/** Reaches the CLI only through the environment; the profile file names them as ${ENV}. */
export const SECRET_ENV = {
  VMP_HOSTILE_TOKEN: `t'k"n \\ $HOME ñ ?a=1&b=%2F#x+y/z`,
  VMP_HOSTILE_BASIC: Buffer.from(`${BASIC_USER}:${BASIC_PASSWORD}`).toString('base64'),
  VMP_HOSTILE_KEY: `key-ñ'"\\$ 9z`,
  VMP_HOSTILE_HOOK_SECRET: `wh'sec "€" \\ $PATH ünï?&=`,
  VMP_HOSTILE_SIGNING: `sig'n "€" \\ $x ñ`,
} as const;

/** Every value that must never appear in anything a run writes or prints, the parts a target echoes included. */
export const TEST_SECRETS: readonly string[] = [...Object.values(SECRET_ENV), BASIC_PASSWORD, `${BASIC_USER}:${BASIC_PASSWORD}`];

export async function secretProfileJson(overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const reference = JSON.parse(await readFile(path.join(ROOT, 'profiles/reference.json'), 'utf8')) as Record<string, unknown>;
  return {
    ...reference,
    $schema: undefined,
    apps: {
      primary: { headers: { Authorization: 'Bearer ${VMP_HOSTILE_TOKEN}' } },
      other: { headers: { Authorization: 'Basic ${VMP_HOSTILE_BASIC}' } },
      empty: { headers: { 'X-Api-Key': '${VMP_HOSTILE_KEY}' } },
    },
    templates: {
      ...(reference.templates as Record<string, unknown>),
      webhookUpsert: { Url: '{{url}}', Activo: true, Secreto: '${VMP_HOSTILE_HOOK_SECRET}' },
    },
    webhooks: {
      consultaPointer: '/Consulta',
      signature: { scheme: 'hmac-sha256', header: 'X-Firma', secret: '${VMP_HOSTILE_SIGNING}' },
    },
    ...overrides,
  };
}

/** The reference server taking exactly the credentials of a secret profile, parsed as the CLI parses it given SECRET_ENV. */
export async function startSecretReference(json: Record<string, unknown>): Promise<Embedded> {
  const profile = parseProfile(json, SECRET_ENV);
  const server = await startReferenceServer({ profile });
  return { baseUrl: server.url, profile, close: () => server.close() };
}

export async function writeProfile(dir: string, json: Record<string, unknown>): Promise<string> {
  const file = path.join(dir, 'profile.json');
  await writeFile(file, JSON.stringify(json, null, 2));
  return file;
}

/** The credential of a request without its scheme, and a Basic password decoded: what a careless server echoes. */
function credentialsOf(req: ProxiedRequest): string[] {
  const auth = String(req.headers.authorization ?? '');
  const token = auth.replace(/^\S+\s+/, '');
  const found = [token, String(req.headers['x-api-key'] ?? '')];
  if (/^basic /i.test(auth)) found.push(Buffer.from(token, 'base64').toString('utf8').split(':').slice(1).join(':'));
  return found.filter((v) => v !== '');
}

export interface EchoTarget {
  url: string;
  proxy: RunningProxy;
  close(): Promise<void>;
}

export async function startEchoTarget(profileJson: Record<string, unknown>): Promise<EchoTarget> {
  const server = await startSecretReference(profileJson);
  // Header values travel as Latin-1: the echo keeps to what a header can carry.
  const latin1 = (s: string) => [...s].filter((c) => c.charCodeAt(0) <= 0xff).join('');
  const proxy = await startProxy(server.baseUrl, {
    response(req, res) {
      const creds = credentialsOf(req);
      const headers = { ...res.headers };
      creds.forEach((c, i) => {
        headers[`x-echo-${i}`] = latin1(`token ${c} not accepted`);
        headers[`x-echo-url-${i}`] = `https://echo.example/?t=${encodeURIComponent(c)}`;
      });
      if (res.status === 401) headers['www-authenticate'] = latin1(`Bearer realm="vmp", error_description="token ${creds[0] ?? ''} not accepted"`);
      let body = res.body;
      if (res.status >= 400 && creds.length > 0) {
        body = rewriteJson(body, (j) => (j && typeof j === 'object' ? { ...j, Echo: `token ${creds[0]} not accepted` } : j));
      }
      if (req.path.startsWith('/v3/appnotificaciones/') && (req.method === 'PUT' || req.method === 'POST')) {
        let secreto: unknown;
        rewriteJson(req.body, (j) => (secreto = (j as { Secreto?: unknown } | null)?.Secreto));
        if (typeof secreto === 'string') body = rewriteJson(body, (j) => (j && typeof j === 'object' ? { ...j, Eco: `secret ${secreto} stored` } : j));
      }
      return { ...res, headers, body };
    },
  });
  return {
    url: proxy.url,
    proxy,
    async close() {
      await proxy.close();
      await server.close();
    },
  };
}

import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { runResultSchema, type RunResult } from '../../reports/results.ts';
import { parseProfile } from '../../sut/profile-load.ts';
import type { Profile } from '../../sut/profile.ts';
import { cli, E2E_TIMEOUT, ROOT, type CliResult } from '../cli/run-support.ts';
import { burst503, dropEvery, startGateway, throttle, type Gateway, type GatewayBehaviour } from '../support/flaky-gateway.ts';
import { HAS_NGINX, startNginx, type Nginx } from '../support/nginx.ts';
import { HAS_OPENSSL, makeTestCa } from '../support/tls-ca.ts';

// Infrastructure is not conformance (issue 27 item 5, Principle 5): the conforming reference server behind the
// real parts a staging has in front of it — a gateway that throttles with 429 + Retry-After above 50 req/s, one
// that drops a few percent of connections without answering, a 3-second 503 "deploy" with Retry-After, nginx
// closing idle keep-alive connections after 300 ms — is never failed for them: PASS, or the rules the network
// took skipped with the one infrastructure cause, and the user's webhook configurations exactly as before. Each
// run is the real CLI on a few areas with 3 runs per property: the point is the transport, not the catalog.

const PROFILE = path.join(ROOT, 'profiles/reference.json');
const ONLY = 'appnotificaciones/*,catalogo/*,errors/no-server-error';
/** The user's own webhook configurations, made before each run: a run may change them only to put them back. */
const USER_HOOKS = [
  { app: 'primary', topic: 'consultas', url: 'https://hooks.user.example/primary/consultas' },
  { app: 'other', topic: 'consultas', url: 'https://hooks.user.example/other/consultas' },
  { app: 'primary', topic: 'agencias.registro', url: 'https://hooks.user.example/primary/registro' },
] as const;

let dir: string;
let profile: Profile;
const opened: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vmp-infra-'));
  profile = parseProfile(JSON.parse(await readFile(PROFILE, 'utf8')));
});

afterAll(async () => {
  for (const o of opened.reverse()) await o.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const headers = (app: 'primary' | 'other') => ({ ...profile.apps[app]!.headers, 'content-type': 'application/json' });

/** A fresh reference server holding the user's webhook configurations. */
async function referenceWithUserHooks(): Promise<ReferenceServer> {
  const server = await startReferenceServer({ profile });
  opened.push(server);
  for (const h of USER_HOOKS) {
    const res = await request(`${server.url}/v3/appnotificaciones/${h.topic}`, {
      method: 'POST',
      headers: headers(h.app),
      body: JSON.stringify({ Url: h.url, Activo: true }),
    });
    await res.body.dump();
    expect(res.statusCode).toBe(201);
  }
  return server;
}

/** The user's configurations as the target holds them now. */
async function userHooks(server: ReferenceServer): Promise<unknown[]> {
  return Promise.all(
    USER_HOOKS.map(async (h) => {
      const res = await request(`${server.url}/v3/appnotificaciones/${h.topic}`, { headers: headers(h.app) });
      const json = (await res.body.json()) as Record<string, unknown>;
      // What the user set; the server's own timestamps change with a restore that re-creates a deleted topic.
      return { status: res.statusCode, url: json.Url, active: json.Activo };
    }),
  );
}

async function gateway(upstream: string, behaviour: GatewayBehaviour): Promise<Gateway> {
  const g = await startGateway(upstream, behaviour);
  opened.push(g);
  return g;
}

let runs = 0;
type Run = CliResult & { results: RunResult; reportDir: string; stateDir: string };
async function run(baseUrl: string, flags: string[] = []): Promise<Run> {
  const reportDir = path.join(dir, `report-${++runs}`);
  // A state directory of the run's own: what journal it leaves is its, not a concurrent test's.
  const stateDir = path.join(dir, `state-${runs}`);
  const scope = ['--only', ONLY, '--runs', '3', '--seed', '7', '--max-duration', '600'];
  const r = await cli(['run', '--base-url', baseUrl, '--profile', PROFILE, '--report-dir', reportDir, ...scope, ...flags], { VMP_STATE_DIR: stateDir });
  const results = runResultSchema.parse(JSON.parse(await readFile(path.join(reportDir, 'results.json'), 'utf8')));
  // The figures, for whoever reads the test's output: what the network did and what it cost.
  const i = results.infrastructure;
  console.log(
    `${baseUrl} ${flags.join(' ')}: exit ${r.code}, ${JSON.stringify(results.summary)}; ${i ? `${i.traffic.attempts} attempts, ${JSON.stringify(i.traffic.retries)} retried, ${JSON.stringify(i.traffic.lost)} lost, ${i.rulesNotJudged} not judged` : 'no retries'}`,
  );
  return { ...r, results, reportDir, stateDir };
}

/** The journals a run left: in its state directory and beside its reports. */
async function journals(r: Run): Promise<string[]> {
  const state = path.join(r.stateDir, 'journals');
  const left = existsSync(state) ? (await readdir(state)).map((f) => path.join(state, f)) : [];
  const copy = path.join(r.reportDir, 'webhook-journal.json');
  return existsSync(copy) ? [...left, copy] : left;
}

const failed = (r: RunResult) => r.rules.filter((x) => x.verdict === 'fail').map((x) => `${x.id}: ${x.message}`);

describe.concurrent('behind a flaky gateway, the conforming target is never failed', () => {
  // The rates of issue 27's acceptance: 20 req/s refuses most of an unpaced run, 100 req/s only its bursts.
  it.each([20, 50, 100])(
    'throttled above %i req/s (429, Retry-After: 1): no failed rule; a rule the throttle took is skipped, with one cause',
    async (perSecond) => {
      const server = await referenceWithUserHooks();
      const before = await userHooks(server);
      const g = await gateway(server.url, throttle(perSecond));
      const r = await run(g.url);
      expect(failed(r.results), r.stdout.slice(-3_000)).toEqual([]);
      expect(r.code, r.stdout.slice(-3_000)).toBe(0);
      expect(await userHooks(server)).toEqual(before);
      // The journal goes only once the restore is confirmed by a read (issue 27, "a durable journal").
      expect(await journals(r)).toEqual([]);
      const infra = r.results.infrastructure;
      // No run of these checks keeps under 20 req/s unpaced: the gateway refused some of it.
      if (perSecond === 20) expect(g.counts['429']).toBeGreaterThan(0);
      // Whatever the throttle took is one cause, never a rule of its own: the only skips are the throttle's.
      expect(r.results.rules.filter((x) => x.verdict === 'skip' && !x.skipReason?.startsWith('not judged: the target throttled'))).toEqual([]);
      expect(r.stdout.match(/^Infrastructure: /gm)?.length ?? 0).toBe(infra?.cause ? 1 : 0);
      if ((infra?.traffic.lost.throttled ?? 0) > 0) expect(infra?.cause).toBeDefined();
      if ((g.counts['429'] ?? 0) > 0) {
        // The checks' 429s are in the tally (retried, or the answer a skipped rule met); discovery's are not.
        expect(infra?.traffic.throttled).toBeGreaterThan(0);
        expect(infra?.traffic.throttled).toBeLessThanOrEqual(g.counts['429']!);
        for (const x of r.results.rules.filter((x) => x.skipReason?.startsWith('not judged: the target throttled'))) {
          expect(x.skipReason).toMatch(/^not judged: the target throttled \(\d+×429\)$/);
        }
        if (infra?.cause) {
          expect(infra.cause).toMatch(/^the target answered 429 to \d+ of [\d,]+ requests; try --rate-limit \d+\/s$/);
          expect(r.stdout).toContain(`Infrastructure: ${infra.cause}`);
          // summary.md escapes every punctuation mark of a line (reports/markdown-text.ts): read without the escapes.
          const summary = (await readFile(path.join(r.reportDir, 'summary.md'), 'utf8')).replace(/\\(?=[!-/:-@[-`{-~])/g, '');
          expect(summary).toContain(infra.cause);
        }
      }
    },
    E2E_TIMEOUT,
  );

  it(
    'the same gateway with --rate-limit 40/s: PASS, nothing throttled',
    async () => {
      const server = await referenceWithUserHooks();
      const before = await userHooks(server);
      const g = await gateway(server.url, throttle(50));
      const r = await run(g.url, ['--rate-limit', '40/s', '--concurrency', '8']);
      expect(failed(r.results), r.stdout.slice(-3_000)).toEqual([]);
      expect(r.code).toBe(0);
      expect(g.counts['429'] ?? 0).toBe(0);
      expect(r.results.infrastructure?.cause).toBeUndefined();
      expect(await userHooks(server)).toEqual(before);
    },
    E2E_TIMEOUT,
  );

  it(
    'a gateway that drops every 25th connection without answering: PASS, the requests sent again, counted by cause',
    async () => {
      const server = await referenceWithUserHooks();
      const before = await userHooks(server);
      const g = await gateway(server.url, dropEvery(25));
      const r = await run(g.url);
      expect(failed(r.results), r.stdout.slice(-3_000)).toEqual([]);
      expect(r.code).toBe(0);
      expect(g.counts.drop).toBeGreaterThan(0);
      const retries = r.results.infrastructure?.traffic.retries ?? {};
      expect((retries.closed ?? 0) + (retries.reset ?? 0)).toBeGreaterThan(0);
      expect(r.stdout).toMatch(/^Network: \d+ requests? (?:was|were) sent again \(/m);
      expect(await userHooks(server)).toEqual(before);
    },
    E2E_TIMEOUT,
  );

  it(
    'a 3 s 503 burst with Retry-After (a deploy): PASS, no errors/no-server-error, the requests sent again',
    async () => {
      const server = await referenceWithUserHooks();
      const before = await userHooks(server);
      const g = await gateway(server.url, burst503(150, 3_000));
      const r = await run(g.url);
      expect(failed(r.results), r.stdout.slice(-3_000)).toEqual([]);
      expect(r.code).toBe(0);
      expect(g.counts['503']).toBeGreaterThan(0);
      expect(r.results.infrastructure?.traffic.retries['503']).toBeGreaterThan(0);
      expect(r.results.rules.find((x) => x.id === 'errors/no-server-error')?.verdict).toBe('pass');
      expect(await userHooks(server)).toEqual(before);
    },
    E2E_TIMEOUT,
  );

  it.skipIf(!(HAS_NGINX && HAS_OPENSSL))(
    `nginx with keepalive_timeout 300ms in front: PASS${HAS_NGINX && HAS_OPENSSL ? '' : ' (skipped: nginx or openssl not on this machine)'}`,
    async () => {
      const server = await referenceWithUserHooks();
      const before = await userHooks(server);
      const ca = await makeTestCa(dir);
      const nginx: Nginx = await startNginx(path.join(dir, 'nginx'), server.url, ca, { keepaliveTimeout: '300ms' });
      opened.push({ close: () => nginx.stop() });
      const r = await run(nginx.https, ['--ca', ca.ca]);
      expect(failed(r.results), r.stdout.slice(-3_000)).toEqual([]);
      expect(r.code).toBe(0);
      expect(await userHooks(server)).toEqual(before);
    },
    E2E_TIMEOUT,
  );
});

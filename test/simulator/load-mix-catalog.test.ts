import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEntries } from '../../models/index.ts';
import { exportK6 } from '../../simulator/k6-export.ts';
import { runLoad } from '../../simulator/load.ts';
import { targetMix } from '../../simulator/load-target-mix.ts';
import { TargetClient } from '../../sut/client.ts';
import { prepareTarget } from '../../sut/prepare.ts';
import { catalogValue } from '../../sut/catalog-values.ts';
import type { Profile } from '../../sut/profile.ts';
import { loadProfile } from '../../sut/profile-load.ts';
import { SECRETS } from '../independent/secrets.ts';
import { startIndependentServer, type RunningServer } from '../independent/server/server.ts';
import { flatHeaders, listenLocal, readBody } from '../support/local-http.ts';
import { tempDir } from '../support/sim-target.ts';

// issue 24: the mix never sends a value the target does not have. `load` sent carrocerias/bestmatch with the body
// style of an inquiry, `Hatchback 5 puertas` from our own generator's list whatever the target's catalog: against a
// correct server of another catalog every such request was a 400. The independent server (test/independent) is such
// a server — its catalog has no `Hatchback 5 puertas` —, so the mix must take every value from its lists, and an
// operation every answer of which is non-2xx must be named as a probable mix problem, by `load` and by the export.

const OLD_VALUE = 'Hatchback 5 puertas';
const PROFILE = path.resolve(import.meta.dirname, '../independent/profile.json');

let server: RunningServer;
let profile: Profile;
let refusing: { url: string; close(): Promise<void> };

/** The independent server behind a proxy that answers carrocerias/bestmatch 400 whatever it is sent. */
async function refusingBestmatch(upstream: string): Promise<{ url: string; close(): Promise<void> }> {
  const proxy: Server = createServer(async (req, res) => {
    if (req.url?.startsWith('/v3/carrocerias/bestmatch')) {
      res.writeHead(400, { 'content-type': 'application/problem+json' }).end('{"title":"no such body style"}');
      return;
    }
    const body = await readBody(req);
    const answer = await fetch(upstream + req.url, { method: req.method!, headers: flatHeaders(req.headers), ...(body.length ? { body } : {}) });
    res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
  });
  const url = await listenLocal(proxy);
  return { url, close: () => new Promise<void>((resolve) => proxy.close(() => resolve())) };
}

/**
 * An inquiry as our generator writes them (its vehicle, city and province from our lists), received through the
 * hooks as `simulate` sends them, made the fixture inquiry: the old mix read its values from there.
 */
async function generatorInquiryAsFixture(base: Profile): Promise<Profile> {
  const newClient = () => new TargetClient({ baseUrl: server.url, profile: base, timeoutMs: 5_000, secrets: [] });
  // prepareTarget closes the client it is given.
  const { agency, inquirySid } = await prepareTarget(newClient());
  const client = newClient();
  try {
    if (!agency || !inquirySid) throw new Error('the independent server has no fixture inquiry');
    const read = await client.send({ method: 'GET', path: `/v3/consultas/${encodeURIComponent(agency)}/${inquirySid}`, form: 'json' });
    expect(read.status, read.text).toBe(200);
    const consulta = read.json as { Auto: Record<string, unknown>; Interesado: Record<string, unknown> };
    Object.assign(consulta.Auto, { BodyType: OLD_VALUE, Marca: 'Chery', Modelo: 'Tiggo 4' });
    Object.assign(consulta.Interesado, { Ciudad: 'Godoy Cruz', Provincia: 'Mendoza' });
    const made = await client.send({ method: 'POST', path: '/_sim/consultas', json: { adminMail: agency, consulta } });
    expect(made.status, made.text).toBe(201);
    return { ...base, fixtures: { agency, inquirySid: (made.json as { sid: string }).sid } };
  } finally {
    await client.close();
  }
}

beforeAll(async () => {
  Object.assign(process.env, SECRETS);
  server = await startIndependentServer();
  profile = await generatorInquiryAsFixture(await loadProfile(PROFILE));
  refusing = await refusingBestmatch(server.url);
}, 60_000);

afterAll(async () => {
  await refusing?.close();
  await server?.close();
});

/** A short closed-model `load` against `baseUrl`, with its console lines. */
async function loadAgainst(baseUrl: string, durationSec: number) {
  const lines: string[] = [];
  const run = await runLoad({
    baseUrl,
    profile,
    durationSec,
    model: { kind: 'closed', connections: 2 },
    thresholds: [],
    validateEvery: 0,
    seed: 1,
    reportDir: await tempDir('vmp-mix-'),
    timeoutMs: 5_000,
    out: (line) => lines.push(line),
  });
  return { ...run, text: lines.join('\n') };
}

/** `load --export k6` against `baseUrl`, with its console lines. */
async function exportAgainst(baseUrl: string) {
  const lines: string[] = [];
  const exported = await exportK6({
    dir: await tempDir('vmp-mix-k6-'),
    baseUrl,
    profile,
    profileJson: undefined,
    durationSec: 2,
    model: { kind: 'closed', connections: 1 },
    thresholds: [],
    validateEvery: 0,
    seed: 1,
    timeoutMs: 5_000,
    out: (line) => lines.push(line),
  });
  return { ...exported, text: lines.join('\n') };
}

describe('the load mix takes its values from the target', () => {
  it('sends bestmatch values of the target’s own lists, where the old value is a 400', async () => {
    const client = new TargetClient({ baseUrl: server.url, profile, timeoutMs: 5_000, secrets: [] });
    try {
      // The premise: this catalog lacks the value the mix used to send.
      const old = await client.send({ method: 'GET', path: '/v3/carrocerias/bestmatch', query: { bodystyle: OLD_VALUE }, form: 'json' });
      expect(old.status).toBe(400);
      const names = async (id: string, area: 'carrocerias' | 'marcas') =>
        (listEntries((await client.send({ method: 'GET', path: `/v3/${id}`, form: 'json' })).json) ?? []).map((r) => catalogValue(profile, area, 'name', r));
      const mix = await targetMix({ baseUrl: server.url, profile, timeoutMs: 5_000 });
      const query = (id: string) => new URL(mix.operations.find((o) => o.id === id)!.path, server.url).searchParams;
      expect(await names('carrocerias', 'carrocerias')).toContain(query('carrocerias-bestmatch').get('bodystyle'));
      expect(query('carrocerias-bestmatch').get('bodystyle')).not.toBe(OLD_VALUE);
      expect(await names('marcas', 'marcas')).toContain(query('marcas-bestmatch').get('make'));
      expect(query('ciudades-bestmatch').get('state')).toBeTruthy();
      expect(mix.skipped.map((s) => s.endpointId)).not.toContain('carrocerias-bestmatch');
    } finally {
      await client.close();
    }
  });

  it('load: every operation answered 2xx, no mix problem', async () => {
    const { exitCode, result, text } = await loadAgainst(server.url, 2);
    expect(exitCode, text).toBe(0);
    expect(result.requests.non2xx, JSON.stringify(result.requests.statusCodes)).toBe(0);
    expect(result.operations['carrocerias-bestmatch']?.requests).toBeGreaterThan(0);
    expect(result.mix.problems).toEqual([]);
    expect(text).not.toMatch(/probable mix problem/);
  }, 30_000);

  it('the export asks each operation once and names none', async () => {
    const exported = await exportAgainst(server.url);
    expect(exported.problems).toEqual([]);
    expect(exported.plan.operations.map((o) => o.id)).toContain('carrocerias-bestmatch');
  });
});

describe('an operation whose every answer is non-2xx is named as a probable mix problem', () => {
  it('by load, in its summary and load.json', async () => {
    const { result, text } = await loadAgainst(refusing.url, 1);
    expect(result.mix.problems?.map((p) => p.operation)).toEqual(['carrocerias-bestmatch']);
    expect(result.mix.problems?.[0]?.statusCodes).toEqual({ 400: result.operations['carrocerias-bestmatch']!.requests });
    expect(text).toMatch(
      /load: probable mix problem: every answer to carrocerias-bestmatch \(GET \/v3\/carrocerias\/bestmatch\?bodystyle=.*\) was non-2xx \(400 ×\d+\)/,
    );
  }, 30_000);

  it('by the export, in its output and in the script', async () => {
    const exported = await exportAgainst(refusing.url);
    expect(exported.problems.map((p) => p.operation)).toEqual(['carrocerias-bestmatch']);
    expect(exported.text).toMatch(/load: probable mix problem: every answer to carrocerias-bestmatch .* \(400 ×1\)/);
    expect(await readFile(exported.files[0]!, 'utf8')).toMatch(/^\/\/ {3}probable mix problem: every answer to carrocerias-bestmatch/m);
  });
});

import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultProfileJson, startEmbedded, type Embedded } from '../../api/embedded.ts';
import { arrivalSpec } from '../../simulator/arrival-flags.ts';
import { K6_DATA_FILE, K6_SCRIPT_FILE, exportK6, type K6Export } from '../../simulator/k6-export.ts';
import type { LoadModel } from '../../simulator/load.ts';
import { weightedSequence } from '../../simulator/load-mix.ts';
import { targetMix } from '../../simulator/load-target-mix.ts';
import { parseThreshold } from '../../simulator/thresholds.ts';
import { listenLocal } from '../support/local-http.ts';
import { tempDir } from '../support/sim-target.ts';
import { runK6Shim, useShimIn } from './k6-shim.ts';

// `load --export k6`: the script type-checks against @types/k6, and runs under the shim of the k6 API it uses
// against the embedded reference server — the requests of load's mix in load's order, with the credentials from
// k6 environment variables, every sampled check passing — so a change to the mix or the models that breaks the
// export fails here. k6 itself is not run in our CI.

const ROOT = path.resolve(import.meta.dirname, '../..');
const TOKEN = 'Bearer vmp-primary-7f3a2c';
const ENV = { VMP_PRIMARY_AUTHORIZATION: TOKEN };

let embedded: Embedded;
let exported: K6Export;
let dir: string;

async function exportTo(target: string, model: LoadModel, validateEvery: number): Promise<K6Export> {
  return exportK6({
    dir: target,
    baseUrl: embedded.baseUrl,
    profile: embedded.profile,
    profileJson: await defaultProfileJson(),
    timeoutMs: 5_000,
    durationSec: 5,
    model,
    thresholds: ['p99<5s', 'errors<1%'].map(parseThreshold),
    validateEvery,
    seed: 3,
  });
}

beforeAll(async () => {
  embedded = await startEmbedded();
  dir = await tempDir('vmp-k6-');
  // Every response validated, so one pass over the sequence checks every operation's model.
  exported = await exportTo(dir, { kind: 'closed', connections: 4 }, 1);
}, 60_000);

afterAll(async () => {
  await embedded?.close();
});

/**
 * k6 has a console (log, info, warn, error, debug), which @types/k6 leaves to lib "dom"; declared here alone rather
 * than all of the DOM, which k6 does not have.
 */
const K6_CONSOLE =
  'declare var console: { log(...data: unknown[]): void; info(...data: unknown[]): void; warn(...data: unknown[]): void; error(...data: unknown[]): void; debug(...data: unknown[]): void };\n';

/** tsc on the generated script, against @types/k6 (k6's globals and modules, no Node or DOM). */
async function typeCheck(script: string): Promise<string[]> {
  const types = path.join(ROOT, 'node_modules/@types/k6');
  const consoleTypes = path.join(await tempDir('vmp-k6-types-'), 'k6-console.d.ts');
  await writeFile(consoleTypes, K6_CONSOLE);
  const program = ts.createProgram([script, consoleTypes], {
    allowJs: true,
    checkJs: true,
    noEmit: true,
    strict: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2021,
    lib: ['lib.es2021.d.ts'],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
    paths: { k6: [types], 'k6/*': [`${types}/*`] },
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('load --export k6', () => {
  it('type-checks against @types/k6', async () => {
    expect(await typeCheck(path.join(dir, K6_SCRIPT_FILE))).toEqual([]);
    // The open model's executors too: constant-arrival-rate (a rate k6 takes per 2 s) and ramping-arrival-rate.
    for (const [kind, rate] of [
      ['constant', 2.5],
      ['burst', 30],
    ] as const) {
      const openDir = await tempDir('vmp-k6-open-');
      const { scenario } = await exportTo(openDir, { kind: 'open', rate, arrival: arrivalSpec(kind, rate, 5_000), maxInFlight: 20 }, 100);
      expect(scenario.executor).toBe(kind === 'constant' ? 'constant-arrival-rate' : 'ramping-arrival-rate');
      expect(await typeCheck(path.join(openDir, K6_SCRIPT_FILE)), kind).toEqual([]);
    }
    // …and the check can fail: a call k6/http does not have, an executor k6 does not know.
    const broken = path.join(await tempDir('vmp-k6-broken-'), K6_SCRIPT_FILE);
    const text = await readFile(path.join(dir, K6_SCRIPT_FILE), 'utf8');
    await writeFile(broken, text.replace('http.get(', 'http.fetch(').replace('"constant-vus"', '"constant-vu"'));
    const problems = (await typeCheck(broken)).join('\n');
    expect(problems).toMatch(/Property 'fetch' does not exist/);
    expect(problems).toMatch(/constant-vu/);
  }, 60_000);

  it('keeps to syntax every k6 version reads (no ?. or ??), and its helpers are no exports of the script', async () => {
    const script = await readFile(path.join(dir, K6_SCRIPT_FILE), 'utf8');
    const code = script.split('\n').filter((line) => !/^\s*(\/\/|\*|\/\*\*)/.test(line));
    expect(code.filter((line) => /\?\.|\?\?/.test(line))).toEqual([]);
    expect([...script.matchAll(/^export (?:const|function|default function) ?(\w*)/gm)].map((m) => m[1])).toEqual(['', 'options']);
  });

  it("never writes the profile's credentials, only the environment variable that gives them", async () => {
    for (const file of [K6_SCRIPT_FILE, K6_DATA_FILE]) {
      const text = await readFile(path.join(dir, file), 'utf8');
      expect(text).not.toContain('vmp-primary-7f3a2c');
      expect(text).toContain('${VMP_PRIMARY_AUTHORIZATION}');
    }
  });

  it("writes load's own mix, in load's order", async () => {
    const mix = await targetMix({ baseUrl: embedded.baseUrl, profile: embedded.profile, timeoutMs: 5_000 });
    const { plan } = exported;
    expect(plan.operations.map((o) => o.path)).toEqual(mix.operations.map((o) => o.path));
    expect(plan.sequence.map((i) => plan.operations[i]!.id)).toEqual(weightedSequence(mix.operations).map((o) => o.id));
    expect(exported.scenario).toMatchObject({ executor: 'constant-vus', vus: 4, duration: '5s' });
  });

  it('runs under the k6 shim against the reference server: the requests sent, every check passed', async () => {
    const shimDir = await tempDir('vmp-k6-shim-');
    for (const file of [K6_SCRIPT_FILE, K6_DATA_FILE]) await copyFile(path.join(dir, file), path.join(shimDir, file));
    await useShimIn(shimDir);
    const { plan } = exported;
    const iterations = plan.sequence.length;
    const r = await runK6Shim({ script: path.join(shimDir, K6_SCRIPT_FILE), env: { ...ENV, BASE_URL: embedded.baseUrl }, iterations });

    expect(r.requests).toHaveLength(iterations);
    r.requests.forEach((req, i) => {
      const op = plan.operations[plan.sequence[i]!]!;
      expect(req.url).toBe(embedded.baseUrl + op.path);
      expect(req.headers).toMatchObject({ Authorization: TOKEN, ...op.headers });
      expect(req.tags).toEqual({ name: op.id });
      expect(req.status).toBe(op.success);
    });
    expect(new Set(r.requests.map((q) => q.tags.name))).toEqual(new Set(plan.operations.map((o) => o.id)));
    // One check per sampled response, named for its row and model, and none failed.
    const checks = Object.entries(r.checks);
    expect(checks.length).toBe(new Set(plan.operations.map((o) => o.check)).size);
    expect(checks.filter(([, c]) => c.fails > 0)).toEqual([]);
    expect(checks.reduce((n, [, c]) => n + c.passes, 0)).toBe(iterations);
    expect(r.warnings).toEqual([]);
    expect(r.thresholds.map((t) => `${t.metric}: ${t.expression}`)).toEqual([
      'http_req_duration: p(99)<5000',
      'http_req_failed: rate<0.01',
      'vmp_completed: count>0',
    ]);
    expect(r.thresholds.every((t) => t.ok)).toBe(true);
    expect(r.exitCode).toBe(0);
  }, 60_000);

  it('reads only the sampled responses (every Nth, as load validates them)', async () => {
    const sampledDir = await tempDir('vmp-k6-sampled-');
    await exportTo(sampledDir, { kind: 'closed', connections: 2 }, 10);
    await useShimIn(sampledDir);
    const r = await runK6Shim({ script: path.join(sampledDir, K6_SCRIPT_FILE), env: { ...ENV, BASE_URL: embedded.baseUrl }, iterations: 30 });
    expect(r.requests.map((q, i) => [i, q.responseType]).filter(([, t]) => t === 'text')).toEqual([
      [9, 'text'],
      [19, 'text'],
      [29, 'text'],
    ]);
    expect(Object.values(r.checks).reduce((n, c) => n + c.passes + c.fails, 0)).toBe(3);
  }, 60_000);

  it('stops before the first request, naming the environment variable a credential needs', async () => {
    const shimDir = await tempDir('vmp-k6-noenv-');
    for (const file of [K6_SCRIPT_FILE, K6_DATA_FILE]) await copyFile(path.join(dir, file), path.join(shimDir, file));
    await useShimIn(shimDir);
    await expect(runK6Shim({ script: path.join(shimDir, K6_SCRIPT_FILE), env: { BASE_URL: embedded.baseUrl }, iterations: 1 })).rejects.toThrow(
      /VMP_PRIMARY_AUTHORIZATION/,
    );
  });

  it('fails its checks on a server that answers wrongly, and exits 99 on a broken threshold', async () => {
    // 200 with an object no list model accepts; every 3rd request 503, which breaks errors<1%.
    let n = 0;
    const wrong = createServer((_req, res) => {
      const status = ++n % 3 === 0 ? 503 : 200;
      res.writeHead(status, { 'content-type': 'application/json' }).end('{"unexpected":true}');
    });
    const base = await listenLocal(wrong);
    try {
      const shimDir = await tempDir('vmp-k6-wrong-');
      for (const file of [K6_SCRIPT_FILE, K6_DATA_FILE]) await copyFile(path.join(dir, file), path.join(shimDir, file));
      await useShimIn(shimDir);
      const r = await runK6Shim({ script: path.join(shimDir, K6_SCRIPT_FILE), env: { ...ENV, BASE_URL: base }, iterations: 30 });
      const failed = Object.entries(r.checks)
        .filter(([, c]) => c.fails > 0)
        .map(([name]) => name);
      expect(failed).toEqual(
        expect.arrayContaining(['consultas-list answers 200 with a valid ConsultaPage', 'agencias-list answers 200 with a valid Agencias']),
      );
      expect(r.warnings.some((w) => /status 503, not the documented success 200/.test(w))).toBe(true);
      expect(r.warnings.some((w) => /^consultas-get: not a valid Consulta \(\(root\): missing member Momento\)$/.test(w))).toBe(true);
      expect(r.thresholds.find((t) => t.metric === 'http_req_failed')).toMatchObject({ ok: false });
      expect(r.exitCode).toBe(99);
    } finally {
      await new Promise((resolve) => wrong.close(resolve));
    }
  }, 60_000);
});

import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { canonicalJson, consulta, firstDifference } from '../../models/index.ts';
import { LINKS_ANYWHERE, linksIn, membersNamed, timestampLike } from '../../suites/harness/json-walk.ts';
import { scalarsDeep } from '../../suites/harness/text-match.ts';
import { DEFAULT_MAX_BODY_BYTES } from '../../sut/client.ts';
import { hrefsWithin } from '../../sut/hrefs.ts';
import { resolvePointer } from '../../sut/json-pointer.ts';
import { redactDeep } from '../../sut/redact.ts';
import { MAX_JSON_DEPTH, parseJsonBounded, tooDeepReason } from '../../support/json-depth.ts';
import { startCaptureServer } from '../../webhooks/capture-server.ts';
import { runCli, type ChildRun } from './support/cli-child.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import { startProxy } from './support/proxy.ts';
import { credentialsOf } from './support/secret-scan.ts';
import { perTest, referenceProfileJson, startWebhookTarget } from './support/webhook-target.ts';

// Issue 22, defect 3: `[{"_links":{"_links":…}}]` 5,000 levels deep (50 KB) on GET /v3/agencias made run, init,
// simulate and load die with `RangeError: Maximum call stack size exceeded` and a stack trace (the walk over
// hrefs was recursive; so are JSON.stringify and structuredClone). Any depth the body cap allows must yield a
// verdict: a failed rule with the exchange as evidence, never a crash.

/** `[{"_links":{"_links":…{}…}}]`, `levels` members deep. */
const deepLinks = (levels: number): string => `[{${'"_links":{'.repeat(levels)}${'}'.repeat(levels)}}]`;
/** Arrays nested as deep as the body cap allows: `[[[…]]]`, 5,000,000 bytes. */
const deepestArrays = (): string => {
  const levels = Math.floor(DEFAULT_MAX_BODY_BYTES / 2) - 100_000;
  return `${'['.repeat(levels)}${']'.repeat(levels)}`;
};

const BODIES = { 'links 5,000 deep': deepLinks(5_000), 'arrays 2.5 million deep (the body cap)': deepestArrays() } as const;

const t = perTest();

async function deepTarget(body: string) {
  const json = await referenceProfileJson();
  t.target = await startWebhookTarget(json);
  // Every list of agencies (discovery's first read, in every form) is the deep body.
  t.proxy = await startProxy(t.target.server.url, {
    request: (req) =>
      req.method === 'GET' && /^\/v3\/agencias(\?|$)/.test(req.path)
        ? { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(body) }
        : undefined,
  });
  const dir = await mkdtemp(path.join(tmpdir(), 'vmp-hostile-deep-'));
  const profile = path.join(dir, 'profile.json');
  await writeFile(profile, JSON.stringify(json));
  return { dir, profile, out: path.join(dir, 'out') };
}

const noTrace = (run: ChildRun) => {
  const printed = `${run.stdout}\n${run.stderr}`;
  expect(printed).not.toMatch(/RangeError|Maximum call stack|\n\s+at .+:\d+:\d+/);
  expect(run.signal, printed.slice(-2_000)).toBeNull();
};

describe.each(Object.entries(BODIES))('GET /v3/agencias answers JSON %s', (_name, body) => {
  it('run: no crash; the rule that answer breaks fails, with the exchange as evidence', { timeout: 150_000 }, async () => {
    const s = await deepTarget(body);
    const run = await runCli(['run', '--base-url', t.proxy!.url, '--profile', s.profile, '--report-dir', s.out, '--seed', '2', '--only', 'home/*'], {
      tmpDir: path.join(s.dir, 'tmp'),
    });
    noTrace(run);
    expect(run.code, run.stdout.slice(-2_000) + run.stderr).toBe(1);
    const results = JSON.parse(await readFile(path.join(s.out, 'results.json'), 'utf8')) as {
      rules: { id: string; verdict: string; message?: string; exchanges: { url: string }[] }[];
    };
    const failed = results.rules.filter((r) => r.verdict === 'fail' && r.exchanges.some((e) => /\/v3\/agencias/.test(e.url)));
    expect(failed.length, JSON.stringify(results.rules.map((r) => [r.id, r.verdict, r.message?.slice(0, 200)]))).toBeGreaterThan(0);
    expect(failed.map((r) => r.message).join('\n')).toMatch(/nest/);
    expect(run.stdout).toMatch(/discovery: GET \/v3\/agencias/);
    await expectNoSecrets({ dirs: [s.out], runs: [run] }, credentialsOf(t.target!.profile));
  });

  it('init, simulate and load: no crash, each ends with its own verdict', { timeout: 150_000 }, async () => {
    const s = await deepTarget(body);
    const tmpDir = path.join(s.dir, 'tmp');
    const init = await runCli(
      [
        'init',
        '--base-url',
        t.proxy!.url,
        '--header',
        'Authorization: Bearer vmp-primary-7f3a2c',
        '--other-header',
        'Authorization: Bearer vmp-other-91c2d8',
        '--out',
        path.join(s.dir, 'drafted.json'),
      ],
      { tmpDir },
    );
    noTrace(init);
    expect([0, 1], init.stdout.slice(-2_000) + init.stderr).toContain(init.code);
    const simulate = await runCli(['simulate', '--base-url', t.proxy!.url, '--profile', s.profile, '--inquiries', '5', '--report-dir', s.out], { tmpDir });
    noTrace(simulate);
    // No agency of the primary app can be read from that list: exit 1, saying so.
    expect(simulate.code, simulate.stdout.slice(-2_000) + simulate.stderr).toBe(1);
    const load = await runCli(['load', '--base-url', t.proxy!.url, '--profile', s.profile, '--duration', '2', '--connections', '2', '--report-dir', s.out], {
      tmpDir,
    });
    noTrace(load);
    expect([0, 1], load.stdout.slice(-2_000) + load.stderr).toContain(load.code);
    await expectNoSecrets({ dirs: [s.out], runs: [init, simulate, load] }, credentialsOf(t.target!.profile));
  });
});

describe('every walker over target data, at the deepest a reader here takes', () => {
  it(`a body ${MAX_JSON_DEPTH} levels deep goes through each of them; one level more is refused before it is parsed`, async () => {
    const deepest = parseJsonBounded(deepLinks(MAX_JSON_DEPTH - 2)) as unknown[];
    const walks: Record<string, () => unknown> = {
      hrefsWithin: () => hrefsWithin(deepest),
      firstDifference: () => firstDifference(deepest, parseJsonBounded(deepLinks(MAX_JSON_DEPTH - 2))),
      canonicalJson: () => canonicalJson(deepest, LINKS_ANYWHERE),
      resolvePointer: () => resolvePointer(deepest, `/0${'/_links'.repeat(MAX_JSON_DEPTH - 2)}`),
      redactDeep: () => redactDeep(deepest, ['vmp-primary-7f3a2c']),
      scalarsDeep: () => scalarsDeep(deepest),
      linksIn: () => linksIn(deepest, true),
      membersNamed: () => membersNamed(deepest, ['Momento']),
      timestampLike: () => timestampLike(deepest),
      'the Consulta model': () => consulta('loose').safeParse(deepest[0]),
      'JSON.stringify': () => JSON.stringify(deepest),
      structuredClone: () => structuredClone(deepest),
    };
    for (const [name, walk] of Object.entries(walks)) expect(walk, name).not.toThrow();
    expect(() => parseJsonBounded(deepLinks(MAX_JSON_DEPTH))).toThrow(tooDeepReason());
    // Brackets inside strings are text, not nesting.
    expect(parseJsonBounded(JSON.stringify({ s: '['.repeat(10_000) }))).toEqual({ s: '['.repeat(10_000) });
    await expectNoSecrets({ texts: { walked: JSON.stringify(walks.redactDeep!()) } }, ['vmp-primary-7f3a2c']);
  });

  it('a webhook delivery nested as deep as its body limit allows is recorded, its JSON left unread', async () => {
    const server = await startCaptureServer({ retain: 10 });
    try {
      const levels = 400_000;
      const res = await request(`${server.url}/primary`, { method: 'POST', body: `${'['.repeat(levels)}${']'.repeat(levels)}` });
      await res.body.dump();
      expect(res.statusCode).toBe(200);
      expect(server.deliveries()[0]).toMatchObject({ path: '/primary', json: null });
      await expectNoSecrets({ texts: { delivery: JSON.stringify(server.deliveries()) } }, ['vmp-primary-7f3a2c']);
    } finally {
      await server.close();
    }
  });
});

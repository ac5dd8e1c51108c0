import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, CONNECTIONS, PHASE_SEC, ROOT, figure, runChild, startChild, timed, warmUp, type CannonResult, type Figure } from './support.ts';

// Benchmark 2 (issue 8): does `vmp-conformance load` measure the target or itself? Same endpoint
// (GET /v3/carrocerias with the primary app's headers), connections and duration for the load command
// (validating every 100th response), raw autocannon and wrk, against a reference server in its own process.
// Each generator starts in a fresh process, so all pay the same JIT warm-up inside their 5 s; the server is
// warmed up first.

const PRIMARY_AUTH = 'Bearer vmp-primary-7f3a2c'; // profiles/reference.json apps.primary

/** Debian's wrk; installs it when missing and we are root (apt-get), else undefined with the reason. */
function ensureWrk(): { ok: true } | { ok: false; reason: string } {
  if (spawnSync('wrk', ['--version']).error === undefined) return { ok: true };
  if (process.getuid?.() !== 0) return { ok: false, reason: 'wrk missing and not root to apt-get install it' };
  const r = spawnSync('apt-get', ['install', '-y', 'wrk'], { stdio: 'ignore', timeout: 180_000 });
  return r.status === 0 ? { ok: true } : { ok: false, reason: `apt-get install -y wrk failed (status ${r.status})` };
}

/** wrk prints "Requests/sec: 12345.67". */
async function wrkRps(url: string): Promise<number | undefined> {
  const r = await timed('wrk', ['-t', '1', '-c', String(CONNECTIONS), '-d', `${PHASE_SEC}s`, '-H', `Authorization: ${PRIMARY_AUTH}`, url], (PHASE_SEC + 30) * 1000);
  const m = /Requests\/sec:\s*([\d.]+)/.exec(r.stdout);
  return m ? Number(m[1]) : undefined;
}

/** Raw autocannon (programmatic API) in its own fresh process, like the `load` command it is compared with. */
async function rawCannon(url: string): Promise<CannonResult> {
  return (await runChild('cannon', [url, PRIMARY_AUTH])) as unknown as CannonResult;
}

export async function benchLoadOverhead(): Promise<Figure[]> {
  const wrk = ensureWrk();
  const server = await startChild('reference');
  const base = String(server.ready.url);
  const url = `${base}/v3/carrocerias`;
  const dir = await mkdtemp(join(tmpdir(), 'vmp-bench-load-'));
  const mix = join(dir, 'mix.json');
  await writeFile(mix, JSON.stringify({ 'carrocerias-list': 1 }));
  try {
    await warmUp({ url, headers: { authorization: PRIMARY_AUTH } });
    // Raw autocannon before and after the load command: their mean cancels a drift of a busy machine.
    const before = await rawCannon(url);
    const loadRun = await timed(
      process.execPath,
      [CLI, 'load', '--base-url', base, '--profile', join(ROOT, 'profiles/reference.json'), '--duration', String(PHASE_SEC), '--connections', String(CONNECTIONS), '--validate-every', '100', '--mix', mix, '--report-dir', dir],
      (PHASE_SEC + 60) * 1000,
    );
    const load = JSON.parse(await readFile(join(dir, 'load.json'), 'utf8')) as { requests: { rps: number; non2xx: number; transportErrors: number }; timeline: { second: number; requests: number }[] };
    const after = await rawCannon(url);
    const raw = { rps: (before.rps + after.rps) / 2, non2xx: before.non2xx + after.non2xx };
    const wrkValue = wrk.ok ? await wrkRps(url) : undefined;
    const perSecond = load.timeline.map((t) => t.requests);
    // The first second carries the CLI's cold start (tsx compiling modules imported on first use, JIT); the last is partial.
    const steady = perSecond.slice(1, -1);
    const steadyRps = steady.length > 0 ? steady.reduce((a, b) => a + b, 0) / steady.length : 0;
    const errors = `load per second ${perSecond.join('/')}: steady state (2nd to 2nd-last second) ${steadyRps.toFixed(0)} req/s = ${(steadyRps / raw.rps).toFixed(2)} of raw; raw autocannon ${before.rps.toFixed(0)} before, ${after.rps.toFixed(0)} after; load non-2xx ${load.requests.non2xx}, transport errors ${load.requests.transportErrors}; autocannon non-2xx ${raw.non2xx}; load exit ${loadRun.code}`;
    const figures = [
      figure({
        benchmark: 'load generator overhead',
        metric: '`load` rps vs raw autocannon',
        value: load.requests.rps,
        unit: 'req/s',
        baseline: { name: 'raw autocannon (mean of before/after)', value: raw.rps },
        target: 'ratio ≥ 0.9',
        pass: load.requests.rps / raw.rps >= 0.9,
        note: errors,
      }),
    ];
    figures.push(
      wrkValue === undefined
        ? figure({ benchmark: 'load generator overhead', metric: 'wrk rps vs raw autocannon', value: 0, unit: 'req/s', baseline: { name: 'raw autocannon', value: raw.rps }, target: 'none (informational)', pass: null, note: wrk.ok ? 'wrk output not understood' : wrk.reason })
        : figure({ benchmark: 'load generator overhead', metric: 'wrk rps vs raw autocannon', value: wrkValue, unit: 'req/s', baseline: { name: 'raw autocannon', value: raw.rps }, target: 'none (informational)', pass: null, note: 'wrk -t 1: a C client, shows how much the Node clients cost' }),
    );
    return figures;
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

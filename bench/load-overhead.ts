import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, CONNECTIONS, PHASE_SEC, ROOT, figure, median, runChild, startChild, timed, warmUp, type CannonResult, type Figure } from './support.ts';

// Benchmark 2 (issue 8): does `vmp-conformance load` measure the target or itself? Same endpoint
// (GET /v3/carrocerias with the primary app's headers), connections and duration for the load command
// (validating every 100th response), raw autocannon and wrk, against a reference server in its own process.
// Each generator starts in a fresh process, so all pay the same JIT warm-up inside their 5 s; the server is
// warmed up first. The load run is repeated: one run says little on a shared machine.

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

/** Load repetitions: the target is met only if every one of them is (issue 16). */
const REPETITIONS = 5;

interface LoadRun {
  rps: number;
  perSecond: number[];
  non2xx: number;
  transportErrors: number;
  exit: number | null;
}

/** One `vmp-conformance load` run from a fresh process, as a user starts it, validating every 100th response. */
async function loadRun(base: string, mix: string, dir: string): Promise<LoadRun> {
  const run = await timed(
    process.execPath,
    [CLI, 'load', '--base-url', base, '--profile', join(ROOT, 'profiles/reference.json'), '--duration', String(PHASE_SEC), '--connections', String(CONNECTIONS), '--validate-every', '100', '--mix', mix, '--report-dir', dir],
    (PHASE_SEC + 60) * 1000,
  );
  const load = JSON.parse(await readFile(join(dir, 'load.json'), 'utf8')) as { requests: { rps: number; non2xx: number; transportErrors: number }; timeline: { second: number; requests: number }[] };
  return { rps: load.requests.rps, perSecond: load.timeline.map((t) => t.requests), non2xx: load.requests.non2xx, transportErrors: load.requests.transportErrors, exit: run.code };
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
    // Raw autocannon before and after each load run (raw, load, raw, load, …, raw): each load run is judged
    // against the mean of its two neighbours, which cancels a drift of a busy machine.
    const raws: CannonResult[] = [await rawCannon(url)];
    const loads: LoadRun[] = [];
    for (let i = 0; i < REPETITIONS; i++) {
      loads.push(await loadRun(base, mix, dir));
      raws.push(await rawCannon(url));
    }
    const neighbours = loads.map((_, i) => (raws[i]!.rps + raws[i + 1]!.rps) / 2);
    const ratios = loads.map((l, i) => l.rps / neighbours[i]!);
    const wrkValue = wrk.ok ? await wrkRps(url) : undefined;
    const runs = loads.map((l, i) => `${l.rps.toFixed(0)} vs ${neighbours[i]!.toFixed(0)} = ${ratios[i]!.toFixed(2)} (per second ${l.perSecond.join('/')})`);
    const health = `load non-2xx ${sum(loads.map((l) => l.non2xx))}, transport errors ${sum(loads.map((l) => l.transportErrors))}, exit codes ${[...new Set(loads.map((l) => l.exit))].join('/')}; autocannon non-2xx ${sum(raws.map((r) => r.non2xx))}`;
    const figures = [
      figure({
        benchmark: 'load generator overhead',
        metric: '`load` rps vs raw autocannon',
        value: median(loads.map((l) => l.rps)),
        unit: 'req/s (median)',
        baseline: { name: 'raw autocannon before and after each run (median)', value: median(raws.map((r) => r.rps)) },
        target: `ratio ≥ 0.9 in each of ${REPETITIONS} runs`,
        pass: ratios.every((r) => r >= 0.9),
        repetitions: ratios,
        note: `load vs the mean of the raw runs around it: ${runs.join('; ')}; ${health}`,
      }),
    ];
    const rawMedian = median(raws.map((r) => r.rps));
    figures.push(
      wrkValue === undefined
        ? figure({ benchmark: 'load generator overhead', metric: 'wrk rps vs raw autocannon', value: 0, unit: 'req/s', baseline: { name: 'raw autocannon (median)', value: rawMedian }, target: 'none (informational)', pass: null, note: wrk.ok ? 'wrk output not understood' : wrk.reason })
        : figure({ benchmark: 'load generator overhead', metric: 'wrk rps vs raw autocannon', value: wrkValue, unit: 'req/s', baseline: { name: 'raw autocannon (median)', value: rawMedian }, target: 'none (informational)', pass: null, note: 'wrk -t 1: a C client, shows how much the Node clients cost' }),
    );
    return figures;
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { TargetClient } from '../sut/client.ts';
import { loadProfile } from '../sut/profile-load.ts';
import { CLI, CONNECTIONS, PHASE_SEC, ROOT, figure, median, runChild, startChild, timed, warmUp, type CannonResult, type Figure } from './support.ts';

// Benchmark 2 (issue 8): does `vmp-conformance load` measure the target or itself? Same requests
// (GET /v3/carrocerias with the headers load sends: loadHeaders), connections and duration for the load command
// (validating every 100th response) and raw autocannon, side by side, each against a reference server in its
// own process; wrk once for scale. Each generator starts in a fresh process, so all pay the same JIT warm-up
// inside their 5 s; the servers are warmed up first. Repeated: one run says little on a shared machine.

/**
 * The headers `load` sends to GET /v3/carrocerias with profiles/reference.json, computed by the same client
 * function (the primary app's credentials and the JSON form asked the profile's way): raw autocannon and wrk send
 * exactly these, so the comparison is of the generators, not of two requests the server answers at different cost
 * (an Accept header to negotiate costs the reference server a fifth of its rate).
 */
async function loadHeaders(): Promise<Record<string, string>> {
  const profile = await loadProfile(join(ROOT, 'profiles/reference.json'));
  const client = new TargetClient({ baseUrl: 'http://127.0.0.1', profile, secrets: [] });
  try {
    return client.headersFor('primary', 'json');
  } finally {
    await client.close();
  }
}

/** Debian's wrk; installs it when missing and we are root (apt-get), else undefined with the reason. */
function ensureWrk(): { ok: true } | { ok: false; reason: string } {
  if (spawnSync('wrk', ['--version']).error === undefined) return { ok: true };
  if (process.getuid?.() !== 0) return { ok: false, reason: 'wrk missing and not root to apt-get install it' };
  const r = spawnSync('apt-get', ['install', '-y', 'wrk'], { stdio: 'ignore', timeout: 180_000 });
  return r.status === 0 ? { ok: true } : { ok: false, reason: `apt-get install -y wrk failed (status ${r.status})` };
}

/** wrk prints "Requests/sec: 12345.67". */
async function wrkRps(url: string, headers: Record<string, string>): Promise<number | undefined> {
  const r = await timed(
    'wrk',
    ['-t', '1', '-c', String(CONNECTIONS), '-d', `${PHASE_SEC}s`, ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url],
    (PHASE_SEC + 30) * 1000,
  );
  const m = /Requests\/sec:\s*([\d.]+)/.exec(r.stdout);
  return m ? Number(m[1]) : undefined;
}

/** Load repetitions: the target is met only if every one of them is (issue 16). */
const REPETITIONS = 5;
/**
 * Each repetition's length. Two raw autocannon runs side by side differed by up to 18% over 5 s on this shared
 * machine (load average 15–20), and by up to 12% over 15 s: a ratio judged against 0.9 needs the longer runs.
 */
const PAIR_SEC = 10;

interface LoadRun {
  rps: number;
  total: number;
  /** Process CPU time over the run (generator health: CPU share × duration). */
  cpuMs: number;
  perSecond: number[];
  non2xx: number;
  transportErrors: number;
  exit: number | null;
}

/**
 * One `vmp-conformance load` run from a fresh process, as a user starts it, validating every 100th response;
 * `onStart` runs when it says its run begins (its last line before the clock starts).
 */
async function loadRun(base: string, mix: string, dir: string, onStart: () => void): Promise<LoadRun> {
  const args = [
    CLI,
    'load',
    '--base-url',
    base,
    '--profile',
    join(ROOT, 'profiles/reference.json'),
    '--duration',
    String(PAIR_SEC),
    '--connections',
    String(CONNECTIONS),
    '--validate-every',
    '100',
    '--mix',
    mix,
    '--report-dir',
    dir,
  ];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const timer = setTimeout(() => child.kill('SIGKILL'), (PAIR_SEC + 60) * 1000);
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('load: closed model')) onStart();
  });
  const exit = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  const load = JSON.parse(await readFile(join(dir, 'load.json'), 'utf8')) as {
    durationMs: number;
    requests: { total: number; rps: number; non2xx: number; transportErrors: number };
    timeline: { second: number; requests: number }[];
    generator: { cpuCores: number };
  };
  const r = load.requests;
  return {
    rps: r.rps,
    total: r.total,
    cpuMs: load.generator.cpuCores * load.durationMs,
    perSecond: load.timeline.map((t) => t.requests),
    non2xx: r.non2xx,
    transportErrors: r.transportErrors,
    exit,
  };
}

/**
 * One repetition: `load` against one reference server and raw autocannon against the other, at the same time.
 * The raw generator waits loaded in its own fresh process and starts the moment the load run starts, so a
 * machine that other work makes slower or faster from one second to the next weighs on both alike; run one
 * after the other, the two met different machines (raw autocannon alone ranged from 2,300 to 11,000 req/s
 * within a minute here).
 */
async function pair(loadBase: string, rawBase: string, mix: string, dir: string, headers: Record<string, string>): Promise<{ load: LoadRun; raw: RawRun }> {
  const raw = await startChild('armed-cannon', [`${rawBase}/v3/carrocerias`, JSON.stringify(headers), String(PAIR_SEC)]);
  let started = false;
  try {
    const load = await loadRun(loadBase, mix, dir, () => {
      started = true;
      raw.process.kill('SIGUSR2');
    });
    if (!started) throw new Error(`the load run never started (exit ${load.exit})`);
    const result = await raw.exited();
    if (!result) throw new Error('raw autocannon reported nothing');
    return { load, raw: result as unknown as RawRun };
  } finally {
    if (raw.process.exitCode === null) raw.process.kill('SIGKILL');
  }
}

export async function benchLoadOverhead(): Promise<Figure[]> {
  const wrk = ensureWrk();
  // Two reference servers; the generators swap them from one repetition to the next, so neither server's luck
  // favours one side.
  const servers = [await startChild('reference'), await startChild('reference')];
  const bases = servers.map((s) => String(s.ready.url));
  const dir = await mkdtemp(join(tmpdir(), 'vmp-bench-load-'));
  const mix = join(dir, 'mix.json');
  await writeFile(mix, JSON.stringify({ 'carrocerias-list': 1 }));
  try {
    const headers = await loadHeaders();
    for (const base of bases) await warmUp({ url: `${base}/v3/carrocerias`, headers });
    const pairs: { load: LoadRun; raw: RawRun }[] = [];
    for (let i = 0; i < REPETITIONS; i++) pairs.push(await pair(bases[i % 2]!, bases[(i + 1) % 2]!, mix, dir, headers));
    const ratios = pairs.map((p) => p.load.rps / p.raw.rps);
    const url = `${bases[0]}/v3/carrocerias`;
    const wrkValue = wrk.ok ? await wrkRps(url, headers) : undefined;
    const wrkBaseline = wrk.ok ? await rawCannon(url, headers) : undefined;
    const runs = pairs.map(
      (p, i) => `${p.load.rps.toFixed(0)} vs ${p.raw.rps.toFixed(0)} = ${ratios[i]!.toFixed(2)} (load per second ${p.load.perSecond.join('/')})`,
    );
    const cpu = (ms: number, responses: number) => (responses > 0 ? (ms * 1000) / responses : 0);
    const perResponse = `client CPU per response (median): load ${median(pairs.map((p) => cpu(p.load.cpuMs, p.load.total))).toFixed(0)} µs, raw ${median(pairs.map((p) => cpu(p.raw.cpuMs, p.raw.total))).toFixed(0)} µs`;
    const health = `${perResponse}; load non-2xx ${sum(pairs.map((p) => p.load.non2xx))}, transport errors ${sum(pairs.map((p) => p.load.transportErrors))}, exit codes ${[...new Set(pairs.map((p) => p.load.exit))].join('/')}; autocannon non-2xx ${sum(pairs.map((p) => p.raw.non2xx))}`;
    const figures = [
      figure({
        benchmark: 'load generator overhead',
        metric: '`load` rps vs raw autocannon, side by side',
        value: median(pairs.map((p) => p.load.rps)),
        unit: 'req/s (median)',
        baseline: { name: 'raw autocannon at the same time, against a twin server (median)', value: median(pairs.map((p) => p.raw.rps)) },
        target: `ratio ≥ 0.9 in each of ${REPETITIONS} runs`,
        pass: ratios.every((r) => r >= 0.9),
        repetitions: ratios,
        note: `${PAIR_SEC} s each; load vs raw, each run: ${runs.join('; ')}; ${health}`,
      }),
    ];
    figures.push(
      wrkValue === undefined || wrkBaseline === undefined
        ? figure({
            benchmark: 'load generator overhead',
            metric: 'wrk rps vs raw autocannon',
            value: 0,
            unit: 'req/s',
            baseline: { name: 'raw autocannon', value: 0 },
            target: 'none (informational)',
            pass: null,
            note: wrk.ok ? 'wrk output not understood' : wrk.reason,
          })
        : figure({
            benchmark: 'load generator overhead',
            metric: 'wrk rps vs raw autocannon',
            value: wrkValue,
            unit: 'req/s',
            baseline: { name: 'raw autocannon, just after', value: wrkBaseline.rps },
            target: 'none (informational)',
            pass: null,
            note: 'wrk -t 1: a C client, shows how much the Node clients cost',
          }),
    );
    return figures;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await rm(dir, { recursive: true, force: true });
  }
}

/** Raw autocannon (programmatic API) in its own fresh process. */
async function rawCannon(url: string, headers: Record<string, string>): Promise<CannonResult> {
  return (await runChild('cannon', [url, JSON.stringify(headers)])) as unknown as CannonResult;
}

/** The armed raw generator's report: autocannon's figures and the CPU its process spent on the run. */
type RawRun = CannonResult & { cpuMs: number };

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

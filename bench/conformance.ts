import { Agent, request as undiciRequest, type Dispatcher } from 'undici';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedRequest } from './child.ts';
import { CLI, ROOT, figure, startChild, timed, type Figure } from './support.ts';

// Benchmark 1 (issue 8): the conformance run with its default runs. Wall time comes from the plain embedded
// run (what CI waits on); requests per second from a second run against a reference server in a child process
// that records every request it receives (results.json does not count exchanges), against the same requests
// replayed one by one by a plain undici client (issue 16).

/** A default run (issue 16): under 10 s. */
const TARGET_MS = 10_000;
/** The run's checked requests per second against a client that checks nothing (issue 16). */
const THROUGHPUT_RATIO = 0.25;
const TIMEOUT_MS = 120_000;

/** Hop-by-hop and framing headers undici sets itself (and refuses to be given). */
const NOT_REPLAYED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'expect', 'content-length', 'proxy-connection', 'te', 'trailer']);

/**
 * The baseline of the conformance run's throughput: a plain undici client sending the requests the run sent,
 * one after another, each body read to its end, to the same server (a fresh one, recording alike). It checks
 * nothing.
 */
async function replay(base: string, requests: readonly RecordedRequest[]): Promise<{ ms: number; failed: number }> {
  const agent = new Agent({ keepAliveTimeout: 10_000, connections: 1 });
  let failed = 0;
  const prepared = requests.map((r) => {
    const body = Buffer.from(r.body, 'base64');
    const headers = Object.fromEntries(Object.entries(r.headers).filter(([name, v]) => v !== undefined && !NOT_REPLAYED.has(name))) as Record<
      string,
      string | string[]
    >;
    return { url: `${base}${r.url}`, method: r.method as Dispatcher.HttpMethod, headers, body: body.length > 0 ? body : null };
  });
  const started = performance.now();
  for (const r of prepared) {
    try {
      const res = await undiciRequest(r.url, { ...r, dispatcher: agent, signal: AbortSignal.timeout(5_000) });
      await res.body.arrayBuffer();
    } catch {
      failed += 1;
    }
  }
  const ms = performance.now() - started;
  await agent.close();
  return { ms, failed };
}

async function durationOf(reportDir: string): Promise<{ durationMs: number; exitCode: number }> {
  return JSON.parse(await readFile(join(reportDir, 'results.json'), 'utf8')) as { durationMs: number; exitCode: number };
}

export async function benchConformance(): Promise<Figure[]> {
  const plainDir = await mkdtemp(join(tmpdir(), 'vmp-bench-run-'));
  const plain = await timed(process.execPath, [CLI, 'run', '--report-dir', plainDir], TIMEOUT_MS);
  const plainResult = await durationOf(plainDir);

  // The same run against a reference server in its own process that records what it receives, then those
  // requests replayed against a fresh one that records alike.
  const proxiedDir = await mkdtemp(join(tmpdir(), 'vmp-bench-run-'));
  const requestsFile = join(proxiedDir, 'requests.json');
  const server = await startChild('recording-reference', [requestsFile]);
  try {
    await timed(
      process.execPath,
      [CLI, 'run', '--base-url', String(server.ready.url), '--profile', join(ROOT, 'profiles/reference.json'), '--report-dir', proxiedDir],
      TIMEOUT_MS,
    );
  } finally {
    await server.stop();
  }
  const recorded = JSON.parse(await readFile(requestsFile, 'utf8')) as RecordedRequest[];
  const fresh = await startChild('recording-reference', [join(proxiedDir, 'replayed.json')]);
  let baseline: { ms: number; failed: number };
  try {
    baseline = await replay(String(fresh.ready.url), recorded);
  } finally {
    await fresh.stop();
  }
  const proxied = await durationOf(proxiedDir);
  await Promise.all([plainDir, proxiedDir].map((d) => rm(d, { recursive: true, force: true })));
  const count = recorded.length;
  const rps = count / (proxied.durationMs / 1000);
  const replayRps = count / (baseline.ms / 1000);
  const status = (code: number | null) => (code === 0 ? 'all checks passed' : `exit code ${code}`);
  return [
    figure({
      benchmark: 'conformance run (embedded server, default runs)',
      metric: 'wall time',
      value: plain.ms / 1000,
      unit: 's',
      baseline: { name: `target ${TARGET_MS / 1000} s`, value: TARGET_MS / 1000 },
      target: `ratio < 1 (under ${TARGET_MS / 1000} s)`,
      pass: plain.ms < TARGET_MS,
      note: `${status(plain.code)}; suites alone ${(plainResult.durationMs / 1000).toFixed(1)} s, the rest is process start and reports`,
    }),
    figure({
      benchmark: 'conformance run (against a server in its own process)',
      metric: 'checked requests/s',
      value: rps,
      unit: 'req/s',
      baseline: { name: 'plain undici replaying the same requests one by one', value: replayRps },
      target: `ratio ≥ ${THROUGHPUT_RATIO}`,
      pass: rps / replayRps >= THROUGHPUT_RATIO,
      note: `${count} requests in ${(proxied.durationMs / 1000).toFixed(1)} s of run (its durationMs: the suites and reports; discovery's requests, before, are counted, not timed); replayed in ${(baseline.ms / 1000).toFixed(1)} s (${baseline.failed} failed); ${status(proxied.exitCode)}`,
    }),
  ];
}

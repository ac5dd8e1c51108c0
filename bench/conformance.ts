import { createServer, request } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, ROOT, figure, startChild, timed, type Figure } from './support.ts';

// Benchmark 1 (issue 8): the conformance run with its default runs. Wall time comes from the plain embedded
// run (what CI waits on); requests per second from a second run through a counting proxy in front of a reference
// server in a child process, since results.json does not count exchanges.

const TARGET_MS = 20_000;
const TIMEOUT_MS = 120_000;

/** A pass-through proxy that counts requests; Host is kept so the server's links point back at the proxy. */
async function countingProxy(target: string): Promise<{ url: string; count: () => number; close: () => Promise<void> }> {
  const upstream = new URL(target);
  let count = 0;
  const server = createServer((req, res) => {
    count += 1;
    const forward = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    });
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    count: () => count,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

async function durationOf(reportDir: string): Promise<{ durationMs: number; exitCode: number }> {
  return JSON.parse(await readFile(join(reportDir, 'results.json'), 'utf8')) as { durationMs: number; exitCode: number };
}

export async function benchConformance(): Promise<Figure[]> {
  const plainDir = await mkdtemp(join(tmpdir(), 'vmp-bench-run-'));
  const plain = await timed(process.execPath, [CLI, 'run', '--report-dir', plainDir], TIMEOUT_MS);
  const plainResult = await durationOf(plainDir);

  const server = await startChild('reference');
  const proxy = await countingProxy(String(server.ready.url));
  const proxiedDir = await mkdtemp(join(tmpdir(), 'vmp-bench-run-'));
  try {
    await timed(process.execPath, [CLI, 'run', '--base-url', proxy.url, '--profile', join(ROOT, 'profiles/reference.json'), '--report-dir', proxiedDir], TIMEOUT_MS);
  } finally {
    await proxy.close();
    await server.stop();
  }
  const proxied = await durationOf(proxiedDir);
  await Promise.all([plainDir, proxiedDir].map((d) => rm(d, { recursive: true, force: true })));
  const rps = proxy.count() / (proxied.durationMs / 1000);
  const status = (code: number | null) => (code === 0 ? 'all checks passed' : `exit code ${code}`);
  return [
    figure({
      benchmark: 'conformance run (embedded server, default runs)',
      metric: 'wall time',
      value: plain.ms / 1000,
      unit: 's',
      baseline: { name: 'target 20 s', value: TARGET_MS / 1000 },
      target: 'ratio < 1 (under 20 s)',
      pass: plain.ms < TARGET_MS,
      note: `${status(plain.code)}; suites alone ${(plainResult.durationMs / 1000).toFixed(1)} s, the rest is process start and reports`,
    }),
    figure({
      benchmark: 'conformance run (via counting proxy)',
      metric: 'checked requests/s',
      value: rps,
      unit: 'req/s',
      baseline: { name: 'same requests over 20 s', value: proxy.count() / (TARGET_MS / 1000) },
      target: 'ratio ≥ 1 (informational)',
      pass: null,
      note: `${proxy.count()} requests in ${(proxied.durationMs / 1000).toFixed(1)} s of suites; ${status(proxied.exitCode)}`,
    }),
  ];
}

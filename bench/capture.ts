import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInquiryGenerator } from '../generators/inquiry.ts';
import type { Durability } from '../webhooks/jsonl-log.ts';
import { cannon, figure, startChild, warmUp, type CannonResult, type Figure } from './support.ts';

// Benchmark 3 (issue 8): deliveries per second the capture server ingests with nothing lost — every
// acknowledged (2xx) delivery must be a line of its JSONL file (group commit before ACK) — against a bare
// node:http server that reads the body and answers 204. Payload: the reference server's inquiry webhook shape
// (reference/webhooks/payloads.ts: Topic, AdminMail, Sid, the Consulta at /Consulta).

const TARGET_PER_SEC = 10_000;
/**
 * Concurrent deliveries: group commit batches whatever is in flight, so with 10 connections one fdatasync
 * (~4 ms here) caps ingestion near 2,500/s; a platform delivering webhooks keeps many more in flight.
 */
const CAPTURE_CONNECTIONS = 100;

function payload(): string {
  const consulta = createInquiryGenerator({ seed: 8 }).next();
  return JSON.stringify({ Topic: 'consultas', AdminMail: 'admin@autosdelsur.example', Sid: 'c0ffee00-0000-4000-8000-000000000001', Consulta: consulta });
}

/**
 * The JSONL file's lines, counted as the file streams by: a fast run writes more than V8's longest string (about
 * 512 MiB), which reading it whole failed on, and that failure read as every delivery lost.
 */
async function lines(file: string): Promise<number> {
  let count = 0;
  let last = 0x0a;
  try {
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
      for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) count++;
      last = chunk[chunk.length - 1]!;
    }
  } catch (error) {
    // No file: nothing was recorded.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // Every delivery is one line ending in a newline; a last line without one counts too.
  return last === 0x0a ? count : count + 1;
}

type Request = { connections: number; method: 'POST'; headers: Record<string, string>; body: string };

async function ingest(durability: Durability, request: Request): Promise<{ run: CannonResult; recorded: number; acknowledged: number; counted: unknown }> {
  const out = join(await mkdtemp(join(tmpdir(), 'vmp-bench-capture-')), 'deliveries.jsonl');
  const capture = await startChild('capture', [out, durability]);
  const url = `${String(capture.ready.url)}/hook`;
  let warm: CannonResult;
  let run: CannonResult;
  let final: Record<string, unknown> | undefined;
  try {
    warm = await warmUp({ url, ...request });
    run = await cannon({ url, ...request });
  } finally {
    final = await capture.stop();
  }
  const recorded = await lines(out);
  await rm(dirname(out), { recursive: true, force: true }); // tens of MB per run
  return { run, recorded, acknowledged: warm.ok2xx + run.ok2xx, counted: final?.count };
}

export async function benchCapture(): Promise<Figure[]> {
  const body = payload();
  const request: Request = { connections: CAPTURE_CONNECTIONS, method: 'POST', headers: { 'content-type': 'application/json' }, body };
  const bare = await startChild('bare-ingest');
  const bareUrl = `${String(bare.ready.url)}/hook`;
  const bareRun = await warmUp({ url: bareUrl, ...request })
    .then(() => cannon({ url: bareUrl, ...request }))
    .finally(() => bare.stop());

  const figures: Figure[] = [];
  for (const durability of ['fdatasync', 'write'] as const) {
    const { run, recorded, acknowledged, counted } = await ingest(durability, request);
    const lost = Math.max(0, acknowledged - recorded);
    const perSec = run.ok2xx / (run.total / run.rps);
    figures.push(
      figure({
        benchmark: 'capture server',
        metric: `acknowledged deliveries/s (durability ${durability}${durability === 'fdatasync' ? ', the default' : ''})`,
        value: perSec,
        unit: 'deliveries/s',
        baseline: { name: 'bare node:http 204', value: bareRun.rps },
        target: `≥ ${TARGET_PER_SEC}/s, nothing lost`,
        pass: perSec >= TARGET_PER_SEC && lost === 0,
        note: `${acknowledged} acknowledged (incl. 2 s warm-up), ${recorded} JSONL lines, ${lost} lost, ${run.non2xx} non-2xx, ${run.errors} errors; server counted ${String(counted ?? '?')}; payload ${body.length} B; ${CAPTURE_CONNECTIONS} connections`,
      }),
    );
  }
  return figures;
}
